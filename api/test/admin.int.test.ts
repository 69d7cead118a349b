import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import {
  auditLog,
  mailOutbox,
  orders,
  products,
  refunds,
  sessions,
  testPaymentRefunds,
  testPaymentSessions,
  users,
} from '../db/schema';
import { adminTexts, staffIdleMs } from '../domain/admin';
import type {
  AdminCategory,
  AdminLatePayment,
  AdminOilPrice,
  AdminOrder,
  AdminProduct,
} from '../domain/adminApi';
import { createLogger } from '../logger';
import { crossSiteMessage } from '../middleware/crossSite';
import { adminNotFoundMessage } from '../routes/admin';
import { inviteStaff } from '../services/admin/staff';
import {
  checkoutAt,
  fillCartAt,
  postCheckout,
  type PlacedOrder,
} from '../services/payments/contract';
import { signedTestWebhook, testWebhookSecret } from '../services/payments/test/provider';
import { promoteAndSignIn, signUp } from './accounts';
import { testConfig, usingPostgres } from './harness';
import { startProviderShop, type ProviderShop } from './providerShop';

/**
 * The back office's API (issue 20, docs/admin.md), over HTTP against a real shop on loopback with
 * the built-in test provider, on PGlite or PostgreSQL.
 */
const slow = 60_000;

let shop: ProviderShop;
type Agent = ReturnType<typeof request.agent>;
let staff: Agent;
let staffEmail: string;
let customer: Agent;

const db = () => shop.db;
const password = 'a long enough passphrase';
let counter = 0;

/** A new account, signed in: its agent (with the session cookie) and e-mail. */
async function signedUp(): Promise<{ agent: Agent; email: string }> {
  counter += 1;
  const email = `person${counter}.${Date.now()}@example.com`;
  const agent = request.agent(shop.url);
  await signUp(agent, shop.url, db(), { fullName: `Person ${counter}`, email, password });
  return { agent, email };
}

/** A write from the shop's own pages. */
function write(agent: Agent, method: 'post' | 'put' | 'patch' | 'delete', path: string) {
  return agent[method](path).set('Origin', shop.url);
}

beforeAll(async () => {
  shop = await startProviderShop({ LOGIN_RATE_LIMIT: '1000' });
  const made = await signedUp();
  staff = made.agent;
  staffEmail = made.email;
  await promoteAndSignIn(staff, shop.url, db(), staffEmail, password);
  customer = (await signedUp()).agent;
}, slow);
afterAll(async () => {
  await shop?.close();
}, slow);

/** Every route the app serves under /api/admin, read from the app's own routers. */
function adminEndpoints(): { method: string; path: string }[] {
  const app = createApp({
    config: testConfig(),
    database: shop.database,
    logger: createLogger('silent'),
  });
  const found: { method: string; path: string }[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    for (const layer of router?.stack ?? []) {
      const path = String(layer.path);
      if (!path.startsWith('/api/admin')) continue;
      for (const method of layer.methods) {
        if (method !== 'HEAD') found.push({ method, path });
      }
    }
  }
  return found;
}

/** A concrete URL for a route pattern: numeric ids for `:id` on the catalogue, a uuid elsewhere. */
function concrete(path: string): string {
  const uuid = randomUUID();
  return path.replace(/:id\b/g, (_m) =>
    /\/(orders|enquiries|mail|late-payments)\//.test(path) ? uuid : '1',
  );
}

async function oilPrices(agent: Agent): Promise<AdminOilPrice[]> {
  const res = await agent.get('/api/admin/prices/oil');
  expect(res.status).toBe(200);
  return (res.body as { sizes: AdminOilPrice[] }).sizes;
}

async function kerosene500(): Promise<AdminOilPrice> {
  const found = (await oilPrices(staff)).find(
    (p) => p.productTitle === 'Kerosene Heating Oil' && p.sizeTitle === '500 Litres',
  );
  if (!found) throw new Error('The demo catalogue has no 500 L kerosene.');
  return found;
}

