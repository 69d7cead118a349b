/**
 * A fake of Stripe Checkout on loopback, for the tests: the shapes of Stripe's API (v1, form
 * encoded requests, JSON answers, `{ error: { type, message } }` errors, idempotency keys) and of
 * its webhook events (signed with the Stripe-Signature header), none of its internet. The official
 * SDK talks to it with `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`.
 *
 * - POST /v1/checkout/sessions: checks the Bearer key, parses the bracket-notation form body,
 *   honours Idempotency-Key, validates a hosted `payment` session with `price_data` line items in
 *   gbp and answers the Checkout Session, whose `url` is the fake's own hosted page.
 * - GET /v1/checkout/sessions/{id}[?expand[]=payment_intent]: the session as it stands now.
 * - POST /v1/checkout/sessions/{id}/expire: an open session expires at once (its page refuses
 *   payment) and `checkout.session.expired` is sent; any other session is refused (400).
 * - POST /v1/refunds: refunds part or all of a succeeded PaymentIntent (`payment_intent`, an
 *   optional `amount`, `metadata`, `reason`), honours Idempotency-Key, refuses a refund above what
 *   is left (`amount_too_large`, or `charge_already_refunded` when nothing is) and answers a
 *   Refund object whose status is `succeeded`.
 * - GET /pay/{id}: the hosted page (Pay, Decline, Cancel buttons, POSTed back as `choice`). Pay
 *   completes the session, sends `checkout.session.completed` and sends the browser to
 *   success_url; Decline keeps the customer on the page, as Checkout does; Cancel goes back to
 *   cancel_url. Neither of those two sends an event.
 *
 * Bounded: request bodies over 64 KB answer 413, and at most 1,000 sessions (with their
 * idempotency keys), 1,000 create requests, 1,000 refunds (with theirs), 1,000 refund requests and
 * 1,000 events are kept, the oldest dropped first.
 * A session expires only when a test says so (`expire`), never by the clock.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { listenOnLoopback, postBytes } from './loopback';

export type StripeFakeChoice = 'pay' | 'decline' | 'cancel';

export interface StripeFakeOptions {
  /** The secret key (`sk_test_…`) the SDK must send as `Authorization: Bearer …`. */
  secretKey: string;
  /** The endpoint's signing secret (`whsec_…`) events are signed with. */
  webhookSecret: string;
  /** Where events go (the shop's webhook URL, set up in Stripe's dashboard). */
  webhookUrl?: string;
}

/** A form body as Stripe's API reads it: `a[b][0][c]=v` becomes `{ a: { b: [{ c: 'v' }] } }`. */
export type StripeFormValue = string | StripeFormValue[] | StripeForm;
export interface StripeForm {
  [key: string]: StripeFormValue;
}

/** The fields of a Checkout Session the fake keeps, in Stripe's shape (a subset of them). */
export interface StripeFakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: boolean;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  ui_mode: string;
  /** Stripe gives the page's URL only while the session is open; null after. */
  url: string | null;
}

export interface StripeFakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded';
}

export interface StripeFakeLineItem {
  name: string;
  currency: string;
  unitAmount: number;
  quantity: number;
}

export interface StripeFakeSessionRecord {
  session: StripeFakeCheckoutSession;
  lineItems: readonly StripeFakeLineItem[];
  paymentIntent: StripeFakePaymentIntent | null;
}

