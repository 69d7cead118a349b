import type { AddToCartInput, CartView } from '../../../api/domain/cart';
import type { ProductType } from '../../../api/domain/catalogue';
import { messages } from '../../../api/domain/messages';

/**
 * The browser's calls to the cart API. Every answer, success or refusal, is `{ code, message,
 * cart }` with `code` equal to the HTTP status; only a network failure or an answer without a
 * cart (a proxy's error page, a server fault) throws.
 */
export interface CartResponse {
  code: number;
  message: string;
  cart: CartView;
  errors?: string[];
}

/** The shop could not be reached at all. */
export class CartNetworkError extends Error {
  constructor(cause: unknown) {
    super(messages.cart.networkError, { cause });
    this.name = 'CartNetworkError';
  }
}

/**
 * The shop answered, but not with a cart: the message is the answer's own when it has one,
 * otherwise a generic one a person can act on (the technical detail is in `detail`).
 */
export class CartAnswerError extends Error {
  readonly status: number;
  readonly detail: string;
  constructor(status: number, message: string | undefined, detail: string) {
    super(message ?? messages.cart.unexpectedAnswer);
    this.name = 'CartAnswerError';
    this.status = status;
    this.detail = detail;
  }
}

async function call(method: string, path: string, body?: unknown): Promise<CartResponse> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new CartNetworkError(error);
  }
  const json = (await res.json().catch(() => null)) as Partial<CartResponse> | null;
  if (!json || typeof json.message !== 'string' || !json.cart) {
    throw new CartAnswerError(
      res.status,
      typeof json?.message === 'string' && json.message !== '' ? json.message : undefined,
      `Unexpected answer from ${method} ${path} (HTTP ${res.status}).`,
    );
  }
  return {
    code: json.code ?? res.status,
    message: json.message,
    cart: json.cart,
    ...(json.errors ? { errors: json.errors } : {}),
  };
}

export const cartApi = {
  get: () => call('GET', '/api/cart'),
  add: (input: AddToCartInput) => call('POST', '/api/cart/items', input),
  /** With the product it is set for (the order form): refused if it cannot go there. */
  setPostcode: (postcode: string, productType?: ProductType) =>
    call('PUT', '/api/cart/postcode', productType ? { postcode, productType } : { postcode }),
  remove: (lineId: string) => call('DELETE', `/api/cart/items/${encodeURIComponent(lineId)}`),
  empty: () => call('DELETE', '/api/cart'),
  setPostcodeModal: (open: boolean) => call('PUT', '/api/cart/postcode-modal', { open }),
};

export type CartApi = typeof cartApi;

/** Success codes (SPEC §9): 200, and 201 for a postcode set together with a pending item. */
export function isSuccess(response: Pick<CartResponse, 'code'>): boolean {
  return response.code === 200 || response.code === 201;
}

/** The words to show a person for a failed call. */
export function failureMessage(error: unknown): string {
  if (error instanceof CartNetworkError || error instanceof CartAnswerError) return error.message;
  return messages.cart.unexpectedAnswer;
}
