/**
 * Benchmarks over loopback with autocannon. Each target is compared with a same-run baseline
 * (GET /api/health), so figures from different machines can still be read against each other.
 *
 *   npm run bench                        PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://… npm run bench    also PostgreSQL (a scratch database is created)
 *
 * BENCH_DURATION (seconds, default 5) and BENCH_CONNECTIONS (default 10) tune the load.
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { createApp } from '../api/app';
import { loadConfig } from '../api/config';
import { openDatabase, type DatabaseHandle } from '../api/db/client';
import { seedCatalogue } from '../api/db/seed';
import { createLogger } from '../api/logger';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const catalogueQuery = `{ oils { id title sizes { id title price } images { url } } coalCategories { slug icon coals { id title sizes { price } } } woodpellets { id title price } otherProducts { id title price categories { title } } shippingZones { title postcodes } }`;

interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

const targets: Target[] = [
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

async function run(url: string, target: Target) {
  const result = await autocannon({
    url: `${url}${target.path}`,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.headers,
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
  const pglite = await openDatabase({ pgliteDir: 'memory://' });
  await benchDriver('PGlite (in memory)', pglite);
  await pglite.close();

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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
