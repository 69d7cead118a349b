import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, paymentEvents } from '../db/schema';
import { createLogger } from '../logger';
import { checkoutAt, type PlacedOrder } from '../services/payments/contract';
import { PaymentProviderError, type Payments } from '../services/payments';
import { createStripeProvider } from '../services/payments/stripe/provider';
import { fakeStripeSettings as settings, startStripeFake, type StripeFake } from './fakeStripe';
import {
  confirmationsOf,
  orderRow,
  postWebhook,
  startProviderShop,
  type ProviderShop,
} from './providerShop';

/**
 * The Stripe adapter's own cases, beyond the provider contract (stripeContract.int.test.ts): a
 * shop configured with PAYMENT_PROVIDER=stripe and the STRIPE_* settings, talking to a loopback
 * fake of Stripe's API over real HTTP through the official SDK, on a real database.
 */
let fake: StripeFake;
let shopRunning: ProviderShop;
let url: string;
let payments: Payments;

beforeAll(async () => {
  fake = await startStripeFake({ ...settings });
  shopRunning = await startProviderShop({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: settings.secretKey,
    STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
    STRIPE_API_URL: fake.url,
  });
  ({ url, payments } = shopRunning);
  fake.setWebhookUrl(`${url}/api/payments/webhooks/stripe`);
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await shopRunning?.close();
}, 60_000);

const db = () => shopRunning.db;
const shop = () => ({ url, db: db(), payments });
const order = (id: string) => orderRow(db(), id);
const confirmations = (orderId: string) => confirmationsOf(db(), orderId);
const post = (item: { body: Buffer; headers: Record<string, string> }) =>
  postWebhook(url, 'stripe', item);

/** A Checkout Session event for the order's session, as Stripe would sign it. */
function sessionEvent(
  placed: PlacedOrder,
  type: string,
  session: Record<string, unknown> = {},
  signing: { secret?: string; timestamp?: number } = {},
) {
  return fake.event(
    {
      type,
      session: {
        id: placed.session.sessionId,
        amount_total: placed.total,
        currency: 'gbp',
        payment_status: 'paid',
        status: 'complete',
        ...session,
      },
    },
    signing,
  );
}

describe('Stripe: the Checkout Session', () => {
  it('is made from the order snapshot in pence and GBP, names the order, and is keyed per attempt', async () => {
    const before = fake.requests.length;
    const placed = await checkoutAt(shop(), 2);
    expect(fake.requests).toHaveLength(before + 1);
    const sent = fake.requests[before];
    expect(sent?.headers.authorization).toBe(`Bearer ${settings.secretKey}`);
    expect(sent?.headers['idempotency-key']).toBe(`fuelyard-order-${placed.id}-attempt-1`);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    const row = await order(placed.id);
    const body = sent?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      mode: 'payment',
      client_reference_id: placed.id,
      metadata: { orderId: placed.id, orderNumber: placed.number, reference: `${placed.number}-1` },
      customer_email: 'ciara@example.com',
      success_url: `${url}/checkout/process?order=${placed.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${url}/checkout`,
    });
    const items = body.line_items as {
      quantity: string;
      price_data: { currency: string; unit_amount: string; product_data: { name: string } };
    }[];
    // Every line of the snapshot, then the delivery charge when there is one.
    expect(items.slice(0, lines.length)).toEqual(
      lines.map((line) => ({
        quantity: String(line.quantity),
        price_data: {
          currency: 'gbp',
          unit_amount: String(line.unitPrice),
          product_data: { name: line.sizeTitle ? `${line.title} (${line.sizeTitle})` : line.title },
        },
      })),
    );
    const sum = items.reduce(
      (total, item) => total + Number(item.price_data.unit_amount) * Number(item.quantity),
      0,
    );
    expect(sum).toBe(row.total);
    // PAYMENT_SESSION_TTL_MINUTES=60: the session ends about an hour from now.
    const expiresIn = Number(body.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(3_500);
    expect(expiresIn).toBeLessThanOrEqual(3_600);
    // The browser goes to Stripe's page for that session.
    expect(placed.session.redirectUrl).toBe(`${fake.url}/pay/${placed.session.sessionId}`);
    expect(fake.session(placed.session.sessionId)?.amount_total).toBe(placed.total);
  });

  it('is refused before Stripe is called when the lines do not add up to the order total', async () => {
    const provider = createStripeProvider({
      config: { ...settings, apiUrl: fake.url },
      logger: createLogger('silent'),
    });
    const before = fake.requests.length;
    const input = {
      order: {
        id: '00000000-0000-4000-8000-000000000001',
        number: 'FY-999999',
        amount: 30_500,
        currency: 'GBP' as const,
        email: 'ciara@example.com',
        fullName: 'Ciara Byrne',
      },
      attempt: 1,
      reference: 'FY-999999-1',
      returnUrl: `${url}/checkout/process?order=x`,
      declinedUrl: `${url}/checkout?payment=declined`,
      cancelUrl: `${url}/checkout?payment=cancelled`,
      expiredUrl: `${url}/checkout?payment=expired`,
      expiresAt: new Date(Date.now() + 3_600_000),
    };
    for (const lines of [
      [{ name: 'House Coal (40 kg)', unitAmount: 30_000, quantity: 1 }],
      [{ name: 'House Coal (40 kg)', unitAmount: 15_250, quantity: 3 }],
      [],
      [{ name: 'Refund', unitAmount: -100, quantity: 1 }],
    ]) {
      await expect(provider.createSession({ ...input, lines })).rejects.toBeInstanceOf(
        PaymentProviderError,
      );
    }
    expect(fake.requests).toHaveLength(before);
  });
});

