/**
 * Cart rules shared by the API (the authority) and the browser: request shapes, quantity limits,
 * the totals maths, the answers to setting a postcode, and how a cart is shown. The API's cart
 * service and the browser's fake cart (app/features/cart/testing.ts) are both built on these.
 * Pure: no Node, Koa or database imports.
 */
import { isProductType, type ProductType } from './catalogue';
import { messages } from './messages';
import { formatPence, multiplyPence, type Pence } from './money';
import { zoneFor } from './postcode';

export const cartLimits = {
  /** The order form's quantity choices (SPEC §9). */
  minQuantity: 1,
  maxQuantity: 20,
  defaultQuantity: 1,
  /**
   * The most of one line (product + size) a cart may hold. Larger quantities are a phone call
   * (the footer's "For larger quantities please contact our office").
   */
  maxLineQuantity: 20,
} as const;

export interface AddToCartInput {
  type: ProductType;
  productId: number;
  /** The chosen size; null for a product sold without sizes. */
  attributeId: number | null;
  quantity: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A whole number from a JSON number or a string of digits (GraphQL ids and <select> values arrive
 * as strings). Anything else, including "1.5", " 2" and booleans, is refused.
 */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^[0-9]{1,15}$/.test(value)) return Number(value);
  return undefined;
}

/** Validates a POST /api/cart/items body, collecting every problem. */
export function parseAddToCart(body: unknown): Parsed<AddToCartInput> {
  if (!isRecord(body)) return { ok: false, errors: [messages.cart.bodyInvalid] };
  const errors: string[] = [];

  const type = body.type;
  if (!isProductType(type)) errors.push(messages.cart.typeInvalid);

  let productId: number | undefined;
  if (body.productId === undefined || body.productId === null || body.productId === '') {
    errors.push(messages.cart.productIdRequired);
  } else {
    productId = wholeNumber(body.productId);
    if (productId === undefined || productId < 1) errors.push(messages.cart.productIdInvalid);
  }

  let attributeId: number | null = null;
  if (body.attributeId !== undefined && body.attributeId !== null && body.attributeId !== '') {
    const parsed = wholeNumber(body.attributeId);
    if (parsed === undefined || parsed < 1) errors.push(messages.cart.attributeIdInvalid);
    else attributeId = parsed;
  }

  let quantity: number = cartLimits.defaultQuantity;
  if (body.quantity !== undefined) {
    const parsed = wholeNumber(body.quantity);
    if (
      parsed === undefined ||
      parsed < cartLimits.minQuantity ||
      parsed > cartLimits.maxQuantity
    ) {
      errors.push(messages.cart.quantityInvalid(cartLimits.minQuantity, cartLimits.maxQuantity));
    } else {
      quantity = parsed;
    }
  }

  if (errors.length > 0 || !isProductType(type) || productId === undefined) {
    return { ok: false, errors };
  }
  return { ok: true, value: { type, productId, attributeId, quantity } };
}

/**
 * The unit price of a choice (SPEC §9): the chosen size's price, else the product's price.
 * null when neither is set: such an item cannot be added ("Price is required.").
 */
export function unitPrice(
  product: { price: Pence | null },
  size: { price: Pence | null } | null,
): Pence | null {
  return size?.price ?? product.price ?? null;
}

export interface TotalsLine {
  type: ProductType;
  /** Unit price in pence. */
  price: Pence;
  quantity: number;
}

export interface TotalsZone {
  title: string;
  /** Delivery charge in pence. */
  rate: Pence;
  /** Minimum order value in pence. */
  minimumOrder: Pence;
}

export interface CartTotals {
  /** Sum of the quantities. */
  count: number;
  subtotal: Pence;
  /** The sum of the rates of the distinct zones the lines need (0 for an empty cart). */
  deliveryCharge: Pence;
  /** The largest minimum order among those zones (0 for an empty cart). */
  minimumOrder: Pence;
  total: Pence;
  /** True when the cart has something in it and its subtotal reaches the minimum order. */
  meetsMinimumOrder: boolean;
}

/**
 * Totals for a cart. Each line needs the zone of its product type (oil: "oil", anything else:
 * "northern-ireland"); a zone missing from the list counts as free with no minimum.
 */
export function cartTotals(lines: readonly TotalsLine[], zones: readonly TotalsZone[]): CartTotals {
  let count = 0;
  let subtotal = 0;
  const needed = new Map<string, TotalsZone>();
  for (const line of lines) {
    count += line.quantity;
    subtotal += multiplyPence(line.price, line.quantity);
    const zone = zoneFor(line.type, zones);
    if (zone) needed.set(zone.title, zone);
  }
  let deliveryCharge = 0;
  let minimumOrder = 0;
  for (const zone of needed.values()) {
    deliveryCharge += zone.rate;
    minimumOrder = Math.max(minimumOrder, zone.minimumOrder);
  }
  return {
    count,
    subtotal,
    deliveryCharge,
    minimumOrder,
    total: subtotal + deliveryCharge,
    meetsMinimumOrder: count > 0 && subtotal >= minimumOrder,
  };
}

/** The message to show while a non-empty cart is below its minimum order, otherwise null. */
export function minimumOrderMessage(totals: CartTotals): string | null {
  if (totals.count === 0 || totals.meetsMinimumOrder) return null;
  return messages.cart.minimumOrder(formatPence(totals.minimumOrder));
}

