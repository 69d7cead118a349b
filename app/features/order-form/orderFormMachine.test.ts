import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  getNextSnapshot,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type SnapshotFrom,
} from 'xstate';
import { getShortestPaths, getStateNodes } from 'xstate/graph';
import type { AddToCartInput, CartView } from '../../../api/domain/cart';
import { emptyCartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { validatePostcode } from '../../../api/domain/postcode';
import type { CartResponse } from '../cart';
import {
  addToCartInput,
  availableSizes,
  fullPostcode,
  hasSomethingToAdd,
  initialContext,
  isAddToCartVisible,
  orderFormMachine,
  postcodeProblem,
  priceText,
  quantityOptions,
  selectedProduct,
  showsQuantity,
  sizeLabel,
  totalOf,
  typedPostcode,
  unitPriceOf,
  type OrderFormContext,
  type OrderFormEmitted,
  type OrderFormEvent,
  type OrderFormInput,
  type OrderFormProduct,
} from './orderFormMachine';

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const kerosene: OrderFormProduct = {
  id: '9',
  title: 'Kerosene Heating Oil',
  price: null,
  bestSeller: true,
  sizes: [
    { id: '91', title: '300 Litres', price: 19200 },
    { id: '92', title: '500 Litres', price: 30500 },
    { id: '93', title: '900 Litres', price: 53500 },
  ],
};
const gasOil: OrderFormProduct = {
  id: '10',
  title: 'Gas Oil (Red Diesel)',
  price: null,
  bestSeller: false,
  sizes: [{ id: '101', title: '500 Litres', price: 39500 }],
};
/** Two sizes, one with its own price. */
const pellets: OrderFormProduct = {
  id: '11',
  title: 'ENplus A1 Wood Pellets',
  price: 745,
  bestSeller: true,
  sizes: [
    { id: '111', title: '15kg bag', price: 745 },
    { id: '112', title: 'Pallet of 65 bags (975kg)', price: 42900 },
  ],
};
/** One size without a price of its own: the product's price applies. */
const hardwood: OrderFormProduct = {
  id: '12',
  title: 'Premium Hardwood Pellets',
  price: 825,
  bestSeller: false,
  sizes: [{ id: '121', title: '15kg bag', price: null }],
};
/** Nothing priced at all: the total is 0 and nothing can be added. */
const unpriced: OrderFormProduct = {
  id: '13',
  title: 'Sample Sack',
  price: null,
  bestSeller: false,
  sizes: [],
};

const pelletInput: OrderFormInput = {
  productType: 'woodpellet',
  products: [pellets, hardwood, unpriced],
  cartPostcode: null,
};
const oilInput: OrderFormInput = {
  productType: 'oil',
  products: [kerosene, gasOil],
  cartPostcode: null,
};

function context(overrides: Partial<OrderFormContext> = {}): OrderFormContext {
  return { ...initialContext(pelletInput), ...overrides };
}

function response(code: number, cart: Partial<CartView> = {}, message = ''): CartResponse {
  return { code, message, cart: { ...emptyCartView(), ...cart } };
}

/** A deferred cart call: the test decides when and how it settles. */
interface PendingCall<I> {
  input: I;
  resolve: (value: CartResponse) => void;
  reject: (reason: unknown) => void;
}

/**
 * A running order form whose cart calls wait for the test. Every macrostep's transitions are
 * recorded (through the inspection API) for the coverage check.
 */
function startForm(input: OrderFormInput) {
  const calls: {
    setPostcode: PendingCall<{ postcode: string }>[];
    addToCart: PendingCall<unknown>[];
  } = { setPostcode: [], addToCart: [] };
  const machine = orderFormMachine.provide({
    actors: {
      setPostcode: fromPromise<CartResponse, { postcode: string }>(
        ({ input: callInput }) =>
          new Promise((resolve, reject) =>
            calls.setPostcode.push({ input: callInput, resolve, reject }),
          ),
      ),
      addToCart: fromPromise<CartResponse, AddToCartInput>(
        ({ input: callInput }) =>
          new Promise((resolve, reject) =>
            calls.addToCart.push({ input: callInput, resolve, reject }),
          ),
      ),
    },
  });
  const transitions = new Set<AnyTransitionDefinition>();
  const snapshots: SnapshotFrom<typeof orderFormMachine>[] = [];
  const emitted: OrderFormEmitted[] = [];
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep') {
        const taken = (inspection as unknown as { _transitions: AnyTransitionDefinition[] })
          ._transitions;
        for (const transition of taken) transitions.add(transition);
      }
      // The form's own snapshots (not those of its cart calls).
      if (
        inspection.type === '@xstate.snapshot' &&
        inspection.actorRef.sessionId === inspection.rootId
      ) {
        snapshots.push(inspection.snapshot as SnapshotFrom<typeof orderFormMachine>);
      }
    },
  });
  actor.on('*', (event) => emitted.push(event as OrderFormEmitted));
  actor.start();
  return { machine, actor, calls, transitions, snapshots, emitted };
}

