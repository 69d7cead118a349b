import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orders, productSizes, testPaymentSessions } from '../db/schema';
import { messages } from '../domain/messages';
import { formatPence } from '../domain/money';
import { officePhones } from '../domain/site';
import {
  checkoutForm,
  checkoutSummary,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type Agent,
  type PlacedBody,
  type SeededProduct,
} from './checkoutFixtures';
import { sendPaymentEvent } from './deliveryFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * Checkout's money gaps (issue items 4, 7, 10, 14): the provider session of an order a checkout
 * replaces, the total the customer saw, rate limits, replays of settled orders, the cart after
 * payment, and the domestic-use declaration on trade volumes.
 */
let t: TestApp;
let oil: SeededProduct; // Kerosene: 300 L £192.00, 500 L £305.00, 900 L £535.00
let gasOil: SeededProduct;
let coal: SeededProduct;

const m = messages.checkout;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: shop } });
  oil = await seededProduct(t, 'kerosene-heating-oil');
  gasOil = await seededProduct(t, 'gas-oil-red-diesel');
  coal = await seededProduct(t, 'premium-house-coal');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.db.handle.db;
const oilLine = (title: string, quantity = 1) => ({
  product: oil,
  sizeId: sizeNamed(oil, title).id,
  quantity,
});

async function cartIdOf(agent: Agent): Promise<string> {
  const res = await agent.get('/api/cart');
  const id = (res.body as { cart: { cartId: string | null } }).cart.cartId;
  if (!id) throw new Error('The visitor has no cart');
  return id;
}

async function cartLines(cartId: string) {
  return db()
    .select({
      productId: cartItems.productId,
      sizeId: cartItems.sizeId,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt));
}

async function ordersOfCart(cartId: string) {
  return db().select().from(orders).where(eq(orders.cartId, cartId)).orderBy(asc(orders.number));
}

/** The test provider's signed webhook: the order's latest session was paid. */
async function pay(orderId: string): Promise<void> {
  expect(await sendPaymentEvent(t, orderId)).toEqual({ status: 200, outcome: 'applied' });
}

