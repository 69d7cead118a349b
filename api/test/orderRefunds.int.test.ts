import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, productSizes, products } from '../db/schema';
import type { AdminOrder } from '../domain/adminApi';
import { netPaid, type OrderView } from '../domain/order';
import {
  checkoutAt,
  fillCartAt,
  postCheckout,
  type PlacedOrder,
} from '../services/payments/contract';
import { promoteAndSignIn, signUp } from './accounts';
import { usingPostgres } from './harness';
import { startProviderShop, type ProviderShop } from './providerShop';

/**
 * What a customer sees of their order after the back office acted on it (issue 32, items 10 and
 * 11): the refunds on the order, the e-mails' wording and links, the claim offer, and a deleted
 * customer's order, over HTTP against a shop on loopback with the built-in test provider.
 */
const slow = 60_000;

let shop: ProviderShop;
type Agent = ReturnType<typeof request.agent>;
let staff: Agent;
const password = 'a long enough passphrase';
let counter = 0;

const db = () => shop.db;

function write(agent: Agent, method: 'post' | 'delete', path: string) {
  return agent[method](path).set('Origin', shop.url);
}

async function newAccount(agent: Agent): Promise<string> {
  counter += 1;
  const email = `refunds${counter}.${Date.now()}@example.com`;
  await signUp(agent, shop.url, db(), { fullName: `Person ${counter}`, email, password });
  return email;
}

async function pay(placed: Pick<PlacedOrder, 'id' | 'session'>): Promise<void> {
  const res = await fetch(
    `${shop.url}/api/payments/test/sessions/${placed.session.sessionId}/complete`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify({ outcome: 'pay' }),
    },
  );
  expect(res.status).toBe(200);
}

async function paidOrder(): Promise<PlacedOrder> {
  const placed = await checkoutAt({ url: shop.url, db: db(), payments: shop.payments });
  await pay(placed);
  return placed;
}

/** The order as its holder's link opens it. */
async function customerView(id: string, token: string): Promise<OrderView> {
  const res = await request(shop.url).get(`/api/orders/${id}`).set('X-Order-Token', token);
  expect(res.status).toBe(200);
  return (res.body as { order: OrderView }).order;
}

async function moveTo(id: string, status: 'out_for_delivery' | 'delivered', host?: string) {
  const req = write(staff, 'post', `/api/admin/orders/${id}/status`);
  if (host) req.set('Host', host);
  const res = await req.send({ status });
  expect(res.status).toBe(200);
}

async function refund(id: string, key: string, amount?: string) {
  const res = await write(staff, 'post', `/api/admin/orders/${id}/refunds`)
    .set('Idempotency-Key', key)
    .send(amount === undefined ? {} : { amount });
  expect(res.status).toBe(201);
  return res.body as { order: AdminOrder };
}

async function mailsOf(orderId: string, topic: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.topicId, orderId), eq(mailOutbox.topic, topic)))
    .orderBy(mailOutbox.createdAt);
}

beforeAll(async () => {
  shop = await startProviderShop({ LOGIN_RATE_LIMIT: '1000' });
  staff = request.agent(shop.url);
  const email = await newAccount(staff);
  await promoteAndSignIn(staff, shop.url, db(), email, password);
}, slow);
afterAll(async () => {
  await shop?.close();
}, slow);