/** Lets settled promises reach the actor (the promise actor reports on a later tick). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

describe('price maths (SPEC §9)', () => {
  it('is 0 with no product chosen, shown as £0.00', () => {
    const c = context();
    expect(unitPriceOf(c)).toBe(0);
    expect(totalOf(c)).toBe(0);
    expect(priceText(c)).toBe('£0.00');
  });

  it("uses the chosen size's price", () => {
    const c = context({ productId: pellets.id, sizeId: '112' });
    expect(unitPriceOf(c)).toBe(42900);
    expect(priceText(c)).toBe('£429.00');
  });

  it("falls back to the product's price when the size has none", () => {
    const c = context({ productId: hardwood.id, sizeId: '121' });
    expect(unitPriceOf(c)).toBe(825);
    expect(priceText({ ...c, quantity: 3 })).toBe('£24.75');
  });

  it("uses the product's price for a product without sizes, and 0 when nothing is priced", () => {
    const sizeless: OrderFormProduct = { ...unpriced, id: '50', price: 350 };
    expect(unitPriceOf(context({ products: [sizeless], productId: '50', sizeId: null }))).toBe(350);
    const c = context({ productId: unpriced.id, sizeId: null, quantity: 20 });
    expect(unitPriceOf(c)).toBe(0);
    expect(totalOf(c)).toBe(0);
    expect(priceText(c)).toBe('£0.00');
  });

  it('treats a size id of another product as no size (product price)', () => {
    expect(unitPriceOf(context({ productId: hardwood.id, sizeId: '112' }))).toBe(825);
  });

  it('multiplies by the quantity, up to 20', () => {
    const c = context({ productId: pellets.id, sizeId: '111', quantity: 20 });
    expect(totalOf(c)).toBe(14900);
    expect(priceText(c)).toBe('£149.00');
    expect(priceText({ ...c, sizeId: '112' })).toBe('£8,580.00');
  });

  it('keeps pennies exact (no floating-point drift)', () => {
    const c = context({
      products: [{ ...unpriced, id: '60', price: 1 }],
      productId: '60',
      sizeId: null,
    });
    expect(priceText({ ...c, quantity: 3 })).toBe('£0.03');
    const tenpence = { ...c, products: [{ ...unpriced, id: '60', price: 10 }] };
    expect(priceText({ ...tenpence, quantity: 3 })).toBe('£0.30');
  });

  it('handles large prices (a 32-bit price times 20)', () => {
    const big: OrderFormProduct = { ...unpriced, id: '70', price: 2_147_483_647 };
    const c = context({ products: [big], productId: '70', sizeId: null, quantity: 20 });
    expect(totalOf(c)).toBe(42_949_672_940);
    expect(priceText(c)).toBe('£429,496,729.40');
  });

  it('gives no total beyond safe integers, and then nothing can be added', () => {
    const huge: OrderFormProduct = { ...unpriced, id: '80', price: Number.MAX_SAFE_INTEGER };
    const c = context({
      products: [huge],
      productId: '80',
      sizeId: null,
      quantity: 2,
      postcode: { prefix: 'BT', value: '11AA', isChangeable: true },
    });
    expect(totalOf(c)).toBeNull();
    expect(priceText(c)).toBe('—');
    expect(hasSomethingToAdd(c)).toBe(false);
    expect(isAddToCartVisible(c)).toBe(false);
  });

  it('ignores a price that is not whole pence', () => {
    const odd: OrderFormProduct = { ...unpriced, id: '90', price: 12.5 };
    expect(unitPriceOf(context({ products: [odd], productId: '90', sizeId: null }))).toBe(0);
  });
});

describe('postcode rules (SPEC §5)', () => {
  it('removes spaces and upper-cases as typed', () => {
    expect(typedPostcode(' 1 1a a ')).toBe('11AA');
    expect(typedPostcode('47\t1ab')).toBe('471AB');
  });

  it('drops a "BT" typed before the district (the prefix typed twice)', () => {
    expect(typedPostcode('bt1 1aa')).toBe('11AA');
    expect(typedPostcode('BT47 1AB')).toBe('471AB');
    // Not followed by a digit: kept, and then the length check applies.
    expect(typedPostcode('bt')).toBe('BT');
    expect(typedPostcode('btx')).toBe('BTX');
  });

  it("validates prefix + typed part: 6 or 7 characters, with the order form's wording", () => {
    const check = (value: string) =>
      postcodeProblem({ postcode: { prefix: 'BT', value, isChangeable: true } });
    expect(check('')).toBe('Postcode required.');
    expect(check('1AA')).toBe('Invalid postcode.');
    expect(check('11AA')).toBeNull();
    expect(check('471AB')).toBeNull();
    expect(check('4711AB')).toBe('Invalid postcode.');
    expect(check('11A-')).toBe('Invalid postcode.');
    // The same answers as the shared rule, for the whole postcode.
    expect(check('1AA')).toBe(validatePostcode('BT1AA', 'orderForm'));
  });

  it('locks a cart postcode at start, showing the part after the prefix', () => {
    const c = initialContext({ ...pelletInput, cartPostcode: 'bt47 1ab' });
    expect(c.postcode).toEqual({ prefix: 'BT', value: '471AB', isChangeable: false });
    expect(c.savedPostcode).toBe('BT471AB');
    expect(fullPostcode(c.postcode)).toBe('BT471AB');
  });

  it('opens the field when the cart has no postcode, or one without the prefix', () => {
    expect(initialContext(pelletInput).postcode).toEqual({
      prefix: 'BT',
      value: '',
      isChangeable: true,
    });
    const foreign = initialContext({ ...pelletInput, cartPostcode: 'D02AF30' });
    expect(foreign.postcode).toEqual({ prefix: 'BT', value: '', isChangeable: true });
    expect(foreign.savedPostcode).toBe('D02AF30');
  });
});

describe('form rules (SPEC §2, §3)', () => {
  it('starts with quantity 1 and nothing chosen, or with the preselected product and its first size', () => {
    expect(initialContext(pelletInput)).toMatchObject({
      productId: null,
      sizeId: null,
      quantity: 1,
      error: null,
    });
    expect(initialContext({ ...pelletInput, productId: pellets.id })).toMatchObject({
      productId: pellets.id,
      sizeId: '111',
    });
    expect(initialContext({ ...pelletInput, productId: 'gone' }).productId).toBeNull();
  });

  it('offers quantities 1 to 20, but none for oil', () => {
    expect(quantityOptions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(showsQuantity({ productType: 'oil' })).toBe(false);
    expect(showsQuantity({ productType: 'coal' })).toBe(true);
  });

  it('labels the size select Amount for oil, Size otherwise', () => {
    expect(sizeLabel({ productType: 'oil' })).toBe('Amount');
    expect(sizeLabel({ productType: 'woodpellet' })).toBe('Size');
  });

  it('offers the sizes of the chosen product only', () => {
    expect(availableSizes(context())).toEqual([]);
    expect(availableSizes(context({ productId: pellets.id })).map((s) => s.id)).toEqual([
      '111',
      '112',
    ]);
  });

  it('shows Add to Cart only with a product, a total above zero and a postcode entered', () => {
    const ready = context({
      productId: pellets.id,
      sizeId: '111',
      postcode: { prefix: 'BT', value: '11AA', isChangeable: true },
    });
    expect(isAddToCartVisible(ready)).toBe(true);
    expect(isAddToCartVisible({ ...ready, productId: null, sizeId: null })).toBe(false);
    expect(isAddToCartVisible({ ...ready, productId: unpriced.id, sizeId: null })).toBe(false);
    expect(isAddToCartVisible({ ...ready, postcode: { ...ready.postcode, value: '' } })).toBe(
      false,
    );
    // An invalid postcode still counts as entered: pressing Add explains what is wrong.
    expect(isAddToCartVisible({ ...ready, postcode: { ...ready.postcode, value: '1' } })).toBe(
      true,
    );
  });

  it('sends ids as numbers, and no size for a product without sizes', () => {
    expect(addToCartInput(context({ productId: pellets.id, sizeId: '112', quantity: 4 }))).toEqual({
      type: 'woodpellet',
      productId: 11,
      attributeId: 112,
      quantity: 4,
    });
    expect(addToCartInput(context({ productId: unpriced.id, sizeId: null }))).toEqual({
      type: 'woodpellet',
      productId: 13,
      attributeId: null,
      quantity: 1,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The machine, event by event
// ---------------------------------------------------------------------------------------------

describe('orderFormMachine: choosing', () => {
  it('resets the size to the first size whenever a product is chosen', () => {
    const { actor } = startForm(oilInput);
    actor.send({ type: 'PRODUCT_CHANGED', productId: kerosene.id });
    expect(actor.getSnapshot().context.sizeId).toBe('91');
    actor.send({ type: 'SIZE_CHANGED', sizeId: '93' });
    expect(actor.getSnapshot().context.sizeId).toBe('93');
    actor.send({ type: 'PRODUCT_CHANGED', productId: gasOil.id });
    expect(actor.getSnapshot().context.sizeId).toBe('101');
    actor.send({ type: 'PRODUCT_CHANGED', productId: kerosene.id });
    expect(actor.getSnapshot().context.sizeId).toBe('91');
  });

  it('refuses a product it does not offer and a size of another product', () => {
    const { actor } = startForm(oilInput);
    expect(actor.getSnapshot().can({ type: 'PRODUCT_CHANGED', productId: 'nope' })).toBe(false);
    actor.send({ type: 'PRODUCT_CHANGED', productId: kerosene.id });
    expect(actor.getSnapshot().can({ type: 'SIZE_CHANGED', sizeId: '101' })).toBe(false);
    actor.send({ type: 'SIZE_CHANGED', sizeId: '101' });
    expect(actor.getSnapshot().context.sizeId).toBe('91');
  });

  it('disables the size choice when the product has only one size', () => {
    const { actor } = startForm(oilInput);
    actor.send({ type: 'PRODUCT_CHANGED', productId: gasOil.id });
    expect(actor.getSnapshot().can({ type: 'SIZE_CHANGED', sizeId: '101' })).toBe(false);
    actor.send({ type: 'PRODUCT_CHANGED', productId: kerosene.id });
    expect(actor.getSnapshot().can({ type: 'SIZE_CHANGED', sizeId: '92' })).toBe(true);
  });

  it('accepts quantities 1 to 20 only, and none for oil', () => {
    const { actor } = startForm({ ...pelletInput, productId: pellets.id });
    for (const quantity of [0, 21, 1.5, -1, Number.NaN]) {
      expect(actor.getSnapshot().can({ type: 'QUANTITY_CHANGED', quantity })).toBe(false);
    }
    actor.send({ type: 'QUANTITY_CHANGED', quantity: 20 });
    expect(actor.getSnapshot().context.quantity).toBe(20);
    actor.send({ type: 'QUANTITY_CHANGED', quantity: 21 });
    expect(actor.getSnapshot().context.quantity).toBe(20);

    const oil = startForm({ ...oilInput, productId: kerosene.id }).actor;
    expect(oil.getSnapshot().can({ type: 'QUANTITY_CHANGED', quantity: 2 })).toBe(false);
    oil.send({ type: 'QUANTITY_CHANGED', quantity: 2 });
    expect(oil.getSnapshot().context.quantity).toBe(1);
  });

  it('keeps the quantity when the product changes', () => {
    const { actor } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'QUANTITY_CHANGED', quantity: 3 });
    actor.send({ type: 'PRODUCT_CHANGED', productId: hardwood.id });
    expect(actor.getSnapshot().context).toMatchObject({ quantity: 3, sizeId: '121' });
    expect(priceText(actor.getSnapshot().context)).toBe('£24.75');
  });
});

describe('orderFormMachine: the postcode lock (SPEC §4)', () => {
  it('is locked while the cart has a postcode, until the change link is used', () => {
    const { actor } = startForm({ ...pelletInput, cartPostcode: 'BT11AA' });
    const snap = () => actor.getSnapshot();
    expect(snap().can({ type: 'POSTCODE_CHANGED', value: '471AB' })).toBe(false);
    expect(snap().can({ type: 'CHANGE_POSTCODE' })).toBe(true);
    expect(snap().can({ type: 'CANCEL_POSTCODE_CHANGE' })).toBe(false);

    actor.send({ type: 'CHANGE_POSTCODE' });
    expect(snap().context.postcode.isChangeable).toBe(true);
    expect(snap().can({ type: 'CHANGE_POSTCODE' })).toBe(false);
    expect(snap().can({ type: 'CANCEL_POSTCODE_CHANGE' })).toBe(true);
    actor.send({ type: 'POSTCODE_CHANGED', value: 'bt47 1ab' });
    expect(snap().context.postcode.value).toBe('471AB');

    actor.send({ type: 'CANCEL_POSTCODE_CHANGE' });
    expect(snap().context.postcode).toEqual({ prefix: 'BT', value: '11AA', isChangeable: false });
  });

  it('has nothing to change or cancel without a cart postcode', () => {
    const { actor } = startForm(pelletInput);
    expect(actor.getSnapshot().can({ type: 'CHANGE_POSTCODE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'CANCEL_POSTCODE_CHANGE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'POSTCODE_CHANGED', value: '1' })).toBe(true);
  });

  it('follows the cart: a locked field shows the new postcode, a field being edited keeps its text', () => {
    const { actor } = startForm({ ...pelletInput, cartPostcode: 'BT11AA' });
    actor.send({ type: 'CART_POSTCODE_CHANGED', postcode: 'BT471AB' });
    expect(actor.getSnapshot().context.postcode).toMatchObject({
      value: '471AB',
      isChangeable: false,
    });
    actor.send({ type: 'CHANGE_POSTCODE' });
    actor.send({ type: 'POSTCODE_CHANGED', value: '2' });
    actor.send({ type: 'CART_POSTCODE_CHANGED', postcode: 'BT11AA' });
    expect(actor.getSnapshot().context).toMatchObject({
      postcode: { value: '2', isChangeable: true },
      savedPostcode: 'BT11AA',
    });
  });

  it('opens the field when the cart loses its postcode, keeping what was shown', () => {
    const { actor } = startForm({ ...pelletInput, cartPostcode: 'BT11AA' });
    actor.send({ type: 'CART_POSTCODE_CHANGED', postcode: null });
    expect(actor.getSnapshot().context).toMatchObject({
      postcode: { value: '11AA', isChangeable: true },
      savedPostcode: null,
    });
    expect(actor.getSnapshot().can({ type: 'CANCEL_POSTCODE_CHANGE' })).toBe(false);
  });
});

describe('orderFormMachine: adding (SPEC §4, §5, §8)', () => {
  it('does nothing while there is nothing to add', async () => {
    const { actor, calls, emitted } = startForm(pelletInput);
    expect(actor.getSnapshot().can({ type: 'ADD_TO_CART' })).toBe(false);
    actor.send({ type: 'PRODUCT_CHANGED', productId: unpriced.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    expect(actor.getSnapshot().can({ type: 'ADD_TO_CART' })).toBe(false);
    actor.send({ type: 'ADD_TO_CART' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.setPostcode).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it("warns 'Postcode required.' and stops", async () => {
    const { actor, calls, emitted } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'ADD_TO_CART' });
    await settle();
    expect(emitted).toEqual([
      { type: 'notify', variant: 'warning', message: 'Postcode required.' },
    ]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.setPostcode).toHaveLength(0);
    expect(calls.addToCart).toHaveLength(0);
  });

  it("warns 'Invalid postcode.' for a 5-character postcode and stops", async () => {
    const { actor, calls, emitted } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '1AA' });
    actor.send({ type: 'ADD_TO_CART' });
    await settle();
    expect(emitted).toEqual([{ type: 'notify', variant: 'warning', message: 'Invalid postcode.' }]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.setPostcode).toHaveLength(0);
  });

  it('sets a new postcode first, then adds, then locks the postcode and announces the add', async () => {
    const { actor, calls, emitted } = startForm({ ...oilInput, productId: kerosene.id });
    actor.send({ type: 'SIZE_CHANGED', sizeId: '92' });
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().matches({ submitting: 'settingPostcode' })).toBe(true);
    expect(calls.setPostcode.map((c) => c.input)).toEqual([{ postcode: 'BT11AA' }]);
    // Nothing can be edited while the cart is busy.
    expect(actor.getSnapshot().can({ type: 'SIZE_CHANGED', sizeId: '91' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ADD_TO_CART' })).toBe(false);

    calls.setPostcode[0]?.resolve(response(200, { postcode: 'BT11AA' }, 'Postcode set.'));
    await settle();
    expect(actor.getSnapshot().matches({ submitting: 'adding' })).toBe(true);
    expect(calls.addToCart.map((c) => c.input)).toEqual([
      { type: 'oil', productId: 9, attributeId: 92, quantity: 1 },
    ]);

    const added = response(200, { postcode: 'BT11AA', count: 1 }, 'Added to cart.');
    calls.addToCart[0]?.resolve(added);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.postcode).toEqual({
      prefix: 'BT',
      value: '11AA',
      isChangeable: false,
    });
    expect(actor.getSnapshot().context.savedPostcode).toBe('BT11AA');
    expect(emitted).toEqual([{ type: 'added', response: added }]);
  });

  it('adds straight away when the postcode is the cart’s', async () => {
    const { actor, calls } = startForm({
      ...pelletInput,
      productId: pellets.id,
      cartPostcode: 'BT11AA',
    });
    actor.send({ type: 'QUANTITY_CHANGED', quantity: 3 });
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().matches({ submitting: 'adding' })).toBe(true);
    expect(calls.setPostcode).toHaveLength(0);
    expect(calls.addToCart[0]?.input).toEqual({
      type: 'woodpellet',
      productId: 11,
      attributeId: 111,
      quantity: 3,
    });
  });

  it('sets the postcode again when it was changed, and locks the new one after the add', async () => {
    const { actor, calls } = startForm({
      ...pelletInput,
      productId: pellets.id,
      cartPostcode: 'BT11AA',
    });
    actor.send({ type: 'CHANGE_POSTCODE' });
    actor.send({ type: 'POSTCODE_CHANGED', value: '471AB' });
    actor.send({ type: 'ADD_TO_CART' });
    expect(calls.setPostcode[0]?.input).toEqual({ postcode: 'BT471AB' });
    calls.setPostcode[0]?.resolve(response(200, { postcode: 'BT471AB' }));
    await settle();
    calls.addToCart[0]?.resolve(response(200, { postcode: 'BT471AB' }));
    await settle();
    expect(actor.getSnapshot().context.postcode).toEqual({
      prefix: 'BT',
      value: '471AB',
      isChangeable: false,
    });
  });

  it('goes on adding when the cart says the postcode is already set (409)', async () => {
    const { actor, calls } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    actor.send({ type: 'ADD_TO_CART' });
    calls.setPostcode[0]?.resolve(
      response(409, { postcode: 'BT11AA' }, messages.postcode.alreadySet),
    );
    await settle();
    expect(actor.getSnapshot().matches({ submitting: 'adding' })).toBe(true);
  });

  it('stops when the postcode is refused, without adding', async () => {
    const { actor, calls, emitted } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    actor.send({ type: 'ADD_TO_CART' });
    calls.setPostcode[0]?.resolve(response(400, { postcode: null }, 'Invalid postcode.'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.addToCart).toHaveLength(0);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.postcode).toMatchObject({
      value: '11AA',
      isChangeable: true,
    });
  });

  it('keeps the new postcode open after a refused add (e.g. not delivered there)', async () => {
    const { actor, calls, emitted } = startForm({ ...oilInput, productId: kerosene.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '471AB' });
    actor.send({ type: 'ADD_TO_CART' });
    calls.setPostcode[0]?.resolve(response(200, { postcode: 'BT471AB' }));
    await settle();
    calls.addToCart[0]?.resolve(
      response(422, { postcode: 'BT471AB' }, messages.cart.cannotDeliver),
    );
    await settle();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('ready');
    expect(snap.context.postcode).toMatchObject({ value: '471AB', isChangeable: true });
    expect(snap.context.savedPostcode).toBe('BT471AB');
    expect(emitted).toEqual([]);
    // The same postcode again is not set twice.
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().matches({ submitting: 'adding' })).toBe(true);
    expect(calls.setPostcode).toHaveLength(1);
  });

  it('shows an exception as an error, and clears it on the next change', async () => {
    const { actor, calls } = startForm({
      ...pelletInput,
      productId: pellets.id,
      cartPostcode: 'BT11AA',
    });
    actor.send({ type: 'ADD_TO_CART' });
    calls.addToCart[0]?.reject(new Error('We could not reach the shop.'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe('We could not reach the shop.');
    actor.send({ type: 'QUANTITY_CHANGED', quantity: 2 });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('words an exception without a message itself', async () => {
    const { actor, calls } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    actor.send({ type: 'ADD_TO_CART' });
    calls.setPostcode[0]?.reject('boom');
    await settle();
    expect(actor.getSnapshot().context.error).toBe(messages.orderForm.unexpectedError);
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("uses an exception's own message when it has one, whatever its class", async () => {
    for (const [reason, shown] of [
      [{ message: 'Failed to fetch' }, 'Failed to fetch'],
      [{ message: '' }, messages.orderForm.unexpectedError],
      [null, messages.orderForm.unexpectedError],
    ] as const) {
      const { actor, calls } = startForm({
        ...pelletInput,
        productId: pellets.id,
        cartPostcode: 'BT11AA',
      });
      actor.send({ type: 'ADD_TO_CART' });
      calls.addToCart[0]?.reject(reason);
      await settle();
      expect(actor.getSnapshot().context.error).toBe(shown);
    }
  });

  it('needs the cart calls to be provided', async () => {
    const actor = createActor(orderFormMachine, {
      input: { ...pelletInput, productId: pellets.id, cartPostcode: 'BT11AA' },
    }).start();
    actor.send({ type: 'ADD_TO_CART' });
    await settle();
    expect(actor.getSnapshot().context.error).toMatch(/provide the "addToCart" actor/);
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based tests: every state and every transition, with invariants per state
// ---------------------------------------------------------------------------------------------

type Snapshot = SnapshotFrom<typeof orderFormMachine>;

/** The events the model tries in each state: concrete payloads, including refused ones. */
function modelEvents(snapshot: Snapshot): OrderFormEvent[] {
  const c = snapshot.context;
  const cart = (postcode: string | null): CartView => ({ ...emptyCartView(), postcode });
  const done = (id: 'setPostcode' | 'addToCart', code: number, postcode: string | null) =>
    ({
      type: `xstate.done.actor.${id}`,
      output: { code, message: String(code), cart: cart(postcode) },
    }) as unknown as OrderFormEvent;
  const error = (id: 'setPostcode' | 'addToCart', reason: unknown) =>
    ({ type: `xstate.error.actor.${id}`, error: reason }) as unknown as OrderFormEvent;
  return [
    ...[pellets.id, hardwood.id, unpriced.id, 'unknown'].map((productId) => ({
      type: 'PRODUCT_CHANGED' as const,
      productId,
    })),
    ...['111', '112', '121'].map((sizeId) => ({ type: 'SIZE_CHANGED' as const, sizeId })),
    ...[1, 20, 21].map((quantity) => ({ type: 'QUANTITY_CHANGED' as const, quantity })),
    ...['', '1AA', 'bt1 1aa'].map((value) => ({ type: 'POSTCODE_CHANGED' as const, value })),
    { type: 'CHANGE_POSTCODE' },
    { type: 'CANCEL_POSTCODE_CHANGE' },
    { type: 'ADD_TO_CART' },
    ...[null, 'BT11AA', 'D02AF30'].map((postcode) => ({
      type: 'CART_POSTCODE_CHANGED' as const,
      postcode,
    })),
    done('setPostcode', 200, fullPostcode(c.postcode)),
    done('setPostcode', 409, fullPostcode(c.postcode)),
    done('setPostcode', 400, c.savedPostcode),
    error('setPostcode', new Error('We could not reach the shop.')),
    done('addToCart', 200, c.savedPostcode),
    done('addToCart', 422, c.savedPostcode),
    done('addToCart', 428, null),
    error('addToCart', 'not an Error'),
  ];
}

