import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { LOCK_FILE, lockDataDir } from '../db/dataDirLock';
import { users } from '../db/schema';
import { createLogger } from '../logger';
import { createTestDatabase, testConfig, usingPostgres } from './harness';

/**
 * `npm run staff:create` (api/cli/staffCreate.ts) is for the first staff account; further staff
 * are invited from the back office (issue 32, item 12). It runs as its own process (node with tsx:
 * about 1 s to start idle, several on a loaded CI box), beside a shop that holds DATA_DIR.
 */
const processTimeoutMs = 120_000;
const root = resolve(import.meta.dirname, '../..');
const cli = resolve(root, 'api/cli/staffCreate.ts');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fuelyard-staff-'));
  dirs.push(dir);
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command in a process of its own, with only the settings given (no inherited database). */
function staffCreate(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'https://shop.example',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

/**
 * `npm run staff:create -- <args>` as docs/admin.md says, through npm and scripts/staff-create.mjs,
 * with none of the shop's settings but `env` (no PUBLIC_URL, NODE_ENV or PORT unless given).
 */
function npmStaffCreate(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', 'staff:create', '--', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? root, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run staff:create', () => {
  // Issue 46, item 7: on a fresh clone it exited with "PUBLIC_URL is required in production",
  // where `npm start` sets http://localhost:$PORT itself. The same default makes its link.
  it(
    "works with no settings, as `npm start` does: its link is on npm start's http://localhost:3000",
    async () => {
      const run = await npmStaffCreate(['anne@fuelyard.example'], { DATA_DIR: newDataDir() });
      expect(run.stderr).not.toContain('PUBLIC_URL');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Created staff user anne@fuelyard.example');
      expect(run.stdout).toMatch(/^http:\/\/localhost:3000\/user\/password-reset\?token=[^\s&]+$/m);
      expect(run.stdout).toContain('http://localhost:3000/admin/staff');
    },
    processTimeoutMs,
  );

  it(
    'says in its help that further staff are invited from the back office',
    async () => {
      const help = await staffCreate(['--help'], { DATA_DIR: newDataDir() });
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: npm run staff:create -- <email>');
      expect(help.stdout).toContain('first staff account');
      expect(help.stdout).toContain('/admin/staff');
      const wrong = await staffCreate([], { DATA_DIR: newDataDir() });
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('/admin/staff');
    },
    processTimeoutMs,
  );

  it(
    'on the embedded database held by the running shop: exits 1, pointing to the back office',
    async () => {
      const dataDir = newDataDir();
      // This test process stands for the running shop: it holds DATA_DIR.
      const lock = await lockDataDir(dataDir);
      try {
        const run = await staffCreate(['anne@fuelyard.example'], { DATA_DIR: dataDir });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('is in use by another Fuelyard process');
        expect(run.stderr).toContain('Invite further staff from the back office (/admin/staff)');
        expect(run.stdout).toBe('');
      } finally {
        lock.release();
      }
    },
    processTimeoutMs,
  );

  // PostgreSQL is shared by processes: DATA_DIR (held by the shop) is not even looked at.
  it.runIf(usingPostgres)(
    'on PostgreSQL, works while the shop runs and holds DATA_DIR',
    async () => {
      const tdb = await createTestDatabase();
      const dataDir = newDataDir();
      const lock = await lockDataDir(dataDir);
      const held = readFileSync(join(dataDir, LOCK_FILE), 'utf8');
      try {
        const shop = createApp({
          config: testConfig({ DATABASE_URL: tdb.url ?? '', DATA_DIR: dataDir }),
          database: tdb.handle,
          logger: createLogger('silent'),
        });
        expect((await request(shop.callback()).get('/api/health')).status).toBe(200);
        const email = `first.staff.${Date.now()}@fuelyard.example`;
        const run = await staffCreate([email], { DATABASE_URL: tdb.url ?? '', DATA_DIR: dataDir });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/^Created staff user /);
        expect(run.stdout).toMatch(/https:\/\/shop\.example\/user\/password-reset\?token=/);
        expect(run.stdout).toContain('https://shop.example/admin/staff');
        const [row] = await tdb.handle.db.select().from(users).where(eq(users.email, email));
        expect(row?.role).toBe('staff');
        // The shop's lock is untouched.
        expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).toBe(held);
      } finally {
        lock.release();
        await tdb.close();
      }
    },
    processTimeoutMs,
  );
});
