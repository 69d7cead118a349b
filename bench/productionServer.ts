/**
 * The production build for the benchmarks: built with `npm run build` (unless BENCH_SKIP_BUILD=1)
 * and started as it is deployed, `node dist/api/server.js` with NODE_ENV=production, on PGlite in
 * a temporary DATA_DIR, on a free loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildProduction, freePort } from '../e2e/serverProcess';

export const root = resolve(import.meta.dirname, '..');
export const distClientDir = join(root, 'dist/client');

/** `npm run build`, unless BENCH_SKIP_BUILD=1. The output is shown only when the build fails. */
export function buildUnlessSkipped(): void {
  if (process.env.BENCH_SKIP_BUILD !== '1') buildProduction();
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Resolves once the child has ended (at once if it already has). */
function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** SIGTERM, then SIGKILL if the child is still there after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await ended(child);
  clearTimeout(timer);
}

/** Starts `node dist/api/server.js` and waits (up to 60 s) until GET /api/health answers 200. */
export async function startProductionServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-bench-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['dist/api/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Nothing is in flight when the bench stops the server: no need to wait out a drain.
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    child,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The production server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.stop();
  throw new Error(`The production server did not become healthy within 60 s:\n${output}`);
}