const modelInput: OrderFormInput = pelletInput;

function expectCommonInvariants(snapshot: Snapshot) {
  const c = snapshot.context;
  expect(quantityOptions).toContain(c.quantity);
  if (c.productId === null) {
    expect(c.sizeId).toBeNull();
  } else {
    const product = selectedProduct(c);
    expect(product).not.toBeNull();
    // The size always belongs to the chosen product (or there is none to choose).
    if (product && product.sizes.length > 0) {
      expect(product.sizes.map((s) => s.id)).toContain(c.sizeId);
    } else {
      expect(c.sizeId).toBeNull();
    }
  }
  expect(c.postcode.prefix).toBe('BT');
  expect(c.postcode.value).toBe(c.postcode.value.replace(/\s/g, '').toUpperCase());
  // Locked means: the field shows the cart's postcode.
  if (!c.postcode.isChangeable) expect(fullPostcode(c.postcode)).toBe(c.savedPostcode);
}

function expectSubmittable(snapshot: Snapshot) {
  const c = snapshot.context;
  expect(hasSomethingToAdd(c)).toBe(true);
  expect(postcodeProblem(c)).toBeNull();
  expect(c.error).toBeNull();
  // Nothing can be edited while the cart is busy.
  const edits: OrderFormEvent[] = [
    { type: 'PRODUCT_CHANGED', productId: pellets.id },
    { type: 'SIZE_CHANGED', sizeId: '112' },
    { type: 'QUANTITY_CHANGED', quantity: 2 },
    { type: 'POSTCODE_CHANGED', value: '11AA' },
    { type: 'CHANGE_POSTCODE' },
    { type: 'CANCEL_POSTCODE_CHANGE' },
    { type: 'ADD_TO_CART' },
  ];
  for (const edit of edits) expect(snapshot.can(edit)).toBe(false);
}

