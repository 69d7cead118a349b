import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { messages } from '../domain/messages';
import {
  agentFor,
  checkoutForm,
  checkoutSummary,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type Agent,
  type SeededProduct,
} from './checkoutFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * What spends checkout's rate limits (CHECKOUT_RATE_LIMIT per address, CHECKOUT_CART_RATE_LIMIT
 * per cart): only attempts that make an order. The client's address comes from X-Forwarded-For
 * (TRUST_PROXY), so each test has an address, and a fresh budget, of its own on one database.
 */
const perAddress = 4;
const perCart = 2;
const slow = 120_000;

let t: TestApp;
let oil: SeededProduct;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: shop,
      TRUST_PROXY: 'true',
      CHECKOUT_RATE_LIMIT: String(perAddress),
      CHECKOUT_CART_RATE_LIMIT: String(perCart),
    },
  });
  oil = await seededProduct(t, 'kerosene-heating-oil');
}, slow);
afterAll(async () => {
  await t?.close();
});

const visitor = () =>
  visitorWith(t, [{ product: oil, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 }]);

let attempts = 0;

/**
 * A press of Pay from `address`, with the total the page showed. Each press has details of its
 * own (the same ones again would pay the cart's unpaid order again rather than make a new one).
 */
async function pay(
  agent: Agent,
  address: string,
  email: string,
  change: { expectedTotal?: number; fullName?: string } = {},
): Promise<number> {
  attempts += 1;
  const total = (await checkoutSummary(agent)).total;
  const { expectedTotal = total, ...fields } = change;
  const res = await agent
    .post('/api/checkout')
    .set('Origin', shop)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('X-Forwarded-For', address)
    .set('Idempotency-Key', randomUUID())
    .send({
      ...checkoutForm({ email, instructions: `Press ${attempts}`, ...fields }),
      expectedTotal,
    });
  if (res.status === 429) {
    expect(res.body).toMatchObject({ code: 429, message: messages.checkout.tooManyOrders });
    expect(res.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
  }
  return res.status;
}

async function presses(agent: Agent, address: string, email: string, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) statuses.push(await pay(agent, address, email));
  return statuses;
}

async function ordersBy(email: string): Promise<number> {
  const [row] = await t.db.handle.db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.email, email));
  return row?.n ?? 0;
}

describe(`checkout rate limits count only orders made (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    "presses the cart's limit refuses do not spend the address's: it still gets all its orders",
    async () => {
      const address = '198.51.100.7';
      const email = 'probe@example.com';
      // One cart pressed past its own limit: the presses it refuses make no order…
      const first = await visitor();
      expect(await presses(first, address, email, 5)).toEqual([201, 201, 429, 429, 429]);
      // …so the address still has the rest of its orders, from another cart, and then no more.
      const second = await visitor();
      expect(await presses(second, address, email, 2)).toEqual([201, 201]);
      const third = await visitor();
      expect(await presses(third, address, email, 3)).toEqual([429, 429, 429]);
      expect(await ordersBy(email)).toBe(perAddress);
      // Nor did the address's refusals spend the third cart's limit: from another address
      // (another household behind the same cart, say), it takes its own two orders.
      expect(await presses(third, '198.51.100.9', email, 3)).toEqual([201, 201, 429]);
      expect(await ordersBy(email)).toBe(perAddress + perCart);
    },
    slow,
  );

  it(
    'checkouts refused before an order is made (invalid form, changed total, empty cart) spend neither limit',
    async () => {
      const address = '198.51.100.8';
      const email = 'refused@example.com';
      const agent = await visitor();
      // More refusals than either limit: each makes no order, so none counts.
      for (let i = 0; i < perAddress + 1; i += 1) {
        expect(await pay(agent, address, email, { fullName: '' })).toBe(400);
        expect(await pay(agent, address, email, { expectedTotal: 1 })).toBe(409);
      }
      const empty = agentFor(t);
      expect(
        (await empty.put('/api/cart/postcode').set('Origin', shop).send({ postcode: 'BT1 1AA' }))
          .status,
      ).toBe(200);
      for (let i = 0; i < perAddress + 1; i += 1) {
        expect(await pay(empty, address, email)).toBe(422);
      }
      expect(await ordersBy(email)).toBe(0);
      // The cart and the address still have their whole budgets.
      expect(await presses(agent, address, email, 3)).toEqual([201, 201, 429]);
      const other = await visitor();
      expect(await presses(other, address, email, 3)).toEqual([201, 201, 429]);
      expect(await ordersBy(email)).toBe(perAddress);
      const last = await visitor();
      expect(await pay(last, address, email)).toBe(429);
    },
    slow,
  );
});
