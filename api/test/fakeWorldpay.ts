/**
 * A fake of Access Worldpay on loopback, for the tests: the shapes of Worldpay's documentation
 * (Hosted Payment Pages v1, Payment Queries v1, payment events with the Event-Signature header),
 * none of its internet.
 *
 * - POST /payment_pages: checks Basic auth, the v1 media types and the body (transactionReference,
 *   merchant.entity, narrative.line1, value, resultURLs), and answers `{ url, _links }`, the URL of
 *   its own hosted page.
 * - GET /hpp/{token}: the hosted page (Pay, Decline, Cancel buttons); a choice settles the payment,
 *   sends or queues the signed events, and sends the browser to the matching result URL.
 * - GET /paymentQueries/payments?transactionReference=…: the payment's lastEvent, value, paymentId.
 * - GET /paymentQueries/payments/{paymentId}: the payment's details: its event history (refunds
 *   with the reference they were sent with) and its next actions (`_actions.refundPayment` and
 *   `_actions.partiallyRefundPayment`, hrefs on /api/payments/{linkData}/…, method POST).
 * - POST /api/payments/{linkData}/refunds (no body) and /partialRefunds (`{ value: { amount,
 *   currency }, reference }`): the Payments API's refunds (WP-Api-Version: 2024-06-01), answered
 *   202 `sentForRefund` / `sentForPartialRefund`. A partial refund whose reference was seen before
 *   is answered again and not made twice; a refund above what is left, of a payment not paid, or
 *   a full refund after any refund, is refused (400, the fake's own errorName and wording).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  transactionReferencePattern,
  worldpayMediaTypes,
  worldpayPaymentsApiVersion,
} from '../services/payments/worldpay/provider';
import { worldpaySignatureEntry } from '../services/payments/worldpay/signature';
import type { WorldpayConfig } from '../config';
import { listenOnLoopback, postBytes } from './loopback';

export type FakeChoice = 'pay' | 'decline' | 'cancel';

export interface FakeWorldpayOptions {
  username: string;
  password: string;
  entity: string;
  /** The key Worldpay signs events with now (and, while rotating, the previous one too). */
  signing: { keyId: string; secret: string; previous?: { keyId: string; secret: string } };
  /** Where Worldpay sends events (the shop's webhook URL, set up in Worldpay's dashboard). */
  webhookUrl?: string;
  /** The events a payment sends (default: authorized, then sentForSettlement). */
  payEvents?: readonly string[];
}

export interface FakePaymentPageRequest {
  headers: Record<string, string | undefined>;
  body: Record<string, unknown>;
}

interface ResultUrls {
  successURL: string;
  pendingURL: string;
  failureURL: string;
  errorURL: string;
  cancelURL: string;
  expiryURL: string;
}

/** One event in a payment's history, as the payment details query lists it. */
export interface FakeHistoryEvent {
  eventName: string;
  timestamp: string;
  value?: { amount: number; currency: string };
  /** A refund's reference (the partial refund's `reference`; a full refund has none). */
  reference?: string;
}

export interface FakeRefund {
  reference: string | null;
  amount: number;
}

interface FakePayment {
  paymentId: string;
  /** The opaque part of its action links (/api/payments/{linkData}/…). */
  linkData: string;
  lastEvent: string;
  timestamp: string;
  history: FakeHistoryEvent[];
  refunds: FakeRefund[];
}

/** One POST to a refund action, as received, and the status answered. */
export interface FakeRefundRequest {
  path: string;
  headers: Record<string, string | undefined>;
  body: unknown;
  status: number;
}

export interface FakeSession {
  reference: string;
  token: string;
  amount: number;
  currency: string;
  narrative: string;
  resultURLs: ResultUrls;
  expired: boolean;
  payment: FakePayment | null;
}

/** An event as Worldpay sends it: the exact bytes and its signature header. */
export interface FakeEvent {
  eventId: string;
  type: string;
  body: Buffer;
  headers: Record<string, string>;
}

export interface EventSpec {
  type: string;
  reference: string;
  /** Omitted for a refused or error event, as Worldpay does. */
  amount?: { value: number; currencyCode: string } | undefined;
  eventId?: string;
  classification?: string;
}

export type Signing = 'current' | 'previous' | 'both' | 'both-reversed' | 'wrong' | 'missing';

