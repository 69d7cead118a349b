import { createServer, type IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeStripeSettings,
  parseStripeForm,
  startStripeFake,
  type StripeFake,
} from './fakeStripe';
import { listenOnLoopback } from './loopback';

/** The official SDK against the fake: what the Stripe Checkout adapter will do. */
const timeout = 15_000;
const { secretKey, webhookSecret } = fakeStripeSettings;

let fake: StripeFake;
let stripe: Stripe;

function sdk(key: string): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: Number(new URL(fake.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
    timeout: 5_000,
  });
}

function sessionParams(orderId = 'order-1'): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'gbp', unit_amount: 1234, product_data: { name: 'Logs, 1 m³' } },
        quantity: 2,
      },
      {
        price_data: { currency: 'gbp', unit_amount: 550, product_data: { name: 'Kindling' } },
        quantity: 3,
      },
    ],
    success_url: 'http://shop.test/checkout/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/checkout',
    client_reference_id: orderId,
    metadata: { orderId },
    customer_email: 'buyer@example.com',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  };
}

beforeAll(async () => {
  fake = await startStripeFake({ secretKey, webhookSecret });
  stripe = sdk(secretKey);
});

afterAll(async () => {
  await fake.close();
});

describe('parseStripeForm', () => {
  it('reads bracket notation into objects and arrays', () => {
    expect(
      parseStripeForm(
        'line_items[0][price_data][unit_amount]=1234&line_items[0][quantity]=2&metadata[orderId]=a%20b&expand[]=x&expand[]=y',
      ),
    ).toEqual({
      line_items: [{ price_data: { unit_amount: '1234' }, quantity: '2' }],
      metadata: { orderId: 'a b' },
      expand: ['x', 'y'],
    });
    expect(() => parseStripeForm('a=1&a[b]=2')).toThrow();
    expect(() => parseStripeForm('a[b]=2&a=1')).toThrow();
    expect(() => parseStripeForm('a[__proto__][x]=1')).toThrow();
  });
});