const invariants: Record<string, (snapshot: Snapshot) => void> = {
  ready: (snapshot) => {
    expectCommonInvariants(snapshot);
    const c = snapshot.context;
    expect(snapshot.can({ type: 'ADD_TO_CART' })).toBe(hasSomethingToAdd(c));
    expect(snapshot.can({ type: 'POSTCODE_CHANGED', value: '1' })).toBe(c.postcode.isChangeable);
    expect(snapshot.can({ type: 'CHANGE_POSTCODE' })).toBe(!c.postcode.isChangeable);
  },
  'submitting.settingPostcode': (snapshot) => {
    expectCommonInvariants(snapshot);
    expectSubmittable(snapshot);
    // Only a new postcode is set, and a new one is one being typed (a locked one is the cart's).
    // (The cart may meanwhile have got the same postcode elsewhere: the call then answers 409.)
    expect(snapshot.context.postcode.isChangeable).toBe(true);
  },
  'submitting.adding': (snapshot) => {
    expectCommonInvariants(snapshot);
    expectSubmittable(snapshot);
  },
};

/** Checks a snapshot against the invariants of its state. */
function expectInvariants(snapshot: Snapshot) {
  const key =
    typeof snapshot.value === 'string'
      ? snapshot.value
      : `submitting.${String(snapshot.value.submitting)}`;
  const invariant = invariants[key];
  if (!invariant) throw new Error(`No invariants for state ${key}`);
  invariant(snapshot);
}

