import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { productSizes, products } from '../db/schema';
import type { RenderContext, ServerEntry } from '../domain/ssr';
import { createLogger } from '../logger';
import type { SsrRuntime } from '../ssr/runtime';
import { createTestDatabase, nthCoalSize, testConfig, type TestDatabase } from './harness';

/**
 * The page cache for anonymous visitors (production): a page is rendered once per address and
 * catalogue version, and every answer still carries its own CSP nonce. A stand-in for the app's
 * server entry (api/ must not import app/) renders the kerosene 500 L price from the in-process
 * catalogue, the cart's count and the nonce, and counts its renders. Like the app, it says
 * whether the address is the page's own (RenderResult.ownAddress): the bagged coal page reads
 * `?category=` (an unknown one is a 404), and no page reads anything else.
 */
const inlineScript = 'window.__data = JSON.parse("{\\"a\\":1}");';
const template = `<!doctype html><html><head><!--app-head--></head><body><!--app-html--><script nonce="__CSP_NONCE__">${inlineScript}</script><script nonce="__CSP_NONCE__" src="/a.js"></script></body></html>`;

const renders: string[] = [];

const query = '{ oils { slug sizes { title price } } }';

const coalPage = '/products/domestic/bagged-coal';
const coalCategories = ['best-sellers', 'smokeless-fuels'];

