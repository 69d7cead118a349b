/**
 * The Stripe adapter (PAYMENT_PROVIDER=stripe): Stripe Checkout through the official SDK
 * (`stripe`, pinned in package.json). See docs/payments.md for the set-up.
 *
 * - createSession: a Checkout Session in payment mode whose line items are the order's snapshot in
 *   pence and GBP (the lines, the delivery charge, any VAT adjustment). Their sum must be the
 *   order's total, or no session is asked for. `client_reference_id` and `metadata.orderId` name
 *   the order; one Idempotency-Key per order and attempt, so a retried call makes no second session.
 * - verifyWebhook: `stripe.webhooks.constructEvent` on the raw body with STRIPE_WEBHOOK_SECRET
 *   and the SDK's default tolerance (300 s). checkout.session.completed succeeds only when its
 *   payment_status is `paid`; async_payment_succeeded succeeds, async_payment_failed fails, expired
 *   expires. Every other verified event is acknowledged and not acted on.
 * - retrieve: the Checkout Session with its PaymentIntent, for reconciliation and the sweeper.
 * - cancelSession: POST /v1/checkout/sessions/{id}/expire; a session that is not open any more is
 *   retrieved: expired counts as cancelled, complete as paid (refunded as a late payment).
 * - refund: the Checkout Session with its PaymentIntent (it must be complete and paid), then
 *   POST /v1/refunds with that payment_intent and the amount, under the shop's idempotency key
 *   (the SDK's `idempotencyKey`, sent as Idempotency-Key): a retried or repeated call refunds once.
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config';
import type { Logger } from '../../../logger';
import { defaultRetryPolicy, withRetries, type AttemptOutcome, type RetryPolicy } from '../http';
import {
  PaymentProviderError,
  WebhookVerificationError,
  type CancelOutcome,
  type CreateSessionInput,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentSession,
  type RefundInput,
  type RefundResult,
  type RetrievedPayment,
  type SessionRef,
  type WebhookHeaders,
} from '../types';

export const stripeProviderName = 'stripe';

export interface StripeProviderOptions {
  config: StripeConfig;
  logger: Logger;
  /** Timeouts and retries of every call to Stripe (tests shorten them). */
  policy?: RetryPolicy;
}

/** Stripe Checkout keeps a session open for 30 minutes at the least and 24 hours at the most. */
const minSessionMs = 30 * 60_000;
const maxSessionMs = 24 * 60 * 60_000;
/** Room for the clock between here and Stripe, so a boundary value is never refused. */
const clockSlackMs = 60_000;

/** The SDK's default tolerance for a signature's age (constructEvent's), both ways here. */
const signatureToleranceSeconds = 300;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the key is a test or a live one (for the start-up log; never the key itself). */
export function stripeKeyMode(secretKey: string): 'test' | 'live' | 'unknown' {
  if (/^(sk|rk)_test_/.test(secretKey)) return 'test';
  if (/^(sk|rk)_live_/.test(secretKey)) return 'live';
  return 'unknown';
}

/** The SDK's options for another API base URL (its own host, port and protocol settings). */
export function stripeHostOptions(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
    protocol,
  };
}

/** When the session ends, within what Stripe allows. */
function sessionExpiry(wanted: Date, now = Date.now()): Date {
  const earliest = now + minSessionMs + clockSlackMs;
  const latest = now + maxSessionMs - clockSlackMs;
  return new Date(Math.min(latest, Math.max(earliest, wanted.getTime())));
}

/** A failure that may pass (no answer, 429, 5xx), or an answer (any other refusal). */
function stripeFailure(error: unknown): AttemptOutcome<never> | PaymentProviderError {
  if (error instanceof Stripe.errors.StripeConnectionError) return { failed: 'no answer' };
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    if (status === 429 || status >= 500) return { failed: `HTTP ${status}` };
    return new PaymentProviderError(
      `Stripe refused the request: HTTP ${status || 'error'} (${error.type}).`,
    );
  }
  return { failed: error instanceof Error ? error.message : String(error) };
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shortString(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
}

/** The order a Checkout Session names: its metadata.orderId, or its client_reference_id. */
function orderIdOf(session: Json): string | null {
  const metadata = isObject(session.metadata) ? session.metadata : {};
  const id = shortString(metadata.orderId, 36) ?? shortString(session.client_reference_id, 36);
  return id !== null && uuidPattern.test(id) ? id : null;
}

/**
 * A verified event, read. Only Checkout Session events move an order; the rest are acknowledged
 * (null). A completed session that is not paid yet (a delayed payment method) is recorded only:
 * async_payment_succeeded or _failed comes later.
 */
