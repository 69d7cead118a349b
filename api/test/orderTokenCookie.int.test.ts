import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../domain/messages';
import { orderTokenCookieName } from '../routes/orderTokenCookie';
import { realAppRuntime } from './appEntry';
import { type PlacedBody, placeOilOrder, shop } from './checkoutFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * The order page takes `?token=` out of its address once it has read it, and the server answers
 * 404 to a visitor with neither the token nor the owner's session: so the browser that opened the
 * order with its token keeps it in an HttpOnly cookie sent only to that order's page and API, and
 * a reload or a new tab still opens the order. No other order, and no other path, gets it.
 */
const slow = 120_000;
let t: TestApp;
let first: PlacedBody;
let second: PlacedBody;

beforeAll(async () => {
  t = await createTestApp({ ssr: await realAppRuntime(), env: { PUBLIC_URL: shop } });
  first = await placeOilOrder(t);
  second = await placeOilOrder(t);
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

/** The order-token cookies an answer sets, as `{ path, value, attributes }`. */
function tokenCookies(res: request.Response) {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return lines
    .filter((line) => line.startsWith(`${orderTokenCookieName}=`))
    .map((line) => ({
      value: line.slice(orderTokenCookieName.length + 1).split(';')[0] ?? '',
      path: /;\s*path=([^;]+)/i.exec(line)?.[1] ?? '',
      httpOnly: /;\s*httponly/i.test(line),
      sameSite: /;\s*samesite=([^;]+)/i.exec(line)?.[1]?.toLowerCase() ?? '',
    }));
}

describe(`the order-token cookie (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'opening the order with its token keeps it for that order page and its API only',
    async () => {
      const res = await request(t.app.callback()).get(
        `/order/${first.order.id}?token=${first.orderToken}`,
      );
      expect(res.status).toBe(200);
      const cookies = tokenCookies(res);
      expect(cookies.map((c) => c.path).sort()).toEqual(
        [`/api/orders/${first.order.id}`, `/order/${first.order.id}`].sort(),
      );
      for (const cookie of cookies) {
        expect(cookie.value).toBe(first.orderToken);
        expect(cookie.httpOnly).toBe(true);
        expect(cookie.sameSite).toBe('lax');
      }
    },
    slow,
  );

  it(
    'a reload without the token opens the order with the kept cookie; another order does not',
    async () => {
      const cookie = `${orderTokenCookieName}=${first.orderToken}`;
      const page = await request(t.app.callback())
        .get(`/order/${first.order.id}`)
        .set('Cookie', cookie);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(messages.notFound.heading);
      const api = await request(t.app.callback())
        .get(`/api/orders/${first.order.id}`)
        .set('Cookie', cookie);
      expect(api.status).toBe(200);
      expect((api.body as { order: { number: string } }).order.number).toBe(first.order.number);

      // The first order's token opens nothing else.
      const other = await request(t.app.callback())
        .get(`/order/${second.order.id}`)
        .set('Cookie', cookie);
      expect(other.status).toBe(404);
      const otherApi = await request(t.app.callback())
        .get(`/api/orders/${second.order.id}`)
        .set('Cookie', cookie);
      expect(otherApi.status).toBe(404);
    },
    slow,
  );

  it(
    'the API keeps a token shown in its header, and never a wrong one',
    async () => {
      const shown = await request(t.app.callback())
        .get(`/api/orders/${second.order.id}`)
        .set('X-Order-Token', second.orderToken);
      expect(shown.status).toBe(200);
      expect(
        tokenCookies(shown)
          .map((c) => c.path)
          .sort(),
      ).toEqual([`/api/orders/${second.order.id}`, `/order/${second.order.id}`].sort());

      const wrong = await request(t.app.callback())
        .get(`/api/orders/${second.order.id}`)
        .set('X-Order-Token', first.orderToken);
      expect(wrong.status).toBe(404);
      expect(tokenCookies(wrong)).toEqual([]);
      const wrongPage = await request(t.app.callback()).get(
        `/order/${second.order.id}?token=${first.orderToken}`,
      );
      expect(wrongPage.status).toBe(404);
      expect(tokenCookies(wrongPage)).toEqual([]);
    },
    slow,
  );
});
