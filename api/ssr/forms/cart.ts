import { cartLimits } from '../../domain/cart';
import { clearCartField } from '../../domain/pageForms';
import { defaultPostcodePrefix, normalisePostcode } from '../../domain/postcode';
import type { ApiAnswer, ApiCall, FormSuccess, PageForm } from './types';
import { answerMessage } from './types';

/**
 * The cart's forms as the pages post them without JavaScript (DESIGN.md, Rendering). Each is the
 * request the page's script sends through the cart store (app/features/cart/cartApi.ts); the API
 * judges every one. The app's side names the same intents and fields
 * (app/features/cart/pageForms.ts); api/test/pageForms.cart.int.test.ts posts the rendered forms.
 */
export const cartIntents = {
  /** A product card's or the Order Online form: a new postcode first if typed, then the item. */
  addToCart: 'add-to-cart',
  /** The Set Postcode dialog: PUT /api/cart/postcode. */
  setPostcode: 'set-postcode',
  /** The Set Postcode dialog's X: PUT /api/cart/postcode-modal { open: false }. */
  closePostcode: 'close-postcode',
  /** /cart: one more of a line. */
  addOne: 'cart-add-one',
  /** /cart: one fewer of a line. */
  removeOne: 'cart-remove-one',
  /** /cart: the whole line. */
  removeLine: 'cart-remove-line',
  /** /cart: Empty cart. */
  empty: 'empty-cart',
} as const;

/**
 * The page flags of the dialogs these forms are in (`?order-online`, `?postcode`): a success
 * closes the dialog, as the script does, so the page it goes back to is without them.
 */
export const dialogFlags = ['order-online', 'postcode'] as const;

const cartPage = /^\/cart$/;

/** A field as the form sent it, or undefined when it did not. */
const field = (fields: URLSearchParams, name: string): string | undefined =>
  fields.get(name) ?? undefined;

/** The page posted to, without the dialogs' flags (path and query, the others spelled as sent). */
function withoutDialogs(page: URL): string {
  const kept = page.search
    .slice(1)
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      const name = part.split('=', 1)[0] ?? '';
      try {
        return !(dialogFlags as readonly string[]).includes(decodeURIComponent(name));
      } catch {
        return true;
      }
    });
  return `${page.pathname}${kept.length > 0 ? `?${kept.join('&')}` : ''}`;
}

/** The answer's message, with the cart's warnings after it (the script shows them as well). */
function noticeOf(answer: ApiAnswer): string {
  const body = answer.body as { cart?: { warnings?: unknown } } | null | undefined;
  const warnings = Array.isArray(body?.cart?.warnings)
    ? body.cart.warnings.filter((w): w is string => typeof w === 'string')
    : [];
  return [answerMessage(answer, ''), ...warnings].filter((text) => text !== '').join(' ');
}

/** Back to the page, without its dialog, with the answer's message. */
const backToPage = (answer: ApiAnswer, _fields: URLSearchParams, page: URL): FormSuccess => ({
  location: withoutDialogs(page),
  notice: noticeOf(answer),
});

/**
 * The whole postcode the order form stands for: its fixed prefix and what was typed after it
 * (spaces removed, upper-cased; "BT" typed again before the district's digit is dropped, as the
 * form's script does). Nothing typed is no postcode at all ('').
 */
export function orderFormPostcode(typed: string): string {
  const prefix = defaultPostcodePrefix;
  let value = normalisePostcode(typed);
  if (value.startsWith(prefix) && /^[0-9]$/.test(value.charAt(prefix.length))) {
    value = value.slice(prefix.length);
  }
  return value === '' ? '' : `${prefix}${value}`;
}

/**
 * The item an add form names: `productId` and `attributeId`, or `choice` ("productId:sizeId",
 * the one select of the Order Online form as the server renders it), with `type` and, when the
 * form has one, `quantity` (the API's default is 1). Strings, as sent: the API validates them.
 */
