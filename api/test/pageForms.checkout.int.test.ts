import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { orderLines, orders } from '../db/schema';
import { deliveryMessages } from '../domain/deliveryMessages';
import { messages } from '../domain/messages';
import { formatPence } from '../domain/money';
import { createLogger } from '../logger';
import { paymentPageOrigins } from '../middleware/security';
import { realAppRuntime } from './appEntry';
import {
  cartPostcode,
  checkoutForm,
  seededProduct,
  sizeNamed,
  type Agent,
  type PlacedBody,
  type SeededProduct,
} from './checkoutFixtures';
import { createTestDatabase, testConfig, usingPostgres, type TestDatabase } from './harness';

/**
 * Checkout, the test provider's page and the order pages without JavaScript (issue 31), through
 * HTTP against the real app's server rendering: the forms the server renders are posted back as
 * a browser would (form-encoded, same-origin), and the pages after payment carry the order in
 * their first HTML. The shop listens on a loopback port, where the test provider delivers its
 * signed webhooks.
 */
const slow = 120_000;

let tdb: TestDatabase;
let server: Server;
let shop: string;
let oil: SeededProduct;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  shop = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = createApp({
    config: testConfig({ PUBLIC_URL: shop }),
    database: tdb.handle,
    logger: createLogger('silent'),
    ssr: await realAppRuntime(),
  });
  server.on('request', app.callback());
  oil = await seededProduct(
    { app, db: tdb, close: () => Promise.resolve() },
    'kerosene-heating-oil',
  );
}, slow);

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server?.closeAllConnections();
    server?.close(() => resolve());
  });
  await tdb?.close();
}, slow);

/** A visitor (its own cookie jar) with 500 L of kerosene in the cart, at the fixtures' postcode. */
async function visitor(litres = '500 Litres'): Promise<Agent> {
  const agent = request.agent(shop);
  const set = await agent.put('/api/cart/postcode').set('Origin', shop).send({
    postcode: cartPostcode,
  });
  expect(set.status).toBe(200);
  const added = await agent
    .post('/api/cart/items')
    .set('Origin', shop)
    .send({
      type: oil.type,
      productId: oil.id,
      attributeId: sizeNamed(oil, litres).id,
      quantity: 1,
    });
  expect(added.status).toBe(200);
  return agent;
}

/** The value of the form field `name` as the page renders it (hidden or typed), or undefined. */
function fieldIn(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const value = input ? /value="([^"]*)"/.exec(input)?.[1] : undefined;
  return value?.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
}

/** The delivery days the page offers as radios, each with whether it is checked or disabled. */
function dayRadios(html: string): { value: string; checked: boolean; disabled: boolean }[] {
  return [...html.matchAll(/<input[^>]*name="deliveryDay"[^>]*>/g)].map(([input]) => ({
    value: /value="([^"]*)"/.exec(input)?.[1] ?? '',
    checked: /\schecked(=|\s|>|\/)/.test(input),
    disabled: /\sdisabled(=|\s|>|\/)/.test(input),
  }));
}

/** The checkout form as a visitor without script sends it, from the page the server rendered. */
function checkoutPost(html: string, typed: Record<string, string> = {}): Record<string, string> {
  const hidden = ['intent', 'expectedTotal', 'idempotencyKey'];
  const fields: Record<string, string> = {};
  for (const name of hidden) {
    const value = fieldIn(html, name);
    if (value === undefined) throw new Error(`The page has no ${name} field`);
    fields[name] = value;
  }
  const form = checkoutForm();
  return {
    ...fields,
    fullName: form.fullName,
    email: form.email,
    phone: form.phone,
    addressLine1: form.addressLine1,
    addressLine2: '',
    town: form.town,
    // The locked field, as the page shows it.
    postcode: fieldIn(html, 'postcode') ?? '',
    instructions: form.instructions,
    acceptTerms: 'on',
    // The delivery day the page has checked (the earliest free standard day).
    ...Object.fromEntries(
      dayRadios(html)
        .filter((radio) => radio.checked)
        .map((radio) => ['deliveryDay', radio.value]),
    ),
    ...typed,
  };
}

