import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createApp } from '../api/app';
import { loadConfig } from '../api/config';
import type { DatabaseHandle } from '../api/db/client';
import { createLogger } from '../api/logger';

/**
 * Checkout under contention (issue 34): BUYERS customers at once, in ROUNDS, each placing an
 * order of 500 litres of kerosene for the same delivery day of the oil zone (one row every
 * booking locks), through real HTTP on loopback. The same run without delivery days is the
 * baseline: what booking adds to POST /api/checkout, as p50 and p99 and their ratio.
 */
const buyers = Number(process.env.BENCH_CHECKOUT_BUYERS ?? 16);
const rounds = Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 5);
/** The p99 POST /api/checkout should stay under with delivery days, on this machine. */
export const checkoutP99TargetMs = 300;

interface Buyer {
  cookie: string;
  ip: string;
}

async function json(url: string, init: RequestInit & { cookie?: string; ip?: string } = {}) {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.ip ? { 'x-forwarded-for': init.ip } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

/** A visitor with 500 L of kerosene in the cart at BT1 1AA. */
async function newBuyer(url: string, n: number, kerosene: { productId: number; sizeId: number }) {
  const ip = `198.51.100.${String(n % 250)}`;
  const made = await json(`${url}/api/cart/postcode`, {
    method: 'PUT',
    body: JSON.stringify({ postcode: 'BT1 1AA' }),
    ip,
  });
  const cookie = (made.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const added = await json(`${url}/api/cart/items`, {
    method: 'POST',
    cookie,
    ip,
    body: JSON.stringify({
      type: 'oil',
      productId: kerosene.productId,
      attributeId: kerosene.sizeId,
      quantity: 1,
    }),
  });
  if (added.status !== 200) throw new Error(`Filling a cart answered ${added.status}`);
  return { cookie, ip };
}

async function keroseneSize(url: string) {
  const query = '{ oils(limit: -1) { id title sizes { id title } } }';
  const res = await json(`${url}/api/graphql?query=${encodeURIComponent(query)}`, {
    method: 'GET',
  });
  const oils = (
    res.body as {
      data: { oils: { id: string; title: string; sizes: { id: string; title: string }[] }[] };
    }
  ).data.oils;
  const kerosene = oils.find((o) => o.title === 'Kerosene Heating Oil');
  const size = kerosene?.sizes.find((s) => s.title === '500 Litres');
  if (!kerosene || !size) throw new Error('No Kerosene 500 Litres in the seed');
  return { productId: Number(kerosene.id), sizeId: Number(size.id) };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One run: the latencies of every POST /api/checkout (ms), and how many were not 201. */
async function runOnce(
  database: DatabaseHandle,
  bookDeliveryDays: boolean,
): Promise<{ latencies: number[]; refused: number }> {
  const app = createApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      CHECKOUT_RATE_LIMIT: '100000',
      CHECKOUT_CART_RATE_LIMIT: '100000',
    }),
    database,
    logger: createLogger('silent'),
    bookDeliveryDays,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const kerosene = await keroseneSize(url);
    const latencies: number[] = [];
    let refused = 0;
    // Round 0 warms the process and its connections up, and is not counted.
    for (let round = 0; round <= rounds; round += 1) {
      const group: Buyer[] = [];
      for (let i = 0; i < buyers; i += 1)
        group.push(await newBuyer(url, round * buyers + i, kerosene));
      const first = group[0];
      if (!first) break;
      const summary = (await json(`${url}/api/checkout`, { method: 'GET', cookie: first.cookie }))
        .body as { summary: { total: number; delivery?: { standard: string | null } } };
      const day = summary.summary.delivery?.standard ?? undefined;
      const answers = await Promise.all(
        group.map(async (buyer) => {
          const started = performance.now();
          const res = await json(`${url}/api/checkout`, {
            method: 'POST',
            cookie: buyer.cookie,
            ip: buyer.ip,
            headers: { 'idempotency-key': randomUUID() },
            body: JSON.stringify({
              fullName: 'Bench Buyer',
              email: 'bench@example.com',
              phone: '028 9032 1234',
              addressLine1: '1 Bench Street',
              addressLine2: '',
              town: 'Belfast',
              postcode: 'BT1 1AA',
              instructions: '',
              domesticUse: false,
              acceptTerms: true,
              expectedTotal: summary.summary.total,
              ...(bookDeliveryDays && day ? { deliveryDay: day } : {}),
            }),
          });
          if (round > 0) latencies.push(performance.now() - started);
          return res.status;
        }),
      );
      if (round > 0) refused += answers.filter((status) => status !== 201).length;
    }
    return { latencies, refused };
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/**
 * Prints checkout under contention on `database` (migrated and seeded), with delivery days and
 * without (the baseline), and whether p99 with them is within the target.
 */
export async function measureCheckoutContention(label: string, database: DatabaseHandle) {
  // Interleaved (without, with, without, with), so neither gets the warmer process.
  const runs = {
    without: { latencies: [] as number[], refused: 0 },
    with: { latencies: [] as number[], refused: 0 },
  };
  for (let pass = 0; pass < 2; pass += 1) {
    for (const mode of ['without', 'with'] as const) {
      const run = await runOnce(database, mode === 'with');
      runs[mode].latencies.push(...run.latencies);
      runs[mode].refused += run.refused;
    }
  }
  const figures = (r: { latencies: number[]; refused: number }) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      refused: r.refused,
      n: sorted.length,
    };
  };
  const without = figures(runs.without);
  const withDays = figures(runs.with);
  console.log(
    `\nCheckout under contention, ${label}: ${buyers} buyers at once × ${rounds} rounds, twice each way, interleaved; one delivery day per round`,
  );
  console.log('run'.padEnd(26), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'not 201'.padStart(8));
  for (const [name, r] of [
    ['without delivery days', without],
    ['with delivery days', withDays],
  ] as const) {
    console.log(
      name.padEnd(26),
      r.p50.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
      String(r.refused).padStart(8),
    );
  }
  const ratio = without.p99 > 0 ? withDays.p99 / without.p99 : 0;
  console.log(
    `p99 with / without: ${ratio.toFixed(2)}; target p99 ≤ ${checkoutP99TargetMs} ms: ${
      withDays.p99 <= checkoutP99TargetMs ? 'met' : 'NOT met'
    }`,
  );
  return { without, withDays, met: withDays.p99 <= checkoutP99TargetMs && withDays.refused === 0 };
}