export interface FakeWorldpay {
  url: string;
  /** The body of every payment_pages request received. */
  readonly pageRequests: readonly FakePaymentPageRequest[];
  /** Every POST to a refund action received. */
  readonly refundRequests: readonly FakeRefundRequest[];
  /** Events made but not delivered yet (deliver() sends them). */
  readonly queued: readonly FakeEvent[];
  session(reference: string): FakeSession | undefined;
  /** The customer's choice on the page; its events are POSTed at once, or queued. */
  choose(
    reference: string,
    choice: FakeChoice,
    options: { deliver: boolean },
  ): Promise<FakeEvent[]>;
  /** The page runs out of time: the customer can no longer pay. */
  expire(reference: string): void;
  /** An event, signed as asked. */
  event(spec: EventSpec, signing?: Signing): FakeEvent;
  /** POSTs the queued events in order; resolves with the shop's answers. */
  deliver(): Promise<number[]>;
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

const choiceEvents: Record<Exclude<FakeChoice, 'pay'>, { type: string; lastEvent: string }> = {
  decline: { type: 'refused', lastEvent: 'authorizationRefused' },
  cancel: { type: 'cancelled', lastEvent: 'cancellationRequestSubmitted' },
};

/** The history a choice leaves (Payment Queries event names). */
const choiceHistory: Record<FakeChoice, readonly string[]> = {
  pay: ['authorizationRequested', 'authorizationSucceeded', 'settlementRequested'],
  decline: ['authorizationRequested', 'authorizationRefused'],
  cancel: ['cancellationRequestSubmitted'],
};

/** A payment whose money was taken (and may be partly given back). */
function isPaid(payment: FakePayment | null): payment is FakePayment {
  return payment !== null && /^(settlementRequested|refundRequested)$/.test(payment.lastEvent);
}

function refunded(payment: FakePayment): number {
  return payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

const resultUrlKeys: readonly (keyof ResultUrls)[] = [
  'successURL',
  'pendingURL',
  'failureURL',
  'errorURL',
  'cancelURL',
  'expiryURL',
];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The problems with a payment_pages body, in Worldpay's validation-error style. */
function validatePage(body: Record<string, unknown>, entity: string): string[] {
  const problems: string[] = [];
  const merchant = body.merchant as Record<string, unknown> | undefined;
  const narrative = body.narrative as Record<string, unknown> | undefined;
  const value = body.value as Record<string, unknown> | undefined;
  const urls = body.resultURLs as Record<string, unknown> | undefined;
  if (
    typeof body.transactionReference !== 'string' ||
    !transactionReferencePattern.test(body.transactionReference)
  ) {
    problems.push('transactionReference');
  }
  if (merchant?.entity !== entity) problems.push('merchant.entity');
  if (typeof narrative?.line1 !== 'string' || !/^[a-zA-Z0-9\-., ]{1,24}$/.test(narrative.line1)) {
    problems.push('narrative.line1');
  }
  if (!Number.isSafeInteger(value?.amount) || (value?.amount as number) <= 0) {
    problems.push('value.amount');
  }
  if (typeof value?.currency !== 'string' || !/^[A-Z]{3}$/.test(value.currency)) {
    problems.push('value.currency');
  }
  for (const key of resultUrlKeys) {
    const url = urls?.[key];
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) problems.push(`resultURLs.${key}`);
  }
  if (body.expiry !== undefined && !Number.isSafeInteger(body.expiry)) problems.push('expiry');
  return problems;
}

export async function startFakeWorldpay(options: FakeWorldpayOptions): Promise<FakeWorldpay> {
  const sessions = new Map<string, FakeSession>();
  const byToken = new Map<string, FakeSession>();
  const pageRequests: FakePaymentPageRequest[] = [];
  const refundRequests: FakeRefundRequest[] = [];
  const byLinkData = new Map<string, FakeSession>();
  const queued: FakeEvent[] = [];
  let webhookUrl = options.webhookUrl ?? '';
  const expectedAuth = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;

  function sign(body: Buffer, signing: Signing): Record<string, string> {
    const current = worldpaySignatureEntry(options.signing.keyId, options.signing.secret, body);
    const old = options.signing.previous;
    const previous = old ? worldpaySignatureEntry(old.keyId, old.secret, body) : current;
    const entries: Record<Exclude<Signing, 'missing'>, string> = {
      current,
      previous,
      both: `${current},${previous}`,
      'both-reversed': `${previous},${current}`,
      wrong: worldpaySignatureEntry(options.signing.keyId, 'not-the-webhook-secret-at-all', body),
    };
    const headers: Record<string, string> = {
      'content-type': 'application/vnd.worldpay.events-v1.hal+json',
    };
    if (signing !== 'missing') headers['event-signature'] = entries[signing];
    return headers;
  }

  function event(spec: EventSpec, signing: Signing = 'current'): FakeEvent {
    const eventId = spec.eventId ?? randomUUID();
    const payload = {
      eventId,
      eventTimestamp: new Date().toISOString().replace('Z', ''),
      eventDetails: {
        classification: spec.classification ?? 'payment',
        transactionReference: spec.reference,
        type: spec.type,
        date: new Date().toISOString().slice(0, 10),
        ...(spec.amount ? { amount: spec.amount } : {}),
        _links: { payment: { href: '' } },
      },
    };
    const body = Buffer.from(JSON.stringify(payload), 'utf8');
    return { eventId, type: spec.type, body, headers: sign(body, signing) };
  }

  async function post(item: FakeEvent): Promise<number> {
    if (webhookUrl === '') throw new Error('The fake Worldpay has no webhook URL.');
    const res = await postBytes(webhookUrl, item, 20_000);
    await res.arrayBuffer();
    return res.status;
  }

  async function choose(
    reference: string,
    choice: FakeChoice,
    { deliver }: { deliver: boolean },
  ): Promise<FakeEvent[]> {
    const found = sessions.get(reference);
    if (!found) throw new Error(`The fake Worldpay has no page for ${reference}.`);
    if (found.payment || found.expired) throw new Error(`The page for ${reference} is closed.`);
    const amount = { value: found.amount, currencyCode: found.currency };
    const made =
      choice === 'pay'
        ? (options.payEvents ?? ['authorized', 'sentForSettlement']).map((type) =>
            event({ type, reference, amount }),
          )
        : [event({ type: choiceEvents[choice].type, reference })];
    const timestamp = new Date().toISOString();
    found.payment = {
      paymentId: randomBytes(16).toString('hex'),
      linkData: randomBytes(24).toString('base64url'),
      lastEvent: choice === 'pay' ? 'settlementRequested' : choiceEvents[choice].lastEvent,
      timestamp,
      history: choiceHistory[choice].map((eventName) => ({
        eventName,
        timestamp,
        value: { amount: found.amount, currency: found.currency },
      })),
      refunds: [],
    };
    byLinkData.set(found.payment.linkData, found);
    if (deliver) {
      for (const item of made) {
        const status = await post(item);
        if (status !== 200) throw new Error(`The shop answered ${status} to a Worldpay event.`);
      }
    } else {
      queued.push(...made);
    }
    return made;
  }

  function authorised(req: IncomingMessage): boolean {
    return req.headers.authorization === expectedAuth;
  }

  async function paymentPages(req: IncomingMessage, res: ServerResponse, origin: string) {
    if (!authorised(req)) {
      send(res, 401, {
        errorName: 'accessDenied',
        message: 'Access to the requested resource has been denied',
      });
      return;
    }
    const media = worldpayMediaTypes.paymentPages;
    if (req.headers['content-type'] !== media || req.headers.accept !== media) {
      send(res, 415, {
        errorName: 'headerHasInvalidValue',
        message: 'Content-Type and Accept must be the v1 media type',
      });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      send(res, 400, { errorName: 'bodyIsNotJson', message: 'The body is not JSON' });
      return;
    }
    pageRequests.push({
      headers: {
        authorization: req.headers.authorization,
        'wp-correlationid': req.headers['wp-correlationid'] as string | undefined,
      },
      body,
    });
    const problems = validatePage(body, options.entity);
    if (problems.length > 0) {
      send(res, 400, {
        errorName: 'bodyDoesNotMatchSchema',
        message: 'The json body provided does not match the expected schema',
        validationErrors: problems.map((jsonPath) => ({
          errorName: 'fieldHasInvalidValue',
          jsonPath: `$.${jsonPath}`,
        })),
      });
      return;
    }
    const reference = body.transactionReference as string;
    if (sessions.has(reference)) {
      send(res, 400, {
        errorName: 'duplicateTransactionReference',
        message: 'transactionReference has been used before',
      });
      return;
    }
    const value = body.value as { amount: number; currency: string };
    const token = randomBytes(12).toString('hex');
    const session: FakeSession = {
      reference,
      token,
      amount: value.amount,
      currency: value.currency,
      narrative: (body.narrative as { line1: string }).line1,
      resultURLs: body.resultURLs as ResultUrls,
      expired: false,
      payment: null,
    };
    sessions.set(reference, session);
    byToken.set(token, session);
    const url = `${origin}/hpp/${token}`;
    send(res, 200, { url, _links: { self: { href: url } } }, media);
  }

  function paymentQueries(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!authorised(req)) {
      send(res, 401, {
        errorName: 'accessDenied',
        message: 'Access to the requested resource has been denied',
      });
      return;
    }
    if (req.headers.accept !== worldpayMediaTypes.paymentQueries) {
      send(res, 406, {
        errorName: 'headerHasInvalidValue',
        message: 'Accept must be the v1 media type',
      });
      return;
    }
    const reference = url.searchParams.get('transactionReference') ?? '';
    const found = sessions.get(reference);
    const payments = found?.payment
      ? [
          {
            timestamp: found.payment.timestamp,
            paymentId: found.payment.paymentId,
            transactionReference: reference,
            narrative: { line1: found.narrative },
            transactionType: 'authorization',
            entity: options.entity,
            lastEvent: found.payment.lastEvent,
            value: { currency: found.currency, amount: found.amount },
            _links: { self: { href: `/paymentQueries/payments/${found.payment.paymentId}` } },
          },
        ]
      : [];
    send(
      res,
      200,
      {
        _links: {
          self: {
            href: `/paymentQueries/payments?transactionReference=${encodeURIComponent(reference)}`,
          },
        },
        _embedded: { payments },
      },
      worldpayMediaTypes.paymentQueries,
    );
  }