/** The refusal's message, as the page shows it at its top (ServerNotices). */
function noticeIn(html: string): string | undefined {
  return /data-server-notices[^>]*>[\s\S]*?<p>([^<]*)<\/p>/.exec(html)?.[1];
}

const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

let customers = 0;

/** An e-mail address of its own for each checkout, to find its orders by. */
function newEmail(): string {
  customers += 1;
  return `ciara.${customers}.${Date.now()}@example.com`;
}

function ordersFor(email: string): Promise<(typeof orders.$inferSelect)[]> {
  return tdb.handle.db.select().from(orders).where(eq(orders.email, email));
}

async function summaryTotal(agent: Agent): Promise<number> {
  const res = await agent.get('/api/checkout');
  return (res.body as { summary: { total: number } }).summary.total;
}

/** An order placed through POST /api/checkout, as the page's script does: its body. */
async function placedOrder(agent?: Awaited<ReturnType<typeof visitor>>): Promise<PlacedBody> {
  agent ??= await visitor('300 Litres');
  const res = await agent
    .post('/api/checkout')
    .set('Origin', shop)
    .set('Idempotency-Key', randomUUID())
    .send({ ...checkoutForm({ email: newEmail() }), expectedTotal: await summaryTotal(agent) });
  expect(res.status).toBe(201);
  return res.body as PlacedBody;
}

