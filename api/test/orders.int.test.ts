import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { orders, productSizes } from '../db/schema';
import { messages } from '../domain/messages';
import type { OrderView } from '../domain/order';
import { createLogger } from '../logger';
import { createPayments, type Payments } from '../services/payments';
import {
  checkoutForm,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type PlacedBody,
  type SeededProduct,
} from './checkoutFixtures';
import { createTestApp, testConfig, usingPostgres, type TestApp } from './harness';

let t: TestApp;
let oil: SeededProduct;
let coal: SeededProduct;
/** An app whose reconciliation is counted (and can be made to fail). */
let watched: TestApp;
const reconciled: string[] = [];
let reconcileFails = false;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: shop } });
  oil = await seededProduct(t, 'kerosene-heating-oil');
  coal = await seededProduct(t, 'premium-house-coal');
  const config = testConfig({ PUBLIC_URL: shop });
  const logger = createLogger('silent');
  const real = createPayments({ config, db: t.db.handle.db, logger });
  const payments: Payments = {
    ...real,
    reconcileOrder: async (orderId) => {
      reconciled.push(orderId);
      if (reconcileFails) throw new Error('The provider is down.');
      return real.reconcileOrder(orderId);
    },
  };
  watched = {
    app: createApp({ config, database: t.db.handle, logger, payments }),
    db: t.db,
    close: () => Promise.resolve(),
  };
});
afterAll(async () => {
  await t.close();
});

const db = () => t.db.handle.db;

async function placeOrder(
  lines: { product: SeededProduct; size: string; quantity: number }[],
  domesticUse = false,
): Promise<PlacedBody> {
  const agent = await visitorWith(
    t,
    lines.map((l) => ({
      product: l.product,
      sizeId: sizeNamed(l.product, l.size).id,
      quantity: l.quantity,
    })),
  );
  const res = await postCheckout(
    agent,
    checkoutForm({ domesticUse, tankLocation: 'Behind the garage', tankAccess: 'Gate code 1234' }),
  );
  expect(res.status).toBe(201);
  return res.body as PlacedBody;
}

const get = (app: TestApp, path: string) => request(app.app.callback()).get(path);

