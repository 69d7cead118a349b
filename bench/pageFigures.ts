/**
 * The page figures, on the production build:
 *  - anonymous GET / throughput against a bare `node:http` server sending the same bytes;
 *  - GET / with a cart cookie against the same ceiling;
 *  - the first-load JavaScript of / (see bench/firstLoad.ts).
 *
 * The bare server runs in a child process of its own, not in the bench's process. The production
 * server is a separate process, and autocannon runs in the bench's: a bare server sharing the
 * bench's event loop (and core) with autocannon would be slowed by the load generator and make
 * the ratio look better than it is. As a child process it stands where the production server
 * stands, one process on loopback facing the same autocannon, so the two compete equally.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type RawRequest } from 'autocannon';
import { startChildServer } from './childServer';
import { firstLoadJs, gzipLevel, islandCosts, kib, type FirstLoad } from './firstLoad';
import { buildUnlessSkipped, distClientDir, startProductionServer } from './productionServer';

/** Fixed by the issue, so the figures compare across runs whatever BENCH_CONNECTIONS says. */
const pageConnections = 16;
const duration = Number(process.env.BENCH_DURATION ?? 5);
/** Seconds of unrecorded load on each target first, so both servers are measured warm. */
const warmup = Number(process.env.BENCH_WARMUP ?? 1);

export const pageTargets = {
  anonymousRatio: 0.25,
  cartRatio: 0.05,
  firstLoadGzipBytes: 100 * 1024,
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One request through `node:http`, as autocannon sends it: no Accept-Encoding, so the bytes kept
 * are exactly those autocannon will be sent (fetch would ask for gzip and inflate the answer).
 */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(options.body);
  });
}

/** How many households' carts the "with a cart" figure rotates through. */
const households = 40;
/** Postcode districts (BT…) the demo catalogue delivers oil to. */
const oilDistricts = [
  ...Array.from({ length: 23 }, (_, i) => i + 1),
  ...[27, 28, 29, 30, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 60, 61, 62, 63, 70, 71, 80],
];

/**
 * A cart with `postcode` and one unit of the catalogue's `nth` oil size (of those there are),
 * made through the API: its cookie.
 */
export async function makeCart(url: string, postcode: string, nth: number): Promise<string> {
  const json = { 'content-type': 'application/json', accept: 'application/json', origin: url };
  const catalogue = await send(`${url}/api/graphql`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: '{ oils { id type sizes { id } } }' }),
  });
  const choices = (
    (
      JSON.parse(catalogue.body.toString()) as {
        data?: { oils?: { id: string; type: string; sizes: { id: string }[] }[] };
      }
    ).data?.oils ?? []
  ).flatMap((oil) => oil.sizes.map((size) => ({ oil, size })));
  const { oil, size } = choices[nth % Math.max(choices.length, 1)] ?? {};
  if (!oil || !size)
    throw new Error(`The catalogue has no oil to put in a cart: ${catalogue.status}`);

  const set = await send(`${url}/api/cart/postcode`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ postcode }),
  });
  const setCookie = [set.headers['set-cookie'] ?? []].flat();
  const cookie = setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('cartId='));
  if (set.status !== 200 || !cookie) {
    throw new Error(`Setting the cart's postcode failed: ${set.status} ${set.body.toString()}`);
  }
  const added = await send(`${url}/api/cart/items`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({
      type: oil.type,
      productId: Number(oil.id),
      attributeId: Number(size.id),
      quantity: 1,
    }),
  });
  if (added.status !== 200) {
    throw new Error(`Adding to the cart failed: ${added.status} ${added.body.toString()}`);
  }
  return cookie;
}