describe(`the checkout form without JavaScript (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'places the order the server priced and goes on to the payment page (303)',
    async () => {
      const agent = await visitor();
      const page = await agent.get('/checkout');
      expect(page.status).toBe(200);
      const email = newEmail();
      const fields = checkoutPost(page.text, { email });
      expect(fields.intent).toBe('checkout');
      const total = await summaryTotal(agent);
      expect(Number(fields.expectedTotal)).toBe(total);

      const res = await agent
        .post('/checkout')
        .set('Origin', shop)
        .type('form')
        .send(formBody(fields));
      expect(res.status).toBe(303);
      expect(res.headers['cache-control']).toBe('no-store');
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/pay\/test\/ts_[A-Za-z0-9_-]+$/);

      const [order, ...others] = await ordersFor(email);
      expect(others).toEqual([]);
      expect(order?.status).toBe('pending_payment');
      // The server's figures: the summary's total, and the line at the catalogue's price.
      expect(order?.total).toBe(total);
      const lines = await tdb.handle.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order?.id ?? ''));
      expect(lines.map((l) => [l.title, l.quantity, l.unitPrice])).toEqual([
        [expect.stringContaining('Kerosene'), 1, sizeNamed(oil, '500 Litres').price],
      ]);
      expect(order).toMatchObject({
        fullName: 'Ciara McAllister',
        town: 'Belfast',
        postcode: 'BT11AA',
      });
      // The day the page had checked is the day booked.
      expect(fields.deliveryDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(order?.deliveryDay).toBe(fields.deliveryDay);

      // The payment page the browser is sent to: the session, rendered with the page.
      const pay = await agent.get(location);
      expect(pay.status).toBe(200);
      expect(pay.text).toContain(formatPence(total));
      expect(pay.text).toContain(order?.number ?? 'no number');
    },
    slow,
  );

  it(
    'the delivery days are radios with the earliest free standard day checked; another day chosen is the day booked',
    async () => {
      const agent = await visitor();
      const page = await agent.get('/checkout');
      const radios = dayRadios(page.text);
      expect(radios.length).toBeGreaterThan(5);
      expect(radios.filter((r) => r.checked)).toHaveLength(1);
      const later = radios.filter((r) => !r.checked && !r.disabled).at(-1)?.value ?? '';
      const email = newEmail();
      const res = await agent
        .post('/checkout')
        .set('Origin', shop)
        .type('form')
        .send(formBody(checkoutPost(page.text, { email, deliveryDay: later })));
      expect(res.status).toBe(303);
      const [order] = await ordersFor(email);
      expect(order?.deliveryDay).toBe(later);

      // A day that is not a delivery day: the page again, with the message, nothing placed.
      const refusedEmail = newEmail();
      const refused = await agent
        .post('/checkout')
        .set('Origin', shop)
        .type('form')
        .send(
          formBody(checkoutPost(page.text, { email: refusedEmail, deliveryDay: '2020-01-01' })),
        );
      expect(refused.status).toBe(400);
      expect(noticeIn(refused.text)).toBe(deliveryMessages.deliveryDayInvalid);
      expect(await ordersFor(refusedEmail)).toEqual([]);

      // Priority delivery's box (sent only when ticked) with the priority total the page shows.
      expect(page.text).toMatch(/<input[^>]*name="deliveryService"[^>]*value="priority"/);
      const priorityTotal = fieldIn(page.text, 'expectedPriorityTotal');
      expect(Number(priorityTotal)).toBe(Number(checkoutPost(page.text).expectedTotal) + 2500);
      const fastEmail = newEmail();
      const fast = await agent
        .post('/checkout')
        .set('Origin', shop)
        .type('form')
        .send(
          formBody({
            ...checkoutPost(page.text, { email: fastEmail }),
            deliveryService: 'priority',
            expectedPriorityTotal: priorityTotal ?? '',
          }),
        );
      expect(fast.status).toBe(303);
      const [priorityOrder] = await ordersFor(fastEmail);
      expect(priorityOrder).toMatchObject({
        prioritySurcharge: 2500,
        total: Number(priorityTotal),
      });
      // The next delivery day: before every standard day offered.
      expect(priorityOrder?.deliveryDay ?? '').not.toBe('');
      expect((priorityOrder?.deliveryDay ?? '') < (radios[0]?.value ?? '')).toBe(true);
    },
    slow,
  );

  it(
    'posted twice from the same page (a double click): one order',
    async () => {
      const agent = await visitor();
      const email = newEmail();
      const fields = checkoutPost((await agent.get('/checkout')).text, { email });
      const send = () =>
        agent.post('/checkout').set('Origin', shop).type('form').send(formBody(fields));
      const first = await send();
      const second = await send();
      expect(first.status).toBe(303);
      expect(second.status).toBe(303);
      expect(second.headers.location).toBe(first.headers.location);
      expect(await ordersFor(email)).toHaveLength(1);
    },
    slow,
  );

  it(
    'refused: the page again with the message and what was typed, and no order',
    async () => {
      const agent = await visitor();
      const email = newEmail();
      const fields = checkoutPost((await agent.get('/checkout')).text, {
        email,
        phone: '12345',
        instructions: 'Gate code "4321" & ring',
      });
      const res = await agent
        .post('/checkout')
        .set('Origin', shop)
        .type('form')
        .send(formBody(fields));
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(noticeIn(res.text)).toBe(messages.checkout.phoneInvalid);
      // Everything typed is back in its field.
      expect(fieldIn(res.text, 'fullName')).toBe('Ciara McAllister');
      expect(fieldIn(res.text, 'email')).toBe(email);
      expect(fieldIn(res.text, 'phone')).toBe('12345');
      expect(fieldIn(res.text, 'addressLine1')).toBe('7 Donegall Square');
      expect(fieldIn(res.text, 'town')).toBe('Belfast');
      expect(res.text).toContain('Gate code &quot;4321&quot; &amp; ring</textarea>');
      expect(res.text).toMatch(/<input[^>]*name="acceptTerms"[^>]*checked/);
      // The same form, ready to be sent again.
      expect(fieldIn(res.text, 'intent')).toBe('checkout');
      expect(await ordersFor(email)).toEqual([]);
    },
    slow,
  );

  it(
    'a total that is not the server’s (409): the page with the new total, which the next post confirms',
    async () => {
      const agent = await visitor();
      const total = await summaryTotal(agent);
      const email = newEmail();
      const fields = checkoutPost((await agent.get('/checkout')).text, {
        email,
        expectedTotal: String(total - 100),
      });
      const res = await agent
        .post('/checkout')
        .set('Origin', shop)
        .type('form')
        .send(formBody(fields));
      expect(res.status).toBe(409);
      expect(noticeIn(res.text)).toBe(messages.checkout.totalChanged(formatPence(total)));
      expect(fieldIn(res.text, 'expectedTotal')).toBe(String(total));
      expect(await ordersFor(email)).toEqual([]);
      const again = await agent
        .post('/checkout')
        .set('Origin', shop)
        .type('form')
        .send(formBody(checkoutPost(res.text, { email })));
      expect(again.status).toBe(303);
      expect((await ordersFor(email)).map((o) => o.total)).toEqual([total]);
    },
    slow,
  );

  it('is refused from another site (403), before anything is placed', async () => {
    const agent = await visitor();
    const email = newEmail();
    const fields = checkoutPost((await agent.get('/checkout')).text, { email });
    const res = await agent
      .post('/checkout')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(formBody(fields));
    expect(res.status).toBe(403);
    expect(await ordersFor(email)).toEqual([]);
  });

  it("the checkout page's form-action lets it go on to the providers' payment pages", async () => {
    const agent = await visitor();
    const checkout = await agent.get('/checkout');
    const policy = String(checkout.headers['content-security-policy']);
    expect(policy).toContain(`form-action 'self' ${paymentPageOrigins.join(' ')};`);
    // Every other page's forms stay on the site.
    const other = await agent.get('/cart');
    expect(String(other.headers['content-security-policy'])).toContain("form-action 'self';");
  });
});

describe('the test payment page without JavaScript', () => {
  const sessionPath = (placed: PlacedBody) => placed.redirectUrl;

  it(
    'is rendered with its session, and Pay settles it and goes back to the shop (303)',
    async () => {
      const placed = await placedOrder();
      const page = await request(shop).get(sessionPath(placed));
      expect(page.status).toBe(200);
      expect(page.text).toContain(placed.order.number);
      expect(page.text).toContain(formatPence(placed.order.total));
      expect(fieldIn(page.text, 'intent')).toBe('test-payment');

      const res = await request(shop)
        .post(sessionPath(placed))
        .set('Origin', shop)
        .type('form')
        .send(formBody({ intent: 'test-payment', choice: 'pay' }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/checkout/process?order=${placed.order.id}`);
      // Its signed webhook came before the answer: the order is paid.
      const [row] = await tdb.handle.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, placed.order.id));
      expect(row?.status).toBe('paid');

      // Settled already: the page says so, and another post is refused with the provider's words.
      const again = await request(shop)
        .post(sessionPath(placed))
        .set('Origin', shop)
        .type('form')
        .send(formBody({ intent: 'test-payment', choice: 'pay' }));
      expect(again.status).toBe(409);
      expect(noticeIn(again.text)).toBe('This payment has already been completed.');
    },
    slow,
  );

  it(
    'Cancel goes where the session sends a cancelled payment: back to checkout',
    async () => {
      const placed = await placedOrder();
      const res = await request(shop)
        .post(sessionPath(placed))
        .set('Origin', shop)
        .type('form')
        .send(formBody({ intent: 'test-payment', choice: 'cancel' }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/checkout?payment=cancelled');
    },
    slow,
  );

  it(
    '3-D Secure: the challenge open, then Fail declines the payment',
    async () => {
      const placed = await placedOrder();
      const challenge = await request(shop)
        .post(sessionPath(placed))
        .set('Origin', shop)
        .type('form')
        .send(formBody({ intent: 'test-payment', choice: 'threeDSecure' }));
      expect(challenge.status).toBe(303);
      expect(challenge.headers.location).toBe(`${sessionPath(placed)}?step=challenge`);
      const page = await request(shop).get(String(challenge.headers.location));
      expect(page.text).toContain('3-D Secure check');
      const failed = await request(shop)
        .post(String(challenge.headers.location))
        .set('Origin', shop)
        .type('form')
        .send(formBody({ intent: 'test-payment', choice: 'fail' }));
      expect(failed.status).toBe(303);
      expect(failed.headers.location).toBe(`/checkout/process?order=${placed.order.id}`);
      const [row] = await tdb.handle.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, placed.order.id));
      expect(row?.status).toBe('payment_failed');
    },
    slow,
  );

  it('an unknown session: the 404 page; an unknown choice: the API refuses it', async () => {
    const unknown = await request(shop).get('/pay/test/ts_unknown000000');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain(messages.notFound.heading);
    const placed = await placedOrder();
    const odd = await request(shop)
      .post(sessionPath(placed))
      .set('Origin', shop)
      .type('form')
      .send(formBody({ intent: 'test-payment', choice: 'constructor' }));
    expect(odd.status).toBe(400);
    expect(noticeIn(odd.text)).toBe('Choose one of: pay, decline, cancel, 3ds-approve, 3ds-fail.');
  });
});

