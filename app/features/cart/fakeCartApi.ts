/**
 * An in-memory stand-in for the cart API, for stories and tests: the same answers and messages
 * as the real one (SPEC §4, §8) for a small fixed catalogue, so components can be exercised
 * without a server. Not used by the site.
 */
import {
  cartTotals,
  emptyCartView,
  minimumOrderMessage,
  type AddToCartInput,
  type CartItemView,
  type CartView,
} from '../../../api/domain/cart';
import type { ProductType } from '../../../api/domain/catalogue';
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
  },
  {
    type: 'coal',
    productId: 4,
    attributeId: 41,
    title: 'Smokeless Ovals',
    attribute: '25kg bag',
    price: 1895,
    image: '/api/uploads/products/smokeless.svg',
  },
  {
    type: 'oil',
    productId: 8,
    attributeId: 82,
    title: 'Kerosene Heating Oil',
    attribute: '500 Litres',
    price: 30500,
    image: '/api/uploads/products/heating-oil.svg',
  },
  {
    type: 'other',
    productId: 14,
    attributeId: 141,
    title: 'Kiln Dried Kindling',
    attribute: 'Net',
    price: 350,
    image: null,
  },
];

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

  function view(): CartView {
    if (postcode === null && lines.length === 0 && !showPostcodeModal && !pending) {
      return emptyCartView();
    }
    const items: CartItemView[] = lines.map(({ id, product, quantity }) => ({
      id,
      type: product.type,
      productId: product.productId,
      attributeId: product.attributeId,
      title: product.title,
      attribute: product.attribute,
      price: product.price,
      quantity,
      image: product.image,
      lineTotal: product.price * quantity,
    }));
    const totals = cartTotals(items, fakeZones);
    const cart: CartView = {
      cartId: '5f0c8a4e-1111-4000-8000-000000000001',
      postcode,
      items,
      ...totals,
      minimumOrderMessage: minimumOrderMessage(totals),
      showPostcodeModal,
    };
    if (pending) {
      const product = fakeProducts.find((p) => p.productId === pending?.productId);
      cart.pendingItem = {
        ...pending,
        title: product?.title ?? null,
        attribute: product?.attribute ?? null,
      };
    }
    return cart;
  }

  const answer = (code: number, message: string): CartResponse => ({
    code,
    message,
    cart: view(),
  });

  async function record(call: string): Promise<void> {
    calls.push(call);
    // An answer always arrives later, as over a network.
    await Promise.resolve();
    if (offline) throw new CartNetworkError(new TypeError('Failed to fetch'));
  }

  function addLine(input: AddToCartInput): CartResponse | null {
    const product = fakeProducts.find(
      (p) => p.productId === input.productId && p.type === input.type,
    );
    if (!product) return answer(404, messages.cart.productNotFound);
    if (postcode === null) return null;
    if (!canDeliver(postcode, product.type, fakeZones)) {
      return answer(422, messages.cart.cannotDeliver);
    }
    const existing = lines.find((line) => line.product === product);
    if (existing) existing.quantity += input.quantity;
    else lines.push({ id: newLineId(), product, quantity: input.quantity });
    return answer(200, messages.cart.added);
  }

  return {
    calls,
    view,
    setOffline(value) {
      offline = value;
    },
    async get() {
      await record('GET /api/cart');
      return answer(200, messages.cart.loaded);
    },
    async add(input) {
      await record(`POST /api/cart/items ${input.productId}x${input.quantity}`);
      const added = addLine(input);
      if (added) return added;
      pending = input;
      showPostcodeModal = true;
      return answer(428, messages.cart.postcodeRequired);
    },
    async setPostcode(raw) {
      await record(`PUT /api/cart/postcode ${raw}`);
      const error = validatePostcode(raw, 'modal');
      if (error) return answer(400, error);
      const next = normalisePostcode(raw);
      if (next === postcode) return answer(409, messages.postcode.alreadySet);
      lines = [];
      postcode = next;
      showPostcodeModal = false;
      const waiting = pending;
      pending = null;
      if (!waiting) return answer(200, messages.postcode.set);
      const added = addLine(waiting);
      if (added && added.code === 200) return answer(201, messages.cart.added);
      return {
        ...answer(200, messages.postcode.set),
        cart: { ...view(), warnings: [added?.message ?? messages.cart.cannotDeliver] },
      };
    },
    async remove(lineId) {
      await record(`DELETE /api/cart/items/${lineId}`);
      const line = lines.find((l) => l.id === lineId);
      if (!line) return answer(404, messages.cart.lineNotFound);
      if (line.quantity > 1) line.quantity -= 1;
      else lines = lines.filter((l) => l !== line);
      return answer(200, messages.cart.removed);
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
      return answer(200, open ? messages.cart.modalOpened : messages.cart.modalClosed);
    },
  };
}