const traversal = { input: modelInput, events: modelEvents };

interface ModelPath {
  name: string;
  /** Each step: the event, and the snapshot the model says it leads to. */
  steps: { event: OrderFormEvent; state: Snapshot }[];
}

function describePath(steps: ModelPath['steps']): string {
  return steps
    .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'))
    .join(' → ');
}

/**
 * The reachable model, explored once: the shortest path to every distinct snapshot (state value
 * and context), shortest first. Every one of them is checked against the invariants on the pure
 * model; only a small covering set is replayed on a live actor.
 */
const reachablePaths: ModelPath[] = getShortestPaths(
  orderFormMachine,
  traversal as Parameters<typeof getShortestPaths<typeof orderFormMachine>>[1],
)
  .map((path) => {
    const steps = path.steps
      .filter((step) => (step.event.type as string) !== 'xstate.init')
      .map((step) => ({ event: step.event as OrderFormEvent, state: step.state }));
    return {
      name: `state ${JSON.stringify(path.state.value)} via ${describePath(steps) || 'start'}`,
      steps,
    };
  })
  .sort((a, b) => a.steps.length - b.steps.length);

/** For every state node, the shortest path that ends in it. */
const statePaths: ModelPath[] = [
  ...new Set(
    getStateNodes(orderFormMachine.root).map((node) => {
      const path = reachablePaths.find((p) =>
        p.steps.at(-1)?.state.matches(node.path.join('.') as never),
      );
      if (!path) throw new Error(`No path reaches ${node.id}`);
      return path;
    }),
  ),
];