/** One POST /v1/checkout/sessions, as received, and how the fake answered it. */
export interface StripeFakeCreateRequest {
  headers: {
    authorization: string | undefined;
    'idempotency-key': string | undefined;
    'stripe-version': string | undefined;
    'content-type': string | undefined;
  };
  /** The parsed form body; null when it could not be parsed (or was too large). */
  body: StripeForm | null;
  status: number;
  /** The session answered (created or replayed), or null for an error. */
  sessionId: string | null;
  /** True when the answer replayed an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** A Refund as the fake answers it (a subset of Stripe's fields). */
export interface StripeFakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

/** One POST /v1/refunds, as received, and how the fake answered it. */
export interface StripeFakeRefundRequest {
  headers: { authorization: string | undefined; 'idempotency-key': string | undefined };
  /** The parsed form body; null when it could not be parsed (or was too large). */
  body: StripeForm | null;
  status: number;
  /** The refund answered (made or replayed), or null for an error. */
  refundId: string | null;
  /** True when the answer replayed an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

/** An event as Stripe sends it: the exact bytes and the headers of its POST. */
export interface StripeFakeEvent {
  eventId: string;
  type: string;
  body: Buffer;
  headers: Record<string, string>;
}

/** The session inside an event: the recorded one (if any), overridden field by field. */
export interface StripeFakeEventSession extends Partial<StripeFakeCheckoutSession> {
  id: string;
  /** Any other field of a Checkout Session, sent as given. */
  [field: string]: unknown;
}

export interface StripeFakeEventSpec {
  type: string;
  session: StripeFakeEventSession;
  id?: string;
  /** Unix seconds (default: now). */
  created?: number;
}

export interface StripeFakeSigning {
  /** Default: the fake's webhookSecret. */
  secret?: string;
  /** Unix seconds in the `t=` part of the header (default: now). */
  timestamp?: number;
  /** Send no Stripe-Signature header at all. */
  omitHeader?: boolean;
}

export interface StripeFake {
  url: string;
  /** Every session kept, by id (read-only: the fake changes them, tests only look). */
  readonly sessions: ReadonlyMap<string, Readonly<StripeFakeSessionRecord>>;
  /** A copy of the session as GET /v1/checkout/sessions/{id} answers it (not expanded). */
  session(id: string): StripeFakeCheckoutSession | undefined;
  /** Every create request received, oldest first. */
  readonly requests: readonly StripeFakeCreateRequest[];
  /** Every refund made, oldest first (a replayed request makes none). */
  readonly refunds: readonly StripeFakeRefund[];
  /** Every POST /v1/refunds received, oldest first. */
  readonly refundRequests: readonly StripeFakeRefundRequest[];
  /** Every event made by choose() and expire() (not by event()), oldest first. */
  readonly events: readonly StripeFakeEvent[];
  /** The sessions expired through POST /v1/checkout/sessions/{id}/expire, oldest first. */
  readonly expiredByApi: readonly string[];
  /**
   * The customer's choice on the page, without a browser. With `deliver`, the event is POSTed
   * to the webhook URL and awaited (a non-2xx answer throws); without, it is only made. Decline
   * and cancel make no event: null.
   */
  choose(
    sessionId: string,
    choice: StripeFakeChoice,
    options: { deliver: boolean },
  ): Promise<StripeFakeEvent | null>;
  /**
   * The session runs out of time: `checkout.session.expired`, delivered only if asked. (As with
   * choose, the session changes first; a failed delivery throws but does not undo it.)
   */
  expire(sessionId: string, options?: { deliver?: boolean }): Promise<StripeFakeEvent>;
  /**
   * A delayed payment method (Bacs Direct Debit, say) the customer chose on the page fails later:
   * the session is complete but unpaid, its PaymentIntent back to requires_payment_method, and
   * `checkout.session.async_payment_failed` is made (and delivered when asked).
   */
  delayedPaymentFails(sessionId: string, options: { deliver: boolean }): Promise<StripeFakeEvent>;
  /** An event, signed as asked; no session changes. */
  event(spec: StripeFakeEventSpec, signing?: StripeFakeSigning): StripeFakeEvent;
  /** POSTs an event to the webhook URL; resolves with the shop's status code. */
  deliver(event: StripeFakeEvent): Promise<number>;
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

/** The settings a shop running against the fake uses. */
export const fakeStripeSettings = {
  secretKey: 'sk_test_fuelyardFakeStripeKey0123456789',
  webhookSecret: 'whsec_fuelyardFakeStripeWebhookSecret0123',
} as const;

const maxBodyBytes = 64 * 1024;
const maxKept = 1000;
const maxLineItems = 100;
/** Stripe's largest amount for gbp (£999,999.99) and its smallest charge (£0.30). */
const maxAmount = 99_999_999;
const minTotal = 30;
const minExpirySeconds = 30 * 60;
const maxExpirySeconds = 24 * 60 * 60;
/** The top-level parameters of POST /v1/checkout/sessions in the installed SDK's API version. */
const createParams = new Set([
  'adaptive_pricing',
  'after_expiration',
  'allow_promotion_codes',
  'allowed_payment_method_types',
  'automatic_tax',
  'billing_address_collection',
  'branding_settings',
  'cancel_url',
  'client_reference_id',
  'consent_collection',
  'currency',
  'custom_fields',
  'custom_text',
  'customer',
  'customer_account',
  'customer_creation',
  'customer_email',
  'customer_update',
  'discounts',
  'excluded_payment_method_types',
  'expand',
  'expires_at',
  'integration_identifier',
  'invoice_creation',
  'line_items',
  'locale',
  'managed_payments',
  'metadata',
  'mode',
  'name_collection',
  'optional_items',
  'origin_context',
  'payment_intent_data',
  'payment_method_collection',
  'payment_method_configuration',
  'payment_method_data',
  'payment_method_options',
  'permissions',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'saved_payment_method_options',
  'setup_intent_data',
  'shipping_address_collection',
  'shipping_options',
  'submit_type',
  'subscription_data',
  'success_url',
  'tax_id_collection',
  'ui_mode',
  'wallet_options',
]);
/** The parameters of POST /v1/refunds the fake serves (Stripe's others are refused as unknown). */
const refundParams = new Set(['amount', 'metadata', 'payment_intent', 'reason']);
const refundReasons = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);
const lineItemParams = new Set([
  'adjustable_quantity',
  'metadata',
  'price',
  'price_data',
  'quantity',
  'tax_rates',
]);

/** An error answered in Stripe's shape. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; param?: string } = {},
  ) {
    super(message);
  }

  toJSON() {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

class BodyTooLarge extends Error {}

function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, {
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
}

const unsafeSegments = new Set(['__proto__', 'constructor', 'prototype']);

function isForm(value: StripeFormValue | undefined): value is StripeForm {
  return typeof value === 'object' && !Array.isArray(value);
}

/**
 * Parses `application/x-www-form-urlencoded` with Stripe's bracket notation into nested objects
 * and arrays (`a[0]`, or `a[]` to append); every leaf is a string. Throws on a malformed name, a
 * name used both as a value and as a container, or an index above 999.
 */
export function parseStripeForm(text: string): StripeForm {
  const root: StripeForm = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match?.[1]) throw invalid(`Invalid parameter name: ${name}`);
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    let container: StripeForm | StripeFormValue[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const segment = path[i] ?? '';
      if (unsafeSegments.has(segment)) throw invalid(`Invalid parameter name: ${name}`);
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? '');
      const fresh = (): StripeFormValue => (last ? value : nextIsIndex ? [] : {});
      let child: StripeFormValue | undefined;
      if (Array.isArray(container)) {
        if (!/^\d*$/.test(segment)) throw invalid(`Invalid array: ${name}`);
        const index: number = segment === '' ? container.length : Number(segment);
        if (index > 999) throw invalid(`Array index too large: ${name}`);
        child = container[index];
        if (last && child !== undefined && typeof child !== 'string') {
          throw invalid(`Invalid parameter: ${name}`);
        }
        if (child === undefined || last) container[index] = child = fresh();
      } else {
        child = Object.hasOwn(container, segment) ? container[segment] : undefined;
        if (last && child !== undefined && typeof child !== 'string') {
          throw invalid(`Invalid parameter: ${name}`);
        }
        if (child === undefined || last) container[segment] = child = fresh();
      }
      if (last) break;
      if (typeof child === 'string') throw invalid(`Invalid parameter: ${name}`);
      container = child;
    }
  }
  return root;
}