describe('the fake Stripe, through the SDK', () => {
  it(
    'creates a session, totals it, and replays an idempotency key',
    async () => {
      const params = sessionParams('order-create');
      const session = await stripe.checkout.sessions.create(params, {
        idempotencyKey: 'order-create-1',
      });
      expect(session.id).toMatch(/^cs_test_/);
      expect(session.amount_total).toBe(2 * 1234 + 3 * 550);
      expect(session.status).toBe('open');
      expect(session.payment_status).toBe('unpaid');
      expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
      expect(session.metadata).toEqual({ orderId: 'order-create' });

      const again = await stripe.checkout.sessions.create(params, {
        idempotencyKey: 'order-create-1',
      });
      expect(again.id).toBe(session.id);

      const other = stripe.checkout.sessions.create(sessionParams('order-other'), {
        idempotencyKey: 'order-create-1',
      });
      await expect(other).rejects.toMatchObject({
        type: 'StripeIdempotencyError',
        statusCode: 400,
      });

      const sent = fake.requests.filter((r) => r.headers['idempotency-key'] === 'order-create-1');
      expect(sent.map((r) => [r.status, r.replayed])).toEqual([
        [200, false],
        [200, true],
        [400, false],
      ]);
      expect(sent[0]?.body).toMatchObject({
        mode: 'payment',
        line_items: [
          { price_data: { unit_amount: '1234', product_data: { name: 'Logs, 1 m³' } } },
          { quantity: '3' },
        ],
        metadata: { orderId: 'order-create' },
      });
    },
    timeout,
  );

  it(
    'refuses a bad expiry, an unknown parameter and an unknown session',
    async () => {
      const soon = { ...sessionParams(), expires_at: Math.floor(Date.now() / 1000) + 60 };
      await expect(stripe.checkout.sessions.create(soon)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        param: 'expires_at',
      });
      const unknown = { ...sessionParams(), colour: 'red' } as Stripe.Checkout.SessionCreateParams;
      await expect(stripe.checkout.sessions.create(unknown)).rejects.toMatchObject({
        statusCode: 400,
        message: 'Received unknown parameter: colour',
      });
      await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
      });
    },
    timeout,
  );

  it(
    'answers 401 to a wrong key',
    async () => {
      await expect(
        sdk('sk_test_not_the_key').checkout.sessions.create(sessionParams()),
      ).rejects.toMatchObject({
        type: 'StripeAuthenticationError',
        statusCode: 401,
        message: 'Invalid API Key provided',
      });
    },
    timeout,
  );

  it(
    'shows a paid session and its succeeded payment intent, expanded',
    async () => {
      const session = await stripe.checkout.sessions.create(sessionParams('order-pay'));
      const made = await fake.choose(session.id, 'pay', { deliver: false });
      expect(made?.type).toBe('checkout.session.completed');

      const paid = await stripe.checkout.sessions.retrieve(session.id, {
        expand: ['payment_intent'],
      });
      expect(paid.status).toBe('complete');
      expect(paid.payment_status).toBe('paid');
      expect(paid.url).toBeNull();
      const intent = paid.payment_intent as Stripe.PaymentIntent;
      expect(intent).toMatchObject({
        object: 'payment_intent',
        amount: paid.amount_total,
        currency: 'gbp',
        status: 'succeeded',
      });
      const plain = await stripe.checkout.sessions.retrieve(session.id);
      expect(plain.payment_intent).toBe(intent.id);
    },
    timeout,
  );

  it(
    'serves the hosted page: decline stays on it, pay redirects to success_url',
    async () => {
      const session = await stripe.checkout.sessions.create(sessionParams('order-page'));
      const page = await fetch(`${fake.url}/pay/${session.id}`);
      const html = await page.text();
      for (const label of ['>Pay<', '>Decline<', '>Cancel<']) expect(html).toContain(label);

      const post = (choice: string) =>
        fetch(`${fake.url}/pay/${session.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `choice=${choice}`,
          redirect: 'manual',
        });
      const declined = await post('decline');
      expect(declined.status).toBe(200);
      expect(await declined.text()).toContain('Your card was declined.');
      expect(fake.sessions.get(session.id)?.paymentIntent?.status).toBe('requires_payment_method');
      expect(fake.session(session.id)?.status).toBe('open');

      const cancelled = await post('cancel');
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.get('location')).toBe('http://shop.test/checkout');

      const paid = await post('pay');
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(
        `http://shop.test/checkout/done?session=${session.id}`,
      );
      expect(fake.session(session.id)?.payment_status).toBe('paid');

      const other = await stripe.checkout.sessions.create(sessionParams('order-expire'));
      const expired = await fake.expire(other.id);
      expect(expired.type).toBe('checkout.session.expired');
      const gone = await fetch(`${fake.url}/pay/${other.id}`);
      expect(gone.status).toBe(410);
      expect(await gone.text()).toBe('This session has expired.');
    },
    timeout,
  );

  it(
    'answers 413 to a body over 64 KB',
    async () => {
      const big = await fetch(`${fake.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `mode=payment&metadata[orderId]=${'x'.repeat(70_000)}`,
      });
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    },
    timeout,
  );
});

describe('events', () => {
  it(
    'signs events that constructEvent accepts, and only with the right secret',
    () => {
      const good = fake.event({
        type: 'checkout.session.completed',
        session: { id: 'cs_test_made_up', payment_status: 'paid', amount_total: 500 },
      });
      const header = good.headers['stripe-signature'] ?? '';
      const parsed = stripe.webhooks.constructEvent(good.body, header, webhookSecret);
      expect(parsed.id).toBe(good.eventId);
      expect(parsed.type).toBe('checkout.session.completed');
      expect(parsed.data.object).toMatchObject({
        id: 'cs_test_made_up',
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: 500,
      });

      const forged = fake.event(
        { type: 'checkout.session.completed', session: { id: 'cs_test_made_up' } },
        { secret: 'whsec_someone_else' },
      );
      expect(() =>
        stripe.webhooks.constructEvent(
          forged.body,
          forged.headers['stripe-signature'] ?? '',
          webhookSecret,
        ),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);

      const unsigned = fake.event(
        { type: 'checkout.session.completed', session: { id: 'cs_test_made_up' } },
        { omitHeader: true },
      );
      expect(unsigned.headers['stripe-signature']).toBeUndefined();
    },
    timeout,
  );

  it(
    'delivers a signed checkout.session.completed to the webhook URL',
    async () => {
      const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
      const shop = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push({ headers: req.headers, body: Buffer.concat(chunks) });
          res.writeHead(200).end();
        });
      });
      const listening = await listenOnLoopback(shop);
      try {
        fake.setWebhookUrl(`${listening.url}/webhooks/stripe`);
        const session = await stripe.checkout.sessions.create(sessionParams('order-deliver'));
        const made = await fake.choose(session.id, 'pay', { deliver: true });

        expect(received).toHaveLength(1);
        const [arrived] = received;
        const signature = arrived?.headers['stripe-signature'];
        expect(typeof signature).toBe('string');
        const parsed = stripe.webhooks.constructEvent(
          arrived?.body ?? Buffer.alloc(0),
          signature ?? '',
          webhookSecret,
        );
        expect(parsed.id).toBe(made?.eventId);
        expect(parsed.data.object).toMatchObject({
          id: session.id,
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: 'order-deliver',
        });

        expect(await fake.choose(session.id, 'decline', { deliver: true }).catch(String)).toMatch(
          /not open/,
        );
      } finally {
        fake.setWebhookUrl('');
        await listening.close();
      }
    },
    timeout,
  );
});

describe('the fake Stripe refunds', () => {
  /** A paid Checkout Session's PaymentIntent (its amount: 2 × 1234 + 3 × 550 = 4118). */
  async function paidIntent(orderId: string): Promise<string> {
    const session = await stripe.checkout.sessions.create(sessionParams(orderId));
    await fake.choose(session.id, 'pay', { deliver: false });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    return paid.payment_intent as string;
  }

  it(
    'refunds part, then the rest, answering Refund objects that succeeded',
    async () => {
      const intent = await paidIntent('order-refund');
      const part = await stripe.refunds.create({
        payment_intent: intent,
        amount: 118,
        metadata: { orderId: 'order-refund' },
      });
      expect(part).toMatchObject({
        object: 'refund',
        amount: 118,
        currency: 'gbp',
        payment_intent: intent,
        status: 'succeeded',
        metadata: { orderId: 'order-refund' },
      });
      expect(part.id).toMatch(/^re_/);
      // No amount: what is left.
      const rest = await stripe.refunds.create({ payment_intent: intent });
      expect(rest.amount).toBe(4000);
      await expect(
        stripe.refunds.create({ payment_intent: intent, amount: 1 }),
      ).rejects.toMatchObject({
        statusCode: 400,
        type: 'StripeInvalidRequestError',
        code: 'charge_already_refunded',
      });
    },
    timeout,
  );

  it(
    'refuses more than is left, an unpaid or unknown PaymentIntent and unknown parameters',
    async () => {
      const intent = await paidIntent('order-too-much');
      await expect(
        stripe.refunds.create({ payment_intent: intent, amount: 4119 }),
      ).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
      const open = await stripe.checkout.sessions.create(sessionParams('order-open'));
      await fake.choose(open.id, 'decline', { deliver: false });
      const declined = await stripe.checkout.sessions.retrieve(open.id);
      await expect(
        stripe.refunds.create({ payment_intent: declined.payment_intent as string }),
      ).rejects.toMatchObject({ statusCode: 400, code: 'charge_not_refundable' });
      await expect(stripe.refunds.create({ payment_intent: 'pi_nothing' })).rejects.toMatchObject({
        statusCode: 400,
        code: 'resource_missing',
      });
      await expect(
        stripe.refunds.create({ charge: 'ch_1' } as Stripe.RefundCreateParams),
      ).rejects.toMatchObject({ statusCode: 400, message: 'Received unknown parameter: charge' });
      // None of them refunded anything: all of it is still there.
      expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(4118);
    },
    timeout,
  );

  it(
    'honours Idempotency-Key: replayed with the same parameters, refused with others',
    async () => {
      const intent = await paidIntent('order-idempotent');
      const idempotencyKey = 'fuelyard-refund-5b0f3c5e-2f4c-4b8e-9a0a-8f0b6a1c2d3e';
      const first = await stripe.refunds.create(
        { payment_intent: intent, amount: 100 },
        { idempotencyKey },
      );
      const [again, atOnce] = await Promise.all([
        stripe.refunds.create({ payment_intent: intent, amount: 100 }, { idempotencyKey }),
        stripe.refunds.create({ payment_intent: intent, amount: 100 }, { idempotencyKey }),
      ]);
      expect(again.id).toBe(first.id);
      expect(atOnce.id).toBe(first.id);
      expect(fake.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
      expect(fake.refundRequests.at(-1)).toMatchObject({ replayed: true, refundId: first.id });
      await expect(
        stripe.refunds.create({ payment_intent: intent, amount: 200 }, { idempotencyKey }),
      ).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
      // A key used for refunds is not one for sessions (and the other way round).
      await expect(
        stripe.checkout.sessions.create(sessionParams('order-key'), { idempotencyKey }),
      ).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    },
    timeout,
  );
});