  /** The next actions a payment offers: refunds while money is left to give back. */
  function actions(origin: string, payment: FakePayment, amount: number) {
    const base = `${origin}/api/payments/${payment.linkData}`;
    const offered: Record<string, { href: string; method: 'POST' }> = {};
    if (!isPaid(payment)) return offered;
    const left = amount - refunded(payment);
    if (left > 0 && payment.refunds.length === 0) {
      offered.refundPayment = { href: `${base}/refunds`, method: 'POST' };
    }
    if (left > 0)
      offered.partiallyRefundPayment = { href: `${base}/partialRefunds`, method: 'POST' };
    return offered;
  }

  function paymentDetails(
    req: IncomingMessage,
    res: ServerResponse,
    paymentId: string,
    origin: string,
  ) {
    if (!authorised(req)) {
      send(res, 401, {
        errorName: 'accessDenied',
        message: 'Access to the requested resource has been denied',
      });
      return;
    }
    if (req.headers.accept !== worldpayMediaTypes.paymentQueries) {
      send(res, 406, {
        errorName: 'headerHasInvalidValue',
        message: 'Accept must be the v1 media type',
      });
      return;
    }
    const session = [...sessions.values()].find((s) => s.payment?.paymentId === paymentId);
    const payment = session?.payment;
    if (!session || !payment) {
      send(res, 404, { errorName: 'notFound', message: 'No such payment' });
      return;
    }
    send(
      res,
      200,
      {
        timestamp: payment.timestamp,
        paymentId,
        transactionReference: session.reference,
        narrative: { line1: session.narrative },
        transactionType: 'oneTime',
        authorizationType: 'authorization',
        entity: options.entity,
        lastEvent: payment.lastEvent,
        value: { currency: session.currency, amount: session.amount },
        events: structuredClone(payment.history),
        _links: { self: { href: `/paymentQueries/payments/${paymentId}` } },
        _actions: actions(origin, payment, session.amount),
      },
      worldpayMediaTypes.paymentQueries,
    );
  }

