import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { dirname } from 'node:path';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import { DatabaseUnavailableError } from '../errors';
import { withDeadline } from '../deadline';
import { migrationsDir } from '../paths';
import { dataDirError, isDataDirProblem, postgresError } from '../startupError';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import * as schema from './schema';
import {
  createChangeFeed,
  createVersionFeed,
  type ChangeFeed,
  type VersionFeed,
} from './versionFeed';

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
  /**
   * Resolves when the database answers `select 1` within `timeoutMs` (default: the query timeout);
   * otherwise rejects with a DatabaseUnavailableError and gives back (or discards) the connection.
   */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the catalogue version as the database announces it on every catalogue write
   * (migration 0006). Nothing but this process can write to its PGlite, so the last announcement
   * is the database's version. PostgreSQL is shared by processes: they read it.
   */
  catalogueVersion?: VersionFeed;
  /**
   * PGlite only: the ids of carts changed (migrations 0007 and 0008), so a cart read stays known
   * until then.
   */
  cartChanges?: ChangeFeed;
}

/** The channel migration 0006 announces catalogue versions on. */
export const CATALOGUE_VERSION_CHANNEL = 'catalogue_version';
/** The channel migration 0007 announces changed carts' ids on. */
export const CART_CHANGE_CHANNEL = 'cart_changed';

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
  /** PostgreSQL only: the limits set on every connection. Default: `defaultDatabaseTimeouts`. */
  timeouts?: DatabaseTimeouts;
  /**
   * "memory://" only: a new cluster as PGlite's `dumpDataDir()` wrote it, loaded instead of
   * initialising one (several times faster; the test harness makes one per run).
   */
  pgliteSnapshot?: Blob | undefined;
}

/** The defaults of the DATABASE_*_TIMEOUT_MS settings (see api/config.ts). */
export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  statementMs: 5_000,
  lockMs: 2_000,
  idleInTransactionMs: 10_000,
  queryMs: 6_000,
  connectMs: 5_000,
};

/** A query with its own client-side timeout (node-postgres reads `query_timeout`; untyped). */
function timed(text: string, values: unknown[], timeoutMs: number): pg.QueryConfig {
  const config: pg.QueryConfig & { query_timeout: number } = {
    text,
    values,
    query_timeout: timeoutMs,
  };
  return config;
}

/** setTimeout's longest delay: "no limit" for the client-side query timeout of one query. */
const noQueryTimeout = 2_147_483_647;

/** A DatabaseUnavailableError for a database that gave no answer within `ms`. */
const noAnswerWithin = (ms: number) => () =>
  new DatabaseUnavailableError(new Error(`No answer from the database within ${ms} ms`));

/** The socket under a node-postgres client (not part of its typed API). */
function socketOf(client: pg.ClientBase): { destroy(): void } | undefined {
  return (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection
    ?.stream;
}

/**
 * Called for every new pooled connection. A checked-out connection that fails (PostgreSQL
 * restarted, the link dropped) must not crash the process: its queries get the error anyway.
 * After a client-side query timeout the connection is in an unknown state (the answer may still
 * come, and every later query would queue behind it), so it is closed at once: the queries queued
 * on it fail immediately (a transaction's ROLLBACK too), and the pool replaces it.
 */
function guardConnection(client: pg.PoolClient): void {
  client.on('error', () => undefined);
  const discard = (error: unknown) => {
    if (error instanceof Error && error.message === 'Query read timeout')
      socketOf(client)?.destroy();
  };
  type Query = (...args: unknown[]) => unknown;
  const query = (client.query as Query).bind(client);
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      // pool.query's form: (text | config, values, callback).
      args[args.length - 1] = (error: unknown, result: unknown) => {
        discard(error);
        (last as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(discard);
    return result;
  };
}

/**
 * Opens PostgreSQL, or PGlite. On disk, PGlite serves one process only: a second process on the
 * same DATA_DIR gets a StartupError (see ./dataDirLock.ts). A database that cannot be reached, or a
 * DATA_DIR that cannot be written, is a StartupError too.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.poolSize ?? 10,
        options.timeouts ?? defaultDatabaseTimeouts,
      )
    : openPglite(
        options.pgliteDir,
        options.lockDir ?? dirname(options.pgliteDir),
        options.pgliteSnapshot,
      );
}

async function openPglite(
  dataDir: string,
  lockDir: string,
  snapshot: Blob | undefined,
): Promise<DatabaseHandle> {
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
    client = !inMemory
      ? await PGlite.create(dataDir)
      : await PGlite.create(snapshot ? { loadDataDir: snapshot } : undefined);
  } catch (error) {
    lock?.release();
    const path = (error as { path?: unknown }).path;
    const inDataDir = typeof path === 'string' && path.startsWith(lockDir);
    throw inDataDir && isDataDirProblem(error) ? dataDirError(error, lockDir) : error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const catalogueVersion = createVersionFeed();
  // Delivered as the committing statement's answer is read, before its caller carries on.
  await client.listen(CATALOGUE_VERSION_CHANNEL, (version) => catalogueVersion.announce(version));
  const cartChanges = createChangeFeed();
  await client.listen(CART_CHANGE_CHANNEL, (cartId) => cartChanges.announce(cartId));
  // This session (PGlite's only one) asks the cart triggers to announce (migration 0008).
  await client.exec(`SET fuelyard.announce_cart_changes = 'on'`);
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
    catalogueVersion,
    cartChanges,
    withLock,
    migrate: async () => {
      await withLock(MIGRATION_LOCK, () =>
        migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir }),
      );
      catalogueVersion.trust();
      cartChanges.trust();
    },
    // One in-process connection: a query cannot be cancelled, only no longer waited for.
    ping: async (timeoutMs = defaultDatabaseTimeouts.queryMs) => {
      await withDeadline(client.query('select 1'), timeoutMs, noAnswerWithin(timeoutMs));
    },
    close: once(async () => {
      catalogueVersion.stop();
      cartChanges.stop();
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    }),
  };
}

async function openPostgres(
  url: string,
  max: number,
  timeouts: DatabaseTimeouts,
): Promise<DatabaseHandle> {
  // node-postgres sends statement_timeout, lock_timeout and idle_in_transaction_session_timeout as
  // start-up parameters of every connection the pool opens; query_timeout is its own timer.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.queryMs,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', guardConnection);
  const db = drizzlePg(pool, { schema }) as unknown as Database;

  async function withLock<T>(key: number, work: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      // Waiting for the lock (another process migrating or seeding) is not a fault: no limits on
      // this session while it holds the lock. The work itself runs on other connections, limited.
      await client.query('set statement_timeout = 0; set lock_timeout = 0');
      await client.query(timed('select pg_advisory_lock($1)', [key], noQueryTimeout));
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]);
        await client.query('reset statement_timeout; reset lock_timeout');
      }
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A connection that failed here may still hold the lock or the settings: not reused.
      client.release(failure);
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
    ping: async (timeoutMs = timeouts.queryMs) => {
      const deadline = Date.now() + timeoutMs;
      // Waiting for a connection (a frozen link, a busy pool) counts against the same deadline;
      // one that comes too late goes straight back.
      const client = await withDeadline(
        pool.connect(),
        timeoutMs,
        noAnswerWithin(timeoutMs),
        (late) => late.release(),
      );
      try {
        await client.query(timed('select 1', [], Math.max(1, deadline - Date.now())));
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        client.release(failure);
        throw new DatabaseUnavailableError(failure);
      }
      client.release();
    },
    close: once(() => pool.end()),
  };
}
