import type { CartTotals } from '../../domain/cart';
import type { ProductType } from '../../domain/catalogue';
import type { Pence } from '../../domain/money';
import { AppError } from '../../errors';

/** One cart line as the browser sees it. Title, size, price and image come from the catalogue. */
export interface CartItemView {
  /** The line's id (uuid), for DELETE /api/cart/items/:id. */
  id: string;
  type: ProductType;
  productId: number;
  /** The size's id, or null for a product sold without sizes. */
  attributeId: number | null;
  title: string;
  /** The size's title ("40kg bag", "500 Litres"), or null. */
  attribute: string | null;
  /** Unit price in pence. */
  price: Pence;
  quantity: number;
  image: string | null;
  /** price x quantity, in pence. */
  lineTotal: Pence;
}

/** The item a visitor tried to add before setting a postcode (SPEC §4). */
export interface PendingItemView {
  type: ProductType;
  productId: number;
  attributeId: number | null;
  quantity: number;
  /** From the catalogue; null if the product has gone since. */
  title: string | null;
  attribute: string | null;
}

export interface CartView extends CartTotals {
  /** null when the visitor has no cart (no cookie, an unknown id, or an emptied cart). */
  cartId: string | null;
  postcode: string | null;
  items: CartItemView[];
  /** The shared flag that opens the Set Postcode dialog. */
  showPostcodeModal: boolean;
  /** Why checkout is not allowed yet, while a non-empty cart is below its minimum order. */
  minimumOrderMessage: string | null;
  pendingItem?: PendingItemView;
  /** Things the visitor should be told, e.g. a pending item that could not be added. */
  warnings?: string[];
}

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
