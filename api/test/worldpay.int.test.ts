import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Config } from '../config';
import { orders, paymentEvents } from '../db/schema';
import { messages } from '../domain/messages';
import { createLogger } from '../logger';
import {
  checkoutAt,
  fillCartAt,
  postCheckout,
  type PlacedOrder,
} from '../services/payments/contract';
import { createPayments, PaymentProviderError, type Payments } from '../services/payments';
import {
  fakeWorldpayConfig,
  fakeWorldpaySettings as settings,
  startWorldpayFake,
} from './fakeWorldpay';
import { createWorldpayProvider } from '../services/payments/worldpay/provider';
import { worldpaySignatureEntry } from '../services/payments/worldpay/signature';
import type { FakeEvent, FakeWorldpay } from './fakeWorldpay';
import {
  confirmationsOf,
  orderRow,
  postWebhook,
  startProviderShop,
  type ProviderShop,
} from './providerShop';

/**
 * The Worldpay adapter's own cases, beyond the provider contract (worldpayContract.int.test.ts):
 * a shop configured with PAYMENT_PROVIDER=worldpay and the WORLDPAY_* settings, talking to a
 * loopback fake of Access Worldpay over real HTTP, on a real database.
 */
let fake: FakeWorldpay;
let running: ProviderShop;
let url: string;
let config: Config;
let payments: Payments;

beforeAll(async () => {
  fake = await startWorldpayFake();
  running = await startProviderShop({
    PAYMENT_PROVIDER: 'worldpay',
    WORLDPAY_API_URL: `${fake.url}/`,
    WORLDPAY_USERNAME: settings.username,
    WORLDPAY_PASSWORD: settings.password,
    WORLDPAY_ENTITY: settings.entity,
    WORLDPAY_WEBHOOK_KEY_ID: settings.keyId,
    WORLDPAY_WEBHOOK_SECRET: settings.secret,
    WORLDPAY_WEBHOOK_SECRET_PREVIOUS: settings.previousSecret,
  });
  ({ url, config, payments } = running);
  fake.setWebhookUrl(`${url}/api/payments/webhooks/worldpay`);
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await running?.close();
}, 60_000);

const db = () => running.db;
const shop = () => ({ url, db: db(), payments });
const order = (id: string) => orderRow(db(), id);
const confirmations = (orderId: string) => confirmationsOf(db(), orderId);

async function recorded(orderId: string) {
  return db().select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
}

const post = (item: Pick<FakeEvent, 'body' | 'headers'>) => postWebhook(url, 'worldpay', item);

const paid = (placed: PlacedOrder) => ({ value: placed.total, currencyCode: 'GBP' });

