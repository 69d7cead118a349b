import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { ServerEntry } from '../domain/ssr';
import { createLogger } from '../logger';
import { projectRoot } from '../paths';
import type { SsrRuntime } from '../ssr/runtime';
import { createTestDatabase, nthCoalSize, testConfig, type TestDatabase } from './harness';

/**
 * Pages for visitors with a cart, reused across carts the page renders alike (api/ssr/cartPages.ts),
 * with the real app: a page one process reused for a second cart must be exactly the page another
 * process renders for that cart from scratch (nonces aside). api/ must not import app/, so the
 * server entry is loaded by its path at run time, as the development runtime does.
 */
const origin = 'http://shop.test';
let renders = 0;

async function appRuntime(): Promise<SsrRuntime> {
  const entryUrl = pathToFileURL(resolve(projectRoot, 'app/entry-server.tsx')).href;
  const entry = (await import(/* @vite-ignore */ entryUrl)) as ServerEntry;
  const template = await readFile(resolve(projectRoot, 'app/index.html'), 'utf8');
  const counting: ServerEntry = {
    render: (req, context) => {
      renders += 1;
      return entry.render(req, context);
    },
    sitemap: (context) => entry.sitemap(context),
  };
  return { template: async () => template, entry: async () => counting, assets: (_c, n) => n() };
}

let db: TestDatabase;
type Handler = ReturnType<ReturnType<typeof createApp>['callback']>;
let first: Handler;
let second: Handler;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = testConfig({ NODE_ENV: 'production', PUBLIC_URL: origin });
  const runtime = await appRuntime();
  const shop = () =>
    createApp({ config, database: db.handle, logger: createLogger('silent'), ssr: runtime });
  [first, second] = [shop().callback(), shop().callback()];
}, 120_000);
afterAll(async () => {
  await db?.close();
});

/** A cart with `postcode` and one bag of the `nth` coal size (1-based), as its cookie. */
async function cartWith(postcode: string, nth: number): Promise<string> {
  const set = await request(first)
    .put('/api/cart/postcode')
    .set('Origin', origin)
    .send({ postcode });
  const cookie = String(set.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const size = await nthCoalSize(db.handle, nth);
  const added = await request(first)
    .post('/api/cart/items')
    .set('Origin', origin)
    .set('Cookie', cookie)
    .send({ type: 'coal', productId: size.productId, attributeId: size.id, quantity: 1 });
  expect(added.status).toBe(200);
  return cookie;
}

const nonceOf = (res: request.Response) =>
  /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
const withoutNonce = (res: request.Response) => res.text.replaceAll(nonceOf(res), 'N');

describe('a page reused for another cart is the page rendered for that cart', () => {
  it.each(['/', '/products/domestic/oil', '/products/domestic/bagged-coal', '/faqs'])(
    '%s',
    async (path) => {
      const one = await cartWith('BT1 1AA', 1);
      const two = await cartWith('BT1 1AA', 3); // the same count and postcode, another coal
      const primed = await request(first).get(path).set('Cookie', one);
      expect(primed.status).toBe(200);
      renders = 0;
      const reused = await request(first).get(path).set('Cookie', two);
      const reusedRenders = renders;
      const rendered = await request(second).get(path).set('Cookie', two);
      expect(renders).toBe(reusedRenders + 1);
      expect(nonceOf(reused)).not.toBe('');
      expect(nonceOf(reused)).not.toBe(nonceOf(rendered));
      expect(withoutNonce(reused)).toBe(withoutNonce(rendered));
      expect(reused.text).toContain(two.replace('cartId=', ''));
      expect(reused.text).not.toContain(one.replace('cartId=', ''));
      // The home page shows the cart only as the badge's count: one render serves both carts.
      if (path === '/') expect(reusedRenders).toBe(0);
    },
    60_000,
  );
});