async function graphqlPrice(url: string, sizeId: number): Promise<number | null> {
  const res = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ oils { sizes { id price } } }' }),
  });
  const body = (await res.json()) as {
    data: { oils: { sizes: { id: string | number; price: number | null }[] }[] };
  };
  const size = body.data.oils.flatMap((o) => o.sizes).find((s) => Number(s.id) === sizeId);
  return size?.price ?? null;
}

/** An order placed through checkout and paid through the test provider's signed webhook. */
async function paidOrder(): Promise<PlacedOrder> {
  const placed = await checkoutAt({ url: shop.url, db: db(), payments: shop.payments });
  const res = await fetch(
    `${shop.url}/api/payments/test/sessions/${placed.session.sessionId}/complete`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify({ outcome: 'pay' }),
    },
  );
  expect(res.status).toBe(200);
  const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
  expect(row?.status).toBe('paid');
  return placed;
}

describe(`the back office API (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'answers every /api/admin endpoint with the ordinary 404 to anonymous visitors and customers',
    async () => {
      const endpoints = adminEndpoints();
      // The router is read, not listed here: a new endpoint without the guard fails this test.
      expect(endpoints.length).toBeGreaterThanOrEqual(30);
      expect(endpoints).toContainEqual({ method: 'GET', path: '/api/admin/orders' });
      const anonymous = request.agent(shop.url);
      for (const who of [anonymous, customer]) {
        for (const { method, path } of endpoints) {
          const url = concrete(path);
          const res = await who[method.toLowerCase() as 'get']
            .call(who, url)
            .set('Origin', shop.url)
            .send(method === 'GET' ? undefined : {});
          expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
          expect(res.body).toEqual({ code: 404, message: adminNotFoundMessage });
        }
      }
      // The same answer as a path that does not exist at all.
      const missing = await anonymous.get('/api/no-such-thing');
      expect(missing.body).toEqual({ code: 404, message: adminNotFoundMessage });
    },
    slow,
  );

  it('lets staff in, and refuses their writes from another site (CSRF) and as a form', async () => {
    expect((await staff.get('/api/admin/summary')).status).toBe(200);
    const price = await kerosene500();
    const foreign = await staff
      .put('/api/admin/prices/oil')
      .set('Origin', 'https://evil.example')
      .send({ prices: [{ sizeId: price.sizeId, price: '1.00' }] });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 403, message: crossSiteMessage });
    const crossSite = await staff
      .post('/api/admin/zones')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ title: 'x', rate: '1', minimumOrder: '1', postcodes: 'BT1' });
    expect(crossSite.status).toBe(403);
    const form = await write(staff, 'put', '/api/admin/prices/oil')
      .type('form')
      .send(`prices[0][sizeId]=${price.sizeId}&prices[0][price]=1.00`);
    expect(form.status).toBe(415);
    expect((await kerosene500()).price).toBe(price.price);
  });

  it(
    'changes a price: GraphQL serves it at once, existing orders keep theirs, and it is audited',
    async () => {
      const before = await kerosene500();
      const order = await paidOrder();
      const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));

      const res = await write(staff, 'put', '/api/admin/prices/oil').send({
        prices: [{ sizeId: before.sizeId, price: '£412.34' }],
      });
      expect(res.status).toBe(200);
      const after = (res.body as { sizes: AdminOilPrice[] }).sizes.find(
        (p) => p.sizeId === before.sizeId,
      );
      expect(after?.price).toBe(41234);
      expect(await graphqlPrice(shop.url, before.sizeId)).toBe(41234);

      const [unchanged] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(unchanged?.total).toBe(stored?.total);
      expect(unchanged?.subtotal).toBe(stored?.subtotal);

      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'size'), eq(auditLog.entityId, String(before.sizeId))))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
      expect(entry).toMatchObject({
        actorEmail: staffEmail,
        action: 'price',
        before: { price: before.price, sizeId: before.sizeId },
        after: { price: 41234, sizeId: before.sizeId },
      });
    },
    slow,
  );

  it('lists coal and product categories by kind, with the icon the shop shows for each', async () => {
    const res = await staff.get('/api/admin/categories');
    expect(res.status).toBe(200);
    const list = (res.body as { categories: AdminCategory[] }).categories;
    const bySlug = new Map(list.map((c) => [c.slug, c]));
    // A coal category's icon is the one its slug gives on the shop (SPEC), never "none".
    expect(bySlug.get('smokeless-fuels')).toMatchObject({ kind: 'coal', icon: 'smokeless' });
    expect(bySlug.get('best-sellers')).toMatchObject({ kind: 'coal', icon: 'best-sellers' });
    expect(list.filter((c) => c.kind === 'coal').every((c) => c.icon !== '')).toBe(true);
    expect(bySlug.get('woodpellets')).toMatchObject({ kind: 'product', icon: '' });
    expect(bySlug.get('logs')).toMatchObject({ kind: 'product', icon: '' });

    const gravity = bySlug.get('gravity-fed-fuel');
    if (!gravity) throw new Error('no gravity-fed-fuel category');
    const renamed = await write(staff, 'patch', `/api/admin/categories/${gravity.id}`).send({
      title: 'Gravity Fed Fuels',
    });
    expect(renamed.status).toBe(200);
    expect((renamed.body as { category: AdminCategory }).category).toMatchObject({
      kind: 'coal',
      title: 'Gravity Fed Fuels',
      icon: 'gravity-fed',
    });
    await write(staff, 'patch', `/api/admin/categories/${gravity.id}`).send({
      title: gravity.title,
    });
  });

  it('refuses a price that is not pounds, with the shared message, and changes nothing', async () => {
    const before = await kerosene500();
    for (const price of ['abc', '-1', '12.345', '100000', '']) {
      const res = await write(staff, 'put', '/api/admin/prices/oil').send({
        prices: [{ sizeId: before.sizeId, price }],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Enter a price/);
    }
    const unknown = await write(staff, 'put', '/api/admin/prices/oil').send({
      prices: [{ sizeId: 999_999, price: '1.00' }],
    });
    expect(unknown.status).toBe(404);
    expect((await kerosene500()).price).toBe(before.price);
  });

  it('edits a product and its sizes, hides it from the shop, and keeps slugs unique', async () => {
    const list = await staff.get('/api/admin/products');
    const products_ = (list.body as { products: AdminProduct[] }).products;
    const kerosene = products_.find((p) => p.slug === 'kerosene-heating-oil');
    const other = products_.find((p) => p.slug !== 'kerosene-heating-oil');
    if (!kerosene || !other) throw new Error('Demo catalogue missing');

    const taken = await write(staff, 'patch', `/api/admin/products/${other.id}`).send({
      slug: 'kerosene-heating-oil',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ slug: 'Another product already uses this slug.' });

    const added = await write(staff, 'post', `/api/admin/products/${kerosene.id}/sizes`).send({
      title: '1000 Litres',
      price: '799.00',
      litres: '1000',
    });
    expect(added.status).toBe(201);
    const size = (added.body as { product: AdminProduct }).product.sizes.find(
      (s) => s.title === '1000 Litres',
    );
    expect(size).toMatchObject({ price: 79900, litres: 1000, kilograms: null });
    const removed = await write(staff, 'delete', `/api/admin/sizes/${size?.id}`);
    expect(removed.status).toBe(200);
    expect((removed.body as { product: AdminProduct }).product.sizes).toHaveLength(
      kerosene.sizes.length,
    );

    const hidden = await write(staff, 'patch', `/api/admin/products/${other.id}`).send({
      visible: false,
    });
    expect(hidden.status).toBe(200);
    const query = `{ product(slug: ${JSON.stringify(other.slug)}) { id } }`;
    const shopSees = async () =>
      (await request(shop.url).post('/api/graphql').send({ query })).body as {
        data: { product: unknown };
      };
    expect((await shopSees()).data.product).toBeNull();
    await write(staff, 'patch', `/api/admin/products/${other.id}`).send({ visible: true });
    expect((await shopSees()).data.product).toEqual({ id: expect.anything() as unknown });
  });

  it('takes a JPEG, PNG or WebP image, and refuses a non-image and a 20 MB file', async () => {
    const [product] = await db().select({ id: products.id }).from(products).limit(1);
    const path = `/api/admin/products/${product?.id}/images`;
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);
    const ok = await write(staff, 'post', path).set('Content-Type', 'image/png').send(png);
    expect(ok.status).toBe(201);
    const image = (ok.body as { product: AdminProduct }).product.images.at(-1);
    expect(image?.url).toMatch(/^\/api\/uploads\/admin\/[0-9a-f]{64}\.png$/);
    const served = await request(shop.url).get(image?.url ?? '');
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const text = await write(staff, 'post', path)
      .set('Content-Type', 'text/plain')
      .send('not an image');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(adminTexts.uploadNotImage);
    const disguised = await write(staff, 'post', path)
      .set('Content-Type', 'image/png')
      .send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(disguised.status).toBe(415);
    expect(disguised.body.message).toBe(adminTexts.uploadNotImage);

    const huge = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await write(staff, 'post', path).set('Content-Type', 'image/png').send(huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(adminTexts.uploadTooLarge('5 MB'));

    // A customer's upload is not read at all: the ordinary 404.
    const fromCustomer = await write(customer, 'post', path)
      .set('Content-Type', 'image/png')
      .send(png);
    expect(fromCustomer.status).toBe(404);
  });

  it(
    'moves a paid order out for delivery (the customer is e-mailed once), then delivered, and exports the CSV',
    async () => {
      const placed = await paidOrder();
      const url = `/api/admin/orders/${placed.id}`;
      const early = await write(staff, 'post', `${url}/status`).send({ status: 'delivered' });
      expect(early.status).toBe(409);

      const out = await write(staff, 'post', `${url}/status`).send({ status: 'out_for_delivery' });
      expect(out.status).toBe(200);
      const order = (out.body as { order: AdminOrder }).order;
      expect(order).toMatchObject({
        status: 'out_for_delivery',
        nextStatus: 'delivered',
        // The booked day and the delivery service, as staff see them on the order.
        deliveryDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
        prioritySurcharge: 0,
        tankLocation: null,
        tankAccess: null,
      });
      // A small order was never asked for the domestic-use declaration: no answer to show.
      expect(order.domesticUse).toBeNull();
      expect(order.history.map((h) => h.action)).toContain('status');
      const again = await write(staff, 'post', `${url}/status`).send({
        status: 'out_for_delivery',
      });
      expect(again.status).toBe(409);
      const mails = await db()
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.topicId, placed.id), eq(mailOutbox.topic, 'order-out-for-delivery')),
        );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`Fuelyard order ${placed.number} is out for delivery`);

      const csv = await staff.get('/api/admin/deliveries.csv').buffer(true);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="deliveries-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = csv.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        '"District","Order","Status","Delivery day","Name","Address","Town","Postcode","Telephone","Deliver","Tank location","Tanker access","Instructions"',
      );
      expect(lines.some((line) => line.includes(placed.number))).toBe(true);

      const delivered = await write(staff, 'post', `${url}/status`).send({ status: 'delivered' });
      expect((delivered.body as { order: AdminOrder }).order).toMatchObject({
        status: 'delivered',
        nextStatus: null,
      });

      const listed = await staff.get('/api/admin/orders?status=delivered&sort=total&dir=asc');
      expect(listed.status).toBe(200);
      expect((listed.body as { orders: { id: string }[] }).orders.map((o) => o.id)).toContain(
        placed.id,
      );
      expect((await staff.get('/api/admin/orders?sort=evil')).status).toBe(400);
      expect((await staff.get('/api/admin/orders?from=2026-02-30')).status).toBe(400);
    },
    slow,
  );

  it(
    'refunds through the test provider: refunded once, even when the request is repeated',
    async () => {
      const placed = await paidOrder();
      const url = `/api/admin/orders/${placed.id}/refunds`;
      const noKey = await write(staff, 'post', url).send({});
      expect(noKey.status).toBe(428);

      const partial = await write(staff, 'post', url)
        .set('Idempotency-Key', 'refund-part-1')
        .send({ amount: '10.00', reason: 'Short delivery' });
      expect(partial.status).toBe(201);
      expect((partial.body as { order: AdminOrder }).order).toMatchObject({
        status: 'paid',
        refundedAmount: 1000,
        refundable: placed.total - 1000,
      });
      const tooMuch = await write(staff, 'post', url)
        .set('Idempotency-Key', 'refund-too-much')
        .send({ amount: String(placed.total / 100) });
      expect(tooMuch.status).toBe(400);

      const key = 'refund-rest-1';
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          write(staff, 'post', url).set('Idempotency-Key', key).send({ reason: 'Cancelled' }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      const ids = new Set(answers.map((a) => (a.body as { refund: { id: string } }).refund.id));
      expect(ids.size).toBe(1);
      const more = await write(staff, 'post', url).set('Idempotency-Key', 'refund-after').send({});
      expect(more.status).toBe(409);
      expect(more.body.message).toBe(adminTexts.refundNotPaid);

      const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
      expect(row).toMatchObject({ status: 'refunded', refundedAmount: placed.total });
      const made = await db().select().from(refunds).where(eq(refunds.orderId, placed.id));
      expect(made.map((r) => [r.amount, r.status]).sort()).toEqual(
        [
          [1000, 'succeeded'],
          [placed.total - 1000, 'succeeded'],
        ].sort(),
      );
      const atProvider = await db()
        .select()
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.sessionId, placed.session.sessionId));
      expect(atProvider.map((r) => r.amount).sort((a, b) => a - b)).toEqual(
        [1000, placed.total - 1000].sort((a, b) => a - b),
      );
      const mails = await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.topicId, placed.id), eq(mailOutbox.topic, 'order-refund')));
      expect(mails).toHaveLength(2);
    },
    slow,
  );

  it('frees the amount again when the provider refuses a refund, and changes nothing else', async () => {
    const placed = await paidOrder();
    // The provider's own record no longer shows the payment: it refuses the refund.
    await db()
      .update(testPaymentSessions)
      .set({ status: 'open' })
      .where(eq(testPaymentSessions.id, placed.session.sessionId));
    const res = await write(staff, 'post', `/api/admin/orders/${placed.id}/refunds`)
      .set('Idempotency-Key', 'refund-refused-1')
      .send({});
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(adminTexts.refundFailed);
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ status: 'paid', refundedAmount: 0 });
    const made = await db().select().from(refunds).where(eq(refunds.orderId, placed.id));
    expect(made.map((r) => r.status)).toEqual(['failed']);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.topicId, placed.id), eq(mailOutbox.topic, 'order-refund')));
    expect(mails).toHaveLength(0);
  });

  it('keeps notes, flags enquiries handled, and resends a failed e-mail', async () => {
    const placed = await paidOrder();
    const note = await write(staff, 'post', `/api/admin/orders/${placed.id}/notes`).send({
      text: 'Gate code 1234',
    });
    expect(note.status).toBe(201);
    expect((note.body as { order: AdminOrder }).order.notes).toMatchObject([
      { authorEmail: staffEmail, text: 'Gate code 1234' },
    ]);
    expect(
      (await write(staff, 'post', `/api/admin/orders/${placed.id}/notes`).send({ text: ' ' })).body
        .message,
    ).toBe(adminTexts.noteRequired);

    const sent = await request(shop.url).post('/api/enquiries').set('Origin', shop.url).send({
      name: 'Aoife Murphy',
      email: 'aoife@example.com',
      address: '3 Quay Street, Newry',
      companyName: 'Murphy Fuels',
      telephone: '028 3026 1234',
      telephone2: '',
      message: 'Please quote for 20 pallets.',
    });
    expect(sent.status).toBeLessThan(300);
    const open = await staff.get('/api/admin/enquiries?handled=false');
    const enquiry = (open.body as { enquiries: { id: string; email: string }[] }).enquiries.find(
      (e) => e.email === 'aoife@example.com',
    );
    expect(enquiry).toBeDefined();
    const flagged = await write(staff, 'patch', `/api/admin/enquiries/${enquiry?.id}`).send({
      handled: true,
    });
    expect(flagged.body.enquiry).toMatchObject({ handled: true });

    const [failed] = await db()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.topicId, placed.id))
      .limit(1);
    await db()
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: 'SMTP 554' })
      .where(eq(mailOutbox.id, failed?.id ?? ''));
    const retried = await write(staff, 'post', `/api/admin/mail/${failed?.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.mail).toMatchObject({ status: 'pending', attempts: 0 });
    const twice = await write(staff, 'post', `/api/admin/mail/${failed?.id}/retry`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(adminTexts.mailNotFailed);

    const audit = await staff.get('/api/admin/audit?entity=mail');
    expect(
      (audit.body as { entries: { entityId: string; action: string }[] }).entries,
    ).toContainEqual(expect.objectContaining({ entityId: failed?.id, action: 'resend' }));
  });

  it('ends a staff session after 8 hours without a request', async () => {
    const { agent, email } = await signedUp();
    await promoteAndSignIn(agent, shop.url, db(), email, password);
    expect((await agent.get('/api/admin/summary')).status).toBe(200);
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - staffIdleMs - 60_000) })
      .where(eq(sessions.userId, user?.id ?? ''));
    expect((await agent.get('/api/admin/summary')).status).toBe(404);
    expect((await agent.get('/api/users/me')).status).toBe(401);
  });

  it('staff:create makes a staff account whose one-time link sets the password for the login', async () => {
    const email = `new.staff.${Date.now()}@fuelyard.example`;
    const invite = await inviteStaff(db(), email, shop.url);
    expect(invite.created).toBe(true);
    expect(invite.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/user\/password-reset\?token=/);
    const agent = request.agent(shop.url);
    const before = await agent.post('/api/auth/local').set('Origin', shop.url).send({
      email,
      password,
    });
    expect(before.status).toBe(401);
    const token = new URL(invite.link).searchParams.get('token');
    const reset = await agent
      .post('/api/auth/reset-password')
      .set('Origin', shop.url)
      .send({ token, password });
    expect(reset.status).toBe(200);
    const reused = await agent
      .post('/api/auth/reset-password')
      .set('Origin', shop.url)
      .send({ token, password: 'another long passphrase' });
    expect(reused.status).toBe(400);
    const login = await agent.post('/api/auth/local').set('Origin', shop.url).send({
      email,
      password,
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, role: 'staff' });
    expect((await agent.get('/api/admin/summary')).status).toBe(200);
  });
});

