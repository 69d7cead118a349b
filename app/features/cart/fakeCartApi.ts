/**
 * A test double of the cart API, for tests and stories only (import it from `./testing`, never
 * from production code): the same answers and messages as the real one (SPEC §4, §8) for a small
 * fixed catalogue, so components can be exercised without a server. It keeps only the cart's
 * state; the rules (the per-line cap, the answers to setting a postcode, the view with its totals)
 * are the shared ones in api/domain/cart.ts that the API's cart service uses too.
 */
import {
  addToLine,
  buildCartView,
  decidePostcodeChange,
  emptyCartView,
  parseAddToCart,
  pendingItemView,
  postcodeSetOutcome,
  type AddToCartInput,
  type CartOutcome,
  type CartView,
  type PendingItemView,
} from '../../../api/domain/cart';
import type { ProductType } from '../../../api/domain/catalogue';
import { catalogueMeasures, withDeclarationNote } from '../../../api/domain/checkout';
import { messages } from '../../../api/domain/messages';
import { canDeliver, normalisePostcode, validatePostcode } from '../../../api/domain/postcode';
import { CartNetworkError, type CartApi, type CartResponse } from './cartApi';

export interface FakeProduct {
  type: ProductType;
  productId: number;
  attributeId: number | null;
  title: string;
  attribute: string | null;
  /** Unit price in pence. */
  price: number;
  image: string | null;
  /** One unit's litres (oil) or kilograms (solid fuel), for the VAT limits; null if unknown. */
  litres: number | null;
  kilograms: number | null;
}

/** A few of the seeded products (prices in pence). */
export const fakeProducts: FakeProduct[] = [
  {
    type: 'coal',
    productId: 1,
    attributeId: 11,
    title: 'Premium House Coal',
    attribute: '40kg bag',
    price: 2495,
    image: '/api/uploads/products/house-coal.svg',
    litres: null,
    kilograms: 40,
  },
  {
    type: 'coal',
    productId: 4,
    attributeId: 41,
    title: 'Smokeless Ovals',
    attribute: '25kg bag',
    price: 1895,
    image: '/api/uploads/products/smokeless.svg',
    litres: null,
    kilograms: 25,
  },
  {
    type: 'oil',
    productId: 8,
    attributeId: 82,
    title: 'Kerosene Heating Oil',
    attribute: '500 Litres',
    price: 30500,
    image: '/api/uploads/products/heating-oil.svg',
    litres: 500,
    kilograms: null,
  },
  {
    type: 'other',
    productId: 14,
    attributeId: 141,
    title: 'Kiln Dried Kindling',
    attribute: 'Net',
    price: 350,
    image: null,
    litres: null,
    kilograms: null,
  },
];

const fakeMeasures = catalogueMeasures(
  fakeProducts.map((p) => ({
    id: p.productId,
    sizes:
      p.attributeId === null
        ? []
        : [{ id: p.attributeId, litres: p.litres, kilograms: p.kilograms }],
  })),
);

const btDistricts = Array.from({ length: 94 }, (_, i) => `bt${i + 1}`);

/** Lorry deliveries to every BT district; oil to Belfast and nearby (BT1 to BT20). */
export const fakeZones = [
  { title: 'northern-ireland', rate: 600, minimumOrder: 3000, postcodes: btDistricts },
  { title: 'oil', rate: 0, minimumOrder: 15000, postcodes: btDistricts.slice(0, 20) },
];

interface Line {
  id: string;
  product: FakeProduct;
  quantity: number;
}

export interface FakeCartState {
  postcode?: string | null;
  /** Lines by product id and quantity. */
  lines?: { productId: number; quantity: number }[];
  showPostcodeModal?: boolean;
  pending?: AddToCartInput | null;
}

export interface FakeCartApi extends CartApi {
  /** The cart as the API would show it now (for a provider's `initialCart`). */
  view(): CartView;
  /** While offline every call fails as a network failure would. */
  setOffline(offline: boolean): void;
  /** Every call made, in order, e.g. `PUT /api/cart/postcode BT11AA`. */
  readonly calls: string[];
}