describe(`a customer's order after the back office (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'shows each refund (amount, date) and the net paid; the full refund of a delivered order is not "cancelled"',
    async () => {
      const placed = await paidOrder();
      const before = await customerView(placed.id, placed.token);
      expect(before.refunds).toEqual([]);

      await moveTo(placed.id, 'out_for_delivery');
      await moveTo(placed.id, 'delivered');
      const started = Date.now();
      await refund(placed.id, 'refund-part-10', '10.00');
      await refund(placed.id, 'refund-the-rest');

      const after = await customerView(placed.id, placed.token);
      expect(after.status).toBe('refunded');
      expect(after.total).toBe(placed.total);
      expect(after.refunds.map((r) => r.amount)).toEqual([1000, placed.total - 1000]);
      for (const made of after.refunds) {
        expect(Date.parse(made.refundedAt)).toBeGreaterThanOrEqual(started - 1000);
      }
      expect(netPaid(after)).toBe(0);

      const mails = await mailsOf(placed.id, 'order-refund');
      expect(mails.map((m) => m.subject)).toEqual([
        `Fuelyard order ${placed.number}: refund of £10.00`,
        expect.stringContaining(`order ${placed.number}: refund of £`),
      ]);
      const full = mails[1];
      expect(full?.text).toContain('With the earlier refunds, all of the');
      expect(full?.text).not.toContain('cancelled');
      expect(full?.html).not.toContain('cancelled');
    },
    slow,
  );

  it(
    'the out-for-delivery e-mail links to the order from PUBLIC_URL (never the Host header), with a working token',
    async () => {
      const placed = await paidOrder();
      await moveTo(placed.id, 'out_for_delivery', 'evil.example');
      const [mail] = await mailsOf(placed.id, 'order-out-for-delivery');
      const link = `${shop.url}/order/${placed.id}?token=${placed.token}`;
      expect(mail?.text).toContain(`View your order and receipt: ${link}`);
      expect(mail?.html).toContain(`href="${link}"`);
      expect(`${mail?.text}${mail?.html}`).not.toContain('evil.example');
      // The postcode as people write it, as everywhere else.
      expect(mail?.text).toContain('BT1 1AA');
      // The link's token opens the order.
      const token = new URL(link).searchParams.get('token') ?? '';
      expect((await customerView(placed.id, token)).id).toBe(placed.id);

      const [confirmation] = await mailsOf(placed.id, 'order-confirmation');
      expect(confirmation?.text).toContain('BT1 1AA');
      expect(confirmation?.text).not.toContain('BT11AA');
    },
    slow,
  );

  it(
    'an order claimed into an account says so (the claim is not offered again); once the account is deleted, no one sees its anonymised address',
    async () => {
      // A guest pays, then signs up in the same browser and claims the order with its token.
      const guest = await fillCartAt({ url: shop.url, db: db() });
      const placedRes = await postCheckout({ url: shop.url }, guest);
      expect(placedRes.status).toBe(201);
      const body = placedRes.body as { order: { id: string }; orderToken: string };
      const id = body.order.id;
      const session = await shop.payments.latestSession(id);
      if (!session) throw new Error('No payment session');
      await pay({ id, session });
      expect((await customerView(id, body.orderToken)).inAccount).toBe(false);

      await newAccount(guest);
      const claimed = await write(guest, 'post', `/api/orders/${id}/claim`).send({
        token: body.orderToken,
      });
      expect(claimed.status).toBe(200);
      expect((await customerView(id, body.orderToken)).inAccount).toBe(true);
      const own = await guest.get(`/api/orders/${id}`);
      expect((own.body as { order: OrderView }).order.inAccount).toBe(true);

      // Delivered, then the customer deletes the account: the order stays, anonymised.
      await moveTo(id, 'out_for_delivery');
      await moveTo(id, 'delivered');
      // An unpaid order of the same cart, left before the account goes.
      const [oil] = await db()
        .select({ productId: products.id, sizeId: productSizes.id })
        .from(products)
        .innerJoin(productSizes, eq(productSizes.productId, products.id))
        .where(
          and(eq(products.slug, 'kerosene-heating-oil'), eq(productSizes.title, '500 Litres')),
        );
      const added = await write(guest, 'post', '/api/cart/items').send({
        type: 'oil',
        productId: oil?.productId,
        attributeId: oil?.sizeId,
        quantity: 1,
      });
      expect(added.status).toBe(200);
      expect((await postCheckout({ url: shop.url }, guest)).status).toBe(201);
      const retry = await guest.get('/api/checkout');
      expect(
        (retry.body as { summary: { lastDetails?: unknown } }).summary.lastDetails,
      ).toBeDefined();

      const gone = await write(guest, 'delete', '/api/users/me').send({
        currentPassword: password,
      });
      expect(gone.status).toBe(200);
      const [row] = await db().select().from(orders).where(eq(orders.id, id));
      expect(row?.email).toMatch(/@deleted\.invalid$/);

      const view = await customerView(id, body.orderToken);
      expect(view.email).toBe('');
      expect(JSON.stringify(view)).not.toContain('deleted.invalid');
      const admin = await staff.get(`/api/admin/orders/${id}`);
      expect(admin.status).toBe(200);
      expect((admin.body as { order: AdminOrder }).order.email).toBe('');
      expect(JSON.stringify(admin.body)).not.toContain('deleted.invalid');

      // The checkout of that cart starts from no one's details, not the placeholder's.
      const summary = await guest.get('/api/checkout');
      expect(summary.status).toBe(200);
      expect((summary.body as { summary: { lastDetails?: unknown } }).summary.lastDetails).toBe(
        undefined,
      );
      expect(JSON.stringify(summary.body)).not.toContain('deleted.invalid');

      // A refund now has no one to e-mail: nothing is queued to the placeholder.
      await refund(id, 'refund-deleted-customer');
      expect(await mailsOf(id, 'order-refund')).toEqual([]);
    },
    slow,
  );
});