export function readStripeEvent(event: Stripe.Event): PaymentEvent | null {
  const object: unknown = event.data.object;
  if (!event.type.startsWith('checkout.session.') || !isObject(object)) return null;
  const paymentStatus = shortString(object.payment_status, 32);
  const type: PaymentEvent['type'] | null =
    event.type === 'checkout.session.completed'
      ? paymentStatus === 'paid'
        ? 'succeeded'
        : 'other'
      : event.type === 'checkout.session.async_payment_succeeded'
        ? 'succeeded'
        : event.type === 'checkout.session.async_payment_failed'
          ? 'failed'
          : event.type === 'checkout.session.expired'
            ? 'expired'
            : null;
  if (type === null) return null;
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const currency = shortString(object.currency, 3);
  return {
    id: event.id,
    type,
    providerType: type === 'other' ? `${event.type}:${paymentStatus ?? 'unknown'}` : event.type,
    orderId: orderIdOf(object),
    sessionId: shortString(object.id, 255),
    reference: shortString(metadata.reference, 64),
    amount: Number.isSafeInteger(object.amount_total) ? (object.amount_total as number) : null,
    currency: currency === null ? null : currency.toUpperCase(),
  };
}

/** Where a Checkout Session stands, with its PaymentIntent expanded. */
export function retrievedStatus(session: Json): RetrievedPayment['status'] {
  const status = session.status;
  const paymentStatus = session.payment_status;
  if (status === 'complete' && paymentStatus === 'paid') return 'succeeded';
  if (status === 'expired') return 'expired';
  const intent = isObject(session.payment_intent) ? session.payment_intent : null;
  // A delayed payment that failed: the session is complete, its intent back to the start.
  if (
    status === 'complete' &&
    intent !== null &&
    (intent.status === 'requires_payment_method' || intent.status === 'canceled')
  ) {
    return 'failed';
  }
  return 'pending';
}

/** A Refund's status as the shop counts it; null for one that failed or was cancelled. */
export function refundStatus(status: string | null | undefined): RefundResult['status'] | null {
  if (status === 'succeeded') return 'succeeded';
  // `requires_action`: Stripe needs the customer's details for some methods; the money follows.
  if (status === 'pending' || status === 'requires_action') return 'pending';
  return null;
}

