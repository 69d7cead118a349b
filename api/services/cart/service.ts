/**
 * The server-side cart (SPEC §3, §4, §5, §8). A cart is a row keyed by the uuid v4 in the visitor's
 * cookie; lines hold only ids and quantities, and every title, size, price and image is read from
 * the catalogue when the cart is shown. Every write runs in one transaction that first locks the
 * cart row, so two tabs (or two processes) acting on one cart take turns.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { v4 as uuidv4, validate as uuidValidate, version as uuidVersion } from 'uuid';
import {
  buildCartView,
  cartLimits,
  decidePostcodeChange,
  emptyCartView,
  lineLimitRefusal,
  parseAddToCart,
  pendingItemView,
  postcodeSetOutcome,
  unitPrice,
  type AddToCartInput,
  type CartOutcome,
  type PricedLine,
} from '../../domain/cart';
import { isProductType } from '../../domain/catalogue';
import { catalogueMeasures, withDeclarationNote } from '../../domain/checkout';
import { messages } from '../../domain/messages';
import {
  canDeliver,
  displayPostcode,
  isServed,
  normalisePostcode,
  validatePostcode,
} from '../../domain/postcode';
import { site } from '../../domain/site';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw';
import type { ChangeFeed } from '../../db/versionFeed';
import { cartItems, carts, type PendingCartItem } from '../../db/schema';
import type { CatalogueProduct, CatalogueSize, CatalogueSnapshot } from '../catalogue/repository';
import {
  CartError,
  type CartResult,
  type CartView,
  type CheckoutCheck,
  type PendingItemView,
} from './types';

export interface CartService {
  /**
   * The cart for a cookie value, for GET /api/cart and for server rendering (the header badge).
   * A missing, malformed or unknown id gives the empty cart; it never throws for a bad id.
   */
  view(cartId: string | undefined): Promise<CartView>;
  /** POST /api/cart/items. */
  addItem(cartId: string | undefined, body: unknown): Promise<CartResult>;
  /** PUT /api/cart/postcode. */
  setPostcode(cartId: string | undefined, body: unknown): Promise<CartResult>;
  /** DELETE /api/cart/items/:id: one fewer, or the line goes when it was the last one. */
  removeOne(cartId: string | undefined, lineId: string): Promise<CartResult>;
  /** DELETE /api/cart: the cart row and its lines are deleted. */
  empty(cartId: string | undefined): Promise<CartResult>;
  /** PUT /api/cart/postcode-modal: the shared dialog flag. Closing drops a pending item. */
  setPostcodeModal(cartId: string | undefined, body: unknown): Promise<CartResult>;
  /** The rule checkout must pass: something in the cart, and at least the minimum order. */
  checkoutCheck(cartId: string | undefined): Promise<CheckoutCheck>;
}

/** Where the catalogue comes from (the cached catalogue service in the app). */
export interface CatalogueSource {
  snapshot(): Promise<CatalogueSnapshot>;
}

/** Whether a cookie value can be a cart id: a uuid, version 4. */
export function isCartId(value: unknown): value is string {
  return typeof value === 'string' && uuidValidate(value) && uuidVersion(value) === 4;
}

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidValidate(value);
}

type CartRow = typeof carts.$inferSelect;

interface Resolved {
  product: CatalogueProduct;
  size: CatalogueSize | null;
  price: number;
}

type Resolution = { ok: true; value: Resolved } | { ok: false; status: number; message: string };

/** Products by id, computed once per catalogue snapshot. */
const indexes = new WeakMap<CatalogueSnapshot, Map<number, CatalogueProduct>>();
function productsById(snapshot: CatalogueSnapshot): Map<number, CatalogueProduct> {
  let index = indexes.get(snapshot);
  if (!index) {
    index = new Map(snapshot.products.map((p) => [p.id, p]));
    indexes.set(snapshot, index);
  }
  return index;
}