function expectPrivate(res: request.Response): void {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

const notFound = { code: 404, message: messages.order.notFound };

describe(`GET /api/orders/{id} (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let placed: PlacedBody;
  let other: PlacedBody;

  beforeAll(async () => {
    placed = await placeOrder([
      { product: oil, size: '500 Litres', quantity: 1 },
      { product: coal, size: '40kg bag', quantity: 2 },
    ]);
    other = await placeOrder([{ product: oil, size: '300 Litres', quantity: 1 }]);
  });

  it('answers the order to the holder of its token (header), never cached nor referred', async () => {
    const res = await get(t, `/api/orders/${placed.order.id}`).set(
      'X-Order-Token',
      placed.orderToken,
    );
    expect(res.status).toBe(200);
    expectPrivate(res);
    const body = res.body as { code: number; message: string; order: OrderView };
    expect(body).toMatchObject({ code: 200, message: messages.order.loaded });
    expect(body.order).toMatchObject({
      id: placed.order.id,
      number: placed.order.number,
      status: 'pending_payment',
      paidAt: null,
      fullName: 'Ciara McAllister',
      email: 'ciara@example.com',
      phone: '028 9032 1234',
      addressLine1: '7 Donegall Square',
      addressLine2: null,
      town: 'Belfast',
      postcode: 'BT11AA',
      // The oil tank's answers, kept with the order for the driver.
      tankLocation: 'Behind the garage',
      tankAccess: 'Gate code 1234',
      instructions: 'Ring the bell on arrival.',
      domesticUse: false,
      subtotal: 30500 + 2 * 2495,
      deliveryCharge: 600,
      vatAdjustment: 0,
      total: 30500 + 2 * 2495 + 600,
      currency: 'GBP',
    });
    expect(body.order.lines.map((l) => [l.title, l.sizeTitle, l.quantity, l.lineTotal])).toEqual([
      ['Kerosene Heating Oil', '500 Litres', 1, 30500],
      ['Premium House Coal', '40kg bag', 2, 4990],
    ]);
    expect(body.order.vatBreakdown).toEqual([{ rate: 500, amount: body.order.vatTotal }]);
    expect(new Date(body.order.createdAt).toString()).not.toBe('Invalid Date');
  });

  it('takes the token from ?token= too', async () => {
    const res = await get(t, `/api/orders/${placed.order.id}?token=${placed.orderToken}`);
    expect(res.status).toBe(200);
    expectPrivate(res);
  });

  it('the same 404 without a token, with a wrong one, another order’s, an unknown or bad id', async () => {
    const cases = [
      get(t, `/api/orders/${placed.order.id}`),
      get(t, `/api/orders/${placed.order.id}`).set('X-Order-Token', 'x'.repeat(43)),
      get(t, `/api/orders/${placed.order.id}`).set('X-Order-Token', other.orderToken),
      get(t, `/api/orders/${placed.order.id}?token=${other.orderToken}`),
      get(t, `/api/orders/${placed.order.id}`).set('X-Order-Token', ''),
      get(t, `/api/orders/${randomUUID()}`).set('X-Order-Token', placed.orderToken),
      get(t, '/api/orders/not-a-uuid').set('X-Order-Token', placed.orderToken),
      get(t, `/api/orders/${placed.order.id}x`).set('X-Order-Token', placed.orderToken),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
      expectPrivate(res);
    }
  });

  it('is a snapshot: a later catalogue price change does not touch the order', async () => {
    const size = sizeNamed(oil, '500 Litres');
    await db().update(productSizes).set({ price: 99900 }).where(eq(productSizes.id, size.id));
    try {
      const res = await get(t, `/api/orders/${placed.order.id}`).set(
        'X-Order-Token',
        placed.orderToken,
      );
      const order = (res.body as { order: OrderView }).order;
      expect(order.lines[0]?.unitPrice).toBe(30500);
      expect(order.total).toBe(placed.order.total);
    } finally {
      await db()
        .update(productSizes)
        .set({ price: size.price })
        .where(eq(productSizes.id, size.id));
    }
  });

  it('VAT: 3 × 900 L without the declaration shows the adjustment and 20 %; with it, 5 %', async () => {
    const undeclared = await placeOrder([{ product: oil, size: '900 Litres', quantity: 3 }]);
    const declared = await placeOrder([{ product: oil, size: '900 Litres', quantity: 3 }], true);
    const read = async (p: PlacedBody) =>
      (
        (await get(t, `/api/orders/${p.order.id}`).set('X-Order-Token', p.orderToken)).body as {
          order: OrderView;
        }
      ).order;
    expect(await read(undeclared)).toMatchObject({
      vatAdjustment: 22929,
      total: 183429,
      vatTotal: 30572,
      vatBreakdown: [{ rate: 2000, amount: 30572 }],
      lines: [{ vatRate: 2000 }],
    });
    expect(await read(declared)).toMatchObject({
      domesticUse: true,
      vatAdjustment: 0,
      total: 160500,
      vatBreakdown: [{ rate: 500, amount: 7643 }],
    });
  });

  describe('?waiting=1 (the /checkout/process page)', () => {
    it('records when the customer came back, once', async () => {
      const p = await placeOrder([{ product: oil, size: '300 Litres', quantity: 1 }]);
      const path = `/api/orders/${p.order.id}`;
      await get(t, path).set('X-Order-Token', p.orderToken);
      const before = await db().select().from(orders).where(eq(orders.id, p.order.id));
      expect(before[0]?.returnedAt).toBeNull();
      const first = await get(t, `${path}?waiting=1`).set('X-Order-Token', p.orderToken);
      expect(first.status).toBe(200);
      const [marked] = await db().select().from(orders).where(eq(orders.id, p.order.id));
      expect(marked?.returnedAt).toBeInstanceOf(Date);
      await get(t, `${path}?waiting=1`).set('X-Order-Token', p.orderToken);
      const [again] = await db().select().from(orders).where(eq(orders.id, p.order.id));
      expect(again?.returnedAt?.getTime()).toBe(marked?.returnedAt?.getTime());
      // Nobody without the token marks anything.
      const q = await placeOrder([{ product: oil, size: '300 Litres', quantity: 1 }]);
      const refused = await get(t, `/api/orders/${q.order.id}?waiting=1`);
      expect(refused.status).toBe(404);
      const [untouched] = await db().select().from(orders).where(eq(orders.id, q.order.id));
      expect(untouched?.returnedAt).toBeNull();
    });

    it('asks the provider 30 s after the return, at most once per 10 s; a failure is not shown', async () => {
      const p = await placeOrder([{ product: oil, size: '300 Litres', quantity: 1 }]);
      const path = `/api/orders/${p.order.id}?waiting=1`;
      const poll = () => get(watched, path).set('X-Order-Token', p.orderToken);
      expect((await poll()).status).toBe(200);
      expect(reconciled).not.toContain(p.order.id);
      // The customer came back 40 s ago and no webhook has come.
      await db()
        .update(orders)
        .set({ returnedAt: sql`now() - interval '40 seconds'` })
        .where(eq(orders.id, p.order.id));
      reconcileFails = true;
      try {
        const res = await poll();
        expect(res.status).toBe(200);
        expect((res.body as { order: OrderView }).order.status).toBe('pending_payment');
      } finally {
        reconcileFails = false;
      }
      expect(reconciled.filter((id) => id === p.order.id)).toHaveLength(1);
      // Polled again at once: not asked again.
      expect((await poll()).status).toBe(200);
      expect(reconciled.filter((id) => id === p.order.id)).toHaveLength(1);
    });

    it('leaves an order that is no longer pending alone', async () => {
      const p = await placeOrder([{ product: oil, size: '300 Litres', quantity: 1 }]);
      await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, p.order.id));
      const res = await get(t, `/api/orders/${p.order.id}?waiting=1`).set(
        'X-Order-Token',
        p.orderToken,
      );
      expect((res.body as { order: OrderView }).order.status).toBe('cancelled');
      const [row] = await db().select().from(orders).where(eq(orders.id, p.order.id));
      expect(row?.returnedAt).toBeNull();
    });
  });
});
