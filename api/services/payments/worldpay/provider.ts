/**
 * The Worldpay adapter (PAYMENT_PROVIDER=worldpay): Access Worldpay Hosted Payment Pages, API
 * version 1 (media type application/vnd.worldpay.payment_pages-v1.hal+json), its Payment Queries
 * API v1 and its payment events. See docs/payments.md for the versions and the set-up.
 *
 * - createSession: POST {WORLDPAY_API_URL}/payment_pages, Basic auth, one transactionReference per
 *   attempt (the order number and attempt, FY-100001-2); the browser goes to the `url` answered.
 * - verifyWebhook: the Event-Signature header (worldpay/signature.ts), then the event is mapped:
 *   authorized and sentForSettlement succeed, refused and error fail, cancelled cancels, expired
 *   expires; every other verified event (settled, refunds, chargebacks) is recorded, no more.
 * - retrieve: GET {WORLDPAY_API_URL}/paymentQueries/payments?transactionReference=…, the payment's
 *   lastEvent mapped the same way. No payment at all means the customer has not paid (pending).
 */
import { randomUUID } from 'node:crypto';
import type { WorldpayConfig } from '../../../config';
import { site } from '../../../domain/site';
import type { Logger } from '../../../logger';
import { defaultRetryPolicy, providerRequest, type RetryPolicy } from '../http';
import {
  PaymentProviderError,
  WebhookVerificationError,
  type CreateSessionInput,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PaymentSession,
  type RetrievedPayment,
  type SessionRef,
  type WebhookHeaders,
} from '../types';
import { verifyWorldpaySignature } from './signature';

export const worldpayProviderName = 'worldpay';

export const worldpayMediaTypes = {
  paymentPages: 'application/vnd.worldpay.payment_pages-v1.hal+json',
  paymentQueries: 'application/vnd.worldpay.payment-queries-v1.hal+json',
} as const;

/** transactionReference: 1–64 characters from Worldpay's allowed set. */
export const transactionReferencePattern = /^[A-Za-z0-9\-_/!@#$%()*=.:;?[\]{}~+]{1,64}$/;

/** narrative.line1: what the card statement shows; letters, digits, "-", ".", ",", space, ≤ 24. */
export function narrativeLine(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^a-zA-Z0-9\-., ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 24)
    .trim();
  return cleaned === '' ? 'Online order' : cleaned;
}

/** The page's life, in seconds (Worldpay's `expiry`; 1 minute to 1 day here). */
function expirySeconds(expiresAt: Date): number {
  const seconds = Math.round((expiresAt.getTime() - Date.now()) / 1000);
  return Math.min(86_400, Math.max(60, seconds));
}

/** Worldpay's event types, as the shop reads them. Anything else is recorded only. */
const eventTypes: Readonly<Record<string, PaymentEventType>> = {
  authorized: 'succeeded',
  sentForSettlement: 'succeeded',
  refused: 'failed',
  error: 'failed',
  cancelled: 'cancelled',
  cancelledByCustomer: 'cancelled',
  expired: 'expired',
  requestExpired: 'expired',
};

/**
 * A payment's `lastEvent` in the Payment Queries API (a different vocabulary from the events):
 * money authorised or on its way is paid; a refusal or failure of the authorisation is a decline;
 * a cancellation, reversal or refund leaves nothing paid. Anything else (requested, timed out) is
 * not final yet.
 */
export function queryStatus(lastEvent: string): RetrievedPayment['status'] {
  if (/^(authorization|sale)Succeeded$/.test(lastEvent)) return 'succeeded';
  if (/^settlement(Requested|RequestSubmitted)$/.test(lastEvent)) return 'succeeded';
  if (/^(authorization|sale)(Refused|Failed)$/.test(lastEvent)) return 'failed';
  if (/^(cancellation|reversal|refund)(Requested|RequestSubmitted)$/.test(lastEvent)) {
    return 'cancelled';
  }
  return 'pending';
}

