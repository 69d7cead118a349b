import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { dirname } from 'node:path';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { dataDirError, isDataDirProblem, postgresError } from '../startupError';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the rest of the API sees, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Runs the committed migrations, holding an advisory lock so concurrent processes take turns. */
  migrate(): Promise<void>;
  /** Runs `work` while holding the cluster-wide advisory lock of `key`. */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATION_LOCK = 727_001;

/** Closing twice (a test, then a shutdown hook) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export interface OpenOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; "memory://" keeps everything in memory (tests). */
  pgliteDir: string;
  /**
   * The folder that one process at a time may use (DATA_DIR, holding `fuelyard.lock`); default:
   * the parent of `pgliteDir`. Not used for "memory://".
   */
  lockDir?: string;
  poolSize?: number;
}

/**
 * Opens PostgreSQL, or PGlite. On disk, PGlite serves one process only: a second process on the
 * same DATA_DIR gets a StartupError (see ./dataDirLock.ts). A database that cannot be reached, or a
 * DATA_DIR that cannot be written, is a StartupError too.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.pgliteDir, options.lockDir ?? dirname(options.pgliteDir));
}

async function openPglite(dataDir: string, lockDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  let lock: DataDirLock | undefined;
  try {
    // Before PGlite touches the folder: a second process must not even read it.
    lock = inMemory ? undefined : await lockDataDir(lockDir);
  } catch (error) {
    throw isDataDirProblem(error) ? dataDirError(error, lockDir) : error;
  }
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : dataDir);
  } catch (error) {
    lock?.release();
    const path = (error as { path?: unknown }).path;
    const inDataDir = typeof path === 'string' && path.startsWith(lockDir);
    throw inDataDir && isDataDirProblem(error) ? dataDirError(error, lockDir) : error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // PGlite is a single connection inside this process: a promise chain serialises locked work.
  let queue: Promise<unknown> = Promise.resolve();
  const withLock = <T>(_key: number, work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    db,
    driver: 'pglite',
    withLock,
    migrate: () =>
      withLock(MIGRATION_LOCK, () =>
        migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir }),
      ),
    ping: async () => {
      await client.query('select 1');
    },
    close: once(async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    }),
  };
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;

  async function withLock<T>(key: number, work: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [key]);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]);
      }
    } finally {
      client.release();
    }
  }

  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw postgresError(error, url);
  }
  return {
    db,
    driver: 'postgres',
    withLock,
    migrate: () =>
      withLock(MIGRATION_LOCK, () =>
        migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir }),
      ),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: once(() => pool.end()),
  };
}
