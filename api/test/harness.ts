import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type Koa from 'koa';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { productSizes, products } from '../db/schema';
import { seedCatalogue } from '../db/seed';
import { createLogger } from '../logger';
import type { SsrRuntime } from '../ssr/runtime';

/**
 * A real database for one test file: in-memory PGlite by default, or a throw-away database on the
 * PostgreSQL server named by TEST_DATABASE_URL (created here, dropped in `close`).
 */
export interface TestDatabase {
  handle: DatabaseHandle;
  driver: 'pglite' | 'postgres';
  /** A URL for a second connection to the same database (postgres only). */
  url: string | undefined;
  close(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

let snapshot: Promise<Blob | undefined> | undefined;

/**
 * The empty cluster the API lane's set-up dumped (api/test/pgliteSnapshot.setup.ts), read once
 * per worker (the lane's files share their modules, see vitest.config.ts); undefined outside that
 * lane, and a new PGlite then initialises its own.
 */
function pgliteSnapshot(): Promise<Blob | undefined> {
  snapshot ??= (async () => {
    const path = inject('pgliteSnapshotPath');
    return path ? new Blob([await readFile(path)]) : undefined;
  })();
  return snapshot;
}

export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({
      pgliteDir: 'memory://',
      pgliteSnapshot: await pgliteSnapshot(),
    });
    await handle.migrate();
    if (options.seed !== false) await seedCatalogue(handle);
    return { handle, driver: 'pglite', url: undefined, close: () => handle.close() };
  }
  const scratch = await createPostgresDatabase(serverUrl, 'fuelyard_test');
  const handle = await openDatabase({
    databaseUrl: scratch.url,
    pgliteDir: 'memory://',
    poolSize: 5,
  });
  await handle.migrate();
  if (options.seed !== false) await seedCatalogue(handle);
  return {
    handle,
    driver: 'postgres',
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (named `<prefix>_<random>`), and
 * how to drop it again, connections and all.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Test files place many orders from one loopback address: checkout's rate limits are lifted
  // unless a test sets them (api/test/checkoutLimits.int.test.ts does).
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CHECKOUT_RATE_LIMIT: '100000',
    CHECKOUT_CART_RATE_LIMIT: '100000',
    ...overrides,
  });
}

export interface TestApp {
  app: Koa;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * An app on a new seeded database, or on `db` when given (several configurations of the app can
 * share one database; then `close` leaves the database open for its owner).
 */
export async function createTestApp(
  options: {
    ssr?: SsrRuntime;
    env?: Record<string, string>;
    db?: TestDatabase;
    /** The clock checkout offers delivery days by. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const shared = options.db;
  const db = shared ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const app = createApp({
    config,
    database: db.handle,
    logger: createLogger('silent'),
    ...(options.ssr ? { ssr: options.ssr } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return { app, db, close: () => (shared ? Promise.resolve() : db.close()) };
}

/** The `nth` (1-based) size of a coal product in the demo catalogue, for putting in a cart. */
export async function nthCoalSize(
  handle: DatabaseHandle,
  nth: number,
): Promise<{ productId: number; id: number }> {
  const [size] = await handle.db
    .select({ productId: productSizes.productId, id: productSizes.id })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(eq(products.type, 'coal'))
    .orderBy(productSizes.productId, productSizes.id)
    .offset(nth - 1)
    .limit(1);
  if (!size) throw new Error(`The demo catalogue has no coal size number ${nth}.`);
  return size;
}