describe('Worldpay: setting up the hosted payment page', () => {
  it('posts the order to payment_pages in the v1 format, and the browser is sent to the answered url', async () => {
    const before = fake.pageRequests.length;
    const placed = await checkoutAt(shop());
    expect(fake.pageRequests).toHaveLength(before + 1);
    const sent = fake.pageRequests[before];
    const basic = Buffer.from(`${settings.username}:${settings.password}`).toString('base64');
    expect(sent?.headers.authorization).toBe(`Basic ${basic}`);
    expect(sent?.headers['wp-correlationid']).toMatch(/^[0-9a-zA-Z_-]{1,64}$/);
    expect(sent?.body).toEqual({
      transactionReference: `${placed.number}-1`,
      merchant: { entity: settings.entity },
      narrative: { line1: 'Fuelyard' },
      value: { currency: 'GBP', amount: placed.total },
      description: `Order ${placed.number}`,
      expiry: expect.any(Number) as number,
      resultURLs: {
        successURL: `${url}/checkout/process?order=${placed.id}`,
        pendingURL: `${url}/checkout/process?order=${placed.id}`,
        failureURL: `${url}/checkout?payment=declined`,
        errorURL: `${url}/checkout?payment=declined`,
        cancelURL: `${url}/checkout?payment=cancelled`,
        expiryURL: `${url}/checkout?payment=expired`,
      },
    });
    // PAYMENT_SESSION_TTL_MINUTES=60: the page lives about an hour.
    expect(sent?.body.expiry).toBeGreaterThan(3_500);
    expect(sent?.body.expiry).toBeLessThanOrEqual(3_600);
    const page = fake.session(`${placed.number}-1`);
    expect(placed.session).toMatchObject({
      reference: `${placed.number}-1`,
      sessionId: `${placed.number}-1`,
      redirectUrl: `${fake.url}/hpp/${page?.token}`,
      amount: placed.total,
    });
    // The hosted page itself answers.
    const html = await (await fetch(placed.session.redirectUrl)).text();
    expect(html).toContain(`Amount: £${(placed.total / 100).toFixed(2)}`);
  });

  it('a refused set-up is a PaymentProviderError naming the status, after no retry (a 4xx is an answer)', async () => {
    const provider = createWorldpayProvider({
      config: { ...fakeWorldpayConfig(fake.url), password: 'not-the-password' },
      logger: createLogger('silent'),
    });
    const before = fake.pageRequests.length;
    await expect(
      provider.createSession({
        order: {
          id: '00000000-0000-4000-8000-000000000001',
          number: 'FY-999999',
          amount: 30_500,
          currency: 'GBP',
          email: 'ciara@example.com',
          fullName: 'Ciara Byrne',
        },
        lines: [{ name: 'House Coal (40 kg)', unitAmount: 30_500, quantity: 1 }],
        attempt: 1,
        reference: 'FY-999999-1',
        returnUrl: `${url}/checkout/process?order=x`,
        declinedUrl: `${url}/checkout?payment=declined`,
        cancelUrl: `${url}/checkout?payment=cancelled`,
        expiredUrl: `${url}/checkout?payment=expired`,
        expiresAt: new Date(Date.now() + 3_600_000),
      }),
    ).rejects.toThrow(new PaymentProviderError('Worldpay answered HTTP 401 to payment_pages.'));
    // The fake refused it before reading the body: nothing was set up.
    expect(fake.pageRequests).toHaveLength(before);
    expect(fake.session('FY-999999-1')).toBeUndefined();
  });

  it('Worldpay unreachable at checkout: 502 with the message, the order left awaiting payment', async () => {
    const unreachable = createPayments({
      config: {
        ...config,
        payments: {
          ...config.payments,
          worldpay: fakeWorldpayConfig('http://127.0.0.1:9'),
        },
      },
      db: db(),
      logger: createLogger('silent'),
    });
    let app: ReturnType<typeof createApp> | null = null;
    const local = createServer((req, res) => app?.callback()(req, res));
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    app = createApp({
      config: { ...config, publicUrl: localUrl },
      database: running.database,
      logger: createLogger('silent'),
      payments: unreachable,
    });
    try {
      const agent = await fillCartAt({ url: localUrl, db: db() });
      const res = await postCheckout({ url: localUrl }, agent);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 502, message: messages.checkout.providerUnavailable });
      // The order was made and waits for a second try; no session was recorded for it.
      const [latest] = await db().select().from(orders).orderBy(desc(orders.createdAt)).limit(1);
      expect(latest?.status).toBe('pending_payment');
      expect(latest && (await unreachable.latestSession(latest.id))).toBeNull();
    } finally {
      local.closeAllConnections();
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  }, 60_000);
});