/** How many more of a line fit under the per-line cap. */
export function lineRoom(currentQuantity: number): number {
  return Math.max(0, cartLimits.maxLineQuantity - currentQuantity);
}

/**
 * What a cart action answers, before the cart is attached: the HTTP status (also the body's
 * `code`), the message, anything the visitor should be told besides, and (a 400) every problem.
 */
export interface CartOutcome {
  status: number;
  message: string;
  warnings?: string[];
  errors?: string[];
}

/** The refusal of an add that would take a line over the per-line cap. */
export function lineLimitRefusal(): CartOutcome {
  return { status: 422, message: messages.cart.lineLimit(cartLimits.maxLineQuantity) };
}

export type LineAddition = { ok: true; quantity: number } | { ok: false; refusal: CartOutcome };

/**
 * Adding `quantity` to a line that holds `currentQuantity` (0 for a line not in the cart yet):
 * the line's new quantity, or the refusal when it would go over the per-line cap. Nothing is
 * added in part.
 */
export function addToLine(currentQuantity: number, quantity: number): LineAddition {
  if (quantity > lineRoom(currentQuantity)) return { ok: false, refusal: lineLimitRefusal() };
  return { ok: true, quantity: currentQuantity + quantity };
}

/** What a cart holds once a new postcode is stored (SPEC §4). Its lines are emptied as well. */
export interface PostcodeReset {
  postcode: string;
  showPostcodeModal: false;
  pendingItem: null;
}

export type PostcodeChange =
  { ok: false; refusal: CartOutcome } | { ok: true; values: PostcodeReset };

/**
 * Setting a (valid, normalised) postcode on a cart whose postcode is `current` (null or undefined
 * for none, or no cart). The same postcode again is refused (409) and nothing changes. A different
 * one empties the cart's lines, closes the dialog and takes out the pending item, which the
 * caller then tries to add (see `postcodeSetOutcome`).
 */
export function decidePostcodeChange(
  current: string | null | undefined,
  postcode: string,
): PostcodeChange {
  if (current === postcode) {
    return { ok: false, refusal: { status: 409, message: messages.postcode.alreadySet } };
  }
  return { ok: true, values: { postcode, showPostcodeModal: false, pendingItem: null } };
}

/** What became of the item that was waiting for a postcode. */
export type PendingAddResult = 'none' | 'added' | { refused: string };

/**
 * The answer once a new postcode is stored: 200 when no item was waiting; 201 when the waiting
 * item went into the cart; 200 with a warning saying why when it could not (it is dropped).
 */
export function postcodeSetOutcome(pending: PendingAddResult): CartOutcome {
  if (pending === 'none') return { status: 200, message: messages.postcode.set };
  if (pending === 'added') return { status: 201, message: messages.cart.added };
  return { status: 200, message: messages.postcode.set, warnings: [pending.refused] };
}

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
  /**
   * Present when the cart is above HMRC's automatic domestic limits (api/domain/vat.ts): `total`
   * assumes the domestic-use declaration that checkout asks for, and `totalWithout` is what the
   * same cart costs without it (VAT at 20 %).
   */
  declaration?: { totalWithout: Pence };
}

/** The cart of a visitor who has none yet (no cookie, or an emptied cart). */
export function emptyCartView(warnings?: string[]): CartView {
  return {
    cartId: null,
    postcode: null,
    items: [],
    ...cartTotals([], []),
    minimumOrderMessage: null,
    showPostcodeModal: false,
    ...(warnings && warnings.length > 0 ? { warnings } : {}),
  };
}

/**
 * The item waiting for a postcode, as shown: its choice, with the product's title and the size's
 * title as the catalogue has them now (null when the product or size has gone).
 */
export function pendingItemView(
  item: AddToCartInput,
  title: string | null,
  attribute: string | null,
): PendingItemView {
  const { type, productId, attributeId, quantity } = item;
  return { type, productId, attributeId, quantity, title, attribute };
}

/** A line to show, priced from the catalogue: a CartItemView before its line total. */
export type PricedLine = Omit<CartItemView, 'lineTotal'>;

/** A cart that exists (it has an id), as its owner keeps it, for `buildCartView`. */
export interface CartViewInput {
  cartId: string;
  postcode: string | null;
  showPostcodeModal: boolean;
  /** The lines to show and count, in the cart's order (lines no longer sold left out). */
  lines: readonly PricedLine[];
  pendingItem?: PendingItemView | null;
  /** Things the visitor should be told; the view has `warnings` only when there are some. */
  warnings?: readonly string[];
}

/**
 * The cart as the browser sees it: each line with its total, the cart's totals for the given
 * zones, and the minimum order message.
 */
export function buildCartView(input: CartViewInput, zones: readonly TotalsZone[]): CartView {
  const items: CartItemView[] = input.lines.map((line) => ({
    ...line,
    lineTotal: multiplyPence(line.price, line.quantity),
  }));
  const totals = cartTotals(items, zones);
  const view: CartView = {
    cartId: input.cartId,
    postcode: input.postcode,
    items,
    ...totals,
    minimumOrderMessage: minimumOrderMessage(totals),
    showPostcodeModal: input.showPostcodeModal,
  };
  if (input.pendingItem) view.pendingItem = input.pendingItem;
  if (input.warnings && input.warnings.length > 0) view.warnings = [...input.warnings];
  return view;
}
