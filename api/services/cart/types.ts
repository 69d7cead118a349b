export type { CartItemView, CartView, PendingItemView } from '../../domain/cart';
import type { CartView } from '../../domain/cart';
import { AppError } from '../../errors';

/** A successful cart action: `status` is the HTTP status and the body's `code`. */
export interface CartResult {
  status: 200 | 201;
  message: string;
  cart: CartView;
}

/** A refused cart action. The error middleware returns `{ code, message, errors?, cart }`. */
export class CartError extends AppError {
  readonly cart: CartView;
  constructor(status: number, message: string, cart: CartView, errors?: string[]) {
    super(status, message, { extra: { cart }, ...(errors ? { errors } : {}) });
    this.cart = cart;
  }
}

export interface CheckoutCheck {
  ok: boolean;
  message: string;
  cart: CartView;
}
