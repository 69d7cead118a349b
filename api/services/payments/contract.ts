/**
 * The payment provider contract: ONE suite that every adapter must pass, run against a fake of
 * its provider on loopback (real HTTP, the provider's real signature scheme). A shop is started on
 * a real database with a real listening port, orders are made through POST /api/checkout, and the
 * fake plays the provider's side: the customer's choice on its page, its signed webhooks, its API
 * for `retrieve` (with faults: 500s and no answer).
 *
 * Run it from a test file: `paymentProviderContract(harness)` (see
 * api/test/paymentsContract.int.test.ts). A new adapter brings a `ProviderHarness`: its fake
 * provider, and how to drive it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import type { Database } from '../../db/client';
import {
  cartItems,
  mailOutbox,
  orders,
  paymentEvents,
  paymentSessions,
  productSizes,
  products,
  refunds,
} from '../../db/schema';
import { checkoutForm } from '../../test/checkoutFixtures';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/harness';
import { listenOnLoopback } from '../../test/loopback';
import { postWebhook as postShopWebhook } from '../../test/providerShop';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtpPeer';
import { createLogger, type Logger } from '../../logger';
import { createMailer } from '../mail/mailer';
import { createMailWorker } from '../mail/worker';
import { hashOrderToken } from '../orders/accessToken';
import { createPayments, type Payments, type StartedSession } from './index';
import { startedSessionOf } from './sessions';
import type { TestHostedPage } from './test/provider';
import {
  PaymentProviderError,
  type PaymentEventType,
  type PaymentProvider,
  type RefundResult,
} from './types';

/** What the customer does on the provider's page. */
export type CustomerChoice = 'pay' | 'decline' | 'cancel';

/** An event as the provider would report it. */
export interface ProviderEventSpec {
  /** The provider's event id; a new one when omitted. */
  id?: string;
  type: PaymentEventType;
  session: StartedSession;
  amount: number;
  currency: string;
}

export interface SignOptions {
  /** 'valid' (default), signed with a wrong key, or without the signature header at all. */
  signature?: 'valid' | 'wrong' | 'missing';
  /** The time (unix seconds) the signature claims, for schemes that carry one. */
  timestamp?: number;
}

/** Faults on the provider's API, the one `retrieve` calls. */
export interface ProviderFaults {
  /** The next `count` calls answer HTTP `status` (default 500). */
  failNext(count: number, status?: number): void;
  /** The next `count` calls get no answer at all. */
  hangNext(count: number): void;
  clear(): void;
  /** Calls the API has received so far. */
  readonly calls: number;
}

/** A fake provider, running, and the adapter under test pointed at it. */
export interface FakeProvider {
  provider: PaymentProvider;
  /** The test provider's hosted page API (only it has one in the shop). */
  testPage?: TestHostedPage | null;
  /**
   * The customer makes a choice on the provider's page. The provider settles the session and,
   * when `deliver` is true, POSTs its signed webhook to the shop (`shopUrl`) before resolving;
   * when false, the webhook is lost on the way. Resolves with the id of the provider's event.
   */
  customer(
    session: StartedSession,
    choice: CustomerChoice,
    options: { shopUrl: string; deliver: boolean },
  ): Promise<{ eventId: string }>;
  /** The session's time runs out at the provider. */
  expire(session: StartedSession): Promise<void>;
  /** A webhook as the provider sends it: the exact body bytes and headers, signed as asked. */
  webhook(event: ProviderEventSpec, options?: SignOptions): Promise<WebhookRequest>;
  /** Whether the signature carries a timestamp that goes stale (Worldpay's does not). */
  timestamped: boolean;
  /**
   * Whether `retrieve` answers with the id of the event the webhook carries (the test provider's
   * does). When not (Worldpay's payment query names the payment), reconciliation records its own
   * event, and the late webhook is a second event that changes nothing.
   */
  queryEventIds: boolean;
  /**
   * Whether the provider can close a session before it expires (`cancelSession` answers
   * `cancelled`): the test provider and Stripe can; Worldpay's Hosted Payment Pages cannot, so a
   * payment made on a cancelled order's page there is refunded automatically. When true, the
   * customer's choice on a closed session's page rejects (the provider refuses it).
   */
  cancels: boolean;
  /**
   * Whether the provider tells the shop when the customer cancels on its page (the test provider
   * and Worldpay send an event). Stripe Checkout does not: its page only sends the browser to the
   * cancel URL, and the order waits for the session to expire (false).
   */
  reportsCancel?: boolean;
  faults: ProviderFaults;
  /** How many calls one `retrieve` makes at most (its bounded retries). */
  retrieveAttempts: number;
  close(): Promise<void>;
}

export interface WebhookRequest {
  body: Buffer;
  headers: Record<string, string>;
}

export interface ProviderHarness {
  /** The adapter's name (PAYMENT_PROVIDER): its webhooks land at /api/payments/webhooks/{name}. */
  name: string;
  /** Starts the fake provider for a shop listening at `url` (its webhooks go there). */
  start(shop: { db: Database; logger: Logger; url: string }): Promise<FakeProvider>;
}

