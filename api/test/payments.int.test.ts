import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { ensureSharedSecret } from '../db/meta';
import { appMeta, orders, paymentEvents, testPaymentSessions } from '../db/schema';
import { site } from '../domain/site';
import { createLogger } from '../logger';
import { paymentMessages } from '../routes/payments';
import { checkoutAt, type PlacedOrder } from '../services/payments/contract';
import { createPayments, type Payments } from '../services/payments';
import { signedTestWebhook, testSecretKey } from '../services/payments/test/provider';
import { createTestDatabase, testConfig, type TestDatabase } from './harness';

/**
 * The built-in test provider's own surface (what the contract suite does not cover): the hosted
 * page's API that the /pay/test/{id} page calls, its 3-D Secure outcomes, its shared secret, and
 * the webhook route's refusals.
 */

interface Running {
  url: string;
  payments: Payments;
  close(): Promise<void>;
}

/** A shop on a real loopback port (the test provider POSTs its webhooks there). */
async function startShop(db: TestDatabase, env: Record<string, string> = {}): Promise<Running> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503);
    res.end();
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig({ PUBLIC_URL: url, ...env });
  const logger = createLogger('silent');
  const payments = createPayments({ config, db: db.handle.db, logger });
  handler = createApp({ config, database: db.handle, logger, payments }).callback();
  return {
    url,
    payments,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let tdb: TestDatabase;
let shop: Running;

beforeAll(async () => {
  tdb = await createTestDatabase();
  shop = await startShop(tdb);
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await tdb?.close();
}, 60_000);

const db = () => tdb.handle.db;
const place = (): Promise<PlacedOrder> =>
  checkoutAt({ url: shop.url, db: db(), payments: shop.payments });

async function status(orderId: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.status;
}

function getSession(id: string, base = shop.url) {
  return fetch(`${base}/api/payments/test/sessions/${encodeURIComponent(id)}`);
}

function complete(id: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${shop.url}/api/payments/test/sessions/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url, ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

function postWebhook(path: string, body: Buffer | string, headers: Record<string, string>) {
  return fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}

describe('the test provider: hosted page API', () => {
  it('shows the session the checkout opened: shop name, amount, order number, where cancel goes', async () => {
    const placed = await place();
    expect(placed.session.redirectUrl).toBe(`/pay/test/${placed.session.sessionId}`);
    expect(placed.session.sessionId).toMatch(/^ts_[A-Za-z0-9_-]+$/);
    const res = await getSession(placed.session.sessionId);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      code: 200,
      message: paymentMessages.session,
      session: {
        id: placed.session.sessionId,
        shopName: site.companyName,
        amount: placed.total,
        currency: 'GBP',
        status: 'open',
        orderNumber: placed.number,
        cancelUrl: '/checkout?payment=cancelled',
        expiresAt: placed.session.expiresAt.toISOString(),
        eventId: null,
      },
    });
  });

  it('answers 404 for an unknown or malformed session id', async () => {
    for (const id of ['ts_doesnotexist1234567890', 'nope', "ts_'; drop table x"]) {
      const res = await getSession(id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 404, message: paymentMessages.noSession });
    }
    expect((await complete('ts_doesnotexist1234567890', { outcome: 'pay' })).status).toBe(404);
  });

  it.each([
    ['pay', 'paid', paymentMessages.outcome.pay],
    ['3ds-approve', 'paid', paymentMessages.outcome['3ds-approve']],
    ['decline', 'payment_failed', 'Your card was declined.'],
    ['3ds-fail', 'payment_failed', paymentMessages.outcome['3ds-fail']],
  ] as const)(
    '%s: the webhook has settled the order before the browser is sent to /checkout/process',
    async (outcome, expected, message) => {
      const placed = await place();
      const res = await complete(placed.session.sessionId, { outcome });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        code: 200,
        message,
        redirectUrl: `/checkout/process?order=${placed.id}`,
      });
      expect(await status(placed.id)).toBe(expected);
      const view = (await (await getSession(placed.session.sessionId)).json()) as {
        session: { status: string; eventId: string };
      };
      expect(view.session.status).toBe(expected === 'paid' ? 'succeeded' : 'failed');
      const [event] = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, placed.id));
      expect(event).toMatchObject({ provider: 'test', eventId: view.session.eventId });
    },
  );

  it('cancel: the order is cancelled and the browser goes back to /checkout', async () => {
    const placed = await place();
    const res = await complete(placed.session.sessionId, { outcome: 'cancel' });
    expect(await res.json()).toEqual({
      code: 200,
      message: paymentMessages.outcome.cancel,
      redirectUrl: '/checkout?payment=cancelled',
    });
    expect(await status(placed.id)).toBe('cancelled');
  });

  it('settles a session once: a second choice, or a choice after expiry, answers 409', async () => {
    const placed = await place();
    expect((await complete(placed.session.sessionId, { outcome: 'decline' })).status).toBe(200);
    const again = await complete(placed.session.sessionId, { outcome: 'pay' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      code: 409,
      message: 'This payment has already been completed.',
    });
    expect(await status(placed.id)).toBe('payment_failed');

    const late = await place();
    await db()
      .update(testPaymentSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(testPaymentSessions.id, late.session.sessionId));
    const expired = await complete(late.session.sessionId, { outcome: 'pay' });
    expect(expired.status).toBe(409);
    expect(await expired.json()).toEqual({
      code: 409,
      message: 'This payment session has expired.',
    });
    expect(await status(late.id)).toBe('pending_payment');
  });

  it('refuses an unknown choice (400), and a choice posted from another site (403)', async () => {
    const placed = await place();
    for (const body of [{}, { outcome: 'steal' }, { outcome: ['pay'] }]) {
      const res = await complete(placed.session.sessionId, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 400, message: paymentMessages.badOutcome });
    }
    const foreign = await complete(
      placed.session.sessionId,
      { outcome: 'pay' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(await status(placed.id)).toBe('pending_payment');
  });

  it('a payment retried after a decline opens a new attempt, and paying that one marks the order paid', async () => {
    const placed = await place();
    await complete(placed.session.sessionId, { outcome: 'decline' });
    expect(await status(placed.id)).toBe('payment_failed');
    const second = await shop.payments.startSession({ orderId: placed.id, origin: shop.url });
    expect(second).toMatchObject({ attempt: 2, reference: `${placed.number}-2` });
    // A late failure of the first attempt does not touch the second.
    const secret = await ensureSharedSecret(db(), testSecretKey);
    const stale = signedTestWebhook(secret, {
      id: `evt_${randomUUID()}`,
      type: 'payment.cancelled',
      data: {
        sessionId: placed.session.sessionId,
        orderId: placed.id,
        amount: placed.total,
        currency: 'GBP',
      },
    });
    const staleRes = await postWebhook('/api/payments/webhooks/test', stale.rawBody, stale.headers);
    expect(await staleRes.json()).toMatchObject({ outcome: 'ignored' });
    expect(await status(placed.id)).toBe('payment_failed');
    await complete(second.sessionId, { outcome: '3ds-approve' });
    expect(await status(placed.id)).toBe('paid');
    // A paid order takes no further attempt.
    await expect(
      shop.payments.startSession({ orderId: placed.id, origin: shop.url }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe('the webhook route', () => {
  it('refuses what is not a signed JSON body: 415 for another media type, 400 empty, 413 too big', async () => {
    const path = '/api/payments/webhooks/test';
    expect((await postWebhook(path, 'id=evt_1', { 'content-type': 'text/plain' })).status).toBe(
      415,
    );
    const empty = await postWebhook(path, '', { 'content-type': 'application/json' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ code: 400, message: paymentMessages.noBody });
    const big = await postWebhook(path, `{"pad":"${'x'.repeat(70 * 1024)}"}`, {
      'content-type': 'application/json',
    });
    expect(big.status).toBe(413);
  });

  it('takes signed webhooks from anywhere (the signature, not the Origin, is the proof)', async () => {
    const placed = await place();
    const secret = await ensureSharedSecret(db(), testSecretKey);
    const signed = signedTestWebhook(secret, {
      id: `evt_${randomUUID()}`,
      type: 'payment.failed',
      data: {
        sessionId: placed.session.sessionId,
        orderId: placed.id,
        amount: placed.total,
        currency: 'GBP',
      },
    });
    const res = await postWebhook('/api/payments/webhooks/test', signed.rawBody, {
      ...signed.headers,
      origin: 'https://provider.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(200);
    expect(await status(placed.id)).toBe('payment_failed');
  });

  it('has no webhook for a provider that does not exist (404)', async () => {
    const res = await postWebhook('/api/payments/webhooks/paypal', '{}', {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(404);
  });

  it('answers 200 to a signed event for an unknown order, and records it once', async () => {
    const secret = await ensureSharedSecret(db(), testSecretKey);
    const id = `evt_${randomUUID()}`;
    const signed = signedTestWebhook(secret, {
      id,
      type: 'payment.succeeded',
      data: {
        sessionId: 'ts_unknown_session_x',
        orderId: randomUUID(),
        amount: 100,
        currency: 'GBP',
      },
    });
    const res = await postWebhook('/api/payments/webhooks/test', signed.rawBody, signed.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: 'unknown_order' });
    const rows = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, id));
    expect(rows).toEqual([expect.objectContaining({ orderId: null, outcome: 'unknown_order' })]);
  });
});

describe('the test provider posts its webhooks only to the configured shop (issue item 6)', () => {
  /** POSTs `complete` with a Host (and a matching Origin) of the caller's choosing. */
  function completeWithHost(
    shopPort: number,
    sessionId: string,
    host: string,
  ): Promise<{ status: number; body: string }> {
    const payload = JSON.stringify({ outcome: 'pay' });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: shopPort,
          method: 'POST',
          path: `/api/payments/test/sessions/${encodeURIComponent(sessionId)}/complete`,
          headers: {
            host,
            origin: `http://${host}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
          timeout: 30_000,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  it("a Host header naming another port gets no webhook: it goes to the server's own address", async () => {
    // Something else listening on loopback, which must receive nothing.
    let received = 0;
    const bystander = createServer((_req, res) => {
      received += 1;
      res.writeHead(200);
      res.end();
    });
    await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
    const bystanderPort = (bystander.address() as AddressInfo).port;
    // A shop without PUBLIC_URL (the origin of a request then comes from its Host header),
    // listening on its configured PORT.
    let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
      res.writeHead(503);
      res.end();
    };
    const server: Server = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}`;
    const config = testConfig({ PORT: String(port) });
    const logger = createLogger('silent');
    const payments = createPayments({ config, db: db(), logger });
    handler = createApp({ config, database: tdb.handle, logger, payments }).callback();
    try {
      const placed = await checkoutAt({ url, db: db(), payments });
      const res = await completeWithHost(
        port,
        placed.session.sessionId,
        `127.0.0.1:${bystanderPort}`,
      );
      expect(res.status).toBe(200);
      expect(received).toBe(0);
      // The signed webhook reached the shop itself: the order is paid.
      expect(await status(placed.id)).toBe('paid');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      bystander.closeAllConnections();
      await new Promise<void>((resolve) => bystander.close(() => resolve()));
    }
  }, 60_000);
});

describe('the test webhook secret', () => {
  it('is made once and shared by every process on the database, even when they race', async () => {
    const fresh = await createTestDatabase({ seed: false });
    try {
      const secrets = await Promise.all(
        Array.from({ length: 8 }, () => ensureSharedSecret(fresh.handle.db, testSecretKey)),
      );
      expect(new Set(secrets).size).toBe(1);
      expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await fresh.handle.db
        .select()
        .from(appMeta)
        .where(eq(appMeta.key, testSecretKey));
      expect(rows).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('PAYMENT_TEST_WEBHOOK_SECRET, when set, is the one webhooks must be signed with', async () => {
    const configured = 'configured-secret-for-the-test-provider';
    const other = await startShop(tdb, { PAYMENT_TEST_WEBHOOK_SECRET: configured });
    try {
      const placed = await checkoutAt({ url: other.url, db: db(), payments: other.payments });
      const event = (id: string) => ({
        id,
        type: 'payment.failed' as const,
        data: {
          sessionId: placed.session.sessionId,
          orderId: placed.id,
          amount: placed.total,
          currency: 'GBP',
        },
      });
      const stored = signedTestWebhook(
        await ensureSharedSecret(db(), testSecretKey),
        event(`evt_${randomUUID()}`),
      );
      const refused = await fetch(`${other.url}/api/payments/webhooks/test`, {
        method: 'POST',
        headers: stored.headers,
        body: new Uint8Array(stored.rawBody),
      });
      expect(refused.status).toBe(400);
      const good = signedTestWebhook(configured, event(`evt_${randomUUID()}`));
      const accepted = await fetch(`${other.url}/api/payments/webhooks/test`, {
        method: 'POST',
        headers: good.headers,
        body: new Uint8Array(good.rawBody),
      });
      expect(accepted.status).toBe(200);
      expect(await status(placed.id)).toBe('payment_failed');
    } finally {
      await other.close();
    }
  });
});

describe('a database that cannot record the event', () => {
  it('answers 503 with Retry-After, so the provider retries', async () => {
    const own = await createTestDatabase({ seed: false });
    const secret = 'secret-for-the-outage-test-1234';
    const logger = createLogger('silent');
    const config = testConfig({ PAYMENT_TEST_WEBHOOK_SECRET: secret });
    const app = createApp({ config, database: own.handle, logger });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await own.close();
      const signed = signedTestWebhook(secret, {
        id: `evt_${randomUUID()}`,
        type: 'payment.succeeded',
        data: {
          sessionId: 'ts_x_session_1234',
          orderId: randomUUID(),
          amount: 100,
          currency: 'GBP',
        },
      });
      const res = await fetch(`${url}/api/payments/webhooks/test`, {
        method: 'POST',
        headers: signed.headers,
        body: new Uint8Array(signed.rawBody),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ code: 503 });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await own.close();
    }
  }, 60_000);
});
