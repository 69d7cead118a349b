/**
 * The browser's calls for the order page's "Change delivery day" (api/routes/orderDeliveryDay.ts).
 * Every answer of the API is JSON `{ code, message, ... }`; only a network failure, or an answer
 * that is not the API's (a proxy's error page), throws.
 */
import type { OrderView } from '../../../api/domain/order';
import {
  deliveryDayForm,
  orderDeliveryDayTexts as texts,
  type OrderDeliveryDays,
} from '../../../api/domain/orderDeliveryDay';
import { ordersPath } from '../checkout';

/** The shop could not be reached, or did not answer with the API's JSON. */
export class DeliveryDayNetworkError extends Error {
  constructor(cause?: unknown) {
    super(texts.failed, cause === undefined ? undefined : { cause });
    this.name = 'DeliveryDayNetworkError';
  }
}

/** The API's answer: 200 with the order and its days, or a refusal with its message. */
export interface DeliveryDayAnswer {
  code: number;
  message: string;
  /** 200: the order as it now stands (as GET /api/orders/{id} answers it). */
  order?: OrderView;
  /** The order's delivery days as they now stand (200, and with a 400 or 409). */
  deliveryDays?: OrderDeliveryDays;
}

async function call(path: string, init: RequestInit): Promise<DeliveryDayAnswer> {
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      cache: 'no-store',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new DeliveryDayNetworkError(error);
  }
  const json = (await res.json().catch(() => null)) as Partial<DeliveryDayAnswer> | null;
  if (!json || typeof json !== 'object' || typeof json.message !== 'string') {
    throw new DeliveryDayNetworkError();
  }
  return {
    ...json,
    message: json.message,
    code: typeof json.code === 'number' ? json.code : res.status,
  };
}

const tokenHeader = (token: string | null): Record<string, string> =>
  token ? { 'x-order-token': token } : {};

/** GET /api/orders/{id}/delivery-days: the order's days, or null when it cannot be had. */
export async function fetchDeliveryDays(
  orderId: string,
  token: string | null,
  signal?: AbortSignal,
): Promise<OrderDeliveryDays | null> {
  const answer = await call(`${ordersPath(orderId)}/delivery-days`, {
    method: 'GET',
    headers: tokenHeader(token),
    signal,
  });
  return answer.code === 200 ? (answer.deliveryDays ?? null) : null;
}

/** PUT /api/orders/{id}/delivery-day with the day chosen. */
export function putDeliveryDay(
  orderId: string,
  token: string | null,
  day: string,
  signal?: AbortSignal,
): Promise<DeliveryDayAnswer> {
  return call(`${ordersPath(orderId)}/delivery-day`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...tokenHeader(token) },
    body: JSON.stringify({ [deliveryDayForm.field]: day }),
    signal,
  });
}

export type DeliveryDaysSource = typeof fetchDeliveryDays;
export type DeliveryDayChange = typeof putDeliveryDay;