/**
 * A loopback HTTP server in front of `target()` that passes requests through, unless told to
 * answer an error or nothing at all: the faulty network between the shop and a provider's API.
 */
export async function startFaultyUpstream(
  target: () => string,
): Promise<ProviderFaults & { url: string; close(): Promise<void> }> {
  let fail: { count: number; status: number } = { count: 0, status: 500 };
  let hang = 0;
  let calls = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    calls += 1;
    if (hang > 0) {
      hang -= 1;
      return; // No answer: the caller's timeout must end it.
    }
    if (fail.count > 0) {
      fail.count -= 1;
      res.writeHead(fail.status, { 'content-type': 'application/json' });
      res.end('{"error":"injected fault"}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && !['host', 'connection'].includes(name)) {
          headers.set(name, value);
        }
      }
      fetch(new URL(req.url ?? '/', target()), {
        method: req.method ?? 'GET',
        headers,
        ...(chunks.length > 0 ? { body: new Uint8Array(Buffer.concat(chunks)) } : {}),
        signal: AbortSignal.timeout(10_000),
      })
        .then(async (upstream) => {
          const body = Buffer.from(await upstream.arrayBuffer());
          res.writeHead(upstream.status, {
            'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
          });
          res.end(body);
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    failNext(count, status = 500) {
      fail = { count, status };
    },
    hangNext(count) {
      hang = count;
    },
    clear() {
      fail = { count: 0, status: 500 };
      hang = 0;
    },
    get calls() {
      return calls;
    },
    close: listening.close,
  };
}

interface Shop {
  url: string;
  db: Database;
  payments: Payments;
  smtp: SmtpPeer;
  ordersMailTo: string;
}

/** A shop listening on loopback: enough of it to check out. */
export interface ShopAtUrl {
  url: string;
  db: Database;
  payments: Pick<Payments, 'latestSession'>;
}

export interface PlacedOrder {
  id: string;
  number: string;
  total: number;
  token: string;
  cartId: string;
  agent: ReturnType<typeof request.agent>;
  session: StartedSession;
}

/** The customer's e-mail address of every contract order. */
const customerEmail = 'ciara@example.com';

/**
 * A visitor fills a cart with 500 L of kerosene per `quantity` (to BT1 1AA), as the browser does
 * (real HTTP, same origin), and is about to check out: the agent holds the cart cookie.
 */
export async function fillCartAt(
  shop: Pick<ShopAtUrl, 'url' | 'db'>,
  quantity = 1,
): Promise<ReturnType<typeof request.agent>> {
  const [oil] = await shop.db
    .select({ productId: products.id, sizeId: productSizes.id })
    .from(products)
    .innerJoin(productSizes, eq(productSizes.productId, products.id))
    .where(and(eq(products.slug, 'kerosene-heating-oil'), eq(productSizes.title, '500 Litres')));
  if (!oil) throw new Error('The seeded catalogue has no 500 L of kerosene.');
  const agent = request.agent(shop.url);
  const same = (r: request.Test) => r.set('Origin', shop.url);
  expect((await same(agent.put('/api/cart/postcode')).send({ postcode: 'BT1 1AA' })).status).toBe(
    200,
  );
  const added = await same(agent.post('/api/cart/items')).send({
    type: 'oil',
    productId: oil.productId,
    attributeId: oil.sizeId,
    quantity,
  });
  expect(added.status).toBe(200);
  return agent;
}

/** The checkout form sent from `agent`'s cart, as the browser sends it (an Idempotency-Key). */
export async function postCheckout(
  shop: Pick<ShopAtUrl, 'url'>,
  agent: ReturnType<typeof request.agent>,
  details: Parameters<typeof checkoutForm>[0] = {},
) {
  // The total the checkout page showed, as the page sends it.
  const summary = await agent.get('/api/checkout');
  const expectedTotal = (summary.body as { summary?: { total?: number } }).summary?.total;
  return agent
    .post('/api/checkout')
    .set('Origin', shop.url)
    .set('Idempotency-Key', randomUUID())
    .send({ ...checkoutForm({ email: customerEmail, ...details }), expectedTotal });
}

/**
 * A visitor fills a cart (fillCartAt) and checks out. The order and its first payment session
 * exist afterwards.
 */
export async function checkoutAt(shop: ShopAtUrl, quantity = 1): Promise<PlacedOrder> {
  const agent = await fillCartAt(shop, quantity);
  const res = await postCheckout(shop, agent);
  expect(res.status).toBe(201);
  const body = res.body as {
    order: { id: string; number: string; total: number };
    orderToken: string;
  };
  const session = await shop.payments.latestSession(body.order.id);
  if (!session) throw new Error('The checkout opened no payment session.');
  const [row] = await shop.db
    .select({ cartId: orders.cartId })
    .from(orders)
    .where(eq(orders.id, body.order.id));
  return { ...body.order, token: body.orderToken, cartId: row?.cartId ?? '', agent, session };
}

/** Runs the contract for one adapter. Call it at the top level of a test file. */
export function paymentProviderContract(harness: ProviderHarness): void {
  describe(`payment provider contract: ${harness.name}`, () => {
    let tdb: TestDatabase;
    let fake: FakeProvider;
    let shop: Shop;
    let server: Server;

    beforeAll(async () => {
      tdb = await createTestDatabase();
      const logger = createLogger('silent');
      const smtp = await startSmtpPeer();
      // The shop listens first, so that its PUBLIC_URL is its real loopback address.
      let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
        res.writeHead(503);
        res.end();
      };
      server = createServer((req, res) => handler(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ordersMailTo = 'orders@fuelyard.test';
      const config = testConfig({
        PUBLIC_URL: url,
        SMTP_URL: smtp.url,
        MAIL_TO: 'enquiries@fuelyard.test',
        ORDERS_MAIL_TO: ordersMailTo,
        PAYMENT_SESSION_TTL_MINUTES: '60',
      });
      fake = await harness.start({ db: tdb.handle.db, logger, url });
      const payments = createPayments({
        config,
        db: tdb.handle.db,
        logger,
        provider: fake.provider,
        testPage: fake.testPage ?? null,
      });
      handler = createApp({ config, database: tdb.handle, logger, payments }).callback();
      shop = { url, db: tdb.handle.db, payments, smtp, ordersMailTo };
    }, 120_000);

    afterAll(async () => {
      await fake?.close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server?.closeAllConnections();
      await shop?.smtp.close();
      await tdb?.close();
    }, 60_000);

    const db = () => shop.db;

    const placeOrder = (quantity = 1) => checkoutAt(shop, quantity);

    async function order(id: string) {
      const [row] = await db().select().from(orders).where(eq(orders.id, id));
      if (!row) throw new Error('No such order');
      return row;
    }

    async function cartCount(cartId: string): Promise<number> {
      const rows = await db().select().from(cartItems).where(eq(cartItems.cartId, cartId));
      return rows.length;
    }

    async function mails(orderId: string, topic: string) {
      return db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.topicId, orderId), eq(mailOutbox.topic, topic)));
    }

    async function events(orderId: string) {
      return db().select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
    }

    async function allEventCount(): Promise<number> {
      const [row] = await db()
        .select({ n: sql<number>`count(*)::integer` })
        .from(paymentEvents);
      return Number(row?.n ?? 0);
    }

    const postWebhook = (webhook: WebhookRequest) =>
      postShopWebhook(shop.url, harness.name, webhook);

    /** The order is as the checkout left it: nothing paid, nothing mailed, the cart intact. */
    async function expectUntouched(placed: PlacedOrder): Promise<void> {
      const row = await order(placed.id);
      expect(row.status).toBe('pending_payment');
      expect(row.paidAt).toBeNull();
      expect(await mails(placed.id, 'order-confirmation')).toEqual([]);
      expect(await cartCount(placed.cartId)).toBe(1);
    }

    /** Makes the order and its sessions look older than the session TTL (the sweeper's view). */
    async function backdate(orderId: string): Promise<void> {
      await db()
        .update(orders)
        .set({ createdAt: sql`now() - interval '2 hours'` })
        .where(eq(orders.id, orderId));
      await db()
        .update(paymentSessions)
        .set({ expiresAt: sql`now() - interval '1 hour'` })
        .where(eq(paymentSessions.orderId, orderId));
    }

    it('paid: the webhook marks the order paid, empties its cart and mails the customer a working link and the shop a notice', async () => {
      const placed = await placeOrder();
      await fake.customer(placed.session, 'pay', { shopUrl: shop.url, deliver: true });
      const row = await order(placed.id);
      expect(row.status).toBe('paid');
      expect(row.paidAt).toBeInstanceOf(Date);
      expect(await cartCount(placed.cartId)).toBe(0);
      expect(await events(placed.id)).toEqual([
        expect.objectContaining({ type: 'succeeded', outcome: 'applied', amount: placed.total }),
      ]);

      // The outbox sends both through a real SMTP server.
      const logger = createLogger('silent');
      const mailer = createMailer(
        {
          smtpUrl: shop.smtp.url,
          from: 'Fuelyard <no-reply@fuelyard.test>',
          dir: '/nonexistent',
          leaseMs: 60_000,
        },
        logger,
      );
      try {
        await createMailWorker({ db: db(), mailer, logger }).drain();
      } finally {
        mailer.close();
      }
      const toCustomer = shop.smtp.received.filter((m) => m.envelope.to.includes(customerEmail));
      const toShop = shop.smtp.received.filter((m) => m.envelope.to.includes(shop.ordersMailTo));
      expect(toCustomer).toHaveLength(1);
      expect(toShop).toHaveLength(1);
      const confirmation = toCustomer[0]?.parsed;
      expect(confirmation?.headers.get('subject')).toContain(placed.number);
      expect(confirmation?.text).toContain(placed.number);
      expect(confirmation?.html).toContain(placed.number);
      expect(toShop[0]?.parsed.text).toContain(placed.number);
      // The link opens the paid order: its token is the order's (only the hash is stored).
      const link = /(https?:\/\/\S+\/order\/\S+)/.exec(confirmation?.text ?? '')?.[1] ?? '';
      const linkUrl = new URL(link);
      expect(linkUrl.origin).toBe(shop.url);
      expect(hashOrderToken(linkUrl.searchParams.get('token') ?? '')).toBe(row.accessTokenHash);
      const opened = await request(shop.url).get(
        `/api/orders/${placed.id}?token=${encodeURIComponent(linkUrl.searchParams.get('token') ?? '')}`,
      );
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ order: { id: placed.id, status: 'paid' } });
    });

    it('declined: payment_failed, the cart intact, no e-mail', async () => {
      const placed = await placeOrder();
      await fake.customer(placed.session, 'decline', { shopUrl: shop.url, deliver: true });
      expect((await order(placed.id)).status).toBe('payment_failed');
      expect(await cartCount(placed.cartId)).toBe(1);
      expect(await mails(placed.id, 'order-confirmation')).toEqual([]);
    });

    it('cancelled: cancelled (or, where the provider reports no cancel, still payable), the cart intact, no e-mail', async () => {
      const placed = await placeOrder();
      await fake.customer(placed.session, 'cancel', { shopUrl: shop.url, deliver: true });
      if (fake.reportsCancel === false) {
        await expectUntouched(placed);
        return;
      }
      expect((await order(placed.id)).status).toBe('cancelled');
      expect(await cartCount(placed.cartId)).toBe(1);
      expect(await mails(placed.id, 'order-confirmation')).toEqual([]);
    });

    it('expired: the sweeper asks the provider about an abandoned order and expires it', async () => {
      const placed = await placeOrder();
      await fake.expire(placed.session);
      await backdate(placed.id);
      const result = await shop.payments.sweep();
      expect(result.checked).toBeGreaterThanOrEqual(1);
      const row = await order(placed.id);
      expect(row.status).toBe('expired');
      expect(await cartCount(placed.cartId)).toBe(1);
      // Sweeping again changes nothing.
      await shop.payments.sweep();
      expect((await order(placed.id)).status).toBe('expired');
    });

    it('the same webhook ×5 in sequence: one paid transition, one customer e-mail', async () => {
      const placed = await placeOrder();
      const { eventId } = await fake.customer(placed.session, 'pay', {
        shopUrl: shop.url,
        deliver: false,
      });
      const webhook = await fake.webhook({
        id: eventId,
        type: 'succeeded',
        session: placed.session,
        amount: placed.total,
        currency: 'GBP',
      });
      const outcomes: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await postWebhook(webhook);
        expect(res.status).toBe(200);
        outcomes.push((res.body as { outcome: string }).outcome);
      }
      expect(outcomes).toEqual(['applied', 'replay', 'replay', 'replay', 'replay']);
      const row = await order(placed.id);
      expect(row.status).toBe('paid');
      expect(await events(placed.id)).toHaveLength(1);
      expect(await mails(placed.id, 'order-confirmation')).toHaveLength(1);
      expect(await mails(placed.id, 'order-notice')).toHaveLength(1);
    });

    it('the same webhook ×20 in parallel: one paid transition, one customer e-mail', async () => {
      const placed = await placeOrder();
      const { eventId } = await fake.customer(placed.session, 'pay', {
        shopUrl: shop.url,
        deliver: false,
      });
      const webhook = await fake.webhook({
        id: eventId,
        type: 'succeeded',
        session: placed.session,
        amount: placed.total,
        currency: 'GBP',
      });
      const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(webhook)));
      expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
      const outcomes = answers.map((res) => (res.body as { outcome: string }).outcome);
      expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'replay')).toHaveLength(19);
      expect((await order(placed.id)).status).toBe('paid');
      expect(await events(placed.id)).toHaveLength(1);
      expect(await mails(placed.id, 'order-confirmation')).toHaveLength(1);
    }, 60_000);

    it('a bad signature answers 400 and changes nothing', async () => {
      const placed = await placeOrder();
      const before = await allEventCount();
      const webhook = await fake.webhook(
        { type: 'succeeded', session: placed.session, amount: placed.total, currency: 'GBP' },
        { signature: 'wrong' },
      );
      const res = await postWebhook(webhook);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400 });
      await expectUntouched(placed);
      expect(await allEventCount()).toBe(before);
      // A body changed after signing is a bad signature too.
      const good = await fake.webhook({
        type: 'succeeded',
        session: placed.session,
        amount: placed.total,
        currency: 'GBP',
      });
      const tampered = Buffer.from(
        good.body.toString('utf8').replace(String(placed.total), String(placed.total - 1)),
      );
      expect((await postWebhook({ body: tampered, headers: good.headers })).status).toBe(400);
      await expectUntouched(placed);
      expect(await allEventCount()).toBe(before);
    });

    it('a missing signature, or a stale one, answers 400 and changes nothing', async () => {
      const placed = await placeOrder();
      const before = await allEventCount();
      const spec = {
        type: 'succeeded' as const,
        session: placed.session,
        amount: placed.total,
        currency: 'GBP',
      };
      const missing = await postWebhook(await fake.webhook(spec, { signature: 'missing' }));
      expect(missing.status).toBe(400);
      if (fake.timestamped) {
        // Each timestamp is taken just before it is signed. A past one only gets staler while the
        // request travels, so 301 s is the bound itself; a future one gets nearer, and a loaded
        // machine can take seconds between signing and checking, so it is 330 s ahead.
        for (const offset of [-301, -3600, 330]) {
          const timestamp = Math.floor(Date.now() / 1000) + offset;
          const stale = await postWebhook(await fake.webhook(spec, { timestamp }));
          expect(stale.status, `signed ${offset} s from now`).toBe(400);
        }
      }
      await expectUntouched(placed);
      expect(await allEventCount()).toBe(before);
    });

    it('an amount or currency that differs from the order: needs_review, never paid, no e-mail', async () => {
      const placed = await placeOrder();
      const less = await postWebhook(
        await fake.webhook({
          type: 'succeeded',
          session: placed.session,
          amount: placed.total - 100,
          currency: 'GBP',
        }),
      );
      expect(less.status).toBe(200);
      expect(less.body).toMatchObject({ outcome: 'needs_review' });
      const row = await order(placed.id);
      expect(row.status).toBe('needs_review');
      expect(row.paidAt).toBeNull();
      expect(await cartCount(placed.cartId)).toBe(1);
      expect(await mails(placed.id, 'order-confirmation')).toEqual([]);
      // The right amount afterwards does not make it paid either: it waits for staff.
      const right = await postWebhook(
        await fake.webhook({
          type: 'succeeded',
          session: placed.session,
          amount: placed.total,
          currency: 'GBP',
        }),
      );
      expect(right.status).toBe(200);
      expect((await order(placed.id)).status).toBe('needs_review');

      const other = await placeOrder();
      const euros = await postWebhook(
        await fake.webhook({
          type: 'succeeded',
          session: other.session,
          amount: other.total,
          currency: 'EUR',
        }),
      );
      expect(euros.status).toBe(200);
      expect((await order(other.id)).status).toBe('needs_review');
    });

    it('"failed" after "paid" changes nothing', async () => {
      const placed = await placeOrder();
      await fake.customer(placed.session, 'pay', { shopUrl: shop.url, deliver: true });
      const paid = await order(placed.id);
      expect(paid.status).toBe('paid');
      for (const type of ['failed', 'cancelled', 'expired'] as const) {
        const res = await postWebhook(
          await fake.webhook({
            type,
            session: placed.session,
            amount: placed.total,
            currency: 'GBP',
          }),
        );
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ outcome: 'ignored' });
      }
      const after = await order(placed.id);
      expect(after.status).toBe('paid');
      expect(after.paidAt).toEqual(paid.paidAt);
      expect(await mails(placed.id, 'order-confirmation')).toHaveLength(1);
    });

    it('a webhook that never comes: reconciliation asks the provider and applies its answer once; the late webhook is a replay', async () => {
      const placed = await placeOrder();
      const { eventId } = await fake.customer(placed.session, 'pay', {
        shopUrl: shop.url,
        deliver: false,
      });
      await expectUntouched(placed);
      const reconciled = await shop.payments.reconcileOrder(placed.id);
      expect(reconciled).toMatchObject({ check: 'answered', status: 'paid' });
      expect(await cartCount(placed.cartId)).toBe(0);
      expect(await mails(placed.id, 'order-confirmation')).toHaveLength(1);
      // Asking again, and the webhook arriving at last, change nothing more.
      expect(await shop.payments.reconcileOrder(placed.id)).toMatchObject({ check: 'final' });
      const lateWebhook = await fake.webhook({
        id: eventId,
        type: 'succeeded',
        session: placed.session,
        amount: placed.total,
        currency: 'GBP',
      });
      const late = await postWebhook(lateWebhook);
      expect(late.status).toBe(200);
      if (fake.queryEventIds) {
        expect(late.body).toMatchObject({ outcome: 'replay' });
        expect(await events(placed.id)).toHaveLength(1);
      } else {
        expect(late.body).toMatchObject({ outcome: 'ignored' });
        const recorded = await events(placed.id);
        expect(recorded).toHaveLength(2);
        expect(recorded).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ type: 'succeeded', outcome: 'applied' }),
            expect.objectContaining({ eventId, type: 'succeeded', outcome: 'ignored' }),
          ]),
        );
        // Sent again, it is a replay.
        expect((await postWebhook(lateWebhook)).body).toMatchObject({ outcome: 'replay' });
      }
      const row = await order(placed.id);
      expect(row.status).toBe('paid');
      expect(await mails(placed.id, 'order-confirmation')).toHaveLength(1);
    });

    it('an order the customer is still paying for is left alone by reconciliation', async () => {
      const placed = await placeOrder();
      expect(await shop.payments.reconcileOrder(placed.id)).toMatchObject({ check: 'pending' });
      await expectUntouched(placed);
    });

    it('the provider answering 500, then 200: retried within bounds, then applied', async () => {
      const placed = await placeOrder();
      await fake.customer(placed.session, 'pay', { shopUrl: shop.url, deliver: false });
      fake.faults.clear();
      const before = fake.faults.calls;
      fake.faults.failNext(1, 500);
      const reconciled = await shop.payments.reconcileOrder(placed.id);
      expect(reconciled).toMatchObject({ check: 'answered', status: 'paid' });
      expect(fake.faults.calls - before).toBe(2);

      // A provider that keeps failing is asked a bounded number of times; nothing changes.
      const other = await placeOrder();
      await fake.customer(other.session, 'pay', { shopUrl: shop.url, deliver: false });
      const start = fake.faults.calls;
      fake.faults.failNext(1_000, 503);
      expect(await shop.payments.reconcileOrder(other.id)).toMatchObject({
        check: 'unavailable',
        status: 'pending_payment',
      });
      expect(fake.faults.calls - start).toBe(fake.retrieveAttempts);
      fake.faults.clear();
      await expectUntouched(other);
    });

    it('the provider timing out: nothing changes, and the sweeper never expires an order it could not ask about', async () => {
      const placed = await placeOrder();
      await fake.customer(placed.session, 'pay', { shopUrl: shop.url, deliver: false });
      const start = fake.faults.calls;
      fake.faults.hangNext(fake.retrieveAttempts);
      expect(await shop.payments.reconcileOrder(placed.id)).toMatchObject({
        check: 'unavailable',
      });
      expect(fake.faults.calls - start).toBe(fake.retrieveAttempts);
      await expectUntouched(placed);

      await backdate(placed.id);
      fake.faults.hangNext(fake.retrieveAttempts);
      const swept = await shop.payments.sweep();
      expect(swept.unavailable).toBeGreaterThanOrEqual(1);
      expect((await order(placed.id)).status).toBe('pending_payment');
      // Once the provider answers again, the next sweep finds the payment.
      fake.faults.clear();
      await shop.payments.sweep();
      expect((await order(placed.id)).status).toBe('paid');
      expect(await mails(placed.id, 'order-confirmation')).toHaveLength(1);
    }, 60_000);

    it('the sweeper expires an abandoned order that never reached the provider', async () => {
      const placed = await placeOrder();
      // As if opening the session had failed: the order has no attempt at all.
      await db().delete(paymentSessions).where(eq(paymentSessions.orderId, placed.id));
      await db()
        .update(orders)
        .set({ createdAt: sql`now() - interval '2 hours'` })
        .where(eq(orders.id, placed.id));
      await shop.payments.sweep();
      expect((await order(placed.id)).status).toBe('expired');
      expect(await cartCount(placed.cartId)).toBe(1);
    });

    it('a young unpaid order, or an old one whose payment session is still open, is not swept', async () => {
      const young = await placeOrder();
      const old = await placeOrder();
      // Older than the TTL, but its (newer) session has not run out yet.
      await db()
        .update(orders)
        .set({ createdAt: sql`now() - interval '2 hours'` })
        .where(eq(orders.id, old.id));
      await shop.payments.sweep();
      await expectUntouched(young);
      await expectUntouched(old);
    });

    /** An order the customer has paid for on the provider's page (the webhook came). */
    async function paidOrder(): Promise<PlacedOrder> {
      const placed = await placeOrder();
      await fake.customer(placed.session, 'pay', { shopUrl: shop.url, deliver: true });
      expect((await order(placed.id)).status).toBe('paid');
      return placed;
    }

    const newRefundKey = () => `fuelyard-refund-${randomUUID()}`;

    /** The adapter's refund of `placed`'s session, as the back office asks for it. */
    function refund(
      placed: PlacedOrder,
      amount: number,
      { full = false, key = newRefundKey() }: { full?: boolean; key?: string } = {},
    ): Promise<RefundResult> {
      const { sessionId, reference, orderId } = placed.session;
      return fake.provider.refund({
        session: { sessionId, reference, orderId },
        amount,
        currency: 'GBP',
        full,
        idempotencyKey: key,
      });
    }

    function expectAccepted(result: RefundResult): void {
      expect(result.refundId).toMatch(/^\S{1,255}$/);
      expect(['succeeded', 'pending']).toContain(result.status);
    }

    /** Nothing is left to refund: even a penny more is refused by the provider. */
    async function expectNothingLeft(placed: PlacedOrder): Promise<void> {
      await expect(refund(placed, 1)).rejects.toBeInstanceOf(PaymentProviderError);
    }

    it('refund: a full refund of a paid session gives back everything, once', async () => {
      const placed = await paidOrder();
      expectAccepted(await refund(placed, placed.total, { full: true }));
      await expectNothingLeft(placed);
    }, 60_000);

    it('refund: a partial refund, then the rest', async () => {
      const placed = await paidOrder();
      const part = await refund(placed, 100);
      expectAccepted(part);
      const rest = await refund(placed, placed.total - 100, { full: true });
      expectAccepted(rest);
      expect(rest.refundId).not.toBe(part.refundId);
      await expectNothingLeft(placed);
    }, 60_000);

    it('refund: the same idempotency key twice (in turn, and at once) refunds once, with the same refundId', async () => {
      const placed = await paidOrder();
      const key = newRefundKey();
      const first = await refund(placed, 100, { key });
      const again = await refund(placed, 100, { key });
      expectAccepted(first);
      expect(again.refundId).toBe(first.refundId);
      const key2 = newRefundKey();
      const twice = await Promise.all([
        refund(placed, 200, { key: key2 }),
        refund(placed, 200, { key: key2 }),
      ]);
      expect(twice[1]?.refundId).toBe(twice[0]?.refundId);
      // 300 were given back, not 600: the rest is exactly total - 300, asked for twice too.
      const restKey = newRefundKey();
      const rest = await refund(placed, placed.total - 300, { full: true, key: restKey });
      const restAgain = await refund(placed, placed.total - 300, { full: true, key: restKey });
      expectAccepted(rest);
      expect(restAgain.refundId).toBe(rest.refundId);
      await expectNothingLeft(placed);
    }, 60_000);

    it('refund: more than is left throws a PaymentProviderError and refunds nothing', async () => {
      const placed = await paidOrder();
      await expect(refund(placed, placed.total + 1)).rejects.toBeInstanceOf(PaymentProviderError);
      expectAccepted(await refund(placed, 100));
      await expect(refund(placed, placed.total - 99)).rejects.toBeInstanceOf(PaymentProviderError);
      // Nothing was taken by the refused ones: exactly the rest can still be refunded.
      expectAccepted(await refund(placed, placed.total - 100, { full: true }));
      await expectNothingLeft(placed);
    }, 60_000);

    it('refund: two refunds at once that together are more than was paid: one is made, one refused', async () => {
      const placed = await paidOrder();
      const both = await Promise.allSettled([
        refund(placed, placed.total - 100),
        refund(placed, placed.total - 100),
      ]);
      expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = both.find((r) => r.status === 'rejected');
      expect(refused?.status === 'rejected' ? refused.reason : null).toBeInstanceOf(
        PaymentProviderError,
      );
      expectAccepted(await refund(placed, 100, { full: true }));
      await expectNothingLeft(placed);
    }, 60_000);

    const refOf = (session: StartedSession) => ({
      sessionId: session.sessionId,
      reference: session.reference,
      orderId: session.orderId,
    });

    it('cancelSession: an open session is closed at the provider (its page refuses payment), again harmlessly; a paid one answers paid', async () => {
      const placed = await placeOrder();
      const outcome = await fake.provider.cancelSession(refOf(placed.session));
      if (fake.cancels) {
        expect(outcome).toBe('cancelled');
        await expect(
          fake.customer(placed.session, 'pay', { shopUrl: shop.url, deliver: true }),
        ).rejects.toThrow();
        expect(await fake.provider.cancelSession(refOf(placed.session))).toBe('cancelled');
        expect((await fake.provider.retrieve(refOf(placed.session))).status).not.toBe('succeeded');
        expect((await order(placed.id)).paidAt).toBeNull();
      } else {
        expect(outcome).toBe('unsupported');
      }
      const paid = await paidOrder();
      expect(await fake.provider.cancelSession(refOf(paid.session))).toBe(
        fake.cancels ? 'paid' : 'unsupported',
      );
      expect((await order(paid.id)).status).toBe('paid');
    }, 60_000);

    it('ten parallel checkouts of one cart with different keys: one order paid; every other payment refused by the provider or refunded automatically, the customer told', async () => {
      const agent = await fillCartAt(shop);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postCheckout(shop, agent)),
      );
      for (const answer of answers) expect([201, 409]).toContain(answer.status);
      const created = answers.find((a) => a.status === 201)?.body as { order: { id: string } };
      const [first] = await db()
        .select({ cartId: orders.cartId })
        .from(orders)
        .where(eq(orders.id, created.order.id));
      const cartId = first?.cartId ?? '';
      const all = await db().select().from(orders).where(eq(orders.cartId, cartId));
      expect(all.filter((o) => o.status === 'pending_payment')).toHaveLength(1);
      expect(all.filter((o) => o.status === 'cancelled')).toHaveLength(all.length - 1);
      const rows = await db()
        .select()
        .from(paymentSessions)
        .where(
          inArray(
            paymentSessions.orderId,
            all.map((o) => o.id),
          ),
        );
      const sessions: { row: (typeof rows)[number]; session: StartedSession }[] = rows.map(
        (row) => ({ row, session: startedSessionOf(row) }),
      );
      // The customer pays on every payment page the shop ever opened for this cart.
      const tried = await Promise.all(
        sessions.map(({ session }) =>
          fake.customer(session, 'pay', { shopUrl: shop.url, deliver: true }).then(
            () => 'paid' as const,
            () => 'refused' as const,
          ),
        ),
      );
      await shop.payments.latePayments.idle();

      const after = await db().select().from(orders).where(eq(orders.cartId, cartId));
      const paidOrders = after.filter((o) => o.status === 'paid');
      expect(paidOrders).toHaveLength(1);
      expect(paidOrders[0]?.id).toBe(all.find((o) => o.status === 'pending_payment')?.id);
      expect(after.filter((o) => o.status === 'cancelled')).toHaveLength(after.length - 1);
      for (const [index, { row, session }] of sessions.entries()) {
        const owner = after.find((o) => o.id === row.orderId);
        if (owner?.status === 'paid') {
          expect(tried[index]).toBe('paid');
          continue;
        }
        expect(owner?.status).toBe('cancelled');
        const lateRefunds = await db()
          .select()
          .from(refunds)
          .where(
            and(eq(refunds.orderId, row.orderId), eq(refunds.requestKey, `late-payment:${row.id}`)),
          );
        if (tried[index] === 'refused') {
          // Closed at the provider: nothing was taken, nothing to give back.
          expect(lateRefunds).toEqual([]);
          expect((await fake.provider.retrieve(refOf(session))).status).not.toBe('succeeded');
          continue;
        }
        // Taken anyway (the provider cannot close its page, or the payment won the race):
        // refunded in full through the provider, and the customer told.
        if (fake.cancels) throw new Error('A closed session took a payment.');
        expect(lateRefunds).toEqual([
          expect.objectContaining({ status: 'succeeded', amount: row.amount }),
        ]);
        await expect(
          fake.provider.refund({
            session: refOf(session),
            amount: 1,
            currency: 'GBP',
            full: false,
            idempotencyKey: newRefundKey(),
          }),
        ).rejects.toBeInstanceOf(PaymentProviderError);
        const told = await mails(row.orderId, 'late-payment-refunded');
        expect(told).toHaveLength(1);
        expect(told[0]?.subject).toContain(
          `we refunded your payment for cancelled order ${owner?.number ?? ''}`,
        );
        expect(told[0]?.to).toBe(customerEmail);
      }
      if (fake.cancels) expect(tried.filter((t) => t === 'paid')).toHaveLength(1);
      else expect(tried.every((t) => t === 'paid')).toBe(true);
    }, 120_000);

    it('a late payment: its webhook again, or another event about the same payment, refunds nothing more; amounts are still checked', async () => {
      const agent = await fillCartAt(shop);
      const firstAnswer = await postCheckout(shop, agent);
      expect(firstAnswer.status).toBe(201);
      const firstId = (firstAnswer.body as { order: { id: string } }).order.id;
      const firstSession = await shop.payments.latestSession(firstId);
      if (!firstSession) throw new Error('No session');
      // A second checkout of the cart, with other details, cancels the first order (the same
      // details again would be a retry of it).
      const other = { instructions: 'Please ring the bell.' };
      expect((await postCheckout(shop, agent, other)).status).toBe(201);
      expect((await order(firstId)).status).toBe('cancelled');
      // The provider reports a payment of it anyway (a payment that won the race), signed.
      const paidEvent = await fake.webhook({
        type: 'succeeded',
        session: firstSession,
        amount: firstSession.amount,
        currency: 'GBP',
      });
      const late = await postWebhook(paidEvent);
      expect(late.status).toBe(200);
      expect(late.body).toMatchObject({ outcome: 'late_payment' });
      expect((await postWebhook(paidEvent)).body).toMatchObject({ outcome: 'replay' });
      const again = await postWebhook(
        await fake.webhook({
          type: 'succeeded',
          session: firstSession,
          amount: firstSession.amount,
          currency: 'GBP',
        }),
      );
      expect(again.body).toMatchObject({ outcome: 'late_payment' });
      await shop.payments.latePayments.idle();
      const rows = await db().select().from(refunds).where(eq(refunds.orderId, firstId));
      // One late payment, however many events name it; forward only: still cancelled, unpaid.
      expect(rows).toHaveLength(1);
      expect(['succeeded', 'staff']).toContain(rows[0]?.status);
      const row = await order(firstId);
      expect(row.status).toBe('cancelled');
      expect(row.paidAt).toBeNull();
      // Told once, whichever way it went.
      const told = [
        ...(await mails(firstId, 'late-payment-refunded')),
        ...(await mails(firstId, 'late-payment-received')),
      ];
      expect(told).toHaveLength(1);
    }, 60_000);

    it('refund: a session that was not paid (open, or declined) cannot be refunded', async () => {
      const open = await placeOrder();
      await expect(refund(open, open.total, { full: true })).rejects.toBeInstanceOf(
        PaymentProviderError,
      );
      const declined = await placeOrder();
      await fake.customer(declined.session, 'decline', { shopUrl: shop.url, deliver: true });
      await expect(refund(declined, 100)).rejects.toBeInstanceOf(PaymentProviderError);
    }, 60_000);
  });
}
