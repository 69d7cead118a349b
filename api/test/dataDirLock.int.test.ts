import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { LOCK_FILE, lockDataDir, removeStaleLock, type LockOwner } from '../db/dataDirLock';
import { StartupError } from '../startupError';

/**
 * One process per PGlite DATA_DIR (api/db/dataDirLock.ts). The point is *processes*, so the
 * second opener is a child process (node with tsx, about 0.5 s to start). Opening PGlite on disk
 * takes 1–3 s idle (measured), several times that on a loaded CI machine (the whole case took
 * over 60 s once with a load average of 11 on two cores): explicit, generous timeouts.
 */
const PROCESS_TEST_TIMEOUT_MS = 180_000;
const root = resolve(import.meta.dirname, '../..');
const clientUrl = pathToFileURL(resolve(root, 'api/db/client.ts')).href;
const lockUrl = pathToFileURL(resolve(root, 'api/db/dataDirLock.ts')).href;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fuelyard-lock-'));
  dirs.push(dir);
  return dir;
}

interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `source` (an ES module, TypeScript imports allowed) in a new node process. */
function runNode(source: string, args: string[]): Promise<ChildRun> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', source, ...args],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** A child that opens PGlite in `dataDir` as the server does, pings it and closes it. */
const openInChild = (dataDir: string) =>
  runNode(
    `const { openDatabase } = await import(${JSON.stringify(clientUrl)});
     const [dataDir] = process.argv.slice(1);
     try {
       const db = await openDatabase({ pgliteDir: dataDir + '/pg', lockDir: dataDir });
       await db.ping();
       console.log('opened');
       await db.close();
     } catch (error) {
       console.error(error.message);
       process.exit(1);
     }`,
    [dataDir],
  );