function itemOf(fields: URLSearchParams): Record<string, unknown> {
  const choice = field(fields, 'choice');
  const [choiceProduct, choiceSize = ''] = choice === undefined ? [] : choice.split(':', 2);
  const quantity = field(fields, 'quantity');
  return {
    type: field(fields, 'type') ?? '',
    productId: choiceProduct ?? field(fields, 'productId') ?? '',
    attributeId: choice === undefined ? (field(fields, 'attributeId') ?? '') : choiceSize,
    ...(quantity === undefined ? {} : { quantity }),
  };
}

/** A cart line's id, for its path. */
const linePath = (fields: URLSearchParams) =>
  `/api/cart/items/${encodeURIComponent(field(fields, 'lineId') ?? '')}`;

/** The cart forms that work without JavaScript. */
export const cartForms: readonly PageForm[] = [
  {
    intent: cartIntents.addToCart,
    // SPEC §4, as the order form's script: a postcode other than the cart's is set first (a
    // different postcode empties the cart), then the item is added.
    call: (fields) => {
      const calls: ApiCall[] = [];
      const typed = field(fields, 'postcode');
      if (typed !== undefined) {
        const postcode = orderFormPostcode(typed);
        const saved = normalisePostcode(field(fields, 'savedPostcode') ?? '');
        // Nothing typed is refused by the API as the script refuses it ('Postcode required.').
        if (postcode === '' || postcode !== saved) {
          // Not over a cart with items in it unless the customer said so (the form's "Clear cart
          // and add", shown after the API's 409 'Resetting the postcode will clear your cart.').
          // For this product: a postcode it cannot be delivered to changes nothing.
          const clearCart = field(fields, clearCartField) === 'yes';
          const productType = field(fields, 'type') ?? '';
          calls.push({
            method: 'PUT',
            path: '/api/cart/postcode',
            body: clearCart
              ? { postcode, productType }
              : { postcode, productType, clearCart: false },
          });
        }
      }
      calls.push({ method: 'POST', path: '/api/cart/items', body: itemOf(fields) });
      return calls;
    },
    success: backToPage,
    keep: ['type', 'productId', 'attributeId', 'choice', 'quantity', 'postcode'],
  },
  {
    intent: cartIntents.setPostcode,
    call: (fields) => ({
      method: 'PUT',
      path: '/api/cart/postcode',
      body: { postcode: field(fields, 'postcode') ?? '' },
    }),
    // SPEC §4: 201 (the waiting item went in) goes to /cart; 200 stays on the page.
    success: (answer, fields, page) =>
      answer.status === 201
        ? { location: '/cart', notice: noticeOf(answer) }
        : backToPage(answer, fields, page),
    keep: ['postcode'],
  },
  {
    intent: cartIntents.closePostcode,
    call: () => ({ method: 'PUT', path: '/api/cart/postcode-modal', body: { open: false } }),
    // Closing is not news (the script shows nothing either).
    success: (_answer, _fields, page) => ({ location: withoutDialogs(page) }),
  },
  {
    intent: cartIntents.addOne,
    paths: cartPage,
    call: (fields) => ({
      method: 'POST',
      path: '/api/cart/items',
      body: { ...itemOf(fields), quantity: 1 },
    }),
    success: backToPage,
  },
  {
    intent: cartIntents.removeOne,
    paths: cartPage,
    call: (fields) => ({ method: 'DELETE', path: linePath(fields) }),
    success: backToPage,
  },
  {
    intent: cartIntents.removeLine,
    paths: cartPage,
    // The API takes one off at a time: as many as the line held when the page showed it (never
    // more than a line may hold). A refusal stops the rest.
    call: (fields) => {
      const shown = Number(field(fields, 'quantity') ?? '1');
      const count = Number.isSafeInteger(shown)
        ? Math.min(Math.max(shown, 1), cartLimits.maxLineQuantity)
        : 1;
      return Array.from({ length: count }, () => ({
        method: 'DELETE' as const,
        path: linePath(fields),
      }));
    },
    success: backToPage,
  },
  {
    intent: cartIntents.empty,
    paths: cartPage,
    call: () => ({ method: 'DELETE', path: '/api/cart' }),
    success: backToPage,
  },
];