  async function refundAction(
    req: IncomingMessage,
    res: ServerResponse,
    linkData: string,
    kind: 'refunds' | 'partialRefunds',
    path: string,
  ) {
    const text = await readBody(req);
    const record: FakeRefundRequest = {
      path,
      headers: {
        authorization: req.headers.authorization,
        'wp-api-version': req.headers['wp-api-version'] as string | undefined,
        'content-type': req.headers['content-type'],
      },
      body: text === '' ? null : (parseJson(text) ?? text),
      status: 0,
    };
    refundRequests.push(record);
    const answer = (status: number, body: unknown) => {
      record.status = status;
      send(res, status, body);
    };
    if (!authorised(req)) {
      answer(401, {
        errorName: 'accessDenied',
        message: 'Access to the requested resource has been denied',
      });
      return;
    }
    if (req.headers['wp-api-version'] !== worldpayPaymentsApiVersion) {
      answer(400, {
        errorName: 'headerHasInvalidValue',
        message: `WP-Api-Version must be ${worldpayPaymentsApiVersion}`,
        headerName: 'WP-Api-Version',
      });
      return;
    }
    const session = byLinkData.get(linkData);
    const payment = session?.payment ?? null;
    if (!session || !payment) {
      answer(404, { errorName: 'urlContainsInvalidValue', message: 'No such payment' });
      return;
    }
    const refusal = (message: string) => answer(400, { errorName: 'refundNotPossible', message });
    const left = session.amount - (isPaid(payment) ? refunded(payment) : session.amount);
    let refund: FakeRefund;
    if (kind === 'refunds') {
      if (text !== '') {
        answer(400, { errorName: 'bodyIsNotAllowed', message: 'A full refund has no body' });
        return;
      }
      if (!isPaid(payment) || payment.refunds.length > 0 || left <= 0) {
        refusal('Only a settled payment with no refund yet can be fully refunded');
        return;
      }
      refund = { reference: null, amount: left };
    } else {
      if (req.headers['content-type'] !== 'application/json') {
        answer(415, {
          errorName: 'headerHasInvalidValue',
          message: 'Content-Type must be application/json',
          headerName: 'Content-Type',
        });
        return;
      }
      const body = record.body as Record<string, unknown> | null;
      const value =
        body && typeof body === 'object' ? (body.value as Record<string, unknown>) : null;
      const reference = body && typeof body === 'object' ? body.reference : undefined;
      const problems: string[] = [];
      if (!value || !Number.isSafeInteger(value.amount) || (value.amount as number) <= 0) {
        problems.push('value.amount');
      }
      if (value?.currency !== session.currency) problems.push('value.currency');
      if (typeof reference !== 'string' || !transactionReferencePattern.test(reference)) {
        problems.push('reference');
      }
      if (problems.length > 0) {
        answer(400, {
          errorName: 'bodyDoesNotMatchSchema',
          message: 'The json body provided does not match the expected schema',
          validationErrors: problems.map((jsonPath) => ({
            errorName: 'fieldHasInvalidValue',
            jsonPath: `$.${jsonPath}`,
          })),
        });
        return;
      }
      const amount = (value as { amount: number }).amount;
      const earlier = payment.refunds.find((r) => r.reference === reference);
      if (earlier) {
        // The same refund sent again: answered as before, made once.
        if (earlier.amount !== amount) {
          refusal('This reference was used for a refund of another amount');
          return;
        }
        answer(202, refundAnswer('sentForPartialRefund', payment));
        return;
      }
      if (!isPaid(payment)) {
        refusal('Only a settled payment can be refunded');
        return;
      }
      if (amount > left) {
        refusal(`The refund (${amount}) is more than is left to refund (${Math.max(left, 0)})`);
        return;
      }
      refund = { reference: reference as string, amount };
    }
    payment.refunds.push(refund);
    payment.lastEvent = 'refundRequested';
    payment.history.push({
      eventName: 'refundRequested',
      timestamp: new Date().toISOString(),
      value: { amount: refund.amount, currency: session.currency },
      ...(refund.reference === null ? {} : { reference: refund.reference }),
    });
    answer(
      202,
      refundAnswer(kind === 'refunds' ? 'sentForRefund' : 'sentForPartialRefund', payment),
    );
  }