export function createStripeProvider({
  config,
  logger,
  policy = defaultRetryPolicy,
}: StripeProviderOptions): PaymentProvider {
  const log = logger.child({ provider: stripeProviderName });
  const stripe = new Stripe(config.secretKey, {
    // Retries are this adapter's (withRetries), bounded like every provider call.
    maxNetworkRetries: 0,
    timeout: policy.timeoutMs,
    telemetry: false,
    appInfo: { name: 'Fuelyard' },
    ...stripeHostOptions(config.apiUrl),
  });

  /** One SDK call under the retry policy. */
  const call = <T>(what: string, request: () => Promise<T>): Promise<T> =>
    withRetries<T>(policy, async () => {
      try {
        return { answer: await request() };
      } catch (error) {
        const outcome = stripeFailure(error);
        if (outcome instanceof PaymentProviderError) {
          log.error({ call: what, error: outcome.message }, 'Stripe refused a request');
          throw outcome;
        }
        return outcome;
      }
    });

  return {
    name: stripeProviderName,

    async createSession(input: CreateSessionInput): Promise<PaymentSession> {
      const { order } = input;
      if (order.currency !== 'GBP' || !Number.isSafeInteger(order.amount)) {
        throw new PaymentProviderError('Stripe is only asked for whole pence in GBP.');
      }
      const valid = input.lines.every(
        (line) =>
          Number.isSafeInteger(line.unitAmount) &&
          line.unitAmount >= 0 &&
          Number.isSafeInteger(line.quantity) &&
          line.quantity >= 1,
      );
      const sum = input.lines.reduce((total, line) => total + line.unitAmount * line.quantity, 0);
      if (!valid || input.lines.length === 0 || sum !== order.amount) {
        log.error(
          { orderId: order.id, lines: input.lines.length, sum, total: order.amount },
          'the order lines do not add up to its total; no Stripe session asked for',
        );
        throw new PaymentProviderError(
          `The session total (${sum}) differs from the order total (${order.amount}).`,
        );
      }
      const origin = new URL(input.returnUrl).origin;
      const expiresAt = sessionExpiry(input.expiresAt);
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        line_items: input.lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: 'gbp',
            unit_amount: line.unitAmount,
            product_data: { name: line.name.slice(0, 250) },
          },
        })),
        client_reference_id: order.id,
        metadata: { orderId: order.id, orderNumber: order.number, reference: input.reference },
        customer_email: order.email,
        // {CHECKOUT_SESSION_ID} is Stripe's own placeholder: it fills in the session's id.
        success_url: `${origin}/checkout/process?order=${encodeURIComponent(order.id)}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/checkout`,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
      };
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create(params, {
          idempotencyKey: `fuelyard-order-${order.id}-attempt-${input.attempt}`,
        }),
      );
      const url = shortString(session.url, 2_000);
      if (
        !shortString(session.id, 255) ||
        url === null ||
        !/^https?:\/\//.test(url) ||
        session.amount_total !== order.amount ||
        session.currency !== 'gbp'
      ) {
        log.error(
          { orderId: order.id, amountTotal: session.amount_total, currency: session.currency },
          'Stripe answered a Checkout Session that is not the one asked for',
        );
        throw new PaymentProviderError('Stripe answered a session that does not match the order.');
      }
      return { sessionId: session.id, redirectUrl: url, expiresAt };
    },

    async verifyWebhook(rawBody: Buffer, headers: WebhookHeaders) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new WebhookVerificationError('The Stripe-Signature header is missing.');
      }
      // Stripe's header holds a timestamp and a signature or two: far below this.
      if (signature.length > 2_000) {
        throw new WebhookVerificationError('The Stripe signature is not valid or is too old.');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new WebhookVerificationError('The Stripe signature is not valid or is too old.');
      }
      // The SDK refuses a signature older than its tolerance, not one from the future: a clock
      // more than the same 300 s ahead is refused here too, so no signed body lives longer.
      const signedAt = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(signature)?.[1] ?? NaN);
      if (!(signedAt <= Math.floor(Date.now() / 1000) + signatureToleranceSeconds)) {
        throw new WebhookVerificationError('The Stripe signature is dated in the future.');
      }
      return readStripeEvent(event);
    },

    async retrieve(session: SessionRef): Promise<RetrievedPayment> {
      const found = await call('checkout.sessions.retrieve', () =>
        stripe.checkout.sessions.retrieve(session.sessionId, { expand: ['payment_intent'] }),
      );
      const object = found as unknown as Json;
      const status = retrievedStatus(object);
      return {
        status,
        amount: Number.isSafeInteger(found.amount_total) ? (found.amount_total ?? 0) : 0,
        currency: (found.currency ?? '').toUpperCase(),
        eventId: `retrieve:${found.id}:${status}`,
      };
    },

    async cancelSession(session: SessionRef): Promise<CancelOutcome> {
      try {
        // POST /v1/checkout/sessions/{id}/expire: only an open session can be expired; Checkout
        // then shows the customer that it has expired, and Stripe sends checkout.session.expired.
        await call('checkout.sessions.expire', () =>
          stripe.checkout.sessions.expire(session.sessionId),
        );
        return 'cancelled';
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        // Refused (no longer open), or no answer: where does the session stand?
        const found = await call('checkout.sessions.retrieve', () =>
          stripe.checkout.sessions.retrieve(session.sessionId),
        );
        if (found.status === 'expired') return 'cancelled';
        // Complete: paid, or a delayed payment on its way (a late payment either way).
        if (found.status === 'complete') return 'paid';
        throw error;
      }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { amount, session } = input;
      if (input.currency !== 'GBP' || !Number.isSafeInteger(amount) || amount <= 0) {
        throw new PaymentProviderError('Stripe is only asked to refund whole pence in GBP.');
      }
      if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > 255) {
        throw new PaymentProviderError('The refund has no usable idempotency key.');
      }
      const found = await call('checkout.sessions.retrieve', () =>
        stripe.checkout.sessions.retrieve(session.sessionId, { expand: ['payment_intent'] }),
      );
      const intent = found.payment_intent;
      const intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
      if (found.status !== 'complete' || found.payment_status !== 'paid' || !intentId) {
        log.warn(
          { orderId: session.orderId, status: found.status, paymentStatus: found.payment_status },
          'a refund was asked for a Checkout Session that is not paid',
        );
        throw new PaymentProviderError('Only a paid Checkout Session can be refunded.');
      }
      if (found.currency !== 'gbp') {
        throw new PaymentProviderError('The refund is not in the currency of the payment.');
      }
      const refund = await call('refunds.create', () =>
        stripe.refunds.create(
          {
            payment_intent: intentId,
            amount,
            metadata: { orderId: session.orderId, reference: session.reference },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const status = refundStatus(refund.status);
      if (
        status === null ||
        !shortString(refund.id, 255) ||
        refund.amount !== amount ||
        refund.currency !== 'gbp'
      ) {
        log.error(
          { orderId: session.orderId, status: refund.status, amount: refund.amount },
          'Stripe answered a refund that is not the one asked for, or that failed',
        );
        throw new PaymentProviderError(
          `Stripe did not make the refund (status ${refund.status ?? 'unknown'}).`,
        );
      }
      return { refundId: refund.id, status };
    },
  };
}
