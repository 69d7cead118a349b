import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { orderLines, orders, paymentSessions, testPaymentSessions } from '../db/schema';
import { checkoutLabels } from '../domain/checkout';
import { messages } from '../domain/messages';
import { computeVat } from '../domain/vat';
import type { CartView } from '../domain/cart';
import { crossSiteMessage } from '../middleware/crossSite';
import { createLogger } from '../logger';
import { createPayments } from '../services/payments';
import { PaymentProviderError, type PaymentProvider } from '../services/payments/types';
import {
  cartPostcode,
  checkoutForm,
  checkoutSummary,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  agentFor,
  type PlacedBody,
  type SeededProduct,
} from './checkoutFixtures';
import { createTestApp, testConfig, usingPostgres, type TestApp } from './harness';

let t: TestApp;
let oil: SeededProduct; // Kerosene: 300 L £192.00, 500 L £305.00, 900 L £535.00
let coal: SeededProduct; // Premium House Coal: 40kg bag £24.95, 20kg bag £13.95
let pellets: SeededProduct; // 15kg bag £7.45, pallet (975 kg) £429.00
let briquettes: SeededProduct; // 25kg bale £11.95, pallet of 40 bales (weight unknown) £440.00

const m = messages.checkout;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: shop } });
  oil = await seededProduct(t, 'kerosene-heating-oil');
  coal = await seededProduct(t, 'premium-house-coal');
  pellets = await seededProduct(t, 'enplus-a1-wood-pellets');
  briquettes = await seededProduct(t, 'hayes-lignite-briquettes');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.db.handle.db;

async function ordersOfCart(cartId: string) {
  return db()
    .select()
    .from(orders)
    .where(eq(orders.cartId, cartId))
    .orderBy(asc(orders.createdAt), asc(orders.number));
}

async function orderCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

async function cartIdOf(agent: ReturnType<typeof agentFor>): Promise<string> {
  const res = await agent.get('/api/cart');
  const id = (res.body as { cart: { cartId: string | null } }).cart.cartId;
  if (!id) throw new Error('The visitor has no cart');
  return id;
}

const oil300 = () => ({ product: oil, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 });
const oil900 = (quantity: number) => ({
  product: oil,
  sizeId: sizeNamed(oil, '900 Litres').id,
  quantity,
});