/**
 * For every transition of the machine not yet on one of `paths`, one more path: the shortest path
 * (from `candidates`, shortest first) to a state where some model event takes that transition,
 * then that event.
 */
function pathsForEveryTransition(
  paths: readonly ModelPath[],
  candidates: readonly ModelPath[],
): ModelPath[] {
  const onPaths = new Set<AnyTransitionDefinition>();
  const startState = getNextSnapshotOrInitial(undefined, undefined);
  const takenBy = (state: Snapshot, event: OrderFormEvent) =>
    orderFormMachine.getTransitionData(state, event) as AnyTransitionDefinition[];
  for (const path of paths) {
    let state = startState;
    for (const step of path.steps) {
      for (const t of takenBy(state, step.event)) onPaths.add(t);
      state = step.state;
    }
  }
  const extra: ModelPath[] = [];
  for (const path of [{ name: 'start', steps: [] }, ...candidates] as ModelPath[]) {
    const state = path.steps.at(-1)?.state ?? startState;
    for (const event of modelEvents(state)) {
      const fresh = takenBy(state, event).filter((t) => !onPaths.has(t));
      if (fresh.length === 0) continue;
      for (const t of fresh) onPaths.add(t);
      const steps = [...path.steps, { event, state: getNextSnapshotOrInitial(state, event) }];
      extra.push({
        name: `transition ${fresh.map(describeTransition).join(', ')} via ${describePath(steps)}`,
        steps,
      });
    }
  }
  return extra;
}

