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
 * - cancelSession: Hosted Payment Pages cannot close a page early, so it answers `unsupported`;
 *   a payment still made on a cancelled order's page is refunded automatically (late payment).
 * - refund: the paid payment under the session's transactionReference (the same query), then its
 *   details (GET …/paymentQueries/payments/{paymentId}: its event history and next actions), then
 *   the Payments API's (WP-Api-Version 2024-06-01) refund action it offers: `refundPayment` (a full
 *   refund, no body) for a first refund of everything, otherwise `partiallyRefundPayment` with
 *   `{ value: { amount, currency }, reference }`, the reference being the shop's idempotency key.
 *   A refund already in the history under that key (or, for a full refund, a full refund already
 *   made) is answered without asking again. Worldpay answers 202: the refund is pending.
 */
import { randomUUID } from 'node:crypto';
import type { WorldpayConfig } from '../../../config';
import { site } from '../../../domain/site';
import type { Logger } from '../../../logger';
import { defaultRetryPolicy, providerRequest, type RetryPolicy } from '../http';
import {
  PaymentProviderError,
  WebhookVerificationError,
  type CancelOutcome,
  type CreateSessionInput,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PaymentSession,
  type RefundInput,
  type RefundResult,
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

/** The Payments API's version, sent as WP-Api-Version with its refund actions (JSON bodies). */
export const worldpayPaymentsApiVersion = '2024-06-01';

/** The path of a Payments API refund action: /api/payments/{linkData}/refunds or /partialRefunds. */
export const refundActionPathPattern =
  /^\/api\/payments\/[A-Za-z0-9_\-.~%=]{1,2000}\/(refunds|partialRefunds)$/;

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

/** A payment found by its transactionReference, as the Payment Queries API lists it. */
interface QueriedPayment {
  paymentId: string;
  lastEvent: string;
  amount: number;
  currency: string;
}

/** The payments under `reference` in a Payment Queries answer (at most 50 read). */
export function queriedPayments(answer: unknown, reference: string): QueriedPayment[] {
  const embedded = isObject(answer) && isObject(answer._embedded) ? answer._embedded : {};
  const payments = Array.isArray(embedded.payments) ? embedded.payments.slice(0, 50) : [];
  const found: QueriedPayment[] = [];
  for (const payment of payments) {
    if (!isObject(payment) || payment.transactionReference !== reference) continue;
    const lastEvent = shortString(payment.lastEvent, 64);
    const paymentId = shortString(payment.paymentId, 100);
    const value = isObject(payment.value) ? payment.value : {};
    if (!lastEvent || !paymentId || !Number.isSafeInteger(value.amount)) continue;
    found.push({
      paymentId,
      lastEvent,
      amount: value.amount as number,
      currency: shortString(value.currency, 3) ?? '',
    });
  }
  return found;
}

/** A refund in a payment's event history: its amount and reference (none for a full refund). */
export interface HistoryRefund {
  amount: number | null;
  reference: string | null;
}

/** What a payment's details tell a refund: its value, the refunds so far, the refund actions. */
export interface RefundablePayment {
  amount: number;
  currency: string;
  refunds: HistoryRefund[];
  /** The hrefs of the refund actions Worldpay offers now (absent: not offered). */
  actions: { refundPayment?: string; partiallyRefundPayment?: string };
}

/**
 * Reads GET /paymentQueries/payments/{paymentId}: `value`, the `events` history (a refund is an
 * event whose eventName starts with "refund" and did not fail; its `reference` is the one the shop
 * sent) and the next actions (`_actions.refundPayment`, `_actions.partiallyRefundPayment`: an href
 * and the method POST). Null for a body that is not a payment.
 */
export function readRefundablePayment(answer: unknown): RefundablePayment | null {
  if (!isObject(answer) || !isObject(answer.value)) return null;
  const { amount, currency } = answer.value;
  if (!Number.isSafeInteger(amount) || typeof currency !== 'string') return null;
  const events = Array.isArray(answer.events) ? answer.events.slice(0, 200) : [];
  const refunds: HistoryRefund[] = [];
  for (const event of events) {
    if (!isObject(event)) continue;
    const name = shortString(event.eventName, 64) ?? '';
    if (!/^refund(Requested|RequestSubmitted)$/.test(name)) continue;
    const value = isObject(event.value) ? event.value : {};
    refunds.push({
      amount: Number.isSafeInteger(value.amount) ? (value.amount as number) : null,
      reference: shortString(event.reference, 128) ?? shortString(event.refundReference, 128),
    });
  }
  const rawActions = isObject(answer._actions) ? answer._actions : {};
  const actions: RefundablePayment['actions'] = {};
  for (const key of ['refundPayment', 'partiallyRefundPayment'] as const) {
    const action = rawActions[key];
    if (!isObject(action)) continue;
    const href = shortString(action.href, 2_500);
    const method = action.method === undefined ? 'POST' : action.method;
    if (href && method === 'POST') actions[key] = href;
  }
  return { amount: amount as number, currency, refunds, actions };
}

/**
 * Where a refund action's href is POSTed: its path, on WORLDPAY_API_URL (the shop's credentials go
 * to no other host), or null for an href that is not a Payments API refund action.
 */
export function refundActionUrl(href: string, apiUrl: string): string | null {
  let path: string;
  try {
    path = new URL(href, `${apiUrl}/`).pathname;
  } catch {
    return null;
  }
  return refundActionPathPattern.test(path) ? `${apiUrl}${path}` : null;
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
  /** The Payments API (2024-06-01) takes plain JSON and names its version in a header. */
  const paymentsApiHeaders = (body: boolean): Record<string, string> => ({
    authorization,
    'wp-api-version': worldpayPaymentsApiVersion,
    ...(body ? { 'content-type': 'application/json' } : {}),
    'wp-correlationid': randomUUID(),
  });

  /** GET on the Payment Queries API; a PaymentProviderError for anything but 200 JSON (or 404). */
  async function query(url: string, what: string): Promise<unknown> {
    const res = await providerRequest(
      url,
      { method: 'GET', headers: headers(worldpayMediaTypes.paymentQueries, false) },
      policy,
    );
    if (res.status === 404) return null;
    const answer = parseJson(res.text);
    if (res.status !== 200 || !isObject(answer)) {
      log.warn({ status: res.status, errorName: errorName(res.text) }, `Worldpay ${what} failed`);
      throw new PaymentProviderError(`Worldpay answered HTTP ${res.status} to ${what}.`);
    }
    return answer;
  }

  /** The payment that was paid under `reference` (succeeded, or refunded since), or null. */
  async function paidPayment(reference: string): Promise<QueriedPayment | null> {
    const answer = await query(
      `${config.apiUrl}/paymentQueries/payments?transactionReference=${encodeURIComponent(reference)}`,
      'a payment query',
    );
    const found = answer === null ? [] : queriedPayments(answer, reference);
    return (
      found.find((p) => queryStatus(p.lastEvent) === 'succeeded') ??
      found.find((p) => /^refund/.test(p.lastEvent)) ??
      null
    );
  }

  /** The details of a payment, as a refund reads them. */
  async function refundable(paymentId: string): Promise<RefundablePayment> {
    const answer = await query(
      `${config.apiUrl}/paymentQueries/payments/${encodeURIComponent(paymentId)}`,
      'a payment details query',
    );
    const payment = answer === null ? null : readRefundablePayment(answer);
    if (!payment) {
      throw new PaymentProviderError('Worldpay answered no details for the paid payment.');
    }
    return payment;
  }

  /** The refund under `input` is in the payment's history already (made by an earlier try). */
  function alreadyMade(payment: RefundablePayment, input: RefundInput): boolean {
    const mine = payment.refunds.find((r) => r.reference === input.idempotencyKey);
    if (mine) {
      if (mine.amount !== null && mine.amount !== input.amount) {
        throw new PaymentProviderError(
          'This idempotency key was used for a refund of another amount.',
        );
      }
      return true;
    }
    // A full refund carries no reference: one made already (a payment has one at most) is it.
    return (
      input.full &&
      payment.refunds.length > 0 &&
      payment.refunds.every((r) => r.reference === null) &&
      !payment.actions.partiallyRefundPayment &&
      !payment.actions.refundPayment
    );
  }

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
      const found: RetrievedPayment[] = queriedPayments(answer, session.reference).map((p) => ({
        status: queryStatus(p.lastEvent),
        amount: p.amount,
        currency: p.currency,
        eventId: `query:${p.paymentId}:${p.lastEvent}`,
      }));
      // Several payments under one reference (the customer tried twice on the page): one that
      // succeeded wins, then any final answer.
      return (
        found.find((p) => p.status === 'succeeded') ??
        found.find((p) => p.status !== 'pending') ??
        pending
      );
    },

    async cancelSession(): Promise<CancelOutcome> {
      // Hosted Payment Pages has no call that closes a page before its `expiry`: the page stays
      // payable until then. A payment still made there is a late payment, which the shop
      // refunds automatically through `refund` (latePayments.ts).
      return 'unsupported';
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { amount, session, idempotencyKey } = input;
      if (input.currency !== 'GBP' || !Number.isSafeInteger(amount) || amount <= 0) {
        throw new PaymentProviderError('Worldpay is only asked to refund whole pence in GBP.');
      }
      // The key is Worldpay's refund `reference`: 1–64 characters of its reference alphabet.
      if (!transactionReferencePattern.test(idempotencyKey)) {
        throw new PaymentProviderError('The refund key is not a reference Worldpay accepts.');
      }
      const paid = await paidPayment(session.reference);
      if (!paid) {
        throw new PaymentProviderError('Worldpay has no paid payment under this reference.');
      }
      const before = await refundable(paid.paymentId);
      const done: RefundResult = { refundId: idempotencyKey, status: 'pending' };
      if (alreadyMade(before, input)) return done;
      if (before.currency !== input.currency) {
        throw new PaymentProviderError('The refund is not in the currency of the payment.');
      }
      // A first refund of everything is Worldpay's full refund; any other is a partial one.
      const full =
        input.full && before.refunds.length === 0 && amount === before.amount
          ? before.actions.refundPayment
          : undefined;
      const href = full ?? before.actions.partiallyRefundPayment;
      const url = href === undefined ? null : refundActionUrl(href, config.apiUrl);
      if (url === null) {
        log.warn(
          { reference: session.reference, offered: Object.keys(before.actions) },
          'Worldpay offers no refund of this payment now',
        );
        throw new PaymentProviderError('Worldpay offers no refund of this payment now.');
      }
      const body = full
        ? undefined
        : JSON.stringify({
            value: { amount, currency: input.currency },
            reference: idempotencyKey,
          });
      /** An earlier try went through and only its answer was lost: the history knows. */
      const madeAfterAll = async () => {
        const after = await refundable(paid.paymentId).catch(() => null);
        return after !== null && alreadyMade(after, input);
      };
      let res;
      try {
        res = await providerRequest(
          url,
          {
            method: 'POST',
            headers: paymentsApiHeaders(body !== undefined),
            ...(body === undefined ? {} : { body }),
          },
          policy,
        );
      } catch (error) {
        // No answer after the bounded retries: made only if the history says so.
        if (await madeAfterAll()) return done;
        throw error;
      }
      const answer = parseJson(res.text);
      const outcome = isObject(answer) ? shortString(answer.outcome, 64) : null;
      if (
        res.status >= 200 &&
        res.status < 300 &&
        (outcome === 'sentForRefund' || outcome === 'sentForPartialRefund')
      ) {
        return done;
      }
      // Refused; or a retry refused because the first try was made after all.
      if (await madeAfterAll()) return done;
      log.error(
        { status: res.status, errorName: errorName(res.text), reference: session.reference },
        'Worldpay did not make the refund',
      );
      throw new PaymentProviderError(`Worldpay answered HTTP ${res.status} to a refund.`);
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