/** Sorted-key JSON, so two bodies with the same parameters in another order compare equal. */
function canonical(value: StripeFormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item ?? '')).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key] ?? '')}`).join(',')}}`;
}

function stringParam(form: StripeForm, key: string, param = key): string | undefined {
  const value = form[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param}`, param);
  return value;
}

function requiredString(form: StripeForm, key: string, param = key): string {
  const value = stringParam(form, key, param);
  if (value === undefined || value === '') {
    throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  }
  return value;
}

function integerParam(value: string, param: string): number {
  if (!/^-?\d{1,15}$/.test(value)) {
    throw invalid(`Invalid integer: ${value}`, param, 'parameter_invalid_integer');
  }
  return Number(value);
}

function urlParam(form: StripeForm, key: string): string | undefined {
  const value = stringParam(form, key);
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(value) || value.length > 5000) {
    throw invalid('Not a valid URL', key, 'url_invalid');
  }
  return value;
}

function randomId(prefix: string, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

interface ValidSession {
  lineItems: StripeFakeLineItem[];
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  expiresAt: number;
  metadata: Record<string, string>;
  uiMode: string;
}

function validateLineItems(form: StripeForm): StripeFakeLineItem[] {
  const raw = form.line_items;
  if (raw === undefined) {
    throw invalid(
      'Missing required param: line_items. In `payment` mode, you must provide `line_items`.',
      'line_items',
      'parameter_missing',
    );
  }
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('Invalid array', 'line_items');
  if (raw.length > maxLineItems) {
    throw invalid(`You may only specify up to ${maxLineItems} line items.`, 'line_items');
  }
  const items: StripeFakeLineItem[] = [];
  for (let i = 0; i < raw.length; i += 1) {
    const at = `line_items[${i}]`;
    const item = raw[i];
    if (!isForm(item)) throw invalid(`Missing required param: ${at}.`, at, 'parameter_missing');
    for (const key of Object.keys(item)) {
      if (!lineItemParams.has(key)) {
        throw invalid(`Received unknown parameter: ${at}[${key}]`, `${at}[${key}]`);
      }
    }
    const price = stringParam(item, 'price', `${at}[price]`);
    if (price !== undefined) {
      throw invalid(`No such price: '${price}'`, `${at}[price]`, 'resource_missing');
    }
    const priceData = item.price_data;
    if (!isForm(priceData)) {
      throw invalid(
        `Missing required param: ${at}[price_data].`,
        `${at}[price_data]`,
        'parameter_missing',
      );
    }
    const currency = requiredString(priceData, 'currency', `${at}[price_data][currency]`);
    if (currency.toLowerCase() !== 'gbp') {
      throw invalid(
        `The fake Stripe takes only gbp, not ${currency}.`,
        `${at}[price_data][currency]`,
      );
    }
    const unitParam = `${at}[price_data][unit_amount]`;
    const unitAmount = integerParam(requiredString(priceData, 'unit_amount', unitParam), unitParam);
    if (unitAmount < 0 || unitAmount > maxAmount) {
      throw invalid(
        `This value must be greater than or equal to 0 and less than or equal to ${maxAmount}.`,
        unitParam,
      );
    }
    const productData = priceData.product_data;
    if (!isForm(productData)) {
      throw invalid(
        `Missing required param: ${at}[price_data][product_data].`,
        `${at}[price_data][product_data]`,
        'parameter_missing',
      );
    }
    const name = requiredString(productData, 'name', `${at}[price_data][product_data][name]`);
    const quantityParam = `${at}[quantity]`;
    const quantity = integerParam(requiredString(item, 'quantity', quantityParam), quantityParam);
    if (quantity < 1 || quantity > 999_999) {
      throw invalid('Quantity must be between 1 and 999999.', quantityParam);
    }
    items.push({ name, currency: 'gbp', unitAmount, quantity });
  }
  return items;
}

function validateMetadata(form: StripeForm): Record<string, string> {
  const raw = form.metadata;
  if (raw === undefined || raw === '') return {};
  if (!isForm(raw)) throw invalid('Invalid object', 'metadata');
  const entries = Object.entries(raw);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', 'metadata');
  const metadata: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (typeof value !== 'string') throw invalid('Invalid string', `metadata[${key}]`);
    if (key.length > 40) throw invalid('Metadata keys can be at most 40 characters.', 'metadata');
    if (value.length > 500) {
      throw invalid('Metadata values can be at most 500 characters.', `metadata[${key}]`);
    }
    metadata[key] = value;
  }
  return metadata;
}

/** Checks a create body as Stripe does (for the hosted, gbp, price_data subset the fake serves). */
function validateCreate(form: StripeForm, now: number): ValidSession {
  for (const key of Object.keys(form)) {
    if (!createParams.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
  const mode = requiredString(form, 'mode');
  if (mode !== 'payment') {
    throw invalid(`The fake Stripe serves only \`payment\` mode, not \`${mode}\`.`, 'mode');
  }
  const uiMode = stringParam(form, 'ui_mode') ?? 'hosted_page';
  if (uiMode !== 'hosted_page' && uiMode !== 'hosted') {
    throw invalid(`The fake Stripe serves only hosted pages, not \`${uiMode}\`.`, 'ui_mode');
  }
  const lineItems = validateLineItems(form);
  const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (total > maxAmount) {
    throw invalid(
      `The Checkout Session's total amount due must be no more than £999,999.99 gbp.`,
      'line_items',
      'amount_too_large',
    );
  }
  if (total < minTotal) {
    throw invalid(
      `The Checkout Session's total amount due must add up to at least £0.30 gbp.`,
      'line_items',
      'amount_too_small',
    );
  }
  const successUrl = urlParam(form, 'success_url');
  if (successUrl === undefined) {
    throw invalid('Missing required param: success_url.', 'success_url', 'parameter_missing');
  }
  const cancelUrl = urlParam(form, 'cancel_url') ?? null;
  const clientReferenceId = stringParam(form, 'client_reference_id') ?? null;
  if (clientReferenceId !== null && (clientReferenceId === '' || clientReferenceId.length > 200)) {
    throw invalid('client_reference_id must be 1 to 200 characters.', 'client_reference_id');
  }
  const customerEmail = stringParam(form, 'customer_email') ?? null;
  if (customerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw invalid(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
  }
  const expiresRaw = stringParam(form, 'expires_at');
  const expiresAt =
    expiresRaw === undefined ? now + maxExpirySeconds : integerParam(expiresRaw, 'expires_at');
  if (expiresAt - now < minExpirySeconds) {
    throw invalid(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  }
  if (expiresAt - now > maxExpirySeconds) {
    throw invalid(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  return {
    lineItems,
    successUrl,
    cancelUrl,
    clientReferenceId,
    customerEmail,
    expiresAt,
    metadata: validateMetadata(form),
    uiMode,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
      // Drain (and drop) what the client still sends, so that it reads the 413.
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > maxBodyBytes) {
        over = true;
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': randomId('req_', 14),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain') {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  res.end(text);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Keeps an array to its newest `maxKept` entries. */
function keepBounded<T>(list: T[], item: T) {
  list.push(item);
  if (list.length > maxKept) list.splice(0, list.length - maxKept);
}

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const sessions = new Map<string, StripeFakeSessionRecord>();
  const idempotency = new Map<
    string,
    { fingerprint: string; sessionId: string; answer: StripeFakeCheckoutSession }
  >();
  const requests: StripeFakeCreateRequest[] = [];
  const refunds: StripeFakeRefund[] = [];
  const refundRequests: StripeFakeRefundRequest[] = [];
  const refundIdempotency = new Map<string, { fingerprint: string; answer: StripeFakeRefund }>();
  const events: StripeFakeEvent[] = [];
  const expiredByApi: string[] = [];
  let webhookUrl = options.webhookUrl ?? '';
  let baseUrl = '';

  function authorise(req: IncomingMessage) {
    const header = req.headers.authorization;
    if (header === undefined || header === '') {
      throw new StripeApiError(
        401,
        'invalid_request_error',
        'You did not provide an API key. Provide it in the Authorization header (Bearer auth).',
      );
    }
    if (header !== `Bearer ${options.secretKey}`) {
      throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
  }

  function publicSession(record: StripeFakeSessionRecord): StripeFakeCheckoutSession {
    return structuredClone(record.session);
  }

  function expanded(record: StripeFakeSessionRecord, expand: readonly string[]) {
    const session: Omit<StripeFakeCheckoutSession, 'payment_intent'> & {
      payment_intent: string | StripeFakePaymentIntent | null;
    } = publicSession(record);
    if (expand.includes('payment_intent') && record.paymentIntent) {
      session.payment_intent = structuredClone(record.paymentIntent);
    }
    return session;
  }

  /** Keeps a new session, dropping the oldest (and its idempotency key) past the bound. */
  function keep(record: StripeFakeSessionRecord) {
    sessions.set(record.session.id, record);
    while (sessions.size > maxKept) {
      const oldest = sessions.keys().next().value;
      if (oldest === undefined) break;
      sessions.delete(oldest);
      for (const [key, entry] of idempotency) {
        if (entry.sessionId === oldest) idempotency.delete(key);
      }
    }
  }

  function createSession(form: StripeForm): StripeFakeSessionRecord {
    const now = nowSeconds();
    const valid = validateCreate(form, now);
    const id = randomId('cs_test_', 58);
    const amount = valid.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    return {
      session: {
        id,
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        cancel_url: valid.cancelUrl,
        client_reference_id: valid.clientReferenceId,
        created: now,
        currency: 'gbp',
        customer_email: valid.customerEmail,
        expires_at: valid.expiresAt,
        livemode: false,
        metadata: valid.metadata,
        mode: 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: valid.successUrl,
        ui_mode: valid.uiMode,
        url: `${baseUrl}/pay/${id}`,
      },
      lineItems: valid.lineItems,
      paymentIntent: null,
    };
  }

  /** Sends `error` in Stripe's shape; answers the status sent. */
  function answerError(res: ServerResponse, error: unknown): number {
    if (error instanceof BodyTooLarge) {
      const message = `The request body is over ${maxBodyBytes} bytes.`;
      const body = { error: { type: 'invalid_request_error', message } };
      sendJson(res, 413, body, { connection: 'close' });
      return 413;
    }
    if (error instanceof StripeApiError) {
      const headers: Record<string, string> =
        error.status === 401 ? { 'www-authenticate': 'Bearer realm="Stripe"' } : {};
      sendJson(res, error.status, error.toJSON(), headers);
      return error.status;
    }
    sendJson(res, 500, { error: { type: 'api_error', message: String(error) } });
    return 500;
  }

  async function createEndpoint(req: IncomingMessage, res: ServerResponse) {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const idempotencyKey = header('idempotency-key');
    const request: StripeFakeCreateRequest = {
      headers: {
        authorization: header('authorization'),
        'idempotency-key': idempotencyKey,
        'stripe-version': header('stripe-version'),
        'content-type': header('content-type'),
      },
      body: null,
      status: 200,
      sessionId: null,
      replayed: false,
    };
    keepBounded(requests, request);
    try {
      const text = await readBody(req);
      authorise(req);
      const form = parseStripeForm(text);
      request.body = form;
      const fingerprint = canonical(form);
      if (idempotencyKey !== undefined && refundIdempotency.has(idempotencyKey)) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('/v1/refunds' vs '/v1/checkout/sessions'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      }
      const earlier = idempotencyKey === undefined ? undefined : idempotency.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        }
        // Stripe replays the first answer as it was sent, whatever the session has become.
        request.sessionId = earlier.sessionId;
        request.replayed = true;
        sendJson(res, 200, earlier.answer, { 'idempotent-replayed': 'true' });
        return;
      }
      // Only a request that got as far as creating something is kept against its key.
      const record = createSession(form);
      keep(record);
      const answer = publicSession(record);
      if (idempotencyKey !== undefined) {
        idempotency.set(idempotencyKey, { fingerprint, sessionId: record.session.id, answer });
      }
      request.sessionId = record.session.id;
      sendJson(res, 200, answer);
    } catch (error) {
      request.status = answerError(res, error);
    }
  }

  /** The session whose PaymentIntent is `id`, if the fake made one. */
  function recordOfIntent(id: string): StripeFakeSessionRecord | undefined {
    for (const record of sessions.values()) {
      if (record.paymentIntent?.id === id) return record;
    }
    return undefined;
  }

  /** Checks a refund body as Stripe does and makes the refund (not yet kept). */
  function createRefund(form: StripeForm): StripeFakeRefund {
    for (const key of Object.keys(form)) {
      if (!refundParams.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
    }
    const intentId = requiredString(form, 'payment_intent');
    const record = recordOfIntent(intentId);
    const intent = record?.paymentIntent;
    if (!intent) {
      throw invalid(`No such payment_intent: '${intentId}'`, 'payment_intent', 'resource_missing');
    }
    if (intent.status !== 'succeeded') {
      throw invalid(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    }
    const refunded = refunds
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = intent.amount - refunded;
    const rawAmount = stringParam(form, 'amount');
    const amount = rawAmount === undefined ? left : integerParam(rawAmount, 'amount');
    const charge = `ch_${intentId.slice(3)}`;
    if (left <= 0) {
      throw invalid(
        `Charge ${charge} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    if (amount < 1)
      throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    if (amount > left) {
      throw invalid(
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = stringParam(form, 'reason') ?? null;
    if (reason !== null && !refundReasons.has(reason)) {
      throw invalid(`Invalid reason: must be one of ${[...refundReasons].join(', ')}`, 'reason');
    }
    return {
      id: randomId('re_', 24),
      object: 'refund',
      amount,
      charge,
      created: nowSeconds(),
      currency: intent.currency,
      metadata: validateMetadata(form),
      payment_intent: intentId,
      reason,
      status: 'succeeded',
    };
  }

  async function refundEndpoint(req: IncomingMessage, res: ServerResponse) {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const idempotencyKey = header('idempotency-key');
    const request: StripeFakeRefundRequest = {
      headers: { authorization: header('authorization'), 'idempotency-key': idempotencyKey },
      body: null,
      status: 200,
      refundId: null,
      replayed: false,
    };
    keepBounded(refundRequests, request);
    try {
      const text = await readBody(req);
      authorise(req);
      const form = parseStripeForm(text);
      request.body = form;
      const fingerprint = canonical(form);
      if (idempotencyKey !== undefined && idempotency.has(idempotencyKey)) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('/v1/checkout/sessions' vs '/v1/refunds'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      }
      const earlier =
        idempotencyKey === undefined ? undefined : refundIdempotency.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        }
        request.refundId = earlier.answer.id;
        request.replayed = true;
        sendJson(res, 200, earlier.answer, { 'idempotent-replayed': 'true' });
        return;
      }
      // Checked and made in one synchronous step: two requests cannot both take what is left.
      const refund = createRefund(form);
      keepBounded(refunds, refund);
      const answer = structuredClone(refund);
      if (idempotencyKey !== undefined) {
        refundIdempotency.set(idempotencyKey, { fingerprint, answer });
        while (refundIdempotency.size > maxKept) {
          const oldest = refundIdempotency.keys().next().value;
          if (oldest === undefined) break;
          refundIdempotency.delete(oldest);
        }
      }
      request.refundId = refund.id;
      sendJson(res, 200, answer);
    } catch (error) {
      request.status = answerError(res, error);
    }
  }

  function retrieveEndpoint(req: IncomingMessage, res: ServerResponse, url: URL, id: string) {
    authorise(req);
    const query = parseStripeForm(url.search.slice(1));
    const rawExpand = query.expand;
    const expand =
      rawExpand === undefined
        ? []
        : Array.isArray(rawExpand)
          ? rawExpand
          : typeof rawExpand === 'string'
            ? [rawExpand]
            : null;
    if (expand === null || expand.some((item) => typeof item !== 'string')) {
      throw invalid('Invalid array', 'expand');
    }
    const fields = expand as string[];
    const unknown = fields.find((field) => field !== 'payment_intent');
    if (unknown !== undefined) {
      throw invalid(`This property cannot be expanded (${unknown}).`, 'expand');
    }
    const record = sessions.get(id);
    if (!record) {
      throw new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, {
        code: 'resource_missing',
        param: 'session',
      });
    }
    sendJson(res, 200, expanded(record, fields));
  }

  /**
   * POST /v1/checkout/sessions/{id}/expire: an open session expires now (its page shows that it
   * has expired and takes no payment) and `checkout.session.expired` is sent, as Stripe does;
   * a session that is not open is refused (400), and so is an unknown one (404).
   */
  async function expireEndpoint(req: IncomingMessage, res: ServerResponse, id: string) {
    const text = await readBody(req);
    authorise(req);
    const form = parseStripeForm(text);
    for (const key of Object.keys(form)) {
      if (key !== 'expand') throw invalid(`Received unknown parameter: ${key}`, key);
    }
    const record = sessions.get(id);
    if (!record) {
      throw new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, {
        code: 'resource_missing',
        param: 'session',
      });
    }
    if (record.session.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${record.session.status}".`,
        undefined,
        'checkout_session_not_expirable',
      );
    }
    record.session.status = 'expired';
    record.session.url = null;
    const made = event({ type: 'checkout.session.expired', session: { id } });
    keepBounded(events, made);
    expiredByApi.push(id);
    sendJson(res, 200, publicSession(record));
    // Stripe delivers its events after answering, and retries a failed delivery later.
    if (webhookUrl !== '') void deliver(made).catch(() => 0);
  }

  function sign(payload: string, signing: StripeFakeSigning): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (!signing.omitHeader) {
      headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signing.secret ?? options.webhookSecret,
        timestamp: signing.timestamp ?? nowSeconds(),
      });
    }
    return headers;
  }

  function defaultSession(id: string): StripeFakeCheckoutSession {
    return {
      id,
      object: 'checkout.session',
      amount_subtotal: 0,
      amount_total: 0,
      cancel_url: null,
      client_reference_id: null,
      created: nowSeconds(),
      currency: 'gbp',
      customer_email: null,
      expires_at: nowSeconds() + maxExpirySeconds,
      livemode: false,
      metadata: {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: null,
      ui_mode: 'hosted_page',
      url: null,
    };
  }

  function event(spec: StripeFakeEventSpec, signing: StripeFakeSigning = {}): StripeFakeEvent {
    const eventId = spec.id ?? randomId('evt_', 24);
    const known = sessions.get(spec.session.id);
    const object = {
      ...(known ? publicSession(known) : defaultSession(spec.session.id)),
      ...structuredClone(spec.session),
    };
    const payload = JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: spec.created ?? nowSeconds(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: spec.type,
      },
      null,
      2,
    );
    return {
      eventId,
      type: spec.type,
      body: Buffer.from(payload, 'utf8'),
      headers: sign(payload, signing),
    };
  }

  async function deliver(item: StripeFakeEvent): Promise<number> {
    if (webhookUrl === '') throw new Error('The fake Stripe has no webhook URL.');
    const res = await postBytes(webhookUrl, item, 20_000);
    await res.arrayBuffer();
    return res.status;
  }

  async function deliverOrThrow(item: StripeFakeEvent) {
    const status = await deliver(item);
    if (status < 200 || status > 299) {
      throw new Error(`The shop answered ${status} to ${item.type} ${item.eventId}.`);
    }
  }

  function openRecord(sessionId: string): StripeFakeSessionRecord {
    const record = sessions.get(sessionId);
    if (!record) throw new Error(`The fake Stripe has no session ${sessionId}.`);
    if (record.session.status !== 'open') {
      throw new Error(`The session ${sessionId} is ${record.session.status}, not open.`);
    }
    return record;
  }

  /** Applies a choice to the session; returns the event it makes, if any (not delivered). */
  function apply(
    record: StripeFakeSessionRecord,
    choice: StripeFakeChoice,
  ): StripeFakeEvent | null {
    if (choice === 'cancel') return null;
    const session = record.session;
    record.paymentIntent ??= {
      id: randomId('pi_', 24),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'requires_payment_method',
    };
    session.payment_intent = record.paymentIntent.id;
    if (choice === 'decline') {
      record.paymentIntent.status = 'requires_payment_method';
      return null;
    }
    record.paymentIntent.status = 'succeeded';
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    const made = event({ type: 'checkout.session.completed', session: { id: session.id } });
    keepBounded(events, made);
    return made;
  }

  async function choose(
    sessionId: string,
    choice: StripeFakeChoice,
    { deliver: send }: { deliver: boolean },
  ): Promise<StripeFakeEvent | null> {
    const made = apply(openRecord(sessionId), choice);
    if (made && send) await deliverOrThrow(made);
    return made;
  }

  async function expire(
    sessionId: string,
    { deliver: send = false }: { deliver?: boolean } = {},
  ): Promise<StripeFakeEvent> {
    const record = openRecord(sessionId);
    record.session.status = 'expired';
    record.session.url = null;
    const made = event({ type: 'checkout.session.expired', session: { id: sessionId } });
    keepBounded(events, made);
    if (send) await deliverOrThrow(made);
    return made;
  }

  async function delayedPaymentFails(
    sessionId: string,
    { deliver: send }: { deliver: boolean },
  ): Promise<StripeFakeEvent> {
    const record = openRecord(sessionId);
    const session = record.session;
    const intent = (record.paymentIntent ??= {
      id: randomId('pi_', 24),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'requires_payment_method',
    });
    session.payment_intent = intent.id;
    // The customer finished on the page with a delayed method; the bank refused it later.
    session.status = 'complete';
    session.payment_status = 'unpaid';
    session.url = null;
    intent.status = 'requires_payment_method';
    const made = event({
      type: 'checkout.session.async_payment_failed',
      session: { id: sessionId },
    });
    keepBounded(events, made);
    if (send) await deliverOrThrow(made);
    return made;
  }

  function hostedPage(res: ServerResponse, record: StripeFakeSessionRecord, message = '') {
    const session = record.session;
    if (session.status === 'expired') {
      sendText(res, 410, 'This session has expired.');
      return;
    }
    if (session.status === 'complete') {
      sendText(res, 200, 'This session is already paid.');
      return;
    }
    const rows = record.lineItems
      .map(
        (item) =>
          `<li>${escapeHtml(item.name)} × ${item.quantity}: £${((item.unitAmount * item.quantity) / 100).toFixed(2)}</li>`,
      )
      .join('');
    const choices: StripeFakeChoice[] = session.cancel_url
      ? ['pay', 'decline', 'cancel']
      : ['pay', 'decline'];
    const buttons = choices
      .map(
        (choice) =>
          `<button type="submit" name="choice" value="${choice}">${choice[0]?.toUpperCase()}${choice.slice(1)}</button>`,
      )
      .join('');
    const alert = message ? `<p role="alert">${escapeHtml(message)}</p>` : '';
    sendText(
      res,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout</title></head><body><main><h1>Pay Fuelyard</h1><ul>${rows}</ul><p>Total: £${(session.amount_total / 100).toFixed(2)}</p>${alert}<form method="post" action="/pay/${session.id}">${buttons}</form></main></body></html>`,
      'text/html',
    );
  }

  async function pagePost(
    req: IncomingMessage,
    res: ServerResponse,
    record: StripeFakeSessionRecord,
  ) {
    const choice = new URLSearchParams(await readBody(req)).get('choice');
    if (choice !== 'pay' && choice !== 'decline' && choice !== 'cancel') {
      sendText(res, 400, 'Choose pay, decline or cancel.');
      return;
    }
    const session = record.session;
    if (session.status !== 'open') {
      hostedPage(res, record);
      return;
    }
    if (choice === 'cancel') {
      if (!session.cancel_url) {
        sendText(res, 400, 'This session has no cancel_url.');
        return;
      }
      res.writeHead(303, { location: session.cancel_url });
      res.end();
      return;
    }
    const made = apply(record, choice);
    if (choice === 'decline') {
      hostedPage(res, record, 'Your card was declined.');
      return;
    }
    if (made && webhookUrl !== '') {
      // Stripe retries a failed delivery later; the customer goes on to success_url regardless.
      await deliver(made).catch(() => 0);
    }
    res.writeHead(303, {
      location: (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id),
    });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const api = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    const page = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    const run = async () => {
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        return createEndpoint(req, res);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        return refundEndpoint(req, res);
      }
      if (req.method === 'GET' && api?.[1]) return retrieveEndpoint(req, res, url, api[1]);
      const expire = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expire?.[1]) return expireEndpoint(req, res, expire[1]);
      if (page?.[1] && (req.method === 'GET' || req.method === 'POST')) {
        const record = sessions.get(page[1]);
        if (!record) return sendText(res, 404, 'No such page.');
        return req.method === 'GET' ? hostedPage(res, record) : pagePost(req, res, record);
      }
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method ?? 'GET'}: ${url.pathname}).`,
      );
    };
    run().catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      answerError(res, error);
    });
  });
  const listening = await listenOnLoopback(server);
  baseUrl = listening.url;

  return {
    url: listening.url,
    sessions,
    session: (id) => {
      const record = sessions.get(id);
      return record ? publicSession(record) : undefined;
    },
    requests,
    refunds,
    refundRequests,
    events,
    expiredByApi,
    choose,
    expire,
    delayedPaymentFails,
    event,
    deliver,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    close: listening.close,
  };
}
