import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A stand-in analytics provider on another origin; GET /hits says how often it was asked. */
    analyticsURL: string;
    /** The server's DATA_DIR: without SMTP_URL, e-mail is written to DATA_DIR/mail as .eml files. */
    dataDir: string;
  }
}

/** A stand-in for a privacy-friendly analytics provider, so consent gating can be observed. */
function startAnalyticsStub(): Promise<{ url: string; close: () => Promise<void> }> {
  let hits = 0;
  const server = createHttpServer((req, res) => {
    if (req.url === '/hits') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      res.end(JSON.stringify({ hits }));
      return;
    }
    if (req.url?.startsWith('/script.js')) {
      hits += 1;
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('window.__analyticsLoaded = true;');
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      done({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      });
    });
  });
}

const root = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy:\n${log()}`);
}

/**
 * Builds the production bundle and starts it exactly as `npm start` does (node dist/api/server.js
 * with NODE_ENV=production), on a fresh data directory and a free port.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const analytics = await startAnalyticsStub();
  const dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-e2e-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['dist/api/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      ANALYTICS_SCRIPT_URL: `${analytics.url}/script.js`,
      ANALYTICS_DOMAIN: 'fuelyard.test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, () => output);
  project.provide('baseURL', baseURL);
  project.provide('analyticsURL', analytics.url);
  project.provide('dataDir', dataDir);

  return async () => {
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await analytics.close();
  };
}