describe('late payments: money taken for a cancelled order, in the back office (issue item 4)', () => {
  it(
    'a late payment the provider would not refund automatically waits for staff, who refund it in one click (idempotent, audited, the customer told)',
    async () => {
      // Two checkouts of one cart, the second with other details: it cancels the first order and
      // closes its session.
      const agent = await fillCartAt(shop);
      const first = await postCheckout(shop, agent);
      expect(first.status).toBe(201);
      const firstId = (first.body as { order: { id: string; number: string } }).order.id;
      const session = await shop.payments.latestSession(firstId);
      if (!session) throw new Error('No payment session');
      const otherDetails = { instructions: 'Please ring the bell.' };
      expect((await postCheckout(shop, agent, otherDetails)).status).toBe(201);
      const [cancelled] = await db().select().from(orders).where(eq(orders.id, firstId));
      expect(cancelled?.status).toBe('cancelled');
      // The provider refuses a payment on the closed session.
      const refused = await fetch(
        `${shop.url}/api/payments/test/sessions/${session.sessionId}/complete`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: shop.url },
          body: JSON.stringify({ outcome: 'pay' }),
        },
      );
      expect(refused.status).toBe(409);

      // A payment that won the race all the same: the provider's signed webhook reports it, but
      // its refund API does not know the payment yet, so the automatic refund fails.
      const secret = await testWebhookSecret(db(), shop.config.payments.testWebhookSecret);
      const signed = signedTestWebhook(secret, {
        id: `evt_${randomUUID()}`,
        type: 'payment.succeeded',
        data: {
          sessionId: session.sessionId,
          orderId: firstId,
          amount: session.amount,
          currency: 'GBP',
        },
      });
      const webhook = await fetch(`${shop.url}/api/payments/webhooks/test`, {
        method: 'POST',
        headers: signed.headers,
        body: new Uint8Array(signed.rawBody),
      });
      expect(await webhook.json()).toMatchObject({ code: 200, outcome: 'late_payment' });
      await shop.payments.latePayments.idle();
      const told = await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.topicId, firstId), eq(mailOutbox.topic, 'late-payment-received')));
      expect(told).toHaveLength(1);
      expect(told[0]?.subject).toContain('will be refunded');

      // Staff see it; anyone else gets 404.
      expect((await customer.get('/api/admin/late-payments')).status).toBe(404);
      const listed = await staff.get('/api/admin/late-payments');
      expect(listed.status).toBe(200);
      const entry = (listed.body as { latePayments: AdminLatePayment[] }).latePayments.find(
        (p) => p.orderId === firstId,
      );
      expect(entry).toMatchObject({
        status: 'staff',
        amount: session.amount,
        orderStatus: 'cancelled',
      });
      if (!entry) throw new Error('Not listed');
      expect(
        (await write(customer, 'post', `/api/admin/late-payments/${entry.id}/refund`)).status,
      ).toBe(404);

      // The provider has the payment now; one click refunds it (twice at once: one refund).
      await db()
        .update(testPaymentSessions)
        .set({ status: 'succeeded' })
        .where(eq(testPaymentSessions.id, session.sessionId));
      const clicks = await Promise.all([
        write(staff, 'post', `/api/admin/late-payments/${entry.id}/refund`),
        write(staff, 'post', `/api/admin/late-payments/${entry.id}/refund`),
      ]);
      const statuses = clicks.map((c) => c.status).sort();
      expect(statuses.includes(201)).toBe(true);
      for (const status of statuses) expect([200, 201, 409]).toContain(status);
      const again = await write(staff, 'post', `/api/admin/late-payments/${entry.id}/refund`);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ latePayment: { id: entry.id, status: 'succeeded' } });
      const madeAtProvider = await db()
        .select()
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.sessionId, session.sessionId));
      expect(madeAtProvider).toEqual([expect.objectContaining({ amount: session.amount })]);
      const audited = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, firstId), eq(auditLog.action, 'late_payment_refund')));
      expect(audited).toEqual([expect.objectContaining({ actorEmail: staffEmail })]);
      const refundedMail = await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.topicId, firstId), eq(mailOutbox.topic, 'late-payment-refunded')));
      expect(refundedMail).toHaveLength(1);
      expect(refundedMail[0]?.subject).toContain(
        `we refunded your payment for cancelled order ${cancelled?.number ?? ''}`,
      );
      // Forward only: the order stays cancelled and unpaid.
      const [after] = await db().select().from(orders).where(eq(orders.id, firstId));
      expect(after).toMatchObject({ status: 'cancelled', paidAt: null });
    },
    slow,
  );
});
