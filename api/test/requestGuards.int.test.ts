import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, enquiries, productSizes, products } from '../db/schema';
import { errorHandler } from '../middleware/errors';
import { crossSiteExemptPaths, crossSiteGuard, crossSiteMessage } from '../middleware/crossSite';
import { bodyMessages } from '../middleware/jsonBody';
import { createLogger } from '../logger';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from './harness';

/**
 * The API-wide request guards: only the site's own pages may change state (403 otherwise), bodies
 * are JSON only (415), a body that does not decode is a 400, and every cart answer keeps its shape.
 */
let db: TestDatabase;
let site: TestApp; // PUBLIC_URL=https://shop.example
let local: TestApp; // no PUBLIC_URL: the request's own Host decides
const shop = 'https://shop.example';
const postcode = { postcode: 'BT1 1AA' };

const coalAdd = { type: 'coal', productId: 0, attributeId: 0, quantity: 1 };
const enquiry = {
  name: 'Sam Doherty',
  email: 'sam@example.com',
  address: '3 Quay Street, Newry BT35 6AA',
  companyName: 'Doherty Fuels',
  telephone: '028 3026 1234',
  enquiry: 'Twenty tonnes of house coal a month, please.',
};

async function cartRows(): Promise<number> {
  const [row] = await db.handle.db.select({ n: count() }).from(carts);
  return row?.n ?? 0;
}

async function enquiryRows(): Promise<number> {
  const [row] = await db.handle.db.select({ n: count() }).from(enquiries);
  return row?.n ?? 0;
}

beforeAll(async () => {
  db = await createTestDatabase();
  const [coal] = await db.handle.db
    .select({ productId: productSizes.productId, attributeId: productSizes.id })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(eq(products.slug, 'premium-house-coal'))
    .limit(1);
  if (!coal) throw new Error('The seed has no Premium House Coal');
  Object.assign(coalAdd, coal);
  site = await createTestApp({ db, env: { PUBLIC_URL: shop } });
  local = await createTestApp({ db });
  // Two apps on a new PGlite: about 2 s idle, over 30 s at a load average of 11 on two cores.
}, 120_000);
afterAll(async () => {
  await site.close();
  await local.close();
  await db.close();
});