describe('Worldpay: events', () => {
  it('an event signed with the previous secret during a rotation is accepted', async () => {
    const placed = await checkoutAt(shop());
    const event = fake.event(
      { type: 'authorized', reference: placed.session.reference, amount: paid(placed) },
      'previous',
    );
    expect(event.headers['event-signature']).toMatch(/^1\/SHA256\/[0-9a-f]{64}$/);
    const res = await post(event);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'applied' });
    expect((await order(placed.id)).status).toBe('paid');
  });

  it('two signatures, the right one second, are accepted; only wrong ones are refused', async () => {
    const placed = await checkoutAt(shop());
    const event = fake.event({
      type: 'authorized',
      reference: placed.session.reference,
      amount: paid(placed),
    });
    const wrong = worldpaySignatureEntry('9', 'a-key-the-shop-does-not-have', event.body);
    const bad = await post({
      body: event.body,
      headers: { ...event.headers, 'event-signature': `${wrong},${wrong.replace(/^9/, '8')}` },
    });
    expect(bad.status).toBe(400);
    expect((await order(placed.id)).status).toBe('pending_payment');
    const res = await post({
      body: event.body,
      headers: {
        ...event.headers,
        'event-signature': `${wrong},${event.headers['event-signature'] ?? ''}`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'applied' });
    expect((await order(placed.id)).status).toBe('paid');
  });

  it('authorized then sentForSettlement: one paid transition and one confirmation e-mail', async () => {
    const placed = await checkoutAt(shop());
    const outcomes: unknown[] = [];
    for (const type of ['authorized', 'sentForSettlement']) {
      const res = await post(
        fake.event({ type, reference: placed.session.reference, amount: paid(placed) }),
      );
      expect(res.status).toBe(200);
      outcomes.push(res.body.outcome);
    }
    expect(outcomes).toEqual(['applied', 'ignored']);
    expect((await order(placed.id)).status).toBe('paid');
    expect(await confirmations(placed.id)).toHaveLength(1);
    expect((await recorded(placed.id)).map((e) => e.outcome).sort()).toEqual([
      'applied',
      'ignored',
    ]);
  });

  it('a refused after authorized changes nothing', async () => {
    const placed = await checkoutAt(shop());
    await post(
      fake.event({ type: 'authorized', reference: placed.session.reference, amount: paid(placed) }),
    );
    const before = await order(placed.id);
    expect(before.status).toBe('paid');
    const res = await post(fake.event({ type: 'refused', reference: placed.session.reference }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'ignored' });
    const after = await order(placed.id);
    expect(after.status).toBe('paid');
    expect(after.paidAt).toEqual(before.paidAt);
    expect(await confirmations(placed.id)).toHaveLength(1);
  });

  it('a refusal carries no amount and fails the payment; a success without one is never paid', async () => {
    const declined = await checkoutAt(shop());
    const refused = await post(
      fake.event({ type: 'refused', reference: declined.session.reference }),
    );
    expect(refused.body).toMatchObject({ outcome: 'applied' });
    expect((await order(declined.id)).status).toBe('payment_failed');

    const unnamed = await checkoutAt(shop());
    const res = await post(
      fake.event({ type: 'authorized', reference: unnamed.session.reference }),
    );
    expect(res.body).toMatchObject({ outcome: 'needs_review' });
    const row = await order(unnamed.id);
    expect(row.status).toBe('needs_review');
    expect(row.paidAt).toBeNull();
    expect(await confirmations(unnamed.id)).toEqual([]);
  });

  it('settled, refunds and chargebacks are recorded and acknowledged, the order unchanged; a resend is a replay', async () => {
    const placed = await checkoutAt(shop());
    const settled = fake.event({
      type: 'settled',
      reference: placed.session.reference,
      amount: paid(placed),
    });
    const first = await post(settled);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'recorded' });
    expect((await post(settled)).body).toMatchObject({ outcome: 'replay' });
    const chargeback = await post(
      fake.event({
        type: 'informationRequested',
        classification: 'chargeback',
        reference: placed.session.reference,
        amount: paid(placed),
      }),
    );
    expect(chargeback.body).toMatchObject({ outcome: 'recorded' });
    expect((await order(placed.id)).status).toBe('pending_payment');
    const rows = await recorded(placed.id);
    expect(rows.map((e) => [e.type, e.outcome]).sort()).toEqual([
      ['chargeback:informationRequested', 'recorded'],
      ['settled', 'recorded'],
    ]);
  });

  it('a signed body that is not an event, or a non-JSON media type, answers 4xx and records nothing', async () => {
    const before = (await db().select().from(paymentEvents)).length;
    const body = Buffer.from('{"hello":"world"}');
    const notEvent = await post({
      body,
      headers: {
        'content-type': 'application/json',
        'event-signature': worldpaySignatureEntry(settings.keyId, settings.secret, body),
      },
    });
    expect(notEvent.status).toBe(400);
    const asText = await fetch(`${url}/api/payments/webhooks/worldpay`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'event-signature': worldpaySignatureEntry(settings.keyId, settings.secret, body),
      },
      body: new Uint8Array(body),
    });
    expect(asText.status).toBe(415);
    // The test provider's endpoint is not open while Worldpay is the provider.
    const elsewhere = await fetch(`${url}/api/payments/webhooks/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(elsewhere.status).toBe(400);
    expect((await db().select().from(paymentEvents)).length).toBe(before);
  });
});
