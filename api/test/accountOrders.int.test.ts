import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../db/schema';
import { messages } from '../domain/messages';
import { crossSiteMessage } from '../middleware/crossSite';
import { deletedCustomerName } from '../services/auth/service';
import {
  agentFor,
  checkoutForm,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type Agent,
  type PlacedBody,
  type SeededProduct,
} from './checkoutFixtures';
import { signUp } from './accounts';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/** Orders and accounts (issue 16), over HTTP against the real app and database. */
const slow = 60_000;

let t: TestApp;
let oil: SeededProduct;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: shop, LOGIN_RATE_LIMIT: '1000' } });
  oil = await seededProduct(t, 'kerosene-heating-oil');
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

const db = () => t.db.handle.db;
let counter = 0;

/** A visitor with 300 L of oil in the cart, signed in to a new account (or a guest). */
async function shopper(
  signedIn: boolean,
): Promise<{ agent: Agent; email: string; password: string }> {
  const agent = await visitorWith(t, [
    { product: oil, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 },
  ]);
  counter += 1;
  const email = `buyer${counter}.${Date.now()}@example.com`;
  const password = 'a long enough passphrase';
  if (signedIn) await signUp(agent, shop, db(), { fullName: `Buyer ${counter}`, email, password });
  return { agent, email, password };
}

async function placeOrder(agent: Agent, email: string): Promise<PlacedBody> {
  const res = await postCheckout(agent, checkoutForm({ email }));
  expect(res.status).toBe(201);
  return res.body as PlacedBody;
}

async function userId(email: string): Promise<string> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}

describe(`orders of signed-in customers (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'checkout attaches the order to the signed-in customer, who lists and opens it without a token',
    async () => {
      const { agent, email } = await shopper(true);
      const placed = await placeOrder(agent, email);
      const [row] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
      expect(row?.customerId).toBe(await userId(email));

      const list = await agent.get('/api/orders');
      expect(list.status).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.body).toMatchObject({
        code: 200,
        message: messages.order.listed,
        orders: [
          {
            id: placed.order.id,
            number: placed.order.number,
            status: 'pending_payment',
            total: placed.order.total,
            currency: 'GBP',
          },
        ],
      });

      const open = await agent.get(`/api/orders/${placed.order.id}`);
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({ code: 200, order: { id: placed.order.id } });
    },
    slow,
  );

  it(
    'another customer, and a signed-out visitor, get the one 404 without the token',
    async () => {
      const owner = await shopper(true);
      const placed = await placeOrder(owner.agent, owner.email);
      const other = await shopper(true);
      const notFound = { code: 404, message: messages.order.notFound };

      const theirs = await other.agent.get(`/api/orders/${placed.order.id}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(notFound);
      const guest = await agentFor(t).get(`/api/orders/${placed.order.id}`);
      expect(guest.status).toBe(404);
      expect(guest.body).toEqual(notFound);
      // Their list holds none of it.
      expect((await other.agent.get('/api/orders')).body).toMatchObject({ orders: [] });
      // The token still opens it for anyone who holds it (the guest link in the e-mail).
      const withToken = await agentFor(t)
        .get(`/api/orders/${placed.order.id}`)
        .set('X-Order-Token', placed.orderToken);
      expect(withToken.status).toBe(200);
    },
    slow,
  );

  it(
    'GET /api/orders answers 401 when signed out',
    async () => {
      const res = await agentFor(t).get('/api/orders');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, message: messages.auth.notSignedIn });
    },
    slow,
  );

  it(
    'a guest order joins an account only with its token, never by e-mail',
    async () => {
      const guest = await shopper(false);
      const { agent: customer, email } = await shopper(true);
      // The guest order carries the customer's e-mail address: that alone attaches nothing.
      const placed = await placeOrder(guest.agent, email);
      const [before] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
      expect(before?.customerId).toBeNull();
      expect((await customer.get('/api/orders')).body).toMatchObject({ orders: [] });
      expect((await customer.get(`/api/orders/${placed.order.id}`)).status).toBe(404);

      const claim = (agent: Agent, token?: string) =>
        agent
          .post(`/api/orders/${placed.order.id}/claim`)
          .set('Origin', shop)
          .send(token === undefined ? {} : { token });

      expect((await claim(customer)).status).toBe(404);
      expect((await claim(customer, 'wrong-token')).status).toBe(404);
      const signedOut = await claim(agentFor(t), placed.orderToken);
      expect(signedOut.status).toBe(401);

      const ok = await claim(customer, placed.orderToken);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ code: 200, message: messages.order.claimed });
      const [after] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
      expect(after?.customerId).toBe(await userId(email));
      expect((await customer.get('/api/orders')).body).toMatchObject({
        orders: [{ id: placed.order.id }],
      });
      expect((await customer.get(`/api/orders/${placed.order.id}`)).status).toBe(200);
      // Again: still theirs. Someone else with the token: refused.
      expect((await claim(customer, placed.orderToken)).status).toBe(200);
      const other = await shopper(true);
      const stolen = await other.agent
        .post(`/api/orders/${placed.order.id}/claim`)
        .set('Origin', shop)
        .set('X-Order-Token', placed.orderToken)
        .send({});
      expect(stolen.status).toBe(409);
      expect(stolen.body).toMatchObject({ message: messages.order.claimedByAnother });

      const foreign = await customer
        .post(`/api/orders/${placed.order.id}/claim`)
        .set('Origin', 'https://evil.example')
        .send({ token: placed.orderToken });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ message: crossSiteMessage });
    },
    slow,
  );

  it(
    'deleting the account keeps its orders, their lines and money, without the person',
    async () => {
      const { agent, email, password } = await shopper(true);
      const placed = await placeOrder(agent, email);
      const id = await userId(email);
      const gone = await agent
        .delete('/api/users/me')
        .set('Origin', shop)
        .send({ currentPassword: password });
      expect(gone.status).toBe(200);
      const [row] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
      expect(row).toMatchObject({
        customerId: id,
        fullName: deletedCustomerName,
        email: `deleted-${placed.order.id}@deleted.invalid`,
        phone: '',
        addressLine1: '',
        addressLine2: null,
        instructions: null,
        postcode: 'BT11AA',
        total: placed.order.total,
      });
      expect(JSON.stringify(row)).not.toContain(email);
      expect(JSON.stringify(row)).not.toContain(checkoutForm().fullName);
      // The guest link still works; the signed-out browser cannot list anything.
      const withToken = await agentFor(t)
        .get(`/api/orders/${placed.order.id}`)
        .set('X-Order-Token', placed.orderToken);
      expect(withToken.status).toBe(200);
      expect((await agent.get('/api/orders')).status).toBe(401);
    },
    slow,
  );
});
