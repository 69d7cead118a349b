import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
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
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.pgliteDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
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
    close: once(() => client.close()),
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

  await pool.query('select 1');
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