function getNextSnapshotOrInitial(state: Snapshot | undefined, event: OrderFormEvent | undefined) {
  if (state === undefined || event === undefined) {
    return createActor(orderFormMachine, { input: modelInput }).getSnapshot();
  }
  return getNextSnapshot(orderFormMachine, state, event);
}

const modelPaths: ModelPath[] = [
  ...statePaths,
  ...pathsForEveryTransition(statePaths, reachablePaths),
];

/**
 * Runs one path on a real actor whose cart calls the test settles, checking after each step that
 * the actor agrees with the model and that the state's invariants hold.
 */
async function runPath(path: ModelPath) {
  const form = startForm(modelInput);
  const check = (expected: Snapshot) => {
    const actual = form.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    expectInvariants(actual);
  };
  check(getNextSnapshotOrInitial(undefined, undefined));
  for (const { event, state } of path.steps) {
    const settled = /^xstate\.(done|error)\.actor\.(setPostcode|addToCart)$/.exec(event.type);
    if (settled) {
      const [, outcome, id] = settled as unknown as [
        string,
        'done' | 'error',
        'setPostcode' | 'addToCart',
      ];
      const call = form.calls[id].at(-1);
      if (!call) throw new Error(`No ${id} call is waiting.`);
      if (outcome === 'done') call.resolve((event as unknown as { output: CartResponse }).output);
      else call.reject((event as unknown as { error: unknown }).error);
      await settle();
    } else {
      form.actor.send(event);
    }
    check(state);
  }
  form.actor.stop();
  return form;
}

