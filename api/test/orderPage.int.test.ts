import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { sendsNoReferrer } from '../middleware/security';
import { realAppRuntime, signedInCustomer } from './appEntry';
import { type PlacedBody, placeOilOrder, shop } from './checkoutFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * The order page's contract, through HTTP against the real app's server rendering: /order/{id}
 * answers 404 with the ordinary Page not found page when the order cannot be shown (an unknown
 * id, no or a wrong token, another customer), 200 with its token or for its signed-in owner; the
 * page and its API never send a Referer (the address holds the token).
 */
const slow = 120_000;
let t: TestApp;
let placed: PlacedBody;
let owner: { cookie: string };
let owned: PlacedBody;

beforeAll(async () => {
  t = await createTestApp({ ssr: await realAppRuntime(), env: { PUBLIC_URL: shop } });
  placed = await placeOilOrder(t);
  owner = await signedInCustomer(t.db);
  owned = await placeOilOrder(t, owner.cookie);
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

const page = (path: string, cookie?: string) => {
  const req = request(t.app.callback()).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

function expectNotFoundPage(res: request.Response) {
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.text).toContain(messages.notFound.heading);
  expect(res.text).toContain(messages.notFound.text);
}

describe(`/order/{id} (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('with its token: 200, the page, no Referer', async () => {
    const res = await page(`/order/${placed.order.id}?token=${placed.orderToken}`);
    expect(res.status).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).not.toContain(messages.notFound.heading);
    // The order itself is in the first HTML: its number and its line.
    expect(res.text).toContain(`Order ${placed.order.number}`);
    expect(res.text).toContain('Kerosene Heating Oil');
  });

  it('for its signed-in owner without the token: 200', async () => {
    const res = await page(`/order/${owned.order.id}`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.text).not.toContain(messages.notFound.heading);
    expect(res.text).toContain(`Order ${owned.order.number}`);
  });

  it.each([
    ['an unknown id', () => `/order/00000000-0000-4000-8000-000000000000`],
    [
      'an unknown id with a token',
      () => `/order/${crypto.randomUUID()}?token=${placed.orderToken}`,
    ],
    ['a malformed id', () => `/order/not-an-order`],
    ['a very long id', () => `/order/${'a'.repeat(500)}`],
    ['no token', () => `/order/${placed.order.id}`],
    ['an empty token', () => `/order/${placed.order.id}?token=`],
    ['a wrong token', () => `/order/${placed.order.id}?token=${'x'.repeat(43)}`],
    ["another order's token", () => `/order/${placed.order.id}?token=${owned.orderToken}`],
  ])('%s: the ordinary 404 page', async (_name, path) => {
    const res = await page(path());
    expectNotFoundPage(res);
    expect(res.text).not.toContain(placed.order.number);
  });

  it('another signed-in customer, without the token: 404', async () => {
    const other = await signedInCustomer(t.db);
    expectNotFoundPage(await page(`/order/${owned.order.id}`, other.cookie));
    // The owner's order, for the owner's own session, is still there.
    expect((await page(`/order/${owned.order.id}`, owner.cookie)).status).toBe(200);
  });

  it('the API answers the same, with no Referer either way', async () => {
    const api = (path: string, cookie?: string) => page(path, cookie);
    const found = await api(`/api/orders/${placed.order.id}?token=${placed.orderToken}`);
    expect(found.status).toBe(200);
    expect(found.headers['referrer-policy']).toBe('no-referrer');
    const missing = await api(`/api/orders/${placed.order.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, message: messages.order.notFound });
    expect(missing.headers['referrer-policy']).toBe('no-referrer');
    const list = await api('/api/orders', owner.cookie);
    expect(list.status).toBe(200);
    expect(list.headers['referrer-policy']).toBe('no-referrer');
  });

  it('other pages keep the site-wide policy', async () => {
    const res = await page('/faqs');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(sendsNoReferrer('/orders')).toBe(false);
    expect(sendsNoReferrer('/order')).toBe(true);
    expect(sendsNoReferrer('/ORDER/x')).toBe(true);
    expect(sendsNoReferrer('/api/orders/x/claim')).toBe(true);
  });
});
