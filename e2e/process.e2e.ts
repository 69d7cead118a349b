import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerLines, trickle } from '../api/test/slowClient';
import {
  freePort,
  productionEnv,
  projectRoot,
  startServer,
  type ServerProcess,
} from './serverProcess';

/**
 * The production server as a process: how it refuses to start (one line on stderr, exit code 1,
 * no stack trace), that a second process on one PGlite DATA_DIR is refused, that slow clients are
 * cut off, and that stopping `npm start` stops the server.
 *
 * Each case starts real node processes: about 0.3 s for a configuration error, 2–4 s when PGlite
 * opens and migrates first (measured idle), several times that on a loaded CI machine.
 */
const PROCESS_TEST_TIMEOUT_MS = 90_000;

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/api/server.js` as production does and waits until it exits (or kills it). */
function runUntilExit(env: Record<string, string>, limitMs = 60_000): Promise<Ended> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['dist/api/server.js'], {
      cwd: projectRoot,
      env: productionEnv({
        DATABASE_URL: '',
        SMTP_URL: '',
        PUBLIC_URL: 'http://localhost:3000',
        ...env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that did start would serve forever: stop it, and the test fails on its output.
    const limit = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.once('exit', (code) => {
      clearTimeout(limit);
      done({ code, stdout, stderr });
    });
  });
}

/** Exit code 1 and exactly one line on stderr, without a stack trace; nothing on stdout. */
function expectOneLine(ended: Ended): string {
  expect(ended.stderr).not.toMatch(/^\s+at /m);
  const lines = ended.stderr.trimEnd().split('\n');
  expect(lines, ended.stderr).toHaveLength(1);
  expect(ended.stdout).toBe('');
  expect(ended.code).toBe(1);
  return lines[0] ?? '';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes below `pid` (children, their children, …), from `ps`. */
function descendants(pid: number): number[] {
  const table = spawnSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout;
  const children = new Map<number, number[]>();
  for (const line of table.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child === undefined || parent === undefined || Number.isNaN(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function describeProcess(pid: number): string {
  const command = spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout;
  return `${pid} ${command.trim()}`;
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

describe('a server that cannot start says why in one line', () => {
  it(
    'no PUBLIC_URL: production refuses to start, naming the variable',
    async () => {
      const line = expectOneLine(await runUntilExit({ PORT: '0', PUBLIC_URL: '' }));
      expect(line).toBe(
        "Fuelyard cannot start. Invalid configuration: PUBLIC_URL: PUBLIC_URL is required in production: the site's public origin, e.g. https://shop.example.co.uk (links in e-mails are built from it, never from a request's Host header). See the configuration table in README.md.",
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'PORT=abc: echoes the value as written',
    async () => {
      const line = expectOneLine(await runUntilExit({ PORT: 'abc' }));
      expect(line).toBe(
        'Fuelyard cannot start. Invalid configuration: PORT: expected a number value, got "abc". See the configuration table in README.md.',
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'DATABASE_POOL_SIZE=1: refused with the reason, before any connection is made',
    async () => {
      const line = expectOneLine(
        await runUntilExit({
          PORT: '0',
          DATABASE_POOL_SIZE: '1',
          DATABASE_URL: 'postgres://shopkeeper:Sesame-1234@127.0.0.1:1/fuelyard',
        }),
      );
      expect(line).toBe(
        'Fuelyard cannot start. Invalid configuration: DATABASE_POOL_SIZE: DATABASE_POOL_SIZE must be at least 2 (at start-up the migrations hold one connection for their lock and run on another). See the configuration table in README.md.',
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a port in use',
    async () => {
      const busy: Server = createServer();
      const port = await new Promise<number>((done) =>
        busy.listen(0, '127.0.0.1', () => {
          const address = busy.address();
          done(typeof address === 'object' && address ? address.port : 0);
        }),
      );
      try {
        const line = expectOneLine(
          await runUntilExit({ PORT: String(port), DATA_DIR: tempDir('fuelyard-busy-') }),
        );
        expect(line).toBe(
          `Fuelyard cannot start. Port ${port} is already in use (EADDRINUSE). Stop the other program or set PORT to a free port.`,
        );
      } finally {
        await new Promise((done) => busy.close(done));
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a DATA_DIR that cannot be created (a file stands in its path)',
    async () => {
      const file = join(tempDir('fuelyard-file-'), 'not-a-folder');
      writeFileSync(file, '');
      const dataDir = join(file, 'data');
      const line = expectOneLine(await runUntilExit({ PORT: '0', DATA_DIR: dataDir }));
      expect(line).toBe(
        `Fuelyard cannot start. DATA_DIR ${dataDir} cannot be used: part of the path is a file, not a folder (ENOTDIR). Make it a folder the user running Fuelyard can write to, or set DATA_DIR to one.`,
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  // root may write anywhere, so only a normal user can see this one.
  it.runIf(process.getuid?.() !== 0)(
    'a DATA_DIR that this user may not write to',
    async () => {
      const dataDir = join(tempDir('fuelyard-ro-'), 'data');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o555);
      try {
        const line = expectOneLine(await runUntilExit({ PORT: '0', DATA_DIR: dataDir }));
        expect(line).toContain(`DATA_DIR ${dataDir} cannot be used: permission denied (EACCES)`);
      } finally {
        chmodSync(dataDir, 0o755);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a PostgreSQL that does not answer, without showing the credentials',
    async () => {
      const line = expectOneLine(
        await runUntilExit({
          PORT: '0',
          DATABASE_URL: 'postgres://shopkeeper:Sesame-1234@127.0.0.1:1/fuelyard',
        }),
      );
      expect(line).toBe(
        'Fuelyard cannot start. Cannot connect to the PostgreSQL database at 127.0.0.1:1/fuelyard (ECONNREFUSED). Check DATABASE_URL and that PostgreSQL is running and reachable from here.',
      );
      expect(line).not.toContain('Sesame');
      expect(line).not.toContain('shopkeeper');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('a running server', () => {
  let first: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir('fuelyard-one-');
    first = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
    });
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await first?.stop();
  });

  it(
    'keeps its PGlite DATA_DIR: a second process is refused and names it',
    async () => {
      const line = expectOneLine(await runUntilExit({ PORT: '0', DATA_DIR: dataDir }));
      expect(line).toBe(
        `Fuelyard cannot start. DATA_DIR ${dataDir} is in use by another Fuelyard process (pid ${first.child.pid}). The embedded database serves one process only; to run several processes, set DATABASE_URL to a PostgreSQL database.`,
      );
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'cuts off a client whose headers trickle in (HTTP_HEADERS_TIMEOUT_MS)',
    async () => {
      // 200 header lines 100 ms apart: at least 20 s, 20 times the limit, and a third of Node's
      // default (60 s, checked every 30 s), which would let the trickle run to its end.
      const { hostname, port } = new URL(first.url);
      const outcome = await trickle(
        { host: hostname, port: Number(port) },
        `GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n`,
        headerLines(200),
        100,
      );
      expect(outcome.closedEarly).toBe(true);
      if (outcome.received !== '') expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

/**
 * `npm start` builds, then serves. Stopping npm (a supervisor, `kill <npm pid>`) must stop the
 * server. (With `npm run build && npm run serve`, SIGTERM left `npm run serve` and the server
 * running, orphaned; SIGINT left npm waiting forever.) The test runs the package's own `start` and `serve` scripts through npm, in a copy of
 * the project whose `build` script does nothing (dist/ is a link to the build made for this lane).
 */
describe('npm start', () => {
  function npmStartProject(): string {
    const work = tempDir('fuelyard-npm-start-');
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      type: string;
      scripts: Record<string, string>;
    };
    const manifest = {
      name: pkg.name,
      version: pkg.version,
      private: true,
      type: pkg.type,
      scripts: { ...pkg.scripts, build: 'echo "(build skipped: the test reuses dist/)"' },
    };
    writeFileSync(join(work, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    symlinkSync(join(projectRoot, 'dist'), join(work, 'dist'));
    // What `start` may run (a copy, not a link: it finds the project from its own location).
    if (existsSync(join(projectRoot, 'scripts'))) {
      cpSync(join(projectRoot, 'scripts'), join(work, 'scripts'), { recursive: true });
    }
    return work;
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `${signal} to the npm process stops the server too`,
      async () => {
        const work = npmStartProject();
        const dataDir = tempDir('fuelyard-npm-data-');
        const port = await freePort();
        let output = '';
        const npm = spawn('npm', ['start'], {
          cwd: work,
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            SMTP_URL: '',
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        // Every process npm started (the server among them, however deep), found before the
        // signal: an orphan is re-parented and could not be found from npm afterwards.
        let started: number[] = [];
        try {
          const deadline = Date.now() + 60_000;
          while (Date.now() < deadline && npm.exitCode === null) {
            const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
            if (res?.ok) break;
            await new Promise((r) => setTimeout(r, 200));
          }
          expect(await acceptsConnections(port), output).toBe(true);
          started = descendants(npm.pid ?? 0);
          expect(started.length).toBeGreaterThan(0);

          npm.kill(signal);
          // npm itself and everything it started must end. The server shuts down gracefully
          // within a second or so idle; allow 20 s.
          if (npm.pid !== undefined) started.push(npm.pid);
          const until = Date.now() + 20_000;
          const remaining = () => started.filter((pid) => pid > 0 && isRunning(pid));
          while (
            Date.now() < until &&
            (remaining().length > 0 || (await acceptsConnections(port)))
          ) {
            await new Promise((r) => setTimeout(r, 200));
          }
          expect(remaining().map(describeProcess)).toEqual([]);
          expect(await acceptsConnections(port)).toBe(false);
        } finally {
          if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
          // Orphans (the failure this test is for) must not outlive the test.
          for (const pid of started) if (pid > 0 && isRunning(pid)) process.kill(pid, 'SIGKILL');
        }
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  }
});