describe('another site cannot drive the API', () => {
  const writes: [string, 'post' | 'put' | 'delete', unknown][] = [
    ['/api/cart/items', 'post', coalAdd],
    ['/api/cart/postcode', 'put', { postcode: 'BT1 1AA' }],
    ['/api/cart', 'delete', undefined],
    ['/api/enquiries', 'post', enquiry],
  ];

  it.each(writes)(
    '%s (%s) from another Origin answers 403 and changes nothing',
    async (path, method, body) => {
      const before = [await cartRows(), await enquiryRows()];
      for (const origin of ['https://evil.example', 'null', 'https://shop.example.evil.example']) {
        const client = request(site.app.callback());
        const res = await client[method](path)
          .set('Origin', origin)
          .send(body as object);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 403, message: crossSiteMessage });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect([await cartRows(), await enquiryRows()]).toEqual(before);
    },
  );

  it('refuses Sec-Fetch-Site cross-site and same-site, even without Origin', async () => {
    for (const fetchSite of ['cross-site', 'same-site']) {
      const res = await request(site.app.callback())
        .post('/api/cart/items')
        .set('Sec-Fetch-Site', fetchSite)
        .send(coalAdd);
      expect(res.status).toBe(403);
    }
  });

  it('without Origin and Sec-Fetch-Site, refuses a Referer from anywhere but the site', async () => {
    const before = await cartRows();
    for (const referer of [
      'https://evil.example/x',
      'http://shop.example/basket',
      'https://shop.example.evil.example/',
      'https://shop.example:8443/',
      'javascript:alert(1)',
      '/basket',
      'not a url',
    ]) {
      const res = await request(site.app.callback())
        .post('/api/cart/items')
        .set('Referer', referer)
        .send(coalAdd);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, message: crossSiteMessage });
    }
    // With PUBLIC_URL set, the request's Host does not make its Referer the site's.
    const byHost = await request(site.app.callback())
      .put('/api/cart/postcode')
      .set('Host', 'shop.test')
      .set('Referer', 'http://shop.test/basket')
      .send(postcode);
    expect(byHost.status).toBe(403);
    expect(await cartRows()).toBe(before);

    const own = await request(site.app.callback())
      .put('/api/cart/postcode')
      .set('Referer', `${shop}/basket?step=2`)
      .send(postcode);
    expect(own.status).toBe(200);
    // Without PUBLIC_URL, the same rule as for Origin: the request's own protocol and Host.
    const local8080 = (referer: string) =>
      request(local.app.callback())
        .put('/api/cart/postcode')
        .set('Host', 'shop.test:8080')
        .set('Referer', referer)
        .send(postcode);
    expect((await local8080('http://shop.test:8080/basket')).status).toBe(200);
    expect((await local8080('http://shop.test:8081/basket')).status).toBe(403);
  });

  it('accepts the site itself, by PUBLIC_URL or by its own Host', async () => {
    const own = await request(site.app.callback())
      .put('/api/cart/postcode')
      .set('Origin', shop)
      .set('Sec-Fetch-Site', 'same-origin')
      .send(postcode);
    expect(own.status).toBe(200);
    // Without PUBLIC_URL, the Origin must equal the request's protocol and Host.
    const byHost = await request(local.app.callback())
      .put('/api/cart/postcode')
      .set('Host', 'Shop.Test:8080')
      .set('Origin', 'http://shop.test:8080')
      .send(postcode);
    expect(byHost.status).toBe(200);
    const wrongPort = await request(local.app.callback())
      .post('/api/cart/items')
      .set('Host', 'shop.test:8080')
      .set('Origin', 'http://shop.test:8081')
      .send(coalAdd);
    expect(wrongPort.status).toBe(403);
    // A Host that is not a host name cannot make any Origin match.
    const badHost = await request(local.app.callback())
      .post('/api/cart/items')
      .set('Host', 'a b')
      .set('Origin', 'http://a b')
      .send(coalAdd);
    expect(badHost.status).toBe(403);
  });

  it('lets reads through from anywhere (no CORS headers, so their answers stay unreadable)', async () => {
    const res = await request(site.app.callback())
      .get('/api/cart')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('exempts only the listed webhook paths: one per payment provider', async () => {
    expect(crossSiteExemptPaths).toEqual([
      '/api/payments/webhooks/test',
      '/api/payments/webhooks/worldpay',
      '/api/payments/webhooks/stripe',
    ]);
    const app = new Koa();
    app.use(errorHandler(createLogger('silent')));
    app.use(
      crossSiteGuard({ siteOrigin: () => shop, exemptPaths: ['/api/payments/webhooks/test'] }),
    );
    app.use((ctx) => {
      ctx.body = { code: 200, message: 'ok' };
    });
    const from = (path: string, header: 'Origin' | 'Referer' = 'Origin') =>
      request(app.callback()).post(path).set(header, 'https://provider.example/').send({});
    expect((await from('/api/payments/webhooks/test')).status).toBe(200);
    expect((await from('/api/payments/webhooks/test/')).status).toBe(403);
    expect((await from('/api/payments/webhooks')).status).toBe(403);
    // A provider's Referer, without Origin, is no reason to refuse a signed webhook either.
    expect((await from('/api/payments/webhooks/test', 'Referer')).status).toBe(200);
    expect((await from('/api/payments/webhooks', 'Referer')).status).toBe(403);
  });
});

