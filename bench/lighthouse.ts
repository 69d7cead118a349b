/**
 * Lighthouse (mobile preset, the default) against the production build, the median of 3 runs per
 * page. The static offline page is measured in the same run as a baseline for the machine.
 *
 *   npm run bench:lighthouse            builds first
 *   BENCH_SKIP_BUILD=1 npm run bench:lighthouse
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const pages = ['/offline.html', '/', '/products/domestic/bagged-coal?category=best-sellers'];

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
}

function median(values: Figures[]): Figures {
  const sorted = [...values].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as Figures;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-lighthouse-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['dist/api/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    console.log(`Lighthouse ${runs}x per page (mobile preset, median by performance)`);
    console.log(
      ['page'.padEnd(56), 'perf', 'a11y', 'b.p.', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'JS KiB'].join(
        '  ',
      ),
    );
    for (const page of pages) {
      const results: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const { categories, audits } = result.lhr;
        const items =
          (
            audits['network-requests']?.details as
              { items?: { resourceType?: string; transferSize?: number }[] } | undefined
          )?.items ?? [];
        results.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
          seo: Math.round((categories.seo?.score ?? 0) * 100),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          jsBytes: items
            .filter((item) => item.resourceType === 'Script')
            .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        });
      }
      const m = median(results);
      console.log(
        [
          (page === '/offline.html' ? `${page} (baseline)` : page).padEnd(56),
          String(m.performance).padStart(4),
          String(m.accessibility).padStart(4),
          String(m.bestPractices).padStart(4),
          String(m.seo).padStart(3),
          String(m.lcpMs).padStart(6),
          String(m.tbtMs).padStart(6),
          String(m.cls).padStart(5),
          (m.jsBytes / 1024).toFixed(1).padStart(6),
        ].join('  '),
      );
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