/** A pid that is certainly not running: a process that has just ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.once('exit', done));
  return child.pid ?? 999_999;
}

function writeLock(dataDir: string, owner: Partial<LockOwner>): void {
  const lock: LockOwner = {
    pid: 999_999,
    host: hostname(),
    startedAt: new Date().toISOString(),
    nonce: 'test',
    ...owner,
  };
  writeFileSync(join(dataDir, LOCK_FILE), `${JSON.stringify(lock)}\n`);
}

const lockOwner = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as LockOwner;

describe('one process per PGlite DATA_DIR', () => {
  it(
    'refuses a second process, naming the first and DATABASE_URL; opens again once it has closed',
    async () => {
      const dataDir = newDataDir();
      const first: DatabaseHandle = await openDatabase({
        pgliteDir: join(dataDir, 'pg'),
        lockDir: dataDir,
      });
      try {
        const second = await openInChild(dataDir);
        expect(second.stdout).not.toContain('opened');
        expect(second.code).toBe(1);
        expect(second.stderr.trim()).toBe(
          `DATA_DIR ${dataDir} is in use by another Fuelyard process (pid ${process.pid}). The embedded database serves one process only; to run several processes, set DATABASE_URL to a PostgreSQL database.`,
        );

        // Opening it twice inside one process is refused as well.
        await expect(
          openDatabase({ pgliteDir: join(dataDir, 'pg'), lockDir: dataDir }),
        ).rejects.toThrow(`DATA_DIR ${dataDir} is in use by this process already`);
        // The first process is unharmed.
        await first.ping();
      } finally {
        await first.close();
      }
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

      const third = await openInChild(dataDir);
      expect(third.stderr).toBe('');
      expect(third.stdout.trim()).toBe('opened');
      expect(third.code).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('takes over the lock of a process that died without removing it', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: await deadPid() });
    const lock = await lockDataDir(dataDir);
    expect(lockOwner(dataDir).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock that holds its own pid (a container whose server is always pid 1)', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: process.pid });
    const lock = await lockDataDir(dataDir);
    expect(lockOwner(dataDir).nonce).toBe(lock.owner.nonce);
    lock.release();
  });

  it('takes over an empty or garbled lock file once it is not being written any more', async () => {
    const dataDir = newDataDir();
    writeFileSync(join(dataDir, LOCK_FILE), '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dataDir, LOCK_FILE), old, old);
    const lock = await lockDataDir(dataDir);
    expect(lockOwner(dataDir).pid).toBe(process.pid);
    lock.release();
  });

  it('trusts a lock from another host while its owner keeps it fresh, and not after', async () => {
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: 4242, host: 'elsewhere.example' });
    const refused = await lockDataDir(dataDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StartupError);
    expect((refused as Error).message).toContain(
      `in use by another Fuelyard process (pid 4242 on host elsewhere.example; if it has stopped, delete ${join(dataDir, LOCK_FILE)})`,
    );
    // The owner refreshes the file every 15 s; one untouched for two minutes has been left behind.
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(dataDir, LOCK_FILE), old, old);
    const lock = await lockDataDir(dataDir);
    expect(lockOwner(dataDir).host).toBe(hostname());
    lock.release();
  });

  it.runIf(process.platform === 'linux')(
    'tells a running owner from a new process that was given its pid after a crash (Linux)',
    async () => {
      const dataDir = newDataDir();
      // A live holder: a child that takes the lock and keeps it until its stdin closes.
      const holder = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { lockDataDir } = await import(${JSON.stringify(lockUrl)});
           await lockDataDir(process.argv[1]);
           console.log('locked');
           process.stdin.resume();
           process.stdin.on('end', () => process.exit(0));`,
          dataDir,
        ],
        { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
      );
      const exited = new Promise((done) => holder.once('exit', done));
      try {
        await new Promise<void>((done) =>
          holder.stdout.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('locked')) done();
          }),
        );
        const owner = lockOwner(dataDir);
        expect(owner.pid).toBe(holder.pid);
        expect(owner.procStart).toBeTruthy();
        await expect(lockDataDir(dataDir)).rejects.toThrow(`pid ${holder.pid}`);

        // The same running pid, but a lock written by a process that started at another time:
        // that process is gone and the pid was handed to a new one.
        writeLock(dataDir, { ...owner, procStart: '1', nonce: 'crashed' });
        const lock = await lockDataDir(dataDir);
        expect(lockOwner(dataDir).pid).toBe(process.pid);
        lock.release();
      } finally {
        holder.stdin?.end();
        await exited;
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('never removes a fresh lock that replaced the stale one it judged', async () => {
    // Two processes judged the same lock stale; the first removed it and took the folder. The
    // second, coming late, must leave the first one's lock alone.
    const dataDir = newDataDir();
    writeLock(dataDir, { pid: await deadPid(), nonce: 'stale' });
    const staleContent = readFileSync(join(dataDir, LOCK_FILE), 'utf8');
    const first = await lockDataDir(dataDir);
    const fresh = readFileSync(join(dataDir, LOCK_FILE), 'utf8');
    removeStaleLock(join(dataDir, LOCK_FILE), staleContent, 'late contender');
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).toBe(fresh);
    expect(existsSync(join(dataDir, `${LOCK_FILE}.takeover`))).toBe(false);
    first.release();
  });

  /**
   * Processes that start at the same moment: each prints "ready", waits for "go" on stdin, tries
   * the lock, prints "won" or "busy", and keeps what it got until its stdin closes.
   */
  async function race(dataDir: string, contenders: number): Promise<string[]> {
    const source = `const { lockDataDir } = await import(${JSON.stringify(lockUrl)});
      const readline = await import('node:readline');
      const lines = readline.createInterface({ input: process.stdin });
      console.log('ready');
      let lock;
      for await (const line of lines) {
        if (line !== 'go') continue;
        try {
          lock = await lockDataDir(process.argv[1]);
          console.log('won');
        } catch (error) {
          console.log(error.name === 'DataDirBusyError' ? 'busy' : 'error: ' + error.message);
        }
      }
      lock?.release();`;
    const children = Array.from({ length: contenders }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source, dataDir], {
        cwd: root,
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const lines = children.map((child) => {
      let output = '';
      /** The first complete line that `matches`. */
      const seen = (matches: (line: string) => boolean) =>
        new Promise<string>((done) => {
          const check = () => {
            const line = output.split('\n').slice(0, -1).find(matches);
            if (line !== undefined) done(line);
          };
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            check();
          });
          check();
        });
      return { ready: seen((l) => l === 'ready'), result: seen((l) => l !== 'ready') };
    });
    const exits = children.map((child) => new Promise((done) => child.once('exit', done)));
    try {
      await Promise.all(lines.map((l) => l.ready));
      for (const child of children) child.stdin.write('go\n');
      return await Promise.all(lines.map((l) => l.result));
    } finally {
      for (const child of children) child.stdin.end();
      await Promise.all(exits);
    }
  }

  it(
    'lets exactly one of several processes starting at once win, with or without a stale lock',
    async () => {
      const fresh = await race(newDataDir(), 8);
      expect(fresh.filter((r) => r === 'won')).toHaveLength(1);
      expect(fresh.filter((r) => r === 'busy')).toHaveLength(7);

      const crashed = newDataDir();
      writeLock(crashed, { pid: await deadPid() });
      const afterCrash = await race(crashed, 8);
      expect(afterCrash.filter((r) => r === 'won')).toHaveLength(1);
      expect(afterCrash.filter((r) => r === 'busy')).toHaveLength(7);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