export function createFakeCartApi(initial: FakeCartState = {}): FakeCartApi {
  const cartId = '5f0c8a4e-1111-4000-8000-000000000001';
  let postcode = initial.postcode ?? null;
  let showPostcodeModal = initial.showPostcodeModal ?? false;
  let pending = initial.pending ?? null;
  let offline = false;
  let lineIds = 0;
  const newLineId = () => `00000000-0000-4000-8000-${String(++lineIds).padStart(12, '0')}`;
  let lines: Line[] = (initial.lines ?? []).map((line) => ({
    id: newLineId(),
    product: findProduct(line.productId),
    quantity: line.quantity,
  }));
  const calls: string[] = [];

  function findProduct(productId: number): FakeProduct {
    const product = fakeProducts.find((p) => p.productId === productId);
    if (!product) throw new Error(`No fake product ${productId}`);
    return product;
  }

  function pendingView(item: AddToCartInput): PendingItemView {
    const product = fakeProducts.find((p) => p.productId === item.productId);
    const sized = product && item.attributeId !== null && product.attributeId === item.attributeId;
    return pendingItemView(item, product?.title ?? null, sized ? product.attribute : null);
  }

  function view(warnings: readonly string[] = []): CartView {
    // No postcode, lines, dialog or waiting item: the API would have no cart row.
    if (postcode === null && lines.length === 0 && !showPostcodeModal && !pending) {
      return emptyCartView([...warnings]);
    }
    const built = buildCartView(
      {
        cartId,
        postcode,
        showPostcodeModal,
        lines: lines.map(({ id, product, quantity }) => ({
          id,
          type: product.type,
          productId: product.productId,
          attributeId: product.attributeId,
          title: product.title,
          attribute: product.attribute,
          price: product.price,
          quantity,
          image: product.image,
        })),
        pendingItem: pending ? pendingView(pending) : null,
        warnings,
      },
      fakeZones,
    );
    return withDeclarationNote(built, fakeMeasures, fakeZones);
  }

  const answer = ({ status, message, warnings, errors }: CartOutcome): CartResponse => ({
    code: status,
    message,
    cart: view(warnings),
    ...(errors ? { errors } : {}),
  });

  async function record(call: string): Promise<void> {
    calls.push(call);
    // An answer always arrives later, as over a network.
    await Promise.resolve();
    if (offline) throw new CartNetworkError(new TypeError('Failed to fetch'));
  }

  /**
   * Adds a chosen product as the API does once the cart has a postcode; null (and nothing
   * changed) while it has none.
   */
  function addLine(input: AddToCartInput): CartOutcome | null {
    const product = fakeProducts.find(
      (p) => p.productId === input.productId && p.type === input.type,
    );
    if (!product) return { status: 404, message: messages.cart.productNotFound };
    if (input.attributeId !== product.attributeId) {
      return input.attributeId === null
        ? { status: 400, message: messages.cart.sizeRequired }
        : { status: 404, message: messages.cart.sizeNotFound };
    }
    if (postcode === null) return null;
    if (!canDeliver(postcode, product.type, fakeZones)) {
      return { status: 422, message: messages.cart.cannotDeliver };
    }
    const existing = lines.find((line) => line.product === product);
    const added = addToLine(existing?.quantity ?? 0, input.quantity);
    if (!added.ok) return added.refusal;
    if (existing) existing.quantity = added.quantity;
    else lines.push({ id: newLineId(), product, quantity: added.quantity });
    return { status: 200, message: messages.cart.added };
  }

  return {
    calls,
    view: () => view(),
    setOffline(value) {
      offline = value;
    },
    async get() {
      await record('GET /api/cart');
      return answer({ status: 200, message: messages.cart.loaded });
    },
    async add(input) {
      await record(`POST /api/cart/items ${input.productId}x${input.quantity}`);
      const parsed = parseAddToCart(input);
      if (!parsed.ok) {
        return answer({ status: 400, message: parsed.errors.join(' '), errors: parsed.errors });
      }
      const added = addLine(parsed.value);
      if (added) return answer(added);
      pending = parsed.value;
      showPostcodeModal = true;
      return answer({ status: 428, message: messages.cart.postcodeRequired });
    },
    async setPostcode(raw, productType) {
      await record(`PUT /api/cart/postcode ${raw}`);
      const error = validatePostcode(raw, 'modal');
      if (error) return answer({ status: 400, message: error, errors: [error] });
      // As the API: for a product it cannot go to, nothing changes.
      if (productType && !canDeliver(raw, productType, fakeZones)) {
        return answer({ status: 422, message: messages.cart.cannotDeliver });
      }
      const change = decidePostcodeChange(postcode, normalisePostcode(raw));
      if (!change.ok) return answer(change.refusal);
      const waiting = pending;
      lines = [];
      postcode = change.values.postcode;
      showPostcodeModal = change.values.showPostcodeModal;
      pending = change.values.pendingItem;
      if (!waiting) return answer(postcodeSetOutcome('none'));
      // The waiting item is added now; if it cannot be, it is dropped and the visitor told why.
      // (addLine answers null only without a postcode, which the cart now has.)
      const added = addLine(waiting) ?? { status: 422, message: messages.cart.cannotDeliver };
      return answer(
        postcodeSetOutcome(added.status === 200 ? 'added' : { refused: added.message }),
      );
    },
    async remove(lineId) {
      await record(`DELETE /api/cart/items/${lineId}`);
      const line = lines.find((l) => l.id === lineId);
      if (!line) return answer({ status: 404, message: messages.cart.lineNotFound });
      if (line.quantity > 1) line.quantity -= 1;
      else lines = lines.filter((l) => l !== line);
      return answer({ status: 200, message: messages.cart.removed });
    },
    async empty() {
      await record('DELETE /api/cart');
      lines = [];
      postcode = null;
      pending = null;
      showPostcodeModal = false;
      return { code: 200, message: messages.cart.emptied, cart: emptyCartView() };
    },
    async setPostcodeModal(open) {
      await record(`PUT /api/cart/postcode-modal ${String(open)}`);
      showPostcodeModal = open;
      if (!open) pending = null;
      return answer({
        status: 200,
        message: open ? messages.cart.modalOpened : messages.cart.modalClosed,
      });
    },
  };
}