describe('a whole checkout without JavaScript', () => {
  it(
    'the form, the test payment page, then the order confirmed, each page from the server',
    async () => {
      const agent = await visitor();
      const email = newEmail();
      const checkout = await agent
        .post('/checkout')
        .set('Origin', shop)
        .type('form')
        .send(formBody(checkoutPost((await agent.get('/checkout')).text, { email })));
      expect(checkout.status).toBe(303);
      const payPage = String(checkout.headers.location);
      const [order] = await ordersFor(email);
      if (!order) throw new Error('No order was placed');

      const paid = await agent
        .post(payPage)
        .set('Origin', shop)
        .type('form')
        .send(formBody({ intent: 'test-payment', choice: 'pay' }));
      expect(paid.status).toBe(303);
      const back = String(paid.headers.location);
      expect(back).toBe(`/checkout/process?order=${order.id}`);

      // Back from the provider with no token in the address: the browser's cookie opens the order,
      // and its webhook has come, so the page goes on to the thank-you.
      const process = await agent.get(back);
      expect(process.status).toBe(302);
      expect(process.headers.location).toBe(`/checkout/success?order=${order.id}`);
      const success = await agent.get(String(process.headers.location));
      expect(success.status).toBe(200);
      expect(success.text).toContain(order.number);
      expect(success.text).toContain('Kerosene Heating Oil');
      expect(success.text).toContain('Your payment has been received.');

      const receipt = await agent.get(`/order/${order.id}`);
      expect(receipt.status).toBe(200);
      expect(receipt.text).toContain(`Order ${order.number}`);
      expect(receipt.text).toContain('Paid');
    },
    slow,
  );
});