  function refundAnswer(outcome: string, payment: FakePayment) {
    return {
      outcome,
      paymentId: payment.paymentId,
      _links: { self: { href: `/api/payments/${payment.linkData}` } },
    };
  }

  function hostedPage(res: ServerResponse, session: FakeSession) {
    if (session.expired) {
      res.writeHead(303, { location: session.resultURLs.expiryURL });
      res.end();
      return;
    }
    const pounds = (session.amount / 100).toFixed(2);
    const buttons = (['pay', 'decline', 'cancel'] as const)
      .map(
        (choice) =>
          `<form method="post" action="/hpp/${session.token}/${choice}"><button type="submit">${choice[0]?.toUpperCase()}${choice.slice(1)}</button></form>`,
      )
      .join('');
    send(
      res,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Worldpay payment</title></head><body><main><h1>Worldpay</h1><p>${escapeHtml(session.narrative)}</p><p>Amount: £${pounds}</p>${buttons}</main></body></html>`,
      'text/html; charset=utf-8',
    );
  }

  const server: Server = createServer((req, res) => {
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    const url = new URL(req.url ?? '/', origin);
    const page = /^\/hpp\/([0-9a-f]+)(?:\/(pay|decline|cancel))?$/.exec(url.pathname);
    const run = async () => {
      if (req.method === 'POST' && url.pathname === '/payment_pages') {
        return paymentPages(req, res, origin);
      }
      if (req.method === 'GET' && url.pathname === '/paymentQueries/payments') {
        return paymentQueries(req, res, url);
      }
      const details = /^\/paymentQueries\/payments\/([0-9a-f]{1,64})$/.exec(url.pathname);
      if (req.method === 'GET' && details?.[1]) {
        return paymentDetails(req, res, details[1], origin);
      }
      const refundPath = /^\/api\/payments\/([A-Za-z0-9_-]{1,64})\/(refunds|partialRefunds)$/.exec(
        url.pathname,
      );
      if (req.method === 'POST' && refundPath?.[1] && refundPath[2]) {
        const kind = refundPath[2] === 'refunds' ? 'refunds' : 'partialRefunds';
        return refundAction(req, res, refundPath[1], kind, url.pathname);
      }
      const session = page ? byToken.get(page[1] ?? '') : undefined;
      if (session && req.method === 'GET' && !page?.[2]) return hostedPage(res, session);
      if (session && req.method === 'POST' && page?.[2]) {
        const choice = page[2] as FakeChoice;
        if (session.expired || session.payment) return hostedPage(res, session);
        await choose(session.reference, choice, { deliver: false });
        const target =
          choice === 'pay'
            ? session.resultURLs.successURL
            : choice === 'decline'
              ? session.resultURLs.failureURL
              : session.resultURLs.cancelURL;
        res.writeHead(303, { location: target });
        res.end();
        return;
      }
      send(res, 404, { errorName: 'notFound', message: 'No such resource' });
    };
    run().catch((error: unknown) => {
      send(res, 500, { errorName: 'internalErrorOccurred', message: String(error) });
    });
  });
  const listening = await listenOnLoopback(server);

  return {
    url: listening.url,
    pageRequests,
    refundRequests,
    queued,
    session: (reference) => sessions.get(reference),
    choose,
    expire(reference) {
      const found = sessions.get(reference);
      if (found) found.expired = true;
    },
    event,
    async deliver() {
      const statuses: number[] = [];
      while (queued.length > 0) {
        const item = queued.shift();
        if (item) statuses.push(await post(item));
      }
      return statuses;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    close: listening.close,
  };
}

/** The settings a shop running against the fake uses. */
export const fakeWorldpaySettings = {
  username: 'fuelyard-try-user',
  password: 'a-try-environment-password',
  entity: 'PO4080000001',
  keyId: '2',
  secret: 'the-current-webhook-secret-0123',
  previousKeyId: '1',
  previousSecret: 'the-previous-webhook-secret-456',
} as const;

export function fakeWorldpayConfig(apiUrl: string): WorldpayConfig {
  const s = fakeWorldpaySettings;
  return {
    apiUrl,
    username: s.username,
    password: s.password,
    entity: s.entity,
    webhook: { keyId: s.keyId, secret: s.secret, previousSecret: s.previousSecret },
  };
}

export function startWorldpayFake(webhookUrl?: string): Promise<FakeWorldpay> {
  const s = fakeWorldpaySettings;
  return startFakeWorldpay({
    username: s.username,
    password: s.password,
    entity: s.entity,
    signing: {
      keyId: s.keyId,
      secret: s.secret,
      previous: { keyId: s.previousKeyId, secret: s.previousSecret },
    },
    ...(webhookUrl ? { webhookUrl } : {}),
    // One event per payment, as the contract counts them; authorized + sentForSettlement (as an
    // autosettled page sends) is a case of its own.
    payEvents: ['authorized'],
  });
}