/** Starts bench/bareServer.ts in a child process serving `body` as `contentType`. */
async function startBareServer(body: Buffer, contentType: string) {
  const dir = mkdtempSync(join(tmpdir(), 'fuelyard-bare-'));
  const bodyFile = join(dir, 'body');
  writeFileSync(bodyFile, body);
  try {
    const child = await startChildServer('bench/bareServer.ts', [bodyFile, contentType]);
    return {
      url: `http://127.0.0.1:${String(child.ports[0])}`,
      async stop() {
        await child.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

interface Throughput {
  rps: number;
  p99: number;
  errors: number;
}

/** Load on `url`; with `cookies`, each request sends the next one of them (round robin). */
async function load(url: string, cookies: string[] = []): Promise<Throughput> {
  let sent = 0;
  const options = {
    url,
    connections: pageConnections,
    ...(cookies.length > 0
      ? {
          requests: [
            {
              setupRequest: (request: RawRequest) => ({
                ...request,
                headers: { ...request.headers, cookie: cookies[sent++ % cookies.length] ?? '' },
              }),
            },
          ],
        }
      : {}),
  };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const result = await autocannon({ ...options, duration });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The HTML with its per-response nonces blanked, to compare two answers' content. */
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

export interface PageFigures {
  ceiling: Throughput;
  anonymous: Throughput;
  withCart: Throughput;
  htmlBytes: number;
  firstLoad: FirstLoad;
}

export async function measurePages(): Promise<PageFigures> {
  buildUnlessSkipped();
  const server = await startProductionServer();
  try {
    // The second answer: the page as every later anonymous visitor gets it (kept, shared).
    await send(`${server.url}/`);
    const home = await send(`${server.url}/`);
    const contentType = home.headers['content-type'];
    if (home.status !== 200 || typeof contentType !== 'string') {
      throw new Error(`GET / answered ${home.status} (${String(contentType)})`);
    }
    const html = home.body.toString('utf8');
    const firstLoad = firstLoadJs(distClientDir, html);
    // Households across Northern Ireland, one line of oil each (of several sizes).
    const cookies: string[] = [];
    for (let i = 0; i < households; i++) {
      const district = oilDistricts[i % oilDistricts.length];
      cookies.push(await makeCart(server.url, `BT${district} ${(i % 9) + 1}AB`, i));
    }
    const [cookie = ''] = cookies;
    const cartHome = await send(`${server.url}/`, { headers: { cookie } });
    if (cartHome.status !== 200) throw new Error(`GET / with a cart answered ${cartHome.status}`);
    if (withoutNonces(cartHome.body.toString('utf8')) === withoutNonces(html)) {
      console.warn('(GET / is the same with the cart cookie as without: is the cookie read?)');
    }

    const bare = await startBareServer(home.body, contentType);
    let ceiling: Throughput;
    try {
      const check = await send(`${bare.url}/`);
      if (!check.body.equals(home.body)) throw new Error('The bare server sends other bytes');
      console.log(
        `\nProduction build: ${pageConnections} connections, ${warmup}s warm-up + ${duration}s per target, ` +
          `GET / is ${home.body.length} bytes (${contentType})`,
      );
      ceiling = await load(`${bare.url}/`);
    } finally {
      await bare.stop();
    }
    const anonymous = await load(`${server.url}/`);
    const withCart = await load(`${server.url}/`, cookies);

    console.log(
      'target'.padEnd(44),
      'req/s'.padStart(9),
      'p99 ms'.padStart(8),
      'vs bare'.padStart(8),
      'errors'.padStart(7),
    );
    for (const [name, r] of [
      ['bare node:http, same bytes (ceiling)', ceiling],
      ['GET / anonymous', anonymous],
      [`GET / with a cart cookie (${households} carts)`, withCart],
    ] as const) {
      console.log(
        name.padEnd(44),
        r.rps.toFixed(0).padStart(9),
        String(r.p99).padStart(8),
        (r.rps / ceiling.rps).toFixed(3).padStart(8),
        String(r.errors).padStart(7),
      );
    }

    console.log(
      `\nFirst-load JS of / (gzip level ${gzipLevel}, from dist/client/.vite/manifest.json)`,
    );
    for (const f of firstLoad.files)
      console.log(`  ${f.file.padEnd(50)} ${kib(f.gzipBytes).padStart(10)}`);
    console.log(`  ${'total'.padEnd(50)} ${kib(firstLoad.totalGzipBytes).padStart(10)}`);
    console.log(
      '\nWhat each island, dialog and page adds to that (gzip, its chunk and new imports)',
    );
    for (const island of islandCosts(distClientDir, firstLoad)) {
      console.log(
        `  ${island.name.padEnd(44)} ${kib(island.gzipBytes).padStart(10)} ${String(island.files).padStart(3)} files`,
      );
    }

    return { ceiling, anonymous, withCart, htmlBytes: home.body.length, firstLoad };
  } finally {
    await server.stop();
  }
}

export interface Verdict {
  figure: string;
  value: string;
  target: string;
  met: boolean;
}

/** The targets. A throughput measured with errors or non-2xx answers does not count. */
export function verdicts(figures: PageFigures): Verdict[] {
  const ratio = (r: Throughput) => r.rps / figures.ceiling.rps;
  const valid = (r: Throughput) => r.errors === 0 && figures.ceiling.errors === 0;
  const anonymous = ratio(figures.anonymous);
  const withCart = ratio(figures.withCart);
  const errors = (r: Throughput) => (valid(r) ? '' : ' (with errors)');
  return [
    {
      figure: 'GET / anonymous ÷ bare node:http',
      value: `${anonymous.toFixed(3)}${errors(figures.anonymous)}`,
      target: `≥ ${pageTargets.anonymousRatio}`,
      met: valid(figures.anonymous) && anonymous >= pageTargets.anonymousRatio,
    },
    {
      figure: 'GET / with a cart ÷ bare node:http',
      value: `${withCart.toFixed(3)}${errors(figures.withCart)}`,
      target: `≥ ${pageTargets.cartRatio}`,
      met: valid(figures.withCart) && withCart >= pageTargets.cartRatio,
    },
    {
      figure: 'First-load JS of / (gzip)',
      value: kib(figures.firstLoad.totalGzipBytes),
      target: `≤ ${kib(pageTargets.firstLoadGzipBytes)}`,
      met: figures.firstLoad.totalGzipBytes <= pageTargets.firstLoadGzipBytes,
    },
  ];
}

export function printVerdicts(list: Verdict[]): void {
  console.log('\nTargets');
  console.log('figure'.padEnd(38), 'value'.padStart(20), 'target'.padStart(12), '  result');
  for (const v of list) {
    console.log(
      v.figure.padEnd(38),
      v.value.padStart(20),
      v.target.padStart(12),
      `  ${v.met ? 'met' : 'not met'}`,
    );
  }
}