describe('Stripe: webhooks at /api/payments/webhooks/stripe', () => {
  it('the signed checkout.session.completed marks the order paid; coming back from the page does not', async () => {
    const placed = await checkoutAt(shop());
    const made = await fake.choose(placed.session.sessionId, 'pay', { deliver: false });
    // The customer is back from Stripe's page: nothing is paid until the webhook says so.
    expect((await order(placed.id)).status).toBe('pending_payment');
    if (!made) throw new Error('The fake made no event for a payment.');
    expect((await post(made)).status).toBe(200);
    expect((await order(placed.id)).status).toBe('paid');
    expect(await confirmations(placed.id)).toHaveLength(1);
  });

  it('checkout.session.completed with payment_status unpaid does not mark the order paid', async () => {
    const placed = await checkoutAt(shop());
    const res = await post(
      sessionEvent(placed, 'checkout.session.completed', { payment_status: 'unpaid' }),
    );
    expect(res.status).toBe(200);
    const row = await order(placed.id);
    expect(row.status).toBe('pending_payment');
    expect(row.paidAt).toBeNull();
    expect(await confirmations(placed.id)).toEqual([]);
  });

  it('an event signed with another secret, or 10 minutes old, answers 400 and changes nothing', async () => {
    const placed = await checkoutAt(shop());
    const events = async () =>
      (await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, placed.id))).length;
    const before = await events();
    const other = sessionEvent(
      placed,
      'checkout.session.completed',
      {},
      {
        secret: 'whsec_someoneElsesEndpointSecret00',
      },
    );
    const old = sessionEvent(
      placed,
      'checkout.session.completed',
      {},
      {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      },
    );
    for (const item of [other, old]) {
      const res = await post(item);
      expect(res.status).toBe(400);
    }
    expect((await order(placed.id)).status).toBe('pending_payment');
    expect(await events()).toBe(before);
  });

  it('an event type the shop does not act on answers 200 and changes nothing', async () => {
    const placed = await checkoutAt(shop());
    for (const type of ['payment_intent.succeeded', 'charge.refunded', 'customer.created']) {
      const res = await post(sessionEvent(placed, type));
      expect(res.status, type).toBe(200);
    }
    expect((await order(placed.id)).status).toBe('pending_payment');
    expect(await confirmations(placed.id)).toEqual([]);
  });
});