describe(`checkout (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  describe('GET /api/checkout', () => {
    it('prices the cart: each line with its VAT, delivery, VAT per rate, total', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const res = await agent.get('/api/checkout');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ code: 200, message: m.summary });
      const summary = (res.body as { summary: unknown }).summary;
      expect(summary).toEqual({
        lines: [
          {
            productId: oil.id,
            sizeId: sizeNamed(oil, '300 Litres').id,
            type: 'oil',
            title: 'Kerosene Heating Oil',
            sizeTitle: '300 Litres',
            unitPrice: 19200,
            quantity: 1,
            lineTotal: 19200,
            vatRate: 500,
            vatAmount: 914,
          },
        ],
        subtotal: 19200,
        deliveryCharge: 0,
        vatAdjustment: 0,
        vatBreakdown: [{ rate: 500, amount: 914 }],
        vatTotal: 914,
        total: 19200,
        currency: 'GBP',
        postcode: 'BT11AA',
        blocked: null,
        declarationApplies: false,
        domesticUse: false,
        litres: 300,
        kilograms: 0,
        // The delivery days on offer (api/test/deliveryDays.int.test.ts checks them in detail).
        delivery: {
          days: expect.arrayContaining([
            { day: expect.stringMatching(isoDay), free: true, standard: true },
          ]) as unknown,
          earliest: expect.stringMatching(isoDay) as unknown,
          standard: expect.stringMatching(isoDay) as unknown,
          // Priority (next-day) delivery: £25.00 more for oil.
          priority: {
            day: expect.stringMatching(isoDay) as unknown,
            surcharge: 2500,
            total: 21700,
          },
          standardTotal: 19200,
        },
      });
      // Within the automatic limits the cart says nothing about a declaration.
      const cart = (await agent.get('/api/cart')).body as { cart: CartView };
      expect(cart.cart.items).toHaveLength(1);
      expect(cart.cart).not.toHaveProperty('declaration');
    });

    it('VAT: 3 × 900 L of oil without the declaration has the 20 % adjustment; with it, none', async () => {
      const agent = await visitorWith(t, [oil900(3)]);
      const without = await checkoutSummary(agent, false);
      expect(without).toMatchObject({
        declarationApplies: true,
        domesticUse: false,
        litres: 2700,
        subtotal: 160500,
        vatAdjustment: 22929,
        total: 183429,
        vatBreakdown: [{ rate: 2000, amount: 30572 }],
      });
      expect(without.lines[0]).toMatchObject({ vatRate: 2000 });
      // The cart tells before checkout: its total is the declared one, and the other is given.
      const cart = (await agent.get('/api/cart')).body as { cart: CartView };
      expect(cart.cart.total).toBe(160500);
      expect(cart.cart.declaration).toEqual({ totalWithout: 183429 });
      const declared = await checkoutSummary(agent, true);
      expect(declared).toMatchObject({
        declarationApplies: true,
        domesticUse: true,
        vatAdjustment: 0,
        total: 160500,
        vatBreakdown: [{ rate: 500, amount: 7643 }],
      });
    });

    it('solid fuel over a tonne (by the pallet) is at 20 % with its lorry’s delivery charge', async () => {
      const agent = await visitorWith(t, [
        {
          product: pellets,
          sizeId: sizeNamed(pellets, 'Pallet of 65 bags (975kg)').id,
          quantity: 1,
        },
        { product: coal, sizeId: sizeNamed(coal, '40kg bag').id, quantity: 1 },
        oil300(),
      ]);
      const summary = await checkoutSummary(agent);
      expect(summary.kilograms).toBe(1015);
      expect(summary.lines.map((l) => [l.type, l.vatRate])).toEqual([
        ['woodpellet', 2000],
        ['coal', 2000],
        ['oil', 500],
      ]);
      // £6.00 lorry at 20 %, the tanker is free: VAT adds up over both rates.
      const expected = computeVat({
        lines: [
          { type: 'woodpellet', lineTotal: 42900, litres: 0, kilograms: 975 },
          { type: 'coal', lineTotal: 2495, litres: 0, kilograms: 40 },
          { type: 'oil', lineTotal: 19200, litres: 300, kilograms: 0 },
        ],
        deliveries: [
          { kind: 'oil', charge: 0 },
          { kind: 'solid', charge: 600 },
        ],
        domesticUse: false,
      });
      expect(summary.vatBreakdown).toEqual(expected.vatBreakdown);
      expect(summary.total).toBe(expected.total);
      expect(summary.deliveryCharge).toBe(600);
    });

    it('a size of unknown weight counts 0 towards the tonne', async () => {
      const agent = await visitorWith(t, [
        {
          product: briquettes,
          sizeId: sizeNamed(briquettes, 'Pallet of 40 bales').id,
          quantity: 3,
        },
      ]);
      const summary = await checkoutSummary(agent);
      expect(summary.kilograms).toBe(0);
      expect(summary.declarationApplies).toBe(false);
      expect(summary.vatAdjustment).toBe(0);
    });

    it('says why checkout cannot open: an empty cart, or the minimum order', async () => {
      const none = await request(t.app.callback()).get('/api/checkout');
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({
        message: messages.cart.empty,
        summary: { blocked: messages.cart.empty, lines: [], total: 0 },
      });
      const small = await visitorWith(t, [
        { product: coal, sizeId: sizeNamed(coal, '20kg bag').id, quantity: 1 },
      ]);
      const summary = await checkoutSummary(small);
      expect(summary.blocked).toBe(messages.cart.minimumOrder('£30.00'));
    });

    it('refuses a domesticUse that is not true or false', async () => {
      const res = await request(t.app.callback()).get('/api/checkout?domesticUse=yes');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message: m.domesticUseQueryInvalid });
    });
  });

  describe('POST /api/checkout', () => {
    it('201: the order (a snapshot), its token and the payment page', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const cartId = await cartIdOf(agent);
      const res = await postCheckout(agent, checkoutForm({ addressLine2: ' Flat 2 ' }));
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.body as PlacedBody;
      expect(body).toMatchObject({
        code: 201,
        message: m.created,
        order: { status: 'pending_payment', total: 19200 },
      });
      expect(body.order.number).toMatch(/^FY-\d{6,}$/);
      expect(body.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.redirectUrl).toMatch(/^\/pay\/test\/[^/]+$/);

      const [order] = await db().select().from(orders).where(eq(orders.id, body.order.id));
      expect(order).toMatchObject({
        number: body.order.number,
        status: 'pending_payment',
        cartId,
        fullName: 'Ciara McAllister',
        addressLine2: 'Flat 2',
        postcode: 'BT11AA',
        subtotal: 19200,
        deliveryCharge: 0,
        vatAdjustment: 0,
        vatTotal: 914,
        total: 19200,
        currency: 'GBP',
        provider: 'test',
        domesticUse: false,
        accessTokenHash: createHash('sha256').update(body.orderToken).digest('hex'),
      });
      // The token itself is stored nowhere on the order.
      expect(JSON.stringify(order)).not.toContain(body.orderToken);
      const lines = await db()
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, body.order.id));
      expect(lines).toMatchObject([
        {
          productId: oil.id,
          title: 'Kerosene Heating Oil',
          sizeTitle: '300 Litres',
          unitPrice: 19200,
          quantity: 1,
          lineTotal: 19200,
          vatRate: 500,
          vatAmount: 914,
        },
      ]);
      const sessions = await db()
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.orderId, body.order.id));
      expect(sessions).toMatchObject([
        {
          attempt: 1,
          reference: `${body.order.number}-1`,
          amount: 19200,
          currency: 'GBP',
          provider: 'test',
        },
      ]);
      const [hosted] = await db()
        .select()
        .from(testPaymentSessions)
        .where(eq(testPaymentSessions.orderId, body.order.id));
      expect(hosted).toMatchObject({
        returnUrl: `${shop}/checkout/process?order=${body.order.id}`,
        cancelUrl: `${shop}/checkout?payment=cancelled`,
        amount: 19200,
      });
      // The cart stays as it was until the payment is confirmed.
      const cart = await agent.get('/api/cart');
      expect((cart.body as { cart: { count: number } }).cart.count).toBe(1);
    });

    it('ignores prices and totals sent by the client (property over carts)', async () => {
      const choices = [
        { product: () => oil, size: '300 Litres' },
        { product: () => oil, size: '500 Litres' },
        { product: () => oil, size: '900 Litres' },
        { product: () => coal, size: '40kg bag' },
        { product: () => coal, size: '20kg bag' },
        { product: () => pellets, size: 'Pallet of 65 bags (975kg)' },
        { product: () => briquettes, size: '25kg bale' },
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(
            fc.record({
              choice: fc.nat(choices.length - 1),
              quantity: fc.integer({ min: 1, max: 4 }),
            }),
            { minLength: 1, maxLength: 3, selector: (l) => l.choice },
          ),
          fc.boolean(),
          fc.record({
            total: fc.integer({ min: -100, max: 1_000_000 }),
            subtotal: fc.integer({ min: -100, max: 100 }),
            price: fc.nat(100),
            vatAdjustment: fc.integer({ min: -1000, max: 0 }),
            lines: fc.constant([{ productId: oil.id, unitPrice: 1, quantity: 1 }]),
          }),
          async (picked, domesticUse, forged) => {
            const lines = picked.map(({ choice, quantity }) => {
              const c = choices[choice];
              if (!c) throw new Error('no choice');
              const product = c.product();
              const size = sizeNamed(product, c.size);
              return { product, sizeId: size.id, price: size.price, quantity };
            });
            const agent = await visitorWith(t, lines);
            const summary = await checkoutSummary(agent, domesticUse);
            const res = await postCheckout(agent, { ...checkoutForm({ domesticUse }), ...forged });
            if (summary.blocked !== null) {
              expect(res.status).toBe(422);
              return;
            }
            // Trade volumes are not declared for domestic use online (DOMESTIC_USE_MAX_*).
            const { domesticUseMax } = testConfig({ PUBLIC_URL: shop });
            if (
              domesticUse &&
              summary.declarationApplies &&
              (summary.litres > domesticUseMax.litres ||
                summary.kilograms > domesticUseMax.kilograms)
            ) {
              expect(res.status).toBe(422);
              expect(
                (res.body as { fieldErrors?: { domesticUse?: string } }).fieldErrors?.domesticUse,
              ).toMatch(/^We cannot take the domestic-use declaration online for /);
              return;
            }
            expect(res.status).toBe(201);
            const body = res.body as PlacedBody;
            // The catalogue's prices, whatever was sent.
            const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
            const [order] = await db().select().from(orders).where(eq(orders.id, body.order.id));
            expect(order?.subtotal).toBe(subtotal);
            expect(order?.total).toBe(summary.total);
            expect(body.order.total).toBe(summary.total);
            expect(order?.total).toBe(subtotal + summary.deliveryCharge + summary.vatAdjustment);
            expect(order?.vatTotal).toBe(summary.vatTotal);
            // A declaration is kept only where it was asked for.
            expect(order?.domesticUse).toBe(domesticUse && summary.declarationApplies);
          },
        ),
        { numRuns: 15 },
      );
    }, 180_000);

    it('the same Idempotency-Key ×10 in parallel makes one order, answered ten times alike', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const cartId = await cartIdOf(agent);
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postCheckout(agent, checkoutForm(), key)),
      );
      for (const res of answers) expect(res.status).toBe(201);
      const bodies = answers.map((res) => res.body as PlacedBody);
      const first = bodies[0];
      if (!first) throw new Error('no answer');
      for (const body of bodies) {
        expect(body.order.id).toBe(first.order.id);
        expect(body.orderToken).toBe(first.orderToken);
        expect(body.redirectUrl).toBe(first.redirectUrl);
      }
      expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(
        9,
      );
      expect(await ordersOfCart(cartId)).toHaveLength(1);
      const sessions = await db()
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.orderId, first.order.id));
      expect(sessions).toHaveLength(1);
      // A later retry with the same key still answers the same.
      const again = await postCheckout(agent, checkoutForm(), key);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first);
    }, 60_000);

    it('pressing Pay again with a changed cart cancels the pending order and makes a new one', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const cartId = await cartIdOf(agent);
      const first = (await postCheckout(agent)).body as PlacedBody;
      const added = await agent
        .post('/api/cart/items')
        .set('Origin', shop)
        .send({
          type: 'oil',
          productId: oil.id,
          attributeId: sizeNamed(oil, '500 Litres').id,
          quantity: 1,
        });
      expect(added.status).toBe(200);
      const second = await postCheckout(agent);
      expect(second.status).toBe(201);
      const body = second.body as PlacedBody;
      expect(body.order.id).not.toBe(first.order.id);
      expect(body.order.total).toBe(19200 + 30500);
      const rows = await ordersOfCart(cartId);
      expect(rows.map((o) => [o.id, o.status])).toEqual([
        [first.order.id, 'cancelled'],
        [body.order.id, 'pending_payment'],
      ]);
    });

    it('keeps the oil tank’s place and access with an order that has oil, and none without oil', async () => {
      const tank = { tankLocation: ' Behind the garage ', tankAccess: 'Gate code 1234' };
      const withOil = await postCheckout(
        await visitorWith(t, [
          oil300(),
          { product: coal, sizeId: sizeNamed(coal, '40kg bag').id, quantity: 1 },
        ]),
        checkoutForm(tank),
      );
      expect(withOil.status).toBe(201);
      const coalOnly = await postCheckout(
        await visitorWith(t, [
          { product: coal, sizeId: sizeNamed(coal, '40kg bag').id, quantity: 2 },
        ]),
        checkoutForm(tank),
      );
      expect(coalOnly.status).toBe(201);
      const rows = await db()
        .select({ id: orders.id, tankLocation: orders.tankLocation, tankAccess: orders.tankAccess })
        .from(orders)
        .where(
          inArray(orders.id, [
            (withOil.body as PlacedBody).order.id,
            (coalOnly.body as PlacedBody).order.id,
          ]),
        );
      const byId = new Map(rows.map((r) => [r.id, [r.tankLocation, r.tankAccess]]));
      expect(byId.get((withOil.body as PlacedBody).order.id)).toEqual([
        'Behind the garage',
        'Gate code 1234',
      ]);
      // The lorry's driver has no tank to find: the answers are not kept.
      expect(byId.get((coalOnly.body as PlacedBody).order.id)).toEqual([null, null]);
      // Too long or on two lines: the field's own message, and no order.
      const refused = await postCheckout(
        await visitorWith(t, [oil300()]),
        checkoutForm({ tankAccess: 'x'.repeat(201), tankLocation: 'Back\nof the house' }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        fieldErrors: {
          tankLocation: m.oneLine(checkoutLabels.tankLocation),
          tankAccess: m.tooLong(checkoutLabels.tankAccess, 200),
        },
      });
    });

    it('Pay again with the same cart and details retries the same order while it can be paid: a declined one gets a new payment page', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const cartId = await cartIdOf(agent);
      const first = (await postCheckout(agent)).body as PlacedBody;
      // Left on the payment page (still awaiting payment): the same order and the same page.
      const again = await postCheckout(agent);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      const second = again.body as PlacedBody;
      expect(second.order).toEqual(first.order);
      expect(second.redirectUrl).toBe(first.redirectUrl);
      // Declined: the checkout page starts from what was typed, and Pay again is the same
      // order, with a new payment page.
      await db()
        .update(orders)
        .set({ status: 'payment_failed' })
        .where(eq(orders.id, first.order.id));
      const page = await agent.get('/api/checkout');
      const form = checkoutForm();
      expect(page.body.summary.lastDetails).toEqual({
        fullName: form.fullName,
        email: form.email,
        phone: form.phone,
        addressLine1: form.addressLine1,
        addressLine2: form.addressLine2,
        town: form.town,
        tankLocation: form.tankLocation,
        tankAccess: form.tankAccess,
        instructions: form.instructions,
      });
      const retried = await postCheckout(agent);
      expect(retried.status).toBe(201);
      const third = retried.body as PlacedBody;
      expect(third.order.id).toBe(first.order.id);
      expect(third.order.number).toBe(first.order.number);
      expect(third.redirectUrl).not.toBe(first.redirectUrl);
      expect((await ordersOfCart(cartId)).map((o) => [o.id, o.status])).toEqual([
        [first.order.id, 'payment_failed'],
      ]);
      // Cancelled (no longer payable): a new order.
      await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, first.order.id));
      const fresh = (await postCheckout(agent)).body as PlacedBody;
      expect(fresh.order.id).not.toBe(first.order.id);
      expect(await ordersOfCart(cartId)).toHaveLength(2);
      // Paid: nothing to start from (a paid order empties its cart).
      await db().update(orders).set({ status: 'paid' }).where(eq(orders.id, fresh.order.id));
      expect((await agent.get('/api/checkout')).body.summary.lastDetails).toBeUndefined();
    });

    it('the same key with a changed form replaces a pending order; once it is settled, it is refused', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const cartId = await cartIdOf(agent);
      const key = randomUUID();
      const first = (await postCheckout(agent, checkoutForm(), key)).body as PlacedBody;
      const changed = await postCheckout(agent, checkoutForm({ phone: '07700 900123' }), key);
      expect(changed.status).toBe(201);
      const second = changed.body as PlacedBody;
      expect(second.order.id).not.toBe(first.order.id);
      expect((await ordersOfCart(cartId)).map((o) => o.status)).toEqual([
        'cancelled',
        'pending_payment',
      ]);
      // Settled (here: expired), the key cannot be used for something else.
      await db().update(orders).set({ status: 'expired' }).where(eq(orders.id, second.order.id));
      const reused = await postCheckout(agent, checkoutForm({ town: 'Lisburn' }), key);
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({ code: 422, message: m.idempotencyKeyReused });
      expect(await ordersOfCart(cartId)).toHaveLength(2);
    });

    it('400 with every field message for an invalid form, and nothing is written', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const before = await orderCount();
      const res = await postCheckout(agent, {
        fullName: ' ',
        email: 'nope',
        phone: '12',
        addressLine1: '',
        town: '',
        postcode: cartPostcode,
        acceptTerms: false,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: m.fullNameRequired,
        errors: [
          m.fullNameRequired,
          m.emailInvalid,
          m.phoneInvalid,
          m.addressRequired,
          m.townRequired,
          m.acceptTerms,
        ],
        fieldErrors: {
          fullName: m.fullNameRequired,
          email: m.emailInvalid,
          phone: m.phoneInvalid,
          addressLine1: m.addressRequired,
          town: m.townRequired,
          acceptTerms: m.acceptTerms,
        },
      });
      expect(await orderCount()).toBe(before);
    });

    it('400 without an Idempotency-Key, or with a malformed one', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const before = await orderCount();
      const missing = await postCheckout(agent, checkoutForm(), null);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 400, message: m.idempotencyKeyRequired });
      for (const key of ['short', 'has a space inside', 'x'.repeat(201), 'ünïcödé-key']) {
        const res = await postCheckout(agent, checkoutForm(), key);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 400, message: m.idempotencyKeyInvalid });
      }
      expect(await orderCount()).toBe(before);
    });

    it('409 for a postcode other than the cart’s; the same one in another spelling is fine', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const other = await postCheckout(agent, checkoutForm({ postcode: 'BT7 1NN' }));
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({
        code: 409,
        message: m.postcodeMismatch,
        fieldErrors: { postcode: m.postcodeMismatch },
      });
      const same = await postCheckout(agent, checkoutForm({ postcode: 'bt11aa' }));
      expect(same.status).toBe(201);
    });

    it('422 for a cart that cannot check out (empty, below the minimum), nothing written', async () => {
      const before = await orderCount();
      const empty = await postCheckout(agentFor(t));
      expect(empty.status).toBe(422);
      expect(empty.body).toMatchObject({ code: 422, message: messages.cart.empty });
      const small = await visitorWith(t, [
        { product: coal, sizeId: sizeNamed(coal, '20kg bag').id, quantity: 1 },
      ]);
      const below = await postCheckout(small);
      expect(below.status).toBe(422);
      expect(below.body).toMatchObject({ message: messages.cart.minimumOrder('£30.00') });
      expect(await orderCount()).toBe(before);
    });

    it('the cross-site guard applies: another site’s page cannot place an order', async () => {
      const agent = await visitorWith(t, [oil300()]);
      const before = await orderCount();
      const res = await agent
        .post('/api/checkout')
        .set('Origin', 'https://evil.example')
        .set('Idempotency-Key', randomUUID())
        .send(checkoutForm());
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, message: crossSiteMessage });
      expect(await orderCount()).toBe(before);
    });

    it('VAT on the order: 3 × 900 L without the declaration keeps the 20 % adjustment', async () => {
      const undeclared = await visitorWith(t, [oil900(3)]);
      const a = (await postCheckout(undeclared)).body as PlacedBody;
      const declared = await visitorWith(t, [oil900(3)]);
      const b = (await postCheckout(declared, checkoutForm({ domesticUse: true })))
        .body as PlacedBody;
      const rows = await db()
        .select()
        .from(orders)
        .where(inArray(orders.id, [a.order.id, b.order.id]));
      const byId = new Map(rows.map((o) => [o.id, o]));
      expect(byId.get(a.order.id)).toMatchObject({
        vatAdjustment: 22929,
        total: 183429,
        vatTotal: 30572,
        domesticUse: false,
      });
      expect(byId.get(b.order.id)).toMatchObject({
        vatAdjustment: 0,
        total: 160500,
        vatTotal: 7643,
        domesticUse: true,
      });
      const linesOfA = await db()
        .select({ vatRate: orderLines.vatRate })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, a.order.id)));
      expect(linesOfA).toEqual([{ vatRate: 2000 }]);
    });
  });
});

describe('when the payment provider fails after the order is committed', () => {
  let failing: TestApp;
  beforeAll(async () => {
    const config = testConfig({ PUBLIC_URL: shop });
    const logger = createLogger('silent');
    const provider: PaymentProvider = {
      name: 'test',
      createSession: () => Promise.reject(new PaymentProviderError('The provider answered 500.')),
      verifyWebhook: () => Promise.reject(new Error('not used')),
      retrieve: () => Promise.reject(new Error('not used')),
      refund: () => Promise.reject(new Error('not used')),
      cancelSession: () => Promise.reject(new Error('not used')),
    };
    const payments = createPayments({ config, db: t.db.handle.db, logger, provider });
    failing = {
      app: createApp({ config, database: t.db.handle, logger, payments }),
      db: t.db,
      close: () => Promise.resolve(),
    };
  });

  it('answers 502 with a clear message and leaves the order pending', async () => {
    const agent = await visitorWith(failing, [oil300()]);
    const cartId = await cartIdOf(agent);
    const res = await postCheckout(agent);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 502, message: m.providerUnavailable });
    const [order] = await ordersOfCart(cartId);
    expect(order?.status).toBe('pending_payment');
    const sessions = await db()
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.orderId, order?.id ?? ''));
    expect(sessions).toEqual([]);
  });
});
