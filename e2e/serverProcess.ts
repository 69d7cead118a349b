import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** Starting the production build as it is deployed, for the end-to-end and scale-out lanes. */

export const projectRoot = resolve(import.meta.dirname, '..');

/**
 * Builds the production bundle (`npm run build`) unless E2E_SKIP_BUILD=1. The output is kept and
 * shown in full when the build fails, so a build error is never hidden behind a test failure.
 */
export function buildProduction(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    throw new Error(
      `npm run build failed (${result.error?.message ?? `exit code ${String(result.status)}`}):\n${output}`,
    );
  }
}

export function freePort(): Promise<number> {
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

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process has printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not ended after `graceMs`. */
  stop(graceMs?: number): Promise<number | string>;
}

/**
 * Starts `node dist/api/server.js` exactly as production does (NODE_ENV=production, no npm in
 * between) on a free loopback port, and waits until GET /api/health answers 200.
 */
/** The environment the production server runs with in these tests, plus `env`. */
export function productionEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // No drain when a test stops its server (production's 5 s would add up over the suites);
    // e2e/shutdown.e2e.ts sets its own.
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  };
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['dist/api/server.js'], {
    cwd: projectRoot,
    // Production needs PUBLIC_URL: the address the tests reach it at, unless a test sets its own.
    env: productionEnv({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        try {
          return await exited;
        } finally {
          clearTimeout(timer);
        }
      }
      return exited;
    },
  };
  await waitForHealth(server);
  return server;
}

async function waitForHealth(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`The server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.stop();
  throw new Error(`The server did not become healthy within 60 s:\n${server.output()}`);
}
