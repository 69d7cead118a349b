/**
 * Benchmarks over loopback with autocannon, each figure read against a same-run baseline, so
 * figures from different machines can still be read against each other.
 *
 *   npm run bench                        the production build, then PGlite (in memory)
 *   npm run bench:check                  the same, exiting non-zero when a target is missed
 *   BENCH_SKIP_BUILD=1 npm run bench     the production build as it is in dist/
 *   BENCH_DATABASE_URL=postgres://… npm run bench    also PostgreSQL (a scratch database is created)
 *
 * On the production build (`node dist/api/server.js`, see bench/pageFigures.ts), with targets:
 * anonymous GET / and GET / with a cart cookie, each against a bare `node:http` server sending the
 * same bytes, and the first-load JS of / (gzip). Then, printed without a target, the first working
 * tap of the primary controls of / in Chromium with 4x CPU throttling (bench/firstTap.ts,
 * BENCH_RUNS page loads of each kind per control). In process (createApp on PGlite, and
 * PostgreSQL when asked), against GET /api/health: the catalogue over GraphQL, adding to a cart
 * (each add a real write in a transaction) and reading a three-line cart. Then checkout under
 * contention (bench/checkoutContention.ts): 16 buyers at once for one delivery day, p50 and p99 of
 * POST /api/checkout with delivery days and without (the baseline); the target (p99 ≤ 300 ms) is
 * PostgreSQL's.
 *
 * BENCH_DURATION (seconds, default 5) and BENCH_CONNECTIONS (default 10, in process only) tune
 * the load; BENCH_WARMUP (seconds, default 1) warms each production target up first.
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import autocannon, { type RawRequest } from 'autocannon';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../api/app';
import { loadConfig } from '../api/config';
import { openDatabase, type DatabaseHandle } from '../api/db/client';
import { carts, productSizes, products } from '../api/db/schema';
import { seedCatalogue } from '../api/db/seed';
import { createLogger } from '../api/logger';
import { measureCheckoutContention } from './checkoutContention';
import { measureFirstTaps } from './firstTap';
import { measurePages, printVerdicts, verdicts } from './pageFigures';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const catalogueQuery = `{ oils { id title sizes { id title price } images { url } } coalCategories { slug icon coals { id title sizes { price } } } woodpellets { id title price } otherProducts { id title price categories { title } } shippingZones { title postcodes } }`;

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: string;
  headers?: Record<string, string>;
  /** Rewrites each request just before it is sent (e.g. to pick a cart cookie). */
  setupRequest?: (request: RawRequest) => RawRequest;
}

const catalogueTargets: Target[] = [
  { name: 'GET /api/health (baseline)', path: '/api/health' },
  {
    name: 'GET /api/graphql catalogue',
    path: `/api/graphql?query=${encodeURIComponent(catalogueQuery)}`,
  },
  {
    name: 'POST /api/graphql catalogue',
    path: '/api/graphql',
    method: 'POST',
    body: JSON.stringify({ query: catalogueQuery }),
    headers: { 'content-type': 'application/json' },
  },
];

/** The seeded ids of one sized product. */
async function firstSize(database: DatabaseHandle, slug: string) {
  const [row] = await database.db
    .select({ productId: products.id, type: products.type, sizeId: productSizes.id })
    .from(products)
    .innerJoin(productSizes, eq(productSizes.productId, products.id))
    .where(eq(products.slug, slug))
    .orderBy(asc(productSizes.ordering), asc(productSizes.id))
    .limit(1);
  if (!row) throw new Error(`The seed has no ${slug}`);
  return row;
}

/**
 * The cart targets. Carts are made up front with a postcode set (BT1 is in both zones), so every
 * add is a real add. A line holds at most 20, so each cart gets exactly 20 single-bag adds (the
 * first inserts the line, the rest merge into it). Consecutive adds go to different carts, as
 * they would from different visitors: adds to one cart queue on its row lock by design.
 */
