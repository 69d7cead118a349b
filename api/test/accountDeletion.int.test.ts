import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sessions, users } from '../db/schema';
import { messages } from '../domain/messages';
import { authAnswers } from '../domain/authAnswers';
import type { OrderStatus } from '../domain/order';
import { deletedCustomerName } from '../services/auth/service';
import { statusesHoldingDeletion } from '../services/orders/openOrders';
import { signedInCustomer } from './appEntry';
import {
  checkoutForm,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type PlacedBody,
} from './checkoutFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * Deleting an account while an order still needs the customer's details (paid, out for delivery,
 * under review) is refused with a 409 that says why, and changes nothing; once every order is
 * settled, the account goes and its orders are kept without the person, as before.
 */
const slow = 120_000;
const password = 'a long enough passphrase';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: shop } });
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

const db = () => t.db.handle.db;

async function customerWithOrders(statuses: OrderStatus[]) {
  const customer = await signedInCustomer(t.db, { password });
  const oil = await seededProduct(t, 'kerosene-heating-oil');
  const placed: PlacedBody[] = [];
  for (const status of statuses) {
    const agent = await visitorWith(t, [
      { product: oil, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 },
    ]);
    agent.set('Cookie', customer.cookie);
    const res = await postCheckout(agent, checkoutForm({ email: customer.email }));
    expect(res.status).toBe(201);
    const body = res.body as PlacedBody;
    // The order's state as payments and staff would have moved it on.
    await db().update(orders).set({ status }).where(eq(orders.id, body.order.id));
    placed.push(body);
  }
  return { ...customer, placed };
}

const deleteAccount = (cookie: string) =>
  request(t.app.callback())
    .delete('/api/users/me')
    .set('Origin', shop)
    .set('Cookie', cookie)
    .send({ currentPassword: password });

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`No order ${id}`);
  return row;
}

describe(`deleting an account with orders (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each(statusesHoldingDeletion.map((status) => [status]))(
    'refused while an order is %s: 409 naming it, nothing changed, still signed in',
    async (status) => {
      const customer = await customerWithOrders(['delivered', status, 'cancelled']);
      const held = customer.placed[1];
      if (!held) throw new Error('No order placed');
      const before = await orderRow(held.order.id);

      const res = await deleteAccount(customer.cookie);
      expect(res.status).toBe(409);
      const message = authAnswers.accountHasOpenOrders([held.order.number]);
      expect(res.body).toEqual({ code: 409, message, errors: [message] });
      expect(message).toContain(held.order.number);
      expect(res.headers['set-cookie']).toBeUndefined();

      // The order keeps the person's details, so it can still be delivered.
      const after = await orderRow(held.order.id);
      expect(after).toEqual(before);
      expect(after.fullName).not.toBe(deletedCustomerName);
      expect(after.addressLine1).not.toBe('');
      expect(after.phone).not.toBe('');
      // The account and its session are untouched.
      const [user] = await db().select().from(users).where(eq(users.id, customer.userId));
      expect(user?.deletedAt).toBeNull();
      expect(user?.email).toBe(customer.email);
      const me = await request(t.app.callback())
        .get('/api/users/me')
        .set('Cookie', customer.cookie);
      expect(me.status).toBe(200);
      // The other orders were not anonymised either.
      for (const other of [customer.placed[0], customer.placed[2]]) {
        expect((await orderRow(other?.order.id ?? '')).fullName).not.toBe(deletedCustomerName);
      }
    },
    slow,
  );

  it(
    'names every order that holds it back',
    async () => {
      const customer = await customerWithOrders(['paid', 'needs_review', 'out_for_delivery']);
      const res = await deleteAccount(customer.cookie);
      expect(res.status).toBe(409);
      for (const placed of customer.placed) {
        expect((res.body as { message: string }).message).toContain(placed.order.number);
      }
    },
    slow,
  );

  it(
    'once every order is settled, the account goes and the orders stay without the person',
    async () => {
      const customer = await customerWithOrders(['paid', 'pending_payment', 'refunded']);
      const paid = customer.placed[0];
      if (!paid) throw new Error('No order placed');
      expect((await deleteAccount(customer.cookie)).status).toBe(409);

      // Delivered: nothing holds it back any more.
      await db().update(orders).set({ status: 'delivered' }).where(eq(orders.id, paid.order.id));
      const res = await deleteAccount(customer.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 200, message: messages.auth.accountDeleted });
      for (const placed of customer.placed) {
        const row = await orderRow(placed.order.id);
        expect(row.fullName).toBe(deletedCustomerName);
        expect(row.phone).toBe('');
        expect(row.addressLine1).toBe('');
        expect(row.total).toBe(placed.order.total);
      }
      const [user] = await db().select().from(users).where(eq(users.id, customer.userId));
      expect(user?.deletedAt).not.toBeNull();
      const left = await db().select().from(sessions).where(eq(sessions.userId, customer.userId));
      expect(left).toEqual([]);
    },
    slow,
  );

  it('the refusal lists at most five order numbers', () => {
    const numbers = Array.from({ length: 7 }, (_, i) => `FY-10000${i}`);
    const message = authAnswers.accountHasOpenOrders(numbers);
    expect(message).toContain('FY-100004 and 2 more are');
    expect(message).not.toContain('FY-100005');
    expect(authAnswers.accountHasOpenOrders(['FY-1'])).toContain('order FY-1 is still');
  });
});
