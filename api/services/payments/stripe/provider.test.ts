import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger';
import { WebhookVerificationError } from '../types';
import {
  createStripeProvider,
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