/** Finds what the visitor chose in the catalogue and prices it; nothing from the request is kept. */
function resolveChoice(
  snapshot: CatalogueSnapshot,
  choice: { type: string; productId: number; attributeId: number | null },
): Resolution {
  const product = productsById(snapshot).get(choice.productId);
  if (!product || !product.purchasable || product.type !== choice.type) {
    return { ok: false, status: 404, message: messages.cart.productNotFound };
  }
  let size: CatalogueSize | null = null;
  if (choice.attributeId !== null) {
    size = product.sizes.find((s) => s.id === choice.attributeId) ?? null;
    if (!size) return { ok: false, status: 404, message: messages.cart.sizeNotFound };
  } else if (product.sizes.length > 0) {
    return { ok: false, status: 400, message: messages.cart.sizeRequired };
  }
  const price = unitPrice(product, size);
  if (price === null) return { ok: false, status: 422, message: messages.cart.priceRequired };
  return { ok: true, value: { product, size, price } };
}

function imageOf(product: CatalogueProduct): string | null {
  return product.images[0]?.url ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function findCart(
  tx: Database,
  cartId: string | undefined,
  lock: boolean,
): Promise<CartRow | undefined> {
  if (!isCartId(cartId)) return undefined;
  const query = tx.select().from(carts).where(eq(carts.id, cartId.toLowerCase()));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

type CartItemRow = typeof cartItems.$inferSelect;

/** A cart and its lines in one query (no lock): what a page or GET /api/cart shows. */
async function findCartWithItems(
  db: Database,
  cartId: string | undefined,
): Promise<{ cart: CartRow; items: CartItemRow[] } | undefined> {
  if (!isCartId(cartId)) return undefined;
  const rows = await db
    .select({ cart: carts, item: cartItems })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(eq(carts.id, cartId.toLowerCase()))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const [first] = rows;
  if (!first) return undefined;
  return { cart: first.cart, items: rows.flatMap((row) => (row.item ? [row.item] : [])) };
}

/** Reads a cart's lines (unless given) and prices them from the catalogue. */
async function render(
  tx: Database,
  cart: CartRow | undefined,
  snapshot: CatalogueSnapshot,
  warnings: string[] = [],
  items?: CartItemRow[],
): Promise<CartView> {
  if (!cart) return emptyCartView(warnings);
  const rows =
    items ??
    (await tx
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, cart.id))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id)));
  const byId = productsById(snapshot);
  const lines: PricedLine[] = [];
  const notes = [...warnings];
  for (const row of rows) {
    const product = byId.get(row.productId);
    const size =
      row.sizeId === null ? null : (product?.sizes.find((s) => s.id === row.sizeId) ?? null);
    const price = product ? unitPrice(product, size) : null;
    // A line the catalogue no longer sells (withdrawn, unpriced, or its zone no longer covers
    // the postcode) is left out of the cart and its totals, with a note saying so.
    if (
      !product ||
      !product.purchasable ||
      price === null ||
      (row.sizeId !== null && size === null) ||
      cart.postcode === null ||
      !canDeliver(cart.postcode, product.type, snapshot.zones)
    ) {
      notes.push(messages.cart.itemUnavailable(product?.title ?? 'An item'));
      continue;
    }
    lines.push({
      id: row.id,
      type: product.type,
      productId: product.id,
      attributeId: size?.id ?? null,
      title: product.title,
      attribute: size?.title ?? null,
      price,
      quantity: row.quantity,
      image: imageOf(product),
    });
  }
  const view = buildCartView(
    {
      cartId: cart.id,
      postcode: cart.postcode,
      showPostcodeModal: cart.showPostcodeModal,
      lines,
      pendingItem: cart.pendingItem ? pendingView(cart.pendingItem, snapshot) : null,
      warnings: notes,
    },
    snapshot.zones,
  );
  return withDeclarationNote(view, catalogueMeasures(snapshot.products), snapshot.zones);
}

function pendingView(pending: PendingCartItem, snapshot: CatalogueSnapshot): PendingItemView {
  const product = productsById(snapshot).get(pending.productId);
  const size = product?.sizes.find((s) => s.id === pending.attributeId);
  return pendingItemView(pending, product?.title ?? null, size?.title ?? null);
}

/**
 * The cart for a cookie value priced from `snapshot`, read with `tx` (inside a transaction, with
 * `lock`, the cart row is locked FOR UPDATE until it ends, so cart writes wait). A missing,
 * malformed or unknown id gives the empty cart. For checkout, which prices the cart as it is.
 */