const entry: ServerEntry = {
  async render(req: Request, context: RenderContext) {
    const url = new URL(req.url);
    renders.push(url.pathname);
    const path = url.pathname;
    const category = path === coalPage ? url.searchParams.get('category') : null;
    if (path === '/missing' || (category !== null && !coalCategories.includes(category))) {
      return { type: 'document', status: 404, head: '', html: 'Not found' };
    }
    const ownAddress =
      url.search === '' || (path === coalPage && /^\?category=[a-z-]+$/.test(url.search));
    if (path === '/checkout') await context.checkout(false).catch(() => undefined);
    // A page that uses its nonce where only a nonce will do (not an attribute of its own).
    if (path === '/nonce-in-text') {
      return {
        type: 'document',
        status: 200,
        head: '',
        html: `<p>${context.nonce}</p>`,
        ownAddress,
      };
    }
    const result = (await context.graphql(query)) as {
      data?: { oils: { slug: string; sizes: { title: string; price: number }[] }[] };
    };
    const kerosene = result.data?.oils.find((p) => p.slug === 'kerosene-heating-oil');
    const price = kerosene?.sizes.find((s) => s.title === '500 Litres')?.price;
    const cart = await context.cart();
    // What a page shows of the cart: the badge's count; a postcode; one page the cart's id.
    const shown =
      path === '/postcode-page'
        ? `<p data-postcode="${cart.postcode}"></p>`
        : path === '/own-cart'
          ? `<p data-cart-id="${cart.cartId}"></p>`
          : '';
    // The hydration data as React Router writes it: the whole cart, whatever the page showed.
    const data = JSON.stringify(JSON.stringify({ loaderData: { root: { cart } } })).replace(
      /[&<>]/g,
      (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
    );
    return {
      type: 'document',
      status: 200,
      head: '<title>Fuelyard</title>',
      html: `<p data-price="${price}">500 L: ${price}</p><p data-cart="${cart.count}"></p>${shown}<style nonce="${context.nonce}"></style><script nonce="${context.nonce}">window.__data = JSON.parse(${data});</script>`,
      ownAddress,
    };
  },
  sitemap: async () => ['/'],
};

const runtime: SsrRuntime = {
  template: async () => template,
  entry: async () => entry,
  assets: (_ctx, next) => next(),
};

let db: TestDatabase;
/** Two processes of the shop on one database, as in production. */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let processes: [Handler, Handler];

beforeAll(async () => {
  db = await createTestDatabase();
  const config = testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://shop.test' });
  const shop = () =>
    createApp({ config, database: db.handle, logger: createLogger('silent'), ssr: runtime });
  processes = [shop().callback(), shop().callback()];
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const get = (path: string, one: 0 | 1 = 0) => request(processes[one]).get(path);

function nonceOf(res: request.Response): string {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
}

async function setKerosene500(price: number) {
  const [product] = await db.handle.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, 'kerosene-heating-oil'));
  await db.handle.db
    .update(productSizes)
    .set({ price })
    .where(
      and(eq(productSizes.productId, product?.id ?? -1), eq(productSizes.title, '500 Litres')),
    );
}

/** A new cart's cookie (a postcode set through the API). */
async function cartCookie(postcode = 'BT1 1AA'): Promise<string> {
  const cart = await request(processes[0])
    .put('/api/cart/postcode')
    .set('Origin', 'http://shop.test')
    .send({ postcode });
  const cookie = String(cart.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(/^cartId=/);
  return cookie;
}

/** Adds `quantity` of a coal product's first size (the `nth` coal, 1 by default) to a cart. */
async function addCoal(cookie: string, quantity: number, nth = 1): Promise<void> {
  const size = await nthCoalSize(db.handle, nth);
  const res = await request(processes[0])
    .post('/api/cart/items')
    .set('Origin', 'http://shop.test')
    .set('Cookie', cookie)
    .send({ type: 'coal', productId: size.productId, attributeId: size.id, quantity });
  expect(res.status).toBe(200);
}

const priceIn = (html: string) => /data-price="(\d+)"/.exec(html)?.[1];

describe('anonymous pages are rendered once per catalogue version', () => {
  it('renders a page once, then sends everyone the same bytes, its script allowed by hash', async () => {
    renders.length = 0;
    const first = await get('/products/domestic/oil');
    const second = await get('/products/domestic/oil').set('Accept-Encoding', 'identity');
    const third = await get('/products/domestic/oil').set('Accept-Encoding', 'gzip');
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(renders).toEqual(['/products/domestic/oil']);
    // The rendering answer carries the request's nonce.
    const nonce = nonceOf(first);
    expect(nonce).not.toBe('');
    expect(first.text).toContain(`<script nonce="${nonce}" src="/a.js">`);
    expect(first.text).toContain(`<style nonce="${nonce}">`);
    // The kept page: no nonce anywhere, the inline script allowed by its SHA-256 instead.
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    for (const res of [second, third]) {
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
      expect(scriptSrc.split(' ')).toContain(`'sha256-${hash}'`);
      expect(scriptSrc.split(' ').filter((source) => source.startsWith("'sha256-"))).toHaveLength(
        2,
      );
      expect(csp).not.toContain("'nonce-");
      expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe');
      expect(res.text).toBe(first.text.replaceAll(` nonce="${nonce}"`, ''));
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['vary']).toContain('Accept-Encoding');
    }
    expect(third.headers['content-encoding']).toBe('gzip');
    expect(second.headers['content-encoding']).toBeUndefined();
    for (const res of [first, second, third]) {
      expect(res.text).not.toMatch(/pagecache[0-9a-f]{24}/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('a page that needs its nonce keeps getting a fresh one', async () => {
    renders.length = 0;
    const answers = [await get('/nonce-in-text'), await get('/nonce-in-text')];
    expect(renders).toEqual(['/nonce-in-text']);
    const nonces = answers.map(nonceOf);
    expect(nonces[0]).not.toBe('');
    expect(nonces[1]).not.toBe('');
    expect(nonces[0]).not.toBe(nonces[1]);
    answers.forEach((res, i) => expect(res.text).toContain(`<p>${nonces[i]}</p>`));
    expect(answers[1]?.text.replaceAll(nonces[1] ?? '', 'N')).toBe(
      answers[0]?.text.replaceAll(nonces[0] ?? '', 'N'),
    );
  });

  it('a price changed in the database is on the next page of every process', async () => {
    await setKerosene500(30_500);
    const before = [await get('/', 0), await get('/', 1)];
    expect(before.map((res) => priceIn(res.text))).toEqual(['30500', '30500']);
    renders.length = 0;
    await get('/', 0);
    await get('/', 1);
    expect(renders).toEqual([]);

    // A visitor with a cart is rendered every time, from answers kept per catalogue version.
    const cookie = await cartCookie();
    const withCart = () => get('/', 1).set('Cookie', cookie);
    expect(priceIn((await withCart()).text)).toBe('30500');
    renders.length = 0;

    // Staff (or anyone with SQL) change the price: the catalogue's version moves.
    await setKerosene500(29_900);
    const after = [await get('/', 0), await get('/', 1), await withCart()];
    expect(after.map((res) => priceIn(res.text))).toEqual(['29900', '29900', '29900']);
    expect(renders).toEqual(['/', '/', '/']);
  });

  it('renders for every visitor with a session, and for private pages', async () => {
    const cookie = await cartCookie();
    await get('/about');
    renders.length = 0;
    await get('/about').set('Cookie', 'fuelyard_session=not-a-session');
    await get('/about').set('Cookie', 'fuelyard_session=not-a-session');
    for (const path of ['/checkout', '/cart', '/user/account', '/order/x', '/pay/test/x']) {
      await get(path).set('Cookie', cookie);
      await get(path).set('Cookie', cookie);
    }
    expect(renders).toEqual([
      '/about',
      '/about',
      ...['/checkout', '/cart', '/user/account', '/order/x', '/pay/test/x'].flatMap((p) => [p, p]),
    ]);
  });

  it('reuses a page across carts that show the same, each with its own cart data', async () => {
    const [a, b, c] = [await cartCookie(), await cartCookie(), await cartCookie()];
    await addCoal(a, 1);
    await addCoal(b, 1, 2); // the same count (one bag), another product
    await addCoal(c, 1);
    await addCoal(c, 1, 3); // two bags
    renders.length = 0;
    const first = await get('/about', 1).set('Cookie', a);
    const second = await get('/about', 1).set('Cookie', b);
    const third = await get('/about', 1).set('Cookie', c);
    expect(renders).toEqual(['/about', '/about']);
    const dataOf = (res: request.Response) =>
      (
        JSON.parse(
          JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(res.text)?.[1] ?? '""'),
        ) as {
          loaderData: { root: { cart: { cartId: string; items: unknown[] } } };
        }
      ).loaderData.root.cart;
    const [one, two] = [dataOf(first).items, dataOf(second).items];
    expect([one.length, two.length, dataOf(third).items.length]).toEqual([1, 1, 2]);
    expect(JSON.stringify(one)).not.toBe(JSON.stringify(two));
    const ids = [first, second, third].map((res) => dataOf(res).cartId);
    expect(new Set(ids).size).toBe(3);
    expect(`cartId=${ids[1]}`).toBe(b);
    expect(second.text).not.toContain(ids[0]);
    // Its own nonce, and the page otherwise the same as the first visitor's.
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.text).toContain(`<script nonce="${nonceOf(second)}" src="/a.js">`);
    const normalised = (res: request.Response) =>
      res.text.replaceAll(nonceOf(res), 'N').replace(/JSON\.parse\(.*?\);<\/script>/, '');
    expect(normalised(second)).toBe(normalised(first));
  });

  it('keeps pages apart by what they read of the cart, and never by a cart id', async () => {
    const [a, b] = [await cartCookie(), await cartCookie()];
    const other = await cartCookie('BT7 1NN');
    renders.length = 0;
    await get('/postcode-page').set('Cookie', a);
    await get('/postcode-page').set('Cookie', b);
    const elsewhere = await get('/postcode-page').set('Cookie', other);
    expect(elsewhere.text).toContain('data-postcode="BT71NN"');
    await get('/own-cart').set('Cookie', a);
    await get('/own-cart').set('Cookie', a);
    expect(renders).toEqual(['/postcode-page', '/postcode-page', '/own-cart', '/own-cart']);
  });

  it('never keeps a 404, and keeps apart the query strings a page reads', async () => {
    renders.length = 0;
    expect((await get('/missing')).status).toBe(404);
    expect((await get('/missing')).status).toBe(404);
    expect((await get(`${coalPage}?category=nope`)).status).toBe(404);
    expect((await get(`${coalPage}?category=nope`)).status).toBe(404);
    await get(`${coalPage}?category=best-sellers`);
    await get(`${coalPage}?category=smokeless-fuels`);
    await get(`${coalPage}?category=best-sellers`);
    expect(renders).toEqual(['/missing', '/missing', coalPage, coalPage, coalPage, coalPage]);
  });

  // Issue 46, item 4: 210 × `GET /about?z=<unique>` had pushed every page out of the cache.
  it("keeps no address but a page's own, so a run of unique ones leaves the kept pages in place", async () => {
    const kept = ['/faqs', coalPage, `${coalPage}?category=smokeless-fuels`];
    for (const address of kept) expect((await get(address)).status).toBe(200);
    const cookie = await cartCookie();
    const withCart = (address: string) => get(address).set('Cookie', cookie);
    expect((await withCart('/faqs')).status).toBe(200);
    renders.length = 0;
    // More unique addresses than the cache holds (200 pages): a query no page reads, and a
    // path that the URL parser resolves to a page (`/7/../about` is `/about`).
    for (let i = 0; i < 210; i += 1) {
      expect((await get(`/about?z=${i}`)).status).toBe(200);
      expect((await get(`/${i}/../about`)).status).toBe(200);
    }
    for (let i = 0; i < 10; i += 1) {
      expect((await withCart(`/about?z=${i}`)).status).toBe(200);
    }
    expect(renders).toHaveLength(430);
    renders.length = 0;
    // The kept pages were never pushed out: none is rendered again.
    for (const address of kept) expect((await get(address)).status).toBe(200);
    expect((await withCart('/faqs')).status).toBe(200);
    expect(renders).toEqual([]);
    // For none of those addresses was a page kept: asked again, each is rendered again, as it
    // was asked.
    await get('/about?z=0');
    await get('/0/../about');
    await withCart('/about?z=0');
    expect(renders).toEqual(['/about', '/about', '/about']);
    // A campaign's tracking parameters do not break the page: it is rendered for them.
    const tracked = await get('/?utm_source=newsletter&utm_medium=email');
    expect(tracked.status).toBe(200);
    expect(priceIn(tracked.text)).toMatch(/^\d+$/);
  });

  it('outside production every page is rendered', async () => {
    const config = testConfig({ PUBLIC_URL: 'http://shop.test' });
    const dev = createApp({
      config,
      database: db.handle,
      logger: createLogger('silent'),
      ssr: runtime,
    });
    renders.length = 0;
    await request(dev.callback()).get('/faqs');
    await request(dev.callback()).get('/faqs');
    expect(renders).toEqual(['/faqs', '/faqs']);
  });
});