describe('the pages after payment, rendered with the order', () => {
  /** The order's number and its line, as the first HTML must hold them. */
  function expectOrderIn(html: string, placed: PlacedBody) {
    expect(html).toContain(placed.order.number);
    expect(html).toContain('Kerosene Heating Oil');
  }

  it(
    'with the token: /order/{id}, /checkout/process and /checkout/success hold the order',
    async () => {
      const placed = await placedOrder();
      const token = encodeURIComponent(placed.orderToken);
      const id = placed.order.id;

      const order = await request(shop).get(`/order/${id}?token=${token}`);
      expect(order.status).toBe(200);
      expect(order.headers['referrer-policy']).toBe('no-referrer');
      expectOrderIn(order.text, placed);
      expect(order.text).toContain('Awaiting payment');

      // Still waiting for the provider: the status, Check again (this address) and the order.
      const process = await request(shop).get(`/checkout/process?order=${id}&token=${token}`);
      expect(process.status).toBe(200);
      expect(process.headers['referrer-policy']).toBe('no-referrer');
      expectOrderIn(process.text, placed);
      expect(process.text).toContain('We are waiting for the payment provider');
      expect(process.text).toContain(`href="/checkout/process?order=${id}&amp;token=${token}"`);

      const success = await request(shop).get(`/checkout/success?order=${id}&token=${token}`);
      expect(success.status).toBe(200);
      expect(success.headers['referrer-policy']).toBe('no-referrer');
      expectOrderIn(success.text, placed);
    },
    slow,
  );

  it(
    'once paid, /checkout/process goes on to /checkout/success, which thanks for it',
    async () => {
      const placed = await placedOrder();
      await request(shop)
        .post(placed.redirectUrl)
        .set('Origin', shop)
        .type('form')
        .send(formBody({ intent: 'test-payment', choice: 'pay' }));
      const token = encodeURIComponent(placed.orderToken);
      const process = await request(shop).get(
        `/checkout/process?order=${placed.order.id}&token=${token}`,
      );
      expect(process.status).toBe(302);
      const location = String(process.headers.location);
      expect(location).toBe(`/checkout/success?order=${placed.order.id}&token=${token}`);
      const success = await request(shop).get(location);
      expect(success.status).toBe(200);
      expectOrderIn(success.text, placed);
      expect(success.text).toContain('Your payment has been received.');
    },
    slow,
  );

  it(
    'the order page opens again from the cookie the first visit kept, without the token',
    async () => {
      const placed = await placedOrder();
      const agent = request.agent(shop);
      const first = await agent.get(
        `/order/${placed.order.id}?token=${encodeURIComponent(placed.orderToken)}`,
      );
      expect(first.status).toBe(200);
      const again = await agent.get(`/order/${placed.order.id}`);
      expect(again.status).toBe(200);
      expectOrderIn(again.text, placed);
    },
    slow,
  );

  it(
    'without the token or its cookie, the order, process and success pages are the 404 page',
    async () => {
      const placed = await placedOrder();
      const id = placed.order.id;
      const order = await request(shop).get(`/order/${id}`);
      expect(order.status).toBe(404);
      expect(order.text).toContain(messages.notFound.heading);
      expect(order.text).not.toContain(placed.order.number);
      for (const path of [`/checkout/process?order=${id}`, `/checkout/success?order=${id}`]) {
        const res = await request(shop).get(path);
        expect(res.status, path).toBe(404);
        expect(res.text, path).not.toContain(placed.order.number);
        // A token that does not open it is the 404 page.
        const wrong = await request(shop).get(`${path}&token=${randomUUID()}`);
        expect(wrong.status, path).toBe(404);
        expect(wrong.text, path).not.toContain(placed.order.number);
      }
    },
    slow,
  );

  it(
    'the browser that placed the order sees it after payment by the cookie checkout set (no token in the address)',
    async () => {
      const agent = await visitor('300 Litres');
      const placed = await placedOrder(agent);
      const id = placed.order.id;
      const process = await agent.get(`/checkout/process?order=${id}`);
      expect(process.status).toBe(200);
      expect(process.text).toContain(placed.order.number);
      expect(process.headers['referrer-policy']).toBe('no-referrer');
      const success = await agent.get(`/checkout/success?order=${id}`);
      expect(success.status).toBe(200);
      expect(success.text).toContain(placed.order.number);
    },
    slow,
  );
  it(
    'a return to an order placed before the last one (two checkouts open at once) still finds it; the cookie keeps the last five',
    async () => {
      const agent = await visitor('300 Litres');
      const placed = [];
      for (let i = 0; i < 6; i++) placed.push(await placedOrder(agent));
      // The first is beyond the five kept: the 404 page, as for a stranger.
      const [oldest, ...kept] = placed;
      const gone = await agent.get(`/checkout/process?order=${oldest?.order.id ?? ''}`);
      expect(gone.status).toBe(404);
      // Each new order from the same cart cancels the one before (nothing was paid for it): its
      // process page goes where the script would, the checkout, saying so; the last one waits.
      const [latest] = kept.slice(-1);
      for (const order of kept) {
        const process = await agent.get(`/checkout/process?order=${order.order.id}`);
        if (order === latest) {
          expect(process.status).toBe(200);
          expect(process.text).toContain(order.order.number);
        } else {
          expect(process.status, order.order.number).toBe(302);
          expect(process.headers.location).toMatch(/^\/checkout\?payment=/);
        }
        // The success page, opened for it, says what became of it rather than thanking.
        const success = await agent.get(`/checkout/success?order=${order.order.id}`);
        expect(success.status, order.order.number).toBe(200);
        expect(success.text).toContain(order.order.number);
        if (order !== latest) {
          expect(success.text).toContain('This order was cancelled');
          expect(success.text).toContain('No payment was taken for this order.');
          expect(success.text).not.toContain('Thank you for your order');
          expect(success.text).not.toContain('What happens next');
        }
      }
    },
    slow,
  );
});
