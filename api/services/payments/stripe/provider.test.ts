import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger';
import { fakeStripeSettings, startStripeFake, type StripeFake } from '../../../test/fakeStripe';
import { PaymentProviderError, WebhookVerificationError, type PaymentProvider } from '../types';
import {
  createStripeProvider,
  refundStatus,
  retrievedStatus,
  stripeHostOptions,
  stripeKeyMode,
} from './provider';

const webhookSecret = 'whsec_unit_test_secret_0123456789';
const orderId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const provider = createStripeProvider({
  // Never called here: only webhooks are verified, which needs no network.
  config: { secretKey: 'sk_test_unit0000000000', webhookSecret, apiUrl: 'http://127.0.0.1:9' },
  logger: createLogger('silent'),
});

/** A Stripe event for a Checkout Session, signed as Stripe signs it. */
function signed(
  type: string,
  session: Record<string, unknown>,
  { secret = webhookSecret, timestamp = Math.floor(Date.now() / 1000), id = 'evt_unit_1' } = {},
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: timestamp,
    livemode: false,
    type,
    data: {
      object: {
        id: 'cs_test_unit',
        object: 'checkout.session',
        amount_total: 30_500,
        currency: 'gbp',
        client_reference_id: orderId,
        metadata: { orderId, orderNumber: 'FY-100001', reference: 'FY-100001-1' },
        payment_status: 'paid',
        status: 'complete',
        ...session,
      },
    },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

describe('the Stripe adapter', () => {
  it('reads a paid checkout.session.completed as the order paid, in pence and GBP', async () => {
    const { body, headers } = signed('checkout.session.completed', {});
    await expect(provider.verifyWebhook(body, headers)).resolves.toEqual({
      id: 'evt_unit_1',
      type: 'succeeded',
      providerType: 'checkout.session.completed',
      orderId,
      sessionId: 'cs_test_unit',
      reference: 'FY-100001-1',
      amount: 30_500,
      currency: 'GBP',
    });
  });

  it('does not take a completed session whose payment_status is unpaid as paid', async () => {
    const { body, headers } = signed('checkout.session.completed', { payment_status: 'unpaid' });
    const event = await provider.verifyWebhook(body, headers);
    expect(event).toMatchObject({
      type: 'other',
      providerType: 'checkout.session.completed:unpaid',
    });
  });

  it('maps the delayed-payment and expiry events', async () => {
    for (const [type, expected] of [
      ['checkout.session.async_payment_succeeded', 'succeeded'],
      ['checkout.session.async_payment_failed', 'failed'],
      ['checkout.session.expired', 'expired'],
    ] as const) {
      const { body, headers } = signed(type, {});
      expect((await provider.verifyWebhook(body, headers))?.type, type).toBe(expected);
    }
  });

  it('acknowledges any other verified event without acting on it (null)', async () => {
    for (const type of [
      'payment_intent.succeeded',
      'charge.refunded',
      'checkout.session.made_up',
    ]) {
      const { body, headers } = signed(type, {});
      await expect(provider.verifyWebhook(body, headers)).resolves.toBeNull();
    }
  });

  it('refuses another secret, a stale or future signature, a missing header and a tampered body', async () => {
    const wrong = signed('checkout.session.completed', {}, { secret: 'whsec_someone_else_00000' });
    const stale = signed(
      'checkout.session.completed',
      {},
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
    );
    const future = signed(
      'checkout.session.completed',
      {},
      { timestamp: Math.floor(Date.now() / 1000) + 600 },
    );
    const good = signed('checkout.session.completed', {});
    const tampered = Buffer.from(good.body.toString().replace('30500', '1'));
    for (const [body, headers] of [
      [wrong.body, wrong.headers],
      [stale.body, stale.headers],
      [future.body, future.headers],
      [good.body, {}],
      [good.body, { 'stripe-signature': '' }],
      [
        good.body,
        { 'stripe-signature': `${good.headers['stripe-signature']},${'v1=0'.repeat(600)}` },
      ],
      [tampered, good.headers],
    ] as const) {
      await expect(provider.verifyWebhook(body, headers)).rejects.toBeInstanceOf(
        WebhookVerificationError,
      );
    }
  });

  it('names no order from an id that is not a UUID', async () => {
    const { body, headers } = signed('checkout.session.completed', {
      client_reference_id: "1' or '1'='1",
      metadata: { orderId: 'not-a-uuid' },
    });
    expect((await provider.verifyWebhook(body, headers))?.orderId).toBeNull();
  });
});

describe('where a Checkout Session stands', () => {
  it('paid, expired, a delayed payment that failed, or not final yet', () => {
    expect(retrievedStatus({ status: 'complete', payment_status: 'paid' })).toBe('succeeded');
    expect(retrievedStatus({ status: 'expired', payment_status: 'unpaid' })).toBe('expired');
    expect(
      retrievedStatus({
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: { status: 'requires_payment_method' },
      }),
    ).toBe('failed');
    expect(
      retrievedStatus({
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: { status: 'processing' },
      }),
    ).toBe('pending');
    expect(retrievedStatus({ status: 'open', payment_status: 'unpaid' })).toBe('pending');
  });
});

describe('the settings', () => {
  it('tells a test key from a live one', () => {
    expect(stripeKeyMode('sk_test_abc')).toBe('test');
    expect(stripeKeyMode('rk_live_abc')).toBe('live');
    expect(stripeKeyMode('something')).toBe('unknown');
  });

  it('points the SDK at STRIPE_API_URL through its host, port and protocol', () => {
    expect(stripeHostOptions(undefined)).toEqual({});
    expect(stripeHostOptions('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(stripeHostOptions('https://stripe-proxy.internal')).toEqual({
      host: 'stripe-proxy.internal',
      port: 443,
      protocol: 'https',
    });
  });
});

describe('a Refund as the shop counts it', () => {
  it('succeeded is refunded; pending and requires_action are on their way; anything else failed', () => {
    expect(refundStatus('succeeded')).toBe('succeeded');
    expect(refundStatus('pending')).toBe('pending');
    expect(refundStatus('requires_action')).toBe('pending');
    for (const status of ['failed', 'canceled', null, undefined, 'made_up']) {
      expect(refundStatus(status)).toBeNull();
    }
  });
});

describe('Stripe refunds against the loopback fake', () => {
  let fake: StripeFake;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    fake = await startStripeFake({ ...fakeStripeSettings });
    stripe = createStripeProvider({
      config: { ...fakeStripeSettings, apiUrl: fake.url },
      logger: createLogger('silent'),
      policy: { timeoutMs: 5_000, attempts: 3, backoffMs: 10, maxBackoffMs: 20 },
    });
  }, 30_000);

  afterAll(async () => {
    await fake?.close();
  }, 30_000);

  /** A Checkout Session for £305.00, paid (or not) on the fake's page. */
  async function session(choice: 'pay' | 'decline' | null = 'pay') {
    const orderId = randomUUID();
    const made = await stripe.createSession({
      order: {
        id: orderId,
        number: 'FY-100001',
        amount: 30_500,
        currency: 'GBP',
        email: 'ciara@example.com',
        fullName: 'Ciara Byrne',
      },
      lines: [{ name: 'Kerosene Heating Oil (500 Litres)', unitAmount: 30_500, quantity: 1 }],
      attempt: 1,
      reference: 'FY-100001-1',
      returnUrl: 'http://127.0.0.1:9/checkout/process',
      declinedUrl: 'http://127.0.0.1:9/checkout?payment=declined',
      cancelUrl: 'http://127.0.0.1:9/checkout?payment=cancelled',
      expiredUrl: 'http://127.0.0.1:9/checkout?payment=expired',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    if (choice) await fake.choose(made.sessionId, choice, { deliver: false });
    return { sessionId: made.sessionId, reference: 'FY-100001-1', orderId };
  }

  const key = () => `fuelyard-refund-${randomUUID()}`;

  it('POSTs /v1/refunds with the PaymentIntent, the amount and the Idempotency-Key', async () => {
    const paid = await session();
    const intent = fake.sessions.get(paid.sessionId)?.paymentIntent?.id;
    const from = fake.refundRequests.length;
    const idempotencyKey = key();
    const result = await stripe.refund({
      session: paid,
      amount: 1_000,
      currency: 'GBP',
      full: false,
      idempotencyKey,
    });
    expect(result).toEqual({
      refundId: expect.stringMatching(/^re_/) as unknown,
      status: 'succeeded',
    });
    expect(fake.refundRequests.slice(from)).toEqual([
      {
        headers: {
          authorization: `Bearer ${fakeStripeSettings.secretKey}`,
          'idempotency-key': idempotencyKey,
        },
        body: {
          payment_intent: intent,
          amount: '1000',
          metadata: { orderId: paid.orderId, reference: 'FY-100001-1' },
        },
        status: 200,
        refundId: result.refundId,
        replayed: false,
      },
    ]);
  });

  it('the same key again is replayed by Stripe: one refund, the same id', async () => {
    const paid = await session();
    const input = {
      session: paid,
      amount: 500,
      currency: 'GBP' as const,
      full: false,
      idempotencyKey: key(),
    };
    const first = await stripe.refund(input);
    const again = await stripe.refund(input);
    expect(again).toEqual(first);
    expect(fake.refunds.filter((r) => r.id === first.refundId)).toHaveLength(1);
    expect(fake.refundRequests.at(-1)).toMatchObject({ replayed: true, refundId: first.refundId });
    // The same key for another amount is Stripe's idempotency error: refused, nothing refunded.
    await expect(stripe.refund({ ...input, amount: 600 })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });

  it('refuses more than is left (Stripe answers 400), and a session that is not paid', async () => {
    const paid = await session();
    const base = { session: paid, currency: 'GBP' as const, full: false };
    await expect(stripe.refund({ ...base, amount: 30_501, idempotencyKey: key() })).rejects.toThrow(
      /HTTP 400/,
    );
    expect(fake.refundRequests.at(-1)).toMatchObject({ status: 400, refundId: null });
    await stripe.refund({ ...base, amount: 30_500, full: true, idempotencyKey: key() });
    await expect(
      stripe.refund({ ...base, amount: 1, idempotencyKey: key() }),
    ).rejects.toBeInstanceOf(PaymentProviderError);

    const from = fake.refundRequests.length;
    for (const unpaid of [await session(null), await session('decline')]) {
      await expect(
        stripe.refund({ ...base, session: unpaid, amount: 100, idempotencyKey: key() }),
      ).rejects.toThrow(/not paid|paid Checkout Session/);
    }
    // Stripe was never asked to refund them.
    expect(fake.refundRequests.length).toBe(from);
    await expect(
      stripe.refund({ ...base, amount: 0, idempotencyKey: key() }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