describe('state-changing requests take JSON only', () => {
  const forms: [string, string, string][] = [
    ['/api/cart/items', 'application/x-www-form-urlencoded', 'type=coal&productId=1&quantity=1'],
    ['/api/cart/items', 'text/plain', JSON.stringify(coalAdd)],
    ['/api/cart/items', 'multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
    ['/api/enquiries', 'application/x-www-form-urlencoded', 'name=Sam'],
    ['/api/enquiries', 'text/plain', JSON.stringify(enquiry)],
    ['/api/graphql', 'text/plain', '{"query":"{ __typename }"}'],
  ];

  it.each(forms)('%s as %s answers 415 and stores nothing', async (path, type, body) => {
    const before = [await cartRows(), await enquiryRows()];
    const res = await request(local.app.callback()).post(path).set('Content-Type', type).send(body);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 415, message: bodyMessages.notJson });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect([await cartRows(), await enquiryRows()]).toEqual(before);
  });

  it('refuses a charset other than UTF-8, and a body without a Content-Type', async () => {
    const latin = await request(local.app.callback())
      .post('/api/cart/items')
      .set('Content-Type', 'application/json; charset=iso-8859-1')
      .send(JSON.stringify(coalAdd));
    expect(latin.status).toBe(415);
    const untyped = await request(local.app.callback())
      .post('/api/cart/items')
      .set('Content-Length', '2')
      .send(Buffer.from('{}'));
    expect(untyped.status).toBe(415);
  });

  it('takes application/json with charset=utf-8, and a DELETE without a body', async () => {
    const typed = await request(local.app.callback())
      .put('/api/cart/postcode')
      .set('Content-Type', 'Application/JSON; charset="UTF-8"')
      .send(JSON.stringify(postcode));
    expect(typed.status).toBe(200);
    const emptied = await request(local.app.callback()).delete('/api/cart');
    expect(emptied.status).toBe(200);
  });
});

describe('Content-Encoding', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = local.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cart/postcode`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // Sent with fetch over a real socket, byte for byte as given.
  const post = async (encoding: string, body: Buffer) => {
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const json = Buffer.from(JSON.stringify(postcode));

  it.each(['gzip', 'deflate', 'br'])('a plain body labelled %s answers 400', async (encoding) => {
    const res = await post(encoding, json);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message: bodyMessages.undecodable });
    expect(res.body).toHaveProperty('cart');
  });

  it('decodes gzip, deflate and br bodies', async () => {
    for (const [encoding, body] of [
      ['gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
      ['br', brotliCompressSync(json)],
    ] as const) {
      const res = await post(encoding, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('answers 413 to a small body that inflates past the limit, and 415 to an unknown encoding', async () => {
    const bomb = gzipSync(Buffer.from(`{"a":"${' '.repeat(4 * 1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(32 * 1024);
    expect((await post('gzip', bomb)).status).toBe(413);
    const unknown = await post('compress', json);
    expect(unknown.status).toBe(415);
    expect(unknown.body).toMatchObject({ code: 415, cart: { items: [] } });
  });
});

describe('every cart answer carries the cart, whatever was wrong with the body', () => {
  const broken: [string, string][] = [
    ['invalid JSON', '{"type":'],
    ['a top-level null', 'null'],
    ['a top-level string', '"coal"'],
    ['a __proto__ key', '{"type":"coal","__proto__":{"admin":true}}'],
    ['a constructor key', '{"constructor":{"prototype":{"admin":true}}}'],
    ['invalid UTF-8', '\u00ff'],
    ['a body over 32 KB', JSON.stringify({ ...coalAdd, pad: 'x'.repeat(40 * 1024) })],
  ];

  it.each(broken)('%s', async (_name, body) => {
    // An existing cart: its contents come back with the refusal.
    const agent = request.agent(local.app.callback());
    expect((await agent.put('/api/cart/postcode').send(postcode)).status).toBe(200);
    expect((await agent.post('/api/cart/items').send(coalAdd)).status).toBe(200);
    const payload = _name === 'invalid UTF-8' ? Buffer.from([0x7b, 0xff, 0x7d]) : body;
    const res = await agent
      .put('/api/cart/postcode')
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const answer = res.body as { code: number; message: string; cart: { count: number } };
    expect(answer.code).toBe(res.status);
    expect(typeof answer.message).toBe('string');
    expect(answer.cart.count).toBe(1);
  });

  it('a wrong method and another site on a cart path keep the shape too', async () => {
    const wrong = await request(local.app.callback()).put('/api/cart');
    expect(wrong.status).toBe(405);
    expect(wrong.body).toMatchObject({ code: 405, cart: { items: [] } });
    const cross = await request(site.app.callback())
      .post('/api/cart/items')
      .set('Origin', 'https://evil.example')
      .send(coalAdd);
    expect(cross.body).toMatchObject({ code: 403, cart: { items: [] } });
  });
});
