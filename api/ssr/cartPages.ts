import { randomBytes } from 'node:crypto';
import type { CartView } from '../domain/cart';
import type { PageCache } from './pageCache';

/*
 * Pages for visitors with a cart (and no session), reused across carts that render alike.
 *
 * A page's markup depends on the cart only through the fields the app reads while rendering: the
 * header's badge reads the count, an order form the postcode. So a page is rendered with a cart
 * that notes which of its fields are read, and kept under the values of just those fields. A later
 * cart with the same values there renders to the same markup (the rendering is a function of what
 * it reads), so it gets the kept page, with its own cart written into the hydration data, which
 * holds the whole cart. A page that reads the cart's id is never kept: it is one visitor's own.
 */

/** The kept HTML holds this (random per process) where the visitor's cart data goes. */
const cartMarker = `pagecart${randomBytes(12).toString('hex')}`;

/** At most this many different sets of read fields are kept per address and catalogue version. */
const maxFieldSetsPerPage = 4;
/** Addresses (with catalogue versions) whose field sets are remembered at most. */
const maxPages = 2_000;

/**
 * `cart`, noting in `read` each field the renderer reads. Serialised (JSON.stringify), it is the
 * cart itself, so the hydration data does not count as reading every field.
 */
export function recordingCart(cart: CartView, read: Set<string>): CartView {
  const note = (field: string | symbol) => {
    if (typeof field === 'string') read.add(field);
  };
  return new Proxy(cart, {
    get(target, field, receiver) {
      if (field === 'toJSON') return () => target;
      note(field);
      return Reflect.get(target, field, receiver) as unknown;
    },
    has(target, field) {
      note(field);
      return Reflect.has(target, field);
    },
    ownKeys(target) {
      Reflect.ownKeys(target).forEach(note);
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, field) {
      note(field);
      return Reflect.getOwnPropertyDescriptor(target, field);
    },
  });
}

/** What React Router escapes in the JSON string of its hydration script. */
const hydrationEscapes: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * `cart` as it stands in the page's hydration script, which React Router writes as
 * `JSON.parse(<the data's JSON, as a JS string literal, HTML-escaped>)`: the same transformation
 * applied to the cart alone gives the exact characters of its part.
 */
export function cartInHydrationData(cart: CartView): string {
  const literal = JSON.stringify(JSON.stringify(cart));
  return literal.slice(1, -1).replace(/[&><\u2028\u2029]/g, (c) => hydrationEscapes[c] ?? c);
}

export interface CartPages {
  /** The placeholder nonce a page to keep here is rendered with. */
  readonly nonce: string;
  /** The kept page for `cart` at `page` (an address and catalogue version), filled in; or none. */
  answer(page: string, cart: CartView, nonce: string): { status: number; html: string } | null;
  /**
   * Keeps `html` (rendered with the cache's placeholder nonce for `cart`, which read `read`),
   * unless the page read the cart's id or its cart data cannot be told apart. True when kept.
   */
  keep(
    page: string,
    cart: CartView,
    read: ReadonlySet<string>,
    status: number,
    html: string,
  ): boolean;
}

/** The values of `fields` in `cart`, as one string. */
function valuesOf(cart: CartView, fields: readonly string[]): string {
  const record = cart as unknown as Record<string, unknown>;
  return JSON.stringify(fields.map((field) => record[field] ?? null));
}

/**
 * Kept in `cache`, a page cache of their own, so that many households' carts cannot push the
 * anonymous pages out.
 */
export function createCartPages(cache: PageCache): CartPages {
  // Per address and catalogue version: the sets of fields its renders have read.
  const fieldSets = new Map<string, string[][]>();
  const keyOf = (page: string, fields: readonly string[], cart: CartView) =>
    `${page}\ncart\n${fields.join(',')}\n${valuesOf(cart, fields)}`;
  return {
    nonce: cache.nonce,
    answer(page, cart, nonce) {
      for (const fields of fieldSets.get(page) ?? []) {
        const kept = cache.get(keyOf(page, fields, cart));
        if (!kept) continue;
        const html = cache.fill(kept, nonce).replace(cartMarker, () => cartInHydrationData(cart));
        return { status: kept.status, html };
      }
      return null;
    },
    keep(page, cart, read, status, html) {
      if (read.has('cartId')) return false;
      const data = cartInHydrationData(cart);
      const at = html.indexOf(data);
      if (at < 0 || html.indexOf(data, at + 1) >= 0) return false;
      const marked = `${html.slice(0, at)}${cartMarker}${html.slice(at + data.length)}`;
      // The cart's id must be nowhere but in its data.
      if (cart.cartId !== null && marked.includes(cart.cartId)) return false;
      const fields = [...read].sort();
      const sets = fieldSets.get(page) ?? [];
      if (!sets.some((set) => set.join(',') === fields.join(','))) {
        if (sets.length >= maxFieldSetsPerPage) return false;
        if (fieldSets.size >= maxPages) fieldSets.clear();
        fieldSets.set(page, [...sets, fields]);
      }
      cache.set(keyOf(page, fields, cart), { status, html: marked });
      return true;
    },
  };
}