export async function readCartView(
  tx: Database,
  cartId: string | undefined,
  snapshot: CatalogueSnapshot,
  options: { lock: boolean },
): Promise<CartView> {
  return render(tx, await findCart(tx, cartId, options.lock), snapshot);
}

/** Carts kept in memory at most, where the database announces their changes (PGlite). */
const maxKnownCarts = 10_000;

/**
 * Carts as last read, per id, where the database announces every change to a cart (PGlite,
 * migration 0007): a view is kept until its cart changes or the catalogue it was priced from is
 * replaced. A read during which any change was announced is not kept. Views are frozen: callers
 * share them.
 */
function knownCarts(changes: ChangeFeed | undefined) {
  const views = new Map<string, { snapshot: CatalogueSnapshot; view: CartView }>();
  changes?.subscribe((cartId) => {
    if (cartId === '*') views.clear();
    else views.delete(cartId);
  });
  return {
    get(cartId: string, snapshot: CatalogueSnapshot): CartView | undefined {
      if (!changes?.trusted()) return undefined;
      const known = views.get(cartId);
      return known?.snapshot === snapshot ? known.view : undefined;
    },
    /** Before a read: what `keep` needs to tell whether a change came during it. */
    mark: () => changes?.changes() ?? 0,
    keep(cartId: string, snapshot: CatalogueSnapshot, view: CartView, mark: number): CartView {
      if (!changes?.trusted() || changes.changes() !== mark) return view;
      if (views.size >= maxKnownCarts) views.delete(views.keys().next().value ?? '');
      const frozen = deepFreeze(view);
      views.set(cartId, { snapshot, view: frozen });
      return frozen;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface CartServiceOptions {
  /** The database's announcements of changed carts (PGlite): carts are then kept until changed. */
  changes?: ChangeFeed | undefined;
}

export function createCartService(
  db: Database,
  catalogue: CatalogueSource,
  options: CartServiceOptions = {},
): CartService {
  const known = knownCarts(options.changes);
  async function createCart(tx: Database, values: Partial<CartRow> = {}): Promise<CartRow> {
    const [row] = await tx
      .insert(carts)
      .values({ ...values, id: uuidv4() })
      .returning();
    if (!row) throw new Error('Creating a cart returned no row.');
    return row;
  }

  /** Updates a locked cart (and its updatedAt) and returns the row as it now is. */
  async function touch(
    tx: Database,
    cartId: string,
    values: Partial<CartRow> = {},
  ): Promise<CartRow> {
    const [row] = await tx
      .update(carts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(carts.id, cartId))
      .returning();
    if (!row) throw new Error('Updating a locked cart returned no row.');
    return row;
  }

  async function view(cartId: string | undefined): Promise<CartView> {
    const snapshot = await catalogue.snapshot();
    if (!isCartId(cartId)) return emptyCartView();
    const id = cartId.toLowerCase();
    const kept = known.get(id, snapshot);
    if (kept) return kept;
    const mark = known.mark();
    const found = await findCartWithItems(db, id);
    const view = await render(db, found?.cart, snapshot, [], found?.items ?? []);
    return found ? known.keep(id, snapshot, view, mark) : view;
  }

  /**
   * Runs `work` in a transaction, then answers with the cart as the transaction left it (`work`
   * returns the cart row as it last wrote or read it). A refusal (status 400 and up) is thrown as
   * a CartError after the commit: some refusals still write (a pending item and the dialog flag
   * when no postcode is set).
   */
  async function transact(
    work: (
      tx: Database,
      snapshot: CatalogueSnapshot,
    ) => Promise<{ outcome: CartOutcome; cart: CartRow | undefined }>,
  ): Promise<CartResult> {
    const snapshot = await catalogue.snapshot();
    const { outcome, cart } = await db.transaction(async (tx) => {
      const result = await work(tx, snapshot);
      return {
        outcome: result.outcome,
        cart: await render(tx, result.cart, snapshot, result.outcome.warnings),
      };
    });
    if (outcome.status >= 400) {
      throw new CartError(outcome.status, outcome.message, cart, outcome.errors);
    }
    return { status: outcome.status === 201 ? 201 : 200, message: outcome.message, cart };
  }

  /**
   * Adds a line, or more of an existing line, in one statement on the unique index
   * cart_items_line_uq, so concurrent adds can never make two lines of one product and size.
   * Returns false (and changes nothing) when the line would go over the per-line cap: the rule of
   * `addToLine` in the domain, checked inside the statement so that it holds without a read first.
   */
  async function upsertLine(
    tx: Database,
    cartId: string,
    choice: Resolved,
    quantity: number,
  ): Promise<boolean> {
    const result = await tx.execute(sql`
      insert into cart_items (id, cart_id, product_id, size_id, quantity)
      values (${uuidv4()}, ${cartId}, ${choice.product.id}, ${choice.size?.id ?? null}, ${quantity})
      on conflict (cart_id, product_id, coalesce(size_id, 0))
      do update set quantity = cart_items.quantity + excluded.quantity
      where cart_items.quantity + excluded.quantity <= ${cartLimits.maxLineQuantity}
      returning id`);
    return rowsOf(result).length > 0;
  }

  async function addItem(cartId: string | undefined, body: unknown): Promise<CartResult> {
    const parsed = parseAddToCart(body);
    if (!parsed.ok) {
      throw new CartError(400, parsed.errors.join(' '), await view(cartId), parsed.errors);
    }
    const input: AddToCartInput = parsed.value;
    return transact(async (tx, snapshot) => {
      const existing = await findCart(tx, cartId, true);
      const resolved = resolveChoice(snapshot, input);
      if (!resolved.ok) {
        return { outcome: { status: resolved.status, message: resolved.message }, cart: existing };
      }
      if (!existing?.postcode) {
        // SPEC §4: keep the item until a postcode is set, and open the dialog.
        const pendingItem: PendingCartItem = {
          type: input.type,
          productId: input.productId,
          attributeId: input.attributeId,
          quantity: input.quantity,
        };
        const values = { pendingItem, showPostcodeModal: true };
        const cart = existing ? await touch(tx, existing.id, values) : await createCart(tx, values);
        return {
          outcome: { status: 428, message: messages.cart.postcodeRequired },
          cart,
        };
      }
      if (!canDeliver(existing.postcode, resolved.value.product.type, snapshot.zones)) {
        return { outcome: { status: 422, message: messages.cart.cannotDeliver }, cart: existing };
      }
      if (!(await upsertLine(tx, existing.id, resolved.value, input.quantity))) {
        return { outcome: lineLimitRefusal(), cart: existing };
      }
      const cart = await touch(tx, existing.id);
      return { outcome: { status: 200, message: messages.cart.added }, cart };
    });
  }

  async function setPostcode(cartId: string | undefined, body: unknown): Promise<CartResult> {
    const raw = isRecord(body) ? body.postcode : undefined;
    // A missing postcode reads as empty ("Postcode required."); a number or an object is invalid.
    const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : null;
    const error = text === null ? messages.postcode.invalidModal : validatePostcode(text, 'modal');
    if (text === null || error !== null) {
      const message = error ?? messages.postcode.invalidModal;
      throw new CartError(400, message, await view(cartId), [message]);
    }
    const postcode = normalisePostcode(text);
    // `clearCart: false`: set it only if that empties nothing (an order form posted without script
    // asks the customer first, as the Set Postcode dialog warns; see api/ssr/forms/cart.ts).
    const keepItems = isRecord(body) && body.clearCart === false;
    // The order form sets a postcode for a product: one it cannot be delivered to changes nothing.
    const forType = isRecord(body) && isProductType(body.productType) ? body.productType : null;
    return transact(async (tx, snapshot) => {
      const existing = await findCart(tx, cartId, true);
      // A real postcode that no zone serves (or not for this product) is refused before anything
      // changes, and the cart keeps its postcode and items.
      if (!isServed(postcode, snapshot.zones)) {
        const message = messages.postcode.notServed(
          displayPostcode(postcode),
          site.offices[0].phone,
        );
        return { outcome: { status: 422, message }, cart: existing };
      }
      if (forType !== null && !canDeliver(postcode, forType, snapshot.zones)) {
        return { outcome: { status: 422, message: messages.cart.cannotDeliver }, cart: existing };
      }
      const change = decidePostcodeChange(existing?.postcode, postcode);
      if (!change.ok) return { outcome: change.refusal, cart: existing };
      if (keepItems && existing) {
        const [line] = await tx
          .select({ id: cartItems.id })
          .from(cartItems)
          .where(eq(cartItems.cartId, existing.id))
          .limit(1);
        if (line) {
          return {
            outcome: { status: 409, message: messages.postcode.resetWarning },
            cart: existing,
          };
        }
      }
      // SPEC §4: a different postcode empties the cart, then is stored.
      const { values } = change;
      if (existing) await tx.delete(cartItems).where(eq(cartItems.cartId, existing.id));
      const cart = existing ? await touch(tx, existing.id, values) : await createCart(tx, values);
      const pending = existing?.pendingItem;
      if (!pending) return { outcome: postcodeSetOutcome('none'), cart };
      // Then the pending item is added; if it cannot be, it is dropped and the visitor told why.
      const resolved = resolveChoice(snapshot, pending);
      let refusal: string | null = null;
      if (!resolved.ok) refusal = resolved.message;
      else if (!canDeliver(postcode, resolved.value.product.type, snapshot.zones)) {
        refusal = messages.cart.cannotDeliver;
      } else if (!(await upsertLine(tx, cart.id, resolved.value, pending.quantity))) {
        refusal = lineLimitRefusal().message;
      }
      const outcome = postcodeSetOutcome(refusal === null ? 'added' : { refused: refusal });
      return { outcome, cart };
    });
  }

  async function removeOne(cartId: string | undefined, lineId: string): Promise<CartResult> {
    return transact(async (tx) => {
      const cart = await findCart(tx, cartId, true);
      const notFound = { outcome: { status: 404, message: messages.cart.lineNotFound }, cart };
      if (!cart || !isUuid(lineId)) return notFound;
      const line = and(eq(cartItems.id, lineId.toLowerCase()), eq(cartItems.cartId, cart.id));
      const decremented = await tx
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} - 1` })
        .where(and(line, gt(cartItems.quantity, 1)))
        .returning({ id: cartItems.id });
      if (decremented.length === 0) {
        const deleted = await tx.delete(cartItems).where(line).returning({ id: cartItems.id });
        if (deleted.length === 0) return notFound;
      }
      return {
        outcome: { status: 200, message: messages.cart.removed },
        cart: await touch(tx, cart.id),
      };
    });
  }

  async function empty(cartId: string | undefined): Promise<CartResult> {
    if (isCartId(cartId)) {
      // The lines go with it (on delete cascade).
      await db.delete(carts).where(eq(carts.id, cartId.toLowerCase()));
    }
    return { status: 200, message: messages.cart.emptied, cart: emptyCartView() };
  }

  async function setPostcodeModal(cartId: string | undefined, body: unknown): Promise<CartResult> {
    const open = isRecord(body) ? body.open : undefined;
    if (typeof open !== 'boolean') {
      throw new CartError(400, messages.cart.modalFlagInvalid, await view(cartId), [
        messages.cart.modalFlagInvalid,
      ]);
    }
    return transact(async (tx) => {
      const existing = await findCart(tx, cartId, true);
      if (open) {
        const cart = existing
          ? await touch(tx, existing.id, { showPostcodeModal: true })
          : await createCart(tx, { showPostcodeModal: true });
        return { outcome: { status: 200, message: messages.cart.modalOpened }, cart };
      }
      // Closing the dialog (its X) cancels the add that opened it.
      const cart = existing
        ? await touch(tx, existing.id, { showPostcodeModal: false, pendingItem: null })
        : undefined;
      return { outcome: { status: 200, message: messages.cart.modalClosed }, cart };
    });
  }

  async function checkoutCheck(cartId: string | undefined): Promise<CheckoutCheck> {
    const cart = await view(cartId);
    if (cart.count === 0) return { ok: false, message: messages.cart.empty, cart };
    if (!cart.meetsMinimumOrder) {
      return { ok: false, message: cart.minimumOrderMessage ?? messages.cart.empty, cart };
    }
    return { ok: true, message: messages.cart.readyForCheckout, cart };
  }

  return { view, addItem, setPostcode, removeOne, empty, setPostcodeModal, checkoutCheck };
}