describe(`checkout gaps (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  describe('item 4: an order a checkout replaces can no longer be paid at the provider', () => {
    it('a new key, or the same key with a changed form, cancels the earlier order and its provider session', async () => {
      const agent = await visitorWith(t, [oilLine('300 Litres')]);
      const key = randomUUID();
      const first = (await postCheckout(agent, checkoutForm(), key)).body as PlacedBody;
      const changed = await postCheckout(agent, checkoutForm({ phone: '07700 900123' }), key);
      expect(changed.status).toBe(201);
      const second = changed.body as PlacedBody;
      const third = await postCheckout(agent);
      expect(third.status).toBe(201);
      for (const replaced of [first, second]) {
        const [order] = await db().select().from(orders).where(eq(orders.id, replaced.order.id));
        expect(order?.status).toBe('cancelled');
        const [session] = await db()
          .select({ status: testPaymentSessions.status })
          .from(testPaymentSessions)
          .where(eq(testPaymentSessions.orderId, replaced.order.id));
        expect(session?.status).toBe('cancelled');
      }
      const [open] = await db()
        .select({ status: testPaymentSessions.status })
        .from(testPaymentSessions)
        .where(eq(testPaymentSessions.orderId, (third.body as PlacedBody).order.id));
      expect(open?.status).toBe('open');
    });
  });

  describe('item 10: the total the customer saw', () => {
    it('a price raised between review and Pay answers 409 with the new total; the cart is kept; Pay again at the new total places the order', async () => {
      const agent = await visitorWith(t, [oilLine('900 Litres')]);
      const cartId = await cartIdOf(agent);
      const reviewed = await checkoutSummary(agent, false);
      const size = sizeNamed(oil, '900 Litres');
      // Staff raise the price by £100 while the customer reads the summary.
      await db()
        .update(productSizes)
        .set({ price: sql`${productSizes.price} + 10000` })
        .where(eq(productSizes.id, size.id));
      try {
        const before = await cartLines(cartId);
        const res = await postCheckout(agent, { ...checkoutForm(), expectedTotal: reviewed.total });
        const now = reviewed.total + 10000;
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({
          code: 409,
          message: m.totalChanged(formatPence(now)),
          total: now,
          summary: { total: now },
        });
        expect(await ordersOfCart(cartId)).toEqual([]);
        expect(await cartLines(cartId)).toEqual(before);
        // The customer confirms the new total.
        const confirmed = await postCheckout(agent, { ...checkoutForm(), expectedTotal: now });
        expect(confirmed.status).toBe(201);
        expect((confirmed.body as PlacedBody).order.total).toBe(now);
      } finally {
        await db()
          .update(productSizes)
          .set({ price: size.price })
          .where(eq(productSizes.id, size.id));
      }
    });

    it('a checkout without the total it showed (an older page) is refused with 400, nothing written', async () => {
      const agent = await visitorWith(t, [oilLine('300 Litres')]);
      const cartId = await cartIdOf(agent);
      for (const expectedTotal of [undefined, '19200', -1, 1.5, null]) {
        const res = await postCheckout(agent, { ...checkoutForm(), expectedTotal });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 400, message: m.expectedTotalRequired });
      }
      expect(await ordersOfCart(cartId)).toEqual([]);
    });
  });

  describe('item 14: replays, rate limits and the cart after payment', () => {
    it('the key of a paid order answers 200 with its real state, not a payment page; of an expired one, 409', async () => {
      const agent = await visitorWith(t, [oilLine('300 Litres')]);
      const key = randomUUID();
      const placed = (await postCheckout(agent, checkoutForm(), key)).body as PlacedBody;
      await pay(placed.order.id);
      const replay = await postCheckout(agent, { ...checkoutForm(), expectedTotal: 19200 }, key);
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({
        code: 200,
        message: m.orderAlreadyPaid,
        order: { id: placed.order.id, status: 'paid' },
        redirectUrl: `/checkout/process?order=${placed.order.id}`,
      });

      const other = await visitorWith(t, [oilLine('300 Litres')]);
      const otherKey = randomUUID();
      const expiring = (await postCheckout(other, checkoutForm(), otherKey)).body as PlacedBody;
      await db().update(orders).set({ status: 'expired' }).where(eq(orders.id, expiring.order.id));
      const again = await postCheckout(other, checkoutForm(), otherKey);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 409,
        message: m.orderNoLongerPayable('has expired'),
        order: { id: expiring.order.id, status: 'expired' },
      });
      expect(again.body).not.toHaveProperty('redirectUrl');
      expect(await ordersOfCart(await cartIdOf(other))).toHaveLength(1);
    });

    it('paying an order takes only what it bought out of the cart: a line added afterwards stays', async () => {
      const agent = await visitorWith(t, [oilLine('300 Litres', 2)]);
      const cartId = await cartIdOf(agent);
      const placed = (await postCheckout(agent)).body as PlacedBody;
      // After Pay: one more 300 L and a bag of coal.
      for (const line of [
        { type: 'oil', productId: oil.id, attributeId: sizeNamed(oil, '300 Litres').id },
        { type: 'coal', productId: coal.id, attributeId: sizeNamed(coal, '40kg bag').id },
      ]) {
        const added = await agent
          .post('/api/cart/items')
          .set('Origin', shop)
          .send({ ...line, quantity: 1 });
        expect(added.status).toBe(200);
      }
      await pay(placed.order.id);
      expect(await cartLines(cartId)).toEqual([
        { productId: oil.id, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 },
        { productId: coal.id, sizeId: sizeNamed(coal, '40kg bag').id, quantity: 1 },
      ]);
    });

    it('new orders are limited per address and per cart (429 with Retry-After); replays are not counted', async () => {
      // A database of its own: the limits count every order this address made on it.
      const limited = await createTestApp({
        env: { PUBLIC_URL: shop, CHECKOUT_RATE_LIMIT: '10', CHECKOUT_CART_RATE_LIMIT: '3' },
      });
      try {
        await limitedOrders(limited);
      } finally {
        await limited.close();
      }
    }, 60_000);
  });

  async function limitedOrders(limited: TestApp): Promise<void> {
    const ownOil = await seededProduct(limited, 'kerosene-heating-oil');
    const line = () => ({
      product: ownOil,
      sizeId: sizeNamed(ownOil, '300 Litres').id,
      quantity: 1,
    });
    {
      // 20 orders at once from one address, each from its own cart: 10 are taken.
      const agents = await Promise.all(
        Array.from({ length: 20 }, () => visitorWith(limited, [line()])),
      );
      const answers = await Promise.all(agents.map((agent) => postCheckout(agent)));
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      const refused = answers.find((res) => res.status === 429);
      expect(refused?.body).toMatchObject({ code: 429, message: m.tooManyOrders });
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      // Per cart (the address's own limit lifted): three new orders, then 429; a replay of a
      // key the cart used still answers.
      const perCart = await createTestApp({
        db: limited.db,
        env: { PUBLIC_URL: shop, CHECKOUT_CART_RATE_LIMIT: '3' },
      });
      const agent = await visitorWith(perCart, [line()]);
      const key = randomUUID();
      // Each with other details: the same ones again would retry the first order, not make one.
      const other = (instructions: string) => checkoutForm({ instructions });
      expect((await postCheckout(agent, checkoutForm(), key)).status).toBe(201);
      expect((await postCheckout(agent, other('Second try'))).status).toBe(201);
      expect((await postCheckout(agent, other('Third try'))).status).toBe(201);
      const fourth = await postCheckout(agent, other('Fourth try'));
      expect(fourth.status).toBe(429);
      expect(fourth.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
      // The first key again is a replay of its (since cancelled) order, not a new order: 409.
      expect((await postCheckout(agent, checkoutForm(), key)).status).toBe(409);
    }
  }

  describe('item 7: the domestic-use declaration on trade volumes', () => {
    it('36,000 L with the declaration is not taken online: 422 naming the office numbers, the cart kept; without it, or for a few tank-fills, checkout goes on', async () => {
      const trade = await visitorWith(t, [
        oilLine('900 Litres', 20),
        { product: gasOil, sizeId: sizeNamed(gasOil, '900 Litres').id, quantity: 20 },
      ]);
      const cartId = await cartIdOf(trade);
      const before = await cartLines(cartId);
      const declared = await postCheckout(
        trade,
        checkoutForm({ domesticUse: true, addressLine1: 'Unit 4, Duncrue Industrial Estate' }),
      );
      expect(declared.status).toBe(422);
      const message = m.domesticUseTooLarge('36,000 litres of oil', officePhones());
      expect(declared.body).toMatchObject({
        code: 422,
        message,
        fieldErrors: { domesticUse: message },
      });
      expect(await ordersOfCart(cartId)).toEqual([]);
      expect(await cartLines(cartId)).toEqual(before);
      // Without the declaration: standard-rate VAT, accepted.
      const undeclared = await postCheckout(trade, checkoutForm({ domesticUse: false }));
      expect(undeclared.status).toBe(201);
      const [order] = await ordersOfCart(cartId);
      expect(order?.vatAdjustment).toBeGreaterThan(0);

      // Three tank-fills (2,700 L) with the declaration: 5 % VAT, accepted.
      const household = await visitorWith(t, [oilLine('900 Litres', 3)]);
      const small = await postCheckout(household, checkoutForm({ domesticUse: true }));
      expect(small.status).toBe(201);
      const [smallOrder] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.id, (small.body as PlacedBody).order.id)));
      expect(smallOrder).toMatchObject({ domesticUse: true, vatAdjustment: 0 });
    });
  });
});
