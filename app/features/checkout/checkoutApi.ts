/**
 * The browser's calls for checkout and orders. Every answer of the API is JSON `{ code, message,
 * ... }` with `code` equal to the HTTP status; only a network failure, or an answer that is not
 * the API's (a proxy's error page), throws.
 */
import type { CheckoutErrors, CheckoutInput } from '../../../api/domain/checkout';
import type { DeliveryOffer } from '../../../api/domain/deliveryBooking';
import type { CheckoutSummary, OrderStatus, OrderView } from '../../../api/domain/order';
import { checkoutTexts } from './texts';

export const CHECKOUT_PATH = '/api/checkout';
export const ordersPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

/** The shop could not be reached at all (offline, DNS, a dropped connection). */
export class CheckoutNetworkError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'CheckoutNetworkError';
  }
}

/** The shop answered, but not with the API's JSON. */
export class CheckoutAnswerError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'CheckoutAnswerError';
    this.status = status;
  }
}

interface Answer {
  code: number;
  message: string;
}

async function call<T extends Answer>(
  path: string,
  init: RequestInit,
  failure: string,
): Promise<T & { status: number }> {
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new CheckoutNetworkError(failure, error);
  }
  const json = (await res.json().catch(() => null)) as Partial<T> | null;
  if (!json || typeof json !== 'object' || typeof json.message !== 'string') {
    throw new CheckoutAnswerError(res.status, failure);
  }
  return {
    ...(json as T),
    code: typeof json.code === 'number' ? json.code : res.status,
    status: res.status,
  };
}

/**
 * GET /api/checkout: the cart priced by the server, with or without the declaration, and with
 * priority delivery's surcharge when `priority`.
 */
export async function fetchCheckoutSummary(
  domesticUse: boolean,
  signal?: AbortSignal,
  priority = false,
): Promise<CheckoutSummary> {
  const answer = await call<Answer & { summary?: CheckoutSummary }>(
    `${CHECKOUT_PATH}?domesticUse=${domesticUse ? 'true' : 'false'}${priority ? '&priority=true' : ''}`,
    { method: 'GET', signal },
    checkoutTexts.summaryFailed,
  );
  if (answer.code !== 200 || !answer.summary) {
    throw new CheckoutAnswerError(answer.status, answer.message);
  }
  return answer.summary;
}

/** The order as the 201 answer names it. */
export interface CreatedOrder {
  id: string;
  number: string;
  status: OrderStatus;
  total: number;
}

/** POST /api/checkout's answer: 201 with the order and where to pay, or a refusal. */
export interface CheckoutAnswer extends Answer {
  /** Refusals: every message, in the form's order. */
  errors?: string[];
  /** Refusals: the messages by field, when the API gives them (the day's too). */
  fieldErrors?: CheckoutErrors & { deliveryDay?: string };
  order?: CreatedOrder;
  /** The guest's access token to the order, given this once. */
  orderToken?: string;
  /** The provider's payment page. */
  redirectUrl?: string;
  /** 409: the total changed since the page's summary; the new total (pence) and figures. */
  total?: number;
  summary?: CheckoutSummary;
  /** 409: the chosen delivery day filled up (or none has room); the days on offer now. */
  delivery?: DeliveryOffer;
}

/**
 * POST /api/checkout with this attempt's Idempotency-Key, and the total (pence) the page showed as
 * `expectedTotal`.
 */
export async function postCheckout(
  input: CheckoutInput & {
    expectedTotal: number;
    deliveryDay?: string;
    deliveryService?: 'standard' | 'priority';
  },
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<CheckoutAnswer> {
  const answer = await call<CheckoutAnswer>(
    CHECKOUT_PATH,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(input),
      signal,
    },
    checkoutTexts.submitFailed,
  );
  const { status: _status, ...rest } = answer;
  return rest;
}

/** GET /api/orders/{id}: the order, or null for the same 404 whatever the reason. */
export async function fetchOrder(
  id: string,
  token: string | null,
  options: { waiting?: boolean; signal?: AbortSignal } = {},
): Promise<OrderView | null> {
  const query = options.waiting ? '?waiting=1' : '';
  const answer = await call<Answer & { order?: OrderView }>(
    `${ordersPath(id)}${query}`,
    {
      method: 'GET',
      headers: token ? { 'x-order-token': token } : {},
      signal: options.signal,
      cache: 'no-store',
    },
    checkoutTexts.order.failed,
  );
  if (answer.code === 404) return null;
  if (answer.code !== 200 || !answer.order) {
    throw new CheckoutAnswerError(answer.status, answer.message);
  }
  return answer.order;
}
