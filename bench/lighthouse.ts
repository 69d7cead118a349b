/**
 * Lighthouse (mobile preset, the default) against the production build, the median of 3 runs per
 * page. The static offline page is measured in the same run as a baseline for the machine.
 *
 *   npm run bench:lighthouse            builds first
 *   BENCH_SKIP_BUILD=1 npm run bench:lighthouse
 *   npm run bench:lighthouse:check      (BENCH_CHECK=1) exits non-zero when a page misses a target
 *
 * Targets, for every page but the baseline: performance ≥ 95, TBT ≤ 200 ms, LCP ≤ 1800 ms.
 * "CPU idx" is Lighthouse's benchmarkIndex of the machine: the mobile preset slows the CPU 4x
 * whatever the machine, so on a slow one (a low index) even the script-free baseline page shows
 * blocking time.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { buildUnlessSkipped, startProductionServer } from './productionServer';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const baselinePage = '/offline.html';
const pages = [baselinePage, '/', '/products/domestic/oil', '/products/domestic/bagged-coal'];
const targets = { performance: 95, tbtMs: 200, lcpMs: 1800 };

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  /** Lighthouse's measure of this machine's CPU speed (higher is faster). */
  benchmarkIndex: number;
}

/** The median of each figure on its own (the figures of one page need not come from one run). */
function median(values: Figures[]): Figures {
  const of = (key: keyof Figures) => {
    const sorted = values.map((v) => v[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    jsBytes: of('jsBytes'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

/** The targets a page's medians miss, e.g. `TBT 250 > 200`. */
function misses(m: Figures): string[] {
  return [
    ...(m.performance < targets.performance
      ? [`perf ${m.performance} < ${targets.performance}`]
      : []),
    ...(m.lcpMs > targets.lcpMs ? [`LCP ${m.lcpMs} > ${targets.lcpMs}`] : []),
    ...(m.tbtMs > targets.tbtMs ? [`TBT ${m.tbtMs} > ${targets.tbtMs}`] : []),
  ];
}

async function main() {
  buildUnlessSkipped();
  const server = await startProductionServer();
  const base = server.url;
  const missed: string[] = [];

  const chrome = await chromeLauncher
    .launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', ...chromiumArgs],
    })
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  try {
    console.log(`Lighthouse ${runs}x per page (mobile preset, the median of each figure)`);
    console.log(
      `Targets: perf ≥ ${targets.performance}, LCP ≤ ${targets.lcpMs} ms, TBT ≤ ${targets.tbtMs} ms`,
    );
    console.log(
      [
        'page'.padEnd(44),
        'perf',
        'a11y',
        'b.p.',
        'seo',
        'LCP ms',
        'TBT ms',
        'CLS',
        'JS KiB',
        'CPU idx',
        'targets',
      ].join('  '),
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
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
        });
      }
      const m = median(results);
      const baseline = page === baselinePage;
      const pageMisses = baseline ? [] : misses(m);
      missed.push(...pageMisses.map((miss) => `${page}: ${miss}`));
      console.log(
        [
          (baseline ? `${page} (baseline)` : page).padEnd(44),
          String(m.performance).padStart(4),
          String(m.accessibility).padStart(4),
          String(m.bestPractices).padStart(4),
          String(m.seo).padStart(3),
          String(m.lcpMs).padStart(6),
          String(m.tbtMs).padStart(6),
          String(m.cls).padStart(5),
          (m.jsBytes / 1024).toFixed(1).padStart(6),
          String(m.benchmarkIndex).padStart(7),
          baseline ? '' : pageMisses.length === 0 ? 'met' : `not met (${pageMisses.join(', ')})`,
        ].join('  '),
      );
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  if (missed.length > 0 && process.env.BENCH_CHECK === '1') {
    console.error(`\nTargets not met:\n  ${missed.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