export interface WorldpayProviderOptions {
  config: WorldpayConfig;
  logger: Logger;
  /** Timeouts and retries of every call to Worldpay (tests shorten them). */
  policy?: RetryPolicy;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function shortString(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
}

/** Worldpay's `{ errorName, message }`, for the log: the error name only (never the body). */
function errorName(text: string): string {
  const body = parseJson(text);
  return isObject(body) ? (shortString(body.errorName, 100) ?? 'unknown') : 'unknown';
}

export function createWorldpayProvider({
  config,
  logger,
  policy = defaultRetryPolicy,
}: WorldpayProviderOptions): PaymentProvider {
  const log = logger.child({ provider: worldpayProviderName });
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`;
  const headers = (mediaType: string, body: boolean): Record<string, string> => ({
    authorization,
    accept: mediaType,
    ...(body ? { 'content-type': mediaType } : {}),
    'wp-correlationid': randomUUID(),
  });

  return {
    name: worldpayProviderName,

    async createSession(input: CreateSessionInput): Promise<PaymentSession> {
      if (!transactionReferencePattern.test(input.reference)) {
        throw new PaymentProviderError('The payment reference is not one Worldpay accepts.');
      }
      if (input.order.currency !== 'GBP' || !Number.isSafeInteger(input.order.amount)) {
        throw new PaymentProviderError('Worldpay is only asked for whole pence in GBP.');
      }
      const body = {
        transactionReference: input.reference,
        merchant: { entity: config.entity },
        narrative: { line1: narrativeLine(site.companyName) },
        value: { currency: 'GBP', amount: input.order.amount },
        description: `Order ${input.order.number}`,
        expiry: expirySeconds(input.expiresAt),
        resultURLs: {
          successURL: input.returnUrl,
          pendingURL: input.returnUrl,
          failureURL: input.declinedUrl,
          errorURL: input.declinedUrl,
          cancelURL: input.cancelUrl,
          expiryURL: input.expiredUrl,
        },
      };
      const res = await providerRequest(
        `${config.apiUrl}/payment_pages`,
        {
          method: 'POST',
          headers: headers(worldpayMediaTypes.paymentPages, true),
          body: JSON.stringify(body),
        },
        policy,
      );
      const answer = parseJson(res.text);
      const url = isObject(answer) ? shortString(answer.url, 2_000) : null;
      if (res.status < 200 || res.status >= 300 || url === null || !/^https?:\/\//.test(url)) {
        log.error(
          { status: res.status, errorName: errorName(res.text), reference: input.reference },
          'Worldpay did not set up the payment page',
        );
        throw new PaymentProviderError(`Worldpay answered HTTP ${res.status} to payment_pages.`);
      }
      return { sessionId: input.reference, redirectUrl: url, expiresAt: input.expiresAt };
    },

    async verifyWebhook(rawBody: Buffer, webhookHeaders: WebhookHeaders) {
      verifyWorldpaySignature(config.webhook, rawBody, webhookHeaders);
      return parseWorldpayEvent(rawBody);
    },

    async retrieve(session: SessionRef): Promise<RetrievedPayment> {
      const url = `${config.apiUrl}/paymentQueries/payments?transactionReference=${encodeURIComponent(session.reference)}`;
      const res = await providerRequest(
        url,
        { method: 'GET', headers: headers(worldpayMediaTypes.paymentQueries, false) },
        policy,
      );
      const pending: RetrievedPayment = {
        status: 'pending',
        amount: 0,
        currency: 'GBP',
        eventId: '',
      };
      // No payment has been made under this reference (yet).
      if (res.status === 404) return pending;
      const answer = parseJson(res.text);
      if (res.status !== 200 || !isObject(answer)) {
        log.warn(
          { status: res.status, errorName: errorName(res.text) },
          'Worldpay payment query failed',
        );
        throw new PaymentProviderError(`Worldpay answered HTTP ${res.status} to a payment query.`);
      }
      const embedded = isObject(answer._embedded) ? answer._embedded : {};
      const payments = Array.isArray(embedded.payments) ? embedded.payments.slice(0, 50) : [];
      const found: RetrievedPayment[] = [];
      for (const payment of payments) {
        if (!isObject(payment) || payment.transactionReference !== session.reference) continue;
        const lastEvent = shortString(payment.lastEvent, 64);
        const paymentId = shortString(payment.paymentId, 100);
        const value = isObject(payment.value) ? payment.value : {};
        if (!lastEvent || !paymentId || !Number.isSafeInteger(value.amount)) continue;
        found.push({
          status: queryStatus(lastEvent),
          amount: value.amount as number,
          currency: shortString(value.currency, 3) ?? '',
          eventId: `query:${paymentId}:${lastEvent}`,
        });
      }
      // Several payments under one reference (the customer tried twice on the page): one that
      // succeeded wins, then any final answer.
      return (
        found.find((p) => p.status === 'succeeded') ??
        found.find((p) => p.status !== 'pending') ??
        pending
      );
    },
  };
}

/**
 * A verified body, read: `{ eventId, eventTimestamp, eventDetails: { classification,
 * transactionReference, type, amount: { value, currencyCode } } }`. A body that is not an event
 * is refused (400) even when signed; payouts and chargebacks are recorded only.
 */
export function parseWorldpayEvent(rawBody: Buffer): PaymentEvent {
  const body = parseJson(rawBody.toString('utf8'));
  const details = isObject(body) && isObject(body.eventDetails) ? body.eventDetails : null;
  const id = isObject(body) ? shortString(body.eventId, 100) : null;
  const type = details ? shortString(details.type, 64) : null;
  if (!details || !id || !type) {
    throw new WebhookVerificationError('The webhook is not an Access Worldpay event.');
  }
  const reference = shortString(details.transactionReference, 64);
  const classification = shortString(details.classification, 32) ?? 'payment';
  const amount = isObject(details.amount) ? details.amount : null;
  const value = amount && Number.isSafeInteger(amount.value) ? (amount.value as number) : null;
  const currency = amount ? shortString(amount.currencyCode, 3) : null;
  const mapped =
    classification === 'payment' && Object.hasOwn(eventTypes, type) ? eventTypes[type] : undefined;
  return {
    id,
    type: mapped ?? 'other',
    providerType: classification === 'payment' ? type : `${classification}:${type}`,
    orderId: null,
    sessionId: null,
    reference,
    amount: value,
    currency,
  };
}