async function cartTargets(database: DatabaseHandle, url: string): Promise<Target[]> {
  const poolSize = 20_000;
  const postcode = 'BT11AA';
  await database.db.execute(
    sql`insert into carts (id, postcode) select gen_random_uuid(), ${postcode} from generate_series(1, ${poolSize})`,
  );
  const pool = (
    await database.db.select({ id: carts.id }).from(carts).where(eq(carts.postcode, postcode))
  ).map((c) => c.id);

  const coal = await firstSize(database, 'premium-house-coal');
  const pellets = await firstSize(database, 'enplus-a1-wood-pellets');
  const oil = await firstSize(database, 'kerosene-heating-oil');
  const addBody = (item: { type: string; productId: number; sizeId: number }) =>
    JSON.stringify({
      type: item.type,
      productId: item.productId,
      attributeId: item.sizeId,
      quantity: 1,
    });

  // A typical cart to read: three lines across both zones, built through the API itself.
  const viewed = await fetch(`${url}/api/cart/postcode`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ postcode }),
  });
  const cookie = (viewed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  for (const item of [coal, pellets, oil]) {
    const res = await fetch(`${url}/api/cart/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: addBody(item),
    });
    if (res.status !== 200) throw new Error(`Preparing the cart failed: ${res.status}`);
  }

  let adds = 0;
  const stride = 1_000;
  return [
    {
      name: 'POST /api/cart/items (add)',
      path: '/api/cart/items',
      method: 'POST',
      body: addBody(coal),
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        // Cart n % stride of block n / (stride * 20): each cart sees 20 adds, never two in a row.
        const n = adds++;
        const block = Math.floor(n / (stride * 20));
        const cartId = pool[((n % stride) + block * stride) % pool.length];
        return { ...request, headers: { ...request.headers, cookie: `cartId=${cartId}` } };
      },
    },
    { name: 'GET /api/cart (3 lines)', path: '/api/cart', headers: { cookie } },
  ];
}

async function run(url: string, target: Target) {
  const result = await autocannon({
    url: `${url}${target.path}`,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.headers,
    ...(target.setupRequest
      ? {
          requests: [
            { setupRequest: (request: RawRequest) => target.setupRequest?.(request) ?? request },
          ],
        }
      : {}),
    connections,
    duration,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchDriver(label: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedCatalogue(database);
  const app = createApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
    logger: createLogger('silent'),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`\n${label}: ${connections} connections, ${duration}s per target`);
  console.log(
    'target'.padEnd(36),
    'req/s'.padStart(9),
    'p99 ms'.padStart(8),
    'vs baseline'.padStart(12),
    'errors'.padStart(7),
  );
  const targets = [...catalogueTargets, ...(await cartTargets(database, url))];
  let baseline = 0;
  for (const target of targets) {
    const r = await run(url, target);
    if (baseline === 0) baseline = r.rps;
    console.log(
      target.name.padEnd(36),
      r.rps.toFixed(0).padStart(9),
      String(r.p99).padStart(8),
      `${((r.rps / baseline) * 100).toFixed(0)}%`.padStart(12),
      String(r.errors).padStart(7),
    );
  }
  await new Promise((r) => server.close(r));
}

async function main() {
  const pages = await measurePages();
  // The same build, started again: the primary controls of / in a throttled Chromium.
  await measureFirstTaps();

  const pglite = await openDatabase({ pgliteDir: 'memory://' });
  await benchDriver('PGlite (in memory)', pglite);
  await measureCheckoutContention('PGlite (in memory, one connection: no target)', pglite);
  await pglite.close();
  let checkoutMet = true;

  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const name = `fuelyard_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.href, pgliteDir: 'memory://' });
    try {
      await benchDriver('PostgreSQL', database);
      checkoutMet = (await measureCheckoutContention('PostgreSQL', database)).met;
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log(
      '\n(Set BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to bench PostgreSQL too.)',
    );
  }

  const results = verdicts(pages);
  printVerdicts(results);
  if (process.env.BENCH_CHECK === '1' && (results.some((v) => !v.met) || !checkoutMet)) {
    console.error('\nA target is not met.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