/** Every state node of the machine, by id (the machine's root included). */
function allStateNodes(): AnyStateNode[] {
  return [orderFormMachine.root, ...getStateNodes(orderFormMachine.root)];
}

/** Every transition of the machine: `on`, invoke onDone/onError (as events) and `always`. */
function allTransitions(machine: typeof orderFormMachine): AnyTransitionDefinition[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  return nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

function describeTransition(t: AnyTransitionDefinition): string {
  const guard = typeof t.guard === 'string' ? ` [${t.guard}]` : '';
  const targets = t.target?.map((n) => n.id).join(',') ?? '(stays)';
  return `${t.source.id} --${t.eventType}${guard}--> ${targets}`;
}

describe('orderFormMachine: model-based (xstate/graph)', () => {
  it('keeps the invariants in every reachable snapshot of the model', () => {
    expect(reachablePaths.length).toBeGreaterThan(100);
    for (const path of reachablePaths) {
      const snapshot = path.steps.at(-1)?.state;
      if (!snapshot) continue;
      expectInvariants(snapshot);
    }
  });

  it('replays a small set of paths: one per state node and per transition at most', () => {
    expect(modelPaths.length).toBeLessThanOrEqual(
      getStateNodes(orderFormMachine.root).length + allTransitions(orderFormMachine).length,
    );
  });

  for (const [index, path] of modelPaths.entries()) {
    it(`path ${index + 1}: ${path.name}`, async () => {
      await runPath(path);
    });
  }

  it('reaches every state and takes every transition of the machine', async () => {
    const reachedStates = new Set<string>();
    const taken = new Set<string>();
    for (const path of modelPaths) {
      const form = await runPath(path);
      for (const snapshot of form.snapshots) {
        for (const node of allStateNodes()) {
          if (node.path.length === 0 || snapshot.matches(node.path.join('.') as never)) {
            reachedStates.add(node.id);
          }
        }
      }
      // The actor ran the provided machine: its transitions are named to compare them.
      const transitions = allTransitions(form.machine);
      for (const transition of form.transitions) {
        if (transitions.includes(transition)) taken.add(describeTransition(transition));
      }
    }
    const everyState = allStateNodes().map((node) => node.id);
    const everyTransition = allTransitions(orderFormMachine).map(describeTransition);
    // Names are unique, so comparing names compares transitions.
    expect(new Set(everyTransition).size).toBe(everyTransition.length);
    expect([...reachedStates].sort()).toEqual([...everyState].sort());
    expect([...taken].sort()).toEqual([...everyTransition].sort());
  });
});
