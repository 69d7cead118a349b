import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { AddToCartInput, CartView } from '../../../api/domain/cart';
import { emptyCartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { validatePostcode } from '../../../api/domain/postcode';
import {
  coverageOf,
  coveringPaths,
  exploreModel,
  machineStateIds,
  machineTransitionKeys,
  replayPath,
  settleCall,
  walk,
  type LiveDriver,
  type ModelStart,
  type ModelStep,
} from '../../qa/modelCoverage';
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
  typedPartOf,
  typedPostcode,
  unitPriceOf,
  type OrderFormContext,
  type OrderFormEmitted,
  type OrderFormEvent,
  type OrderFormInput,
  type OrderFormProduct,
  type SetPostcodeInput,
} from './orderFormMachine';

type Snapshot = SnapshotFrom<typeof orderFormMachine>;

/**
 * Time limits for the model tests, from measurement on a 2-core machine already busy with a CI
 * run (load 3.5): exploring the model (when the file is collected) took 1.4 to 1.6 s, checking
 * the invariants of every snapshot 0.11 to 0.17 s, replaying one covering path under 10 ms. CI
 * shares two cores with other lanes, hence the wide margins; no test asserts a duration.
 */
const MODEL_TIMEOUT = 10_000;
const PATH_TIMEOUT = 10_000;

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

/** A running order form whose cart calls wait for the test; what it emits is recorded. */
function startForm(input: OrderFormInput) {
  const calls: {
    setPostcode: PendingCall<SetPostcodeInput>[];
    addToCart: PendingCall<AddToCartInput>[];
  } = { setPostcode: [], addToCart: [] };
  const machine = orderFormMachine.provide({
    actors: {
      setPostcode: fromPromise<CartResponse, SetPostcodeInput>(
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
  const emitted: OrderFormEmitted[] = [];
  const actor = createActor(machine, { input });
  actor.on('*', (event) => emitted.push(event as OrderFormEmitted));
  actor.start();
  return { actor, calls, emitted };
}

/** Where a form starts with this input (on the pure model: no actor). */
function startState(input: OrderFormInput): Snapshot {
  return walk(orderFormMachine, [], input).initial as Snapshot;
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
      postcode: { prefix: 'BT', value: '11AA' },
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
    const check = (value: string) => postcodeProblem({ postcode: { prefix: 'BT', value } });
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
    const input = { ...pelletInput, cartPostcode: 'bt47 1ab' };
    const c = initialContext(input);
    expect(c.postcode).toEqual({ prefix: 'BT', value: '471AB' });
    expect(c.savedPostcode).toBe('BT471AB');
    expect(fullPostcode(c.postcode)).toBe('BT471AB');
    expect(startState(input).matches({ postcode: 'locked' })).toBe(true);
  });

  it('opens the field when the cart has no postcode, or one without the prefix', () => {
    expect(initialContext(pelletInput).postcode).toEqual({ prefix: 'BT', value: '' });
    expect(startState(pelletInput).matches({ postcode: { editing: 'entering' } })).toBe(true);
    const input = { ...pelletInput, cartPostcode: 'D02AF30' };
    const foreign = initialContext(input);
    expect(foreign.postcode).toEqual({ prefix: 'BT', value: '' });
    expect(foreign.savedPostcode).toBe('D02AF30');
    expect(startState(input).matches({ postcode: { editing: 'entering' } })).toBe(true);
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
    // The choice starts where the input puts it: a product card's product is already chosen.
    expect(startState(pelletInput).matches({ choice: 'choosingProduct' })).toBe(true);
    expect(startState({ ...pelletInput, productId: 'gone' }).value).toMatchObject({
      choice: 'choosingProduct',
    });
    expect(
      startState({ ...pelletInput, productId: pellets.id }).matches({ choice: 'somethingToAdd' }),
    ).toBe(true);
    expect(
      startState({ ...pelletInput, productId: unpriced.id }).matches({ choice: 'nothingToAdd' }),
    ).toBe(true);
    expect(startState(pelletInput).matches({ cart: { open: 'idle' } })).toBe(true);
  });

  it('starts from a given choice (a form the server refused), ignoring what it does not offer', () => {
    const pelletCard = { ...pelletInput, productId: pellets.id };
    expect(
      initialContext({ ...pelletCard, start: { sizeId: '112', quantity: 5, postcode: 'bt1 1aa' } }),
    ).toMatchObject({
      sizeId: '112',
      quantity: 5,
      postcode: { prefix: 'BT', value: '11AA' },
    });
    expect(
      initialContext({ ...pelletCard, start: { sizeId: '91', quantity: 21, postcode: '' } }),
    ).toMatchObject({ sizeId: '111', quantity: 1, postcode: { value: '' } });
    // No quantity for oil; the postcode typed before is kept over the cart's, the field open to
    // change it (or to go back to the cart's).
    const typedOverCart = {
      ...oilInput,
      productId: kerosene.id,
      cartPostcode: 'BT71AB',
      start: { sizeId: '92', quantity: 3, postcode: '11AA' },
    };
    expect(initialContext(typedOverCart)).toMatchObject({
      sizeId: '92',
      quantity: 1,
      postcode: { value: '11AA' },
      savedPostcode: 'BT71AB',
    });
    expect(startState(typedOverCart).matches({ postcode: { editing: 'changing' } })).toBe(true);
    // Nothing typed: the cart's postcode, locked.
    expect(
      startState({ ...typedOverCart, start: { postcode: '' } }).matches({ postcode: 'locked' }),
    ).toBe(true);
    expect(
      startState({ ...pelletCard, start: { postcode: '11AA' } }).matches({
        postcode: { editing: 'entering' },
      }),
    ).toBe(true);
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
      postcode: { prefix: 'BT', value: '11AA' },
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

    expect(snap().matches({ postcode: 'locked' })).toBe(true);

    actor.send({ type: 'CHANGE_POSTCODE' });
    expect(snap().matches({ postcode: { editing: 'changing' } })).toBe(true);
    expect(snap().can({ type: 'CHANGE_POSTCODE' })).toBe(false);
    expect(snap().can({ type: 'CANCEL_POSTCODE_CHANGE' })).toBe(true);
    actor.send({ type: 'POSTCODE_CHANGED', value: 'bt47 1ab' });
    expect(snap().context.postcode.value).toBe('471AB');

    actor.send({ type: 'CANCEL_POSTCODE_CHANGE' });
    expect(snap().context.postcode).toEqual({ prefix: 'BT', value: '11AA' });
    expect(snap().matches({ postcode: 'locked' })).toBe(true);
  });

  it('has nothing to change or cancel without a cart postcode', () => {
    const { actor } = startForm(pelletInput);
    expect(actor.getSnapshot().can({ type: 'CHANGE_POSTCODE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'CANCEL_POSTCODE_CHANGE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'POSTCODE_CHANGED', value: '1' })).toBe(true);
    expect(actor.getSnapshot().matches({ postcode: { editing: 'entering' } })).toBe(true);
  });

  it('follows the cart: a locked field shows the new postcode, a field being edited keeps its text', () => {
    const { actor } = startForm({ ...pelletInput, cartPostcode: 'BT11AA' });
    actor.send({ type: 'CART_POSTCODE_CHANGED', postcode: 'BT471AB' });
    expect(actor.getSnapshot().context.postcode).toMatchObject({ value: '471AB' });
    expect(actor.getSnapshot().matches({ postcode: 'locked' })).toBe(true);
    actor.send({ type: 'CHANGE_POSTCODE' });
    actor.send({ type: 'POSTCODE_CHANGED', value: '2' });
    actor.send({ type: 'CART_POSTCODE_CHANGED', postcode: 'BT11AA' });
    expect(actor.getSnapshot().context).toMatchObject({
      postcode: { value: '2' },
      savedPostcode: 'BT11AA',
    });
    expect(actor.getSnapshot().matches({ postcode: { editing: 'changing' } })).toBe(true);
    // A cart postcode this form cannot show leaves nothing to go back to.
    actor.send({ type: 'CART_POSTCODE_CHANGED', postcode: 'D02AF30' });
    expect(actor.getSnapshot().context.postcode.value).toBe('2');
    expect(actor.getSnapshot().matches({ postcode: { editing: 'entering' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'CANCEL_POSTCODE_CHANGE' })).toBe(false);
  });

  it('opens the field when the cart loses its postcode, keeping what was shown', () => {
    const { actor } = startForm({ ...pelletInput, cartPostcode: 'BT11AA' });
    actor.send({ type: 'CART_POSTCODE_CHANGED', postcode: null });
    expect(actor.getSnapshot().context).toMatchObject({
      postcode: { value: '11AA' },
      savedPostcode: null,
    });
    expect(actor.getSnapshot().matches({ postcode: { editing: 'entering' } })).toBe(true);
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
    expect(actor.getSnapshot().value).toEqual({
      choice: 'nothingToAdd',
      postcode: { editing: 'entering' },
      cart: { open: 'idle' },
    });
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
    expect(actor.getSnapshot().matches({ cart: { open: 'invalidPostcode' } })).toBe(true);
    expect(calls.setPostcode).toHaveLength(0);
    expect(calls.addToCart).toHaveLength(0);
  });

  it("warns 'Invalid postcode.' for a 5-character postcode and stops", async () => {
    const { actor, calls, emitted } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '1AA' });
    actor.send({ type: 'ADD_TO_CART' });
    await settle();
    expect(emitted).toEqual([{ type: 'notify', variant: 'warning', message: 'Invalid postcode.' }]);
    expect(actor.getSnapshot().matches({ cart: { open: 'invalidPostcode' } })).toBe(true);
    expect(calls.setPostcode).toHaveLength(0);
    // Correcting the postcode starts afresh.
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    expect(actor.getSnapshot().matches({ cart: { open: 'idle' } })).toBe(true);
  });

  it('sets a new postcode first, then adds, then locks the postcode and announces the add', async () => {
    const { actor, calls, emitted } = startForm({ ...oilInput, productId: kerosene.id });
    actor.send({ type: 'SIZE_CHANGED', sizeId: '92' });
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().matches({ cart: { adding: 'settingPostcode' } })).toBe(true);
    expect(calls.setPostcode.map((c) => c.input)).toEqual([
      { postcode: 'BT11AA', productType: 'oil' },
    ]);
    // Nothing can be edited while the cart is busy.
    expect(actor.getSnapshot().can({ type: 'SIZE_CHANGED', sizeId: '91' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ADD_TO_CART' })).toBe(false);

    calls.setPostcode[0]?.resolve(response(200, { postcode: 'BT11AA' }, 'Postcode set.'));
    await settle();
    expect(actor.getSnapshot().matches({ cart: { adding: 'addingToCart' } })).toBe(true);
    // The cart has the new postcode now: the field could go back to it, once the add is over.
    expect(actor.getSnapshot().matches({ postcode: { editing: 'changing' } })).toBe(true);
    expect(calls.addToCart.map((c) => c.input)).toEqual([
      { type: 'oil', productId: 9, attributeId: 92, quantity: 1 },
    ]);

    const added = response(200, { postcode: 'BT11AA', count: 1 }, 'Added to cart.');
    calls.addToCart[0]?.resolve(added);
    await settle();
    expect(actor.getSnapshot().value).toEqual({
      choice: 'somethingToAdd',
      postcode: 'locked',
      cart: { open: 'added' },
    });
    expect(actor.getSnapshot().context.postcode).toEqual({ prefix: 'BT', value: '11AA' });
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
    expect(actor.getSnapshot().matches({ cart: { adding: 'addingToCart' } })).toBe(true);
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
    expect(calls.setPostcode[0]?.input).toEqual({ postcode: 'BT471AB', productType: 'woodpellet' });
    calls.setPostcode[0]?.resolve(response(200, { postcode: 'BT471AB' }));
    await settle();
    calls.addToCart[0]?.resolve(response(200, { postcode: 'BT471AB' }));
    await settle();
    expect(actor.getSnapshot().context.postcode).toEqual({ prefix: 'BT', value: '471AB' });
    expect(actor.getSnapshot().matches({ postcode: 'locked' })).toBe(true);
  });

  /** A pellet card over a cart of 2 items for BT9 5AA: BT20 1AA typed, Add to Cart pressed. */
  function addWithNewPostcodeOverTwoItems() {
    const form = startForm({
      ...pelletInput,
      productId: pellets.id,
      cartPostcode: 'BT95AA',
      cartCount: 2,
    });
    form.actor.send({ type: 'CHANGE_POSTCODE' });
    form.actor.send({ type: 'POSTCODE_CHANGED', value: '201AA' });
    form.actor.send({ type: 'ADD_TO_CART' });
    return form;
  }

  it('asks before a new postcode empties a cart with items in it, and keeps the cart if told to', () => {
    const { actor, calls } = addWithNewPostcodeOverTwoItems();
    // Nothing is sent: the form asks (SPEC §2: resetting the postcode clears the cart).
    expect(actor.getSnapshot().matches({ cart: { open: 'confirmingNewPostcode' } })).toBe(true);
    expect(calls.setPostcode).toHaveLength(0);
    expect(calls.addToCart).toHaveLength(0);

    actor.send({ type: 'KEEP_CART' });
    expect(actor.getSnapshot().value).toEqual({
      choice: 'somethingToAdd',
      postcode: 'locked',
      cart: { open: 'idle' },
    });
    expect(actor.getSnapshot().context.postcode.value).toBe('95AA');
    expect(calls.setPostcode).toHaveLength(0);
    expect(calls.addToCart).toHaveLength(0);
  });

  it('sets the new postcode and adds once the customer agrees to empty the cart', async () => {
    const { actor, calls } = addWithNewPostcodeOverTwoItems();
    actor.send({ type: 'CLEAR_CART_AND_ADD' });
    expect(calls.setPostcode.map((c) => c.input)).toEqual([
      { postcode: 'BT201AA', productType: 'woodpellet' },
    ]);
    calls.setPostcode[0]?.resolve(response(200, { postcode: 'BT201AA', count: 0 }));
    await settle();
    expect(actor.getSnapshot().context.cartCount).toBe(0);
    calls.addToCart[0]?.resolve(response(200, { postcode: 'BT201AA', count: 1 }));
    await settle();
    expect(actor.getSnapshot().context.cartCount).toBe(1);
    expect(actor.getSnapshot().matches({ cart: { open: 'added' } })).toBe(true);
  });

  it('does not ask when the cart is empty, or when the postcode is the cart’s', () => {
    const empty = startForm({ ...pelletInput, productId: pellets.id, cartPostcode: 'BT95AA' });
    empty.actor.send({ type: 'CHANGE_POSTCODE' });
    empty.actor.send({ type: 'POSTCODE_CHANGED', value: '201AA' });
    empty.actor.send({ type: 'ADD_TO_CART' });
    expect(empty.calls.setPostcode).toHaveLength(1);

    const same = startForm({
      ...pelletInput,
      productId: pellets.id,
      cartPostcode: 'BT95AA',
      cartCount: 3,
    });
    same.actor.send({ type: 'ADD_TO_CART' });
    expect(same.calls.setPostcode).toHaveLength(0);
    expect(same.calls.addToCart).toHaveLength(1);
  });

  it('goes on adding when the cart says the postcode is already set (409)', async () => {
    const { actor, calls } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    actor.send({ type: 'ADD_TO_CART' });
    calls.setPostcode[0]?.resolve(
      response(409, { postcode: 'BT11AA' }, messages.postcode.alreadySet),
    );
    await settle();
    expect(actor.getSnapshot().matches({ cart: { adding: 'addingToCart' } })).toBe(true);
  });

  it('stops when the postcode is refused, without adding', async () => {
    const { actor, calls, emitted } = startForm({ ...pelletInput, productId: pellets.id });
    actor.send({ type: 'POSTCODE_CHANGED', value: '11AA' });
    actor.send({ type: 'ADD_TO_CART' });
    calls.setPostcode[0]?.resolve(response(400, { postcode: null }, 'Invalid postcode.'));
    await settle();
    expect(actor.getSnapshot().matches({ cart: { open: 'refused' } })).toBe(true);
    expect(calls.addToCart).toHaveLength(0);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.postcode).toMatchObject({ value: '11AA' });
    expect(actor.getSnapshot().matches({ postcode: { editing: 'entering' } })).toBe(true);
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
    expect(snap.value).toEqual({
      choice: 'somethingToAdd',
      postcode: { editing: 'changing' },
      cart: { open: 'refused' },
    });
    expect(snap.context.postcode).toMatchObject({ value: '471AB' });
    expect(snap.context.savedPostcode).toBe('BT471AB');
    expect(emitted).toEqual([]);
    // The same postcode again is not set twice.
    actor.send({ type: 'ADD_TO_CART' });
    expect(actor.getSnapshot().matches({ cart: { adding: 'addingToCart' } })).toBe(true);
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
    expect(actor.getSnapshot().value).toEqual({
      choice: 'somethingToAdd',
      postcode: 'locked',
      cart: { open: 'failed' },
    });
    expect(actor.getSnapshot().context.error).toBe('We could not reach the shop.');
    // Opening the postcode is no change yet: the notice stays.
    actor.send({ type: 'CHANGE_POSTCODE' });
    expect(actor.getSnapshot().context.error).toBe('We could not reach the shop.');
    actor.send({ type: 'QUANTITY_CHANGED', quantity: 2 });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().matches({ cart: { open: 'idle' } })).toBe(true);
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

/** Two sizes, only one of them priced, and no product price: the other leaves nothing to add. */
const kindling: OrderFormProduct = {
  id: '14',
  title: 'Kindling',
  price: null,
  bestSeller: false,
  sizes: [
    { id: '141', title: 'Net', price: 450 },
    { id: '142', title: 'Crate (price on request)', price: null },
  ],
};

const cartAnswer = (code: number, postcode: string | null): CartResponse => ({
  code,
  message: String(code),
  cart: { ...emptyCartView(), postcode },
});

type ModelEvent =
  | OrderFormEvent
  | { type: `xstate.done.actor.${'setPostcode' | 'addToCart'}`; output: CartResponse }
  | { type: `xstate.error.actor.${'setPostcode' | 'addToCart'}`; error: unknown };

/**
 * The events the model tries in every state: concrete payloads, refused ones included. The cart's
 * answers are those it could give here: the only full postcode the model types is BT11AA.
 */
const modelEvents: ModelEvent[] = [
  ...[pellets.id, hardwood.id, unpriced.id, kindling.id, 'unknown'].map((productId) => ({
    type: 'PRODUCT_CHANGED' as const,
    productId,
  })),
  ...['112', '141', '142'].map((sizeId) => ({ type: 'SIZE_CHANGED' as const, sizeId })),
  ...[1, 20, 21].map((quantity) => ({ type: 'QUANTITY_CHANGED' as const, quantity })),
  ...['', '1AA', 'bt1 1aa', '471AB'].map((value) => ({
    type: 'POSTCODE_CHANGED' as const,
    value,
  })),
  { type: 'CHANGE_POSTCODE' },
  { type: 'CANCEL_POSTCODE_CHANGE' },
  { type: 'ADD_TO_CART' },
  { type: 'CLEAR_CART_AND_ADD' },
  { type: 'KEEP_CART' },
  ...[null, 'BT11AA', 'D02AF30'].map((postcode) => ({
    type: 'CART_POSTCODE_CHANGED' as const,
    postcode,
  })),
  ...[0, 2].map((count) => ({ type: 'CART_COUNT_CHANGED' as const, count })),
  { type: 'xstate.done.actor.setPostcode', output: cartAnswer(200, 'BT11AA') },
  { type: 'xstate.done.actor.setPostcode', output: cartAnswer(409, 'BT11AA') },
  { type: 'xstate.done.actor.setPostcode', output: cartAnswer(400, null) },
  { type: 'xstate.error.actor.setPostcode', error: new Error('We could not reach the shop.') },
  { type: 'xstate.done.actor.addToCart', output: cartAnswer(200, 'BT11AA') },
  { type: 'xstate.done.actor.addToCart', output: cartAnswer(422, 'BT11AA') },
  { type: 'xstate.done.actor.addToCart', output: cartAnswer(428, null) },
  { type: 'xstate.error.actor.addToCart', error: 'not an Error' },
];

/** How forms start on the site: the Order Online modal, and product cards. */
const modelStarts: ModelStart[] = [
  {
    label: 'Order Online modal, no cart postcode',
    input: { ...pelletInput, products: [pellets, hardwood, unpriced, kindling] },
  },
  {
    label: 'product card with a price, the cart has a postcode and two items',
    input: {
      ...pelletInput,
      products: [hardwood],
      productId: hardwood.id,
      cartPostcode: 'BT11AA',
      cartCount: 2,
    },
  },
  {
    label: 'Order Online form posted without script with another postcode, two items in the cart',
    input: {
      ...pelletInput,
      products: [pellets, hardwood, unpriced, kindling],
      cartPostcode: 'BT11AA',
      cartCount: 2,
      start: { postcode: '471AB' },
    },
  },
  {
    label: 'product card without a price',
    input: { ...pelletInput, products: [unpriced], productId: unpriced.id },
  },
];

/** The edits a customer can make; none is accepted while the cart is busy. */
const edits: OrderFormEvent[] = [
  { type: 'PRODUCT_CHANGED', productId: pellets.id },
  { type: 'SIZE_CHANGED', sizeId: '112' },
  { type: 'QUANTITY_CHANGED', quantity: 2 },
  { type: 'POSTCODE_CHANGED', value: '11AA' },
  { type: 'CHANGE_POSTCODE' },
  { type: 'CANCEL_POSTCODE_CHANGE' },
  { type: 'ADD_TO_CART' },
];

/** What must hold in every state, on the model and on the running form alike. */
function expectInvariants(snapshot: Snapshot) {
  const c = snapshot.context;
  const can = (event: OrderFormEvent) => snapshot.can(event);
  expect(snapshot.status).toBe('active');

  // The choice: the size always belongs to the chosen product (or there is none to choose).
  expect(quantityOptions).toContain(c.quantity);
  const product = selectedProduct(c);
  if (c.productId === null) {
    expect(c.sizeId).toBeNull();
  } else {
    expect(product).not.toBeNull();
    if (product && product.sizes.length > 0) {
      expect(product.sizes.map((s) => s.id)).toContain(c.sizeId);
    } else {
      expect(c.sizeId).toBeNull();
    }
  }
  // The choice region names what the context holds.
  expect(snapshot.matches({ choice: 'choosingProduct' })).toBe(product === null);
  expect(snapshot.matches({ choice: 'somethingToAdd' })).toBe(hasSomethingToAdd(c));
  expect(snapshot.matches({ choice: 'nothingToAdd' })).toBe(
    product !== null && !hasSomethingToAdd(c),
  );

  // The postcode: locked means the field shows the cart's postcode; while it is typed in,
  // `changing` means there is a cart postcode to go back to.
  expect(c.postcode.prefix).toBe('BT');
  expect(c.postcode.value).toBe(c.postcode.value.replace(/\s/g, '').toUpperCase());
  const cartPostcodeShown = typedPartOf(c.savedPostcode, c.postcode.prefix);
  if (snapshot.matches({ postcode: 'locked' })) {
    expect(fullPostcode(c.postcode)).toBe(c.savedPostcode);
  } else {
    expect(snapshot.matches({ postcode: { editing: 'changing' } })).toBe(
      cartPostcodeShown !== null,
    );
    expect(snapshot.matches({ postcode: { editing: 'entering' } })).toBe(
      cartPostcodeShown === null,
    );
  }

  // The cart: the danger notice shows exactly while the last try failed.
  expect(snapshot.matches({ cart: { open: 'failed' } })).toBe(c.error !== null);
  // SPEC §5: what the form reads for Add to Cart is the pure rule.
  expect(snapshot.matches({ choice: 'somethingToAdd' }) && c.postcode.value !== '').toBe(
    isAddToCartVisible(c),
  );

  // SPEC §4: a new postcode empties the cart, so the form asks first when there is something in
  // it; only then can the customer go on or keep the cart.
  const confirming = snapshot.matches({ cart: { open: 'confirmingNewPostcode' } });
  if (confirming) expect(snapshot.matches({ postcode: 'editing' })).toBe(true);
  expect(can({ type: 'CLEAR_CART_AND_ADD' })).toBe(confirming);
  expect(can({ type: 'KEEP_CART' })).toBe(confirming);

  if (snapshot.matches({ cart: 'open' })) {
    expect(Object.keys(snapshot.children)).toEqual([]);
    expect(can({ type: 'ADD_TO_CART' })).toBe(hasSomethingToAdd(c));
    expect(can({ type: 'POSTCODE_CHANGED', value: '1' })).toBe(
      snapshot.matches({ postcode: 'editing' }),
    );
    expect(can({ type: 'CHANGE_POSTCODE' })).toBe(snapshot.matches({ postcode: 'locked' }));
    expect(can({ type: 'CANCEL_POSTCODE_CHANGE' })).toBe(
      snapshot.matches({ postcode: { editing: 'changing' } }),
    );
  } else {
    // Adding: only something to add, with a valid postcode, and nothing can be edited meanwhile.
    expect(hasSomethingToAdd(c)).toBe(true);
    expect(postcodeProblem(c)).toBeNull();
    expect(c.error).toBeNull();
    for (const edit of edits) expect(can(edit)).toBe(false);
    if (snapshot.matches({ cart: { adding: 'settingPostcode' } })) {
      expect(Object.keys(snapshot.children)).toEqual(['setPostcode']);
      // Only a new postcode is set, and a new one is one being typed (a locked one is the
      // cart's). The cart may meanwhile get the same postcode elsewhere: the call answers 409.
      expect(snapshot.matches({ postcode: 'editing' })).toBe(true);
    } else {
      expect(snapshot.matches({ cart: { adding: 'addingToCart' } })).toBe(true);
      expect(Object.keys(snapshot.children)).toEqual(['addToCart']);
    }
  }
}

/** Did the step enter `state` (it was not in it before)? */
const enters = (step: ModelStep, state: object) =>
  step.after.matches(state as never) && !step.before.matches(state as never);

type LiveForm = ReturnType<typeof startForm> & { sent: number; adds: number; heard: number };

/**
 * The real form, its cart calls settled by hand. After each step it must agree with the model,
 * keep the invariants, and have made exactly the calls and announcements the step implies.
 */
const liveForm: LiveDriver<LiveForm> = {
  start: (input) => ({ ...startForm(input as OrderFormInput), sent: 0, adds: 0, heard: 0 }),
  deliver: async (form, event) => {
    if (settleCall(form.calls, event)) await settle();
    else form.actor.send(event as OrderFormEvent);
  },
  check: (form, step, path) => {
    const expected = (step?.after ?? path.initial) as Snapshot;
    const actual = form.actor.getSnapshot();
    expectInvariants(expected);
    expectInvariants(actual);
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    if (step) {
      // A call goes out exactly when its state is entered, with the form's postcode and item.
      expect(form.calls.setPostcode.slice(form.sent).map((call) => call.input)).toEqual(
        enters(step, { cart: { adding: 'settingPostcode' } })
          ? [
              {
                postcode: fullPostcode(expected.context.postcode),
                productType: expected.context.productType,
              },
            ]
          : [],
      );
      expect(form.calls.addToCart.slice(form.adds).map((call) => call.input)).toEqual(
        enters(step, { cart: { adding: 'addingToCart' } })
          ? [addToCartInput(expected.context)]
          : [],
      );
      // SPEC §4: after a successful add the postcode is locked again (when it can be shown).
      if (enters(step, { cart: { open: 'added' } })) {
        expect(expected.matches({ postcode: 'locked' })).toBe(
          typedPartOf(expected.context.savedPostcode, expected.context.postcode.prefix) !== null,
        );
      }
      // The page hears of a successful add once (the modal closes), and of each postcode warning.
      const heard = form.emitted.slice(form.heard);
      expect(heard).toEqual(step.emitted);
      expect(heard.filter((e) => e.type === 'added')).toHaveLength(
        enters(step, { cart: { open: 'added' } }) ? 1 : 0,
      );
      expect(heard.filter((e) => e.type === 'notify')).toHaveLength(
        step.event.type === 'ADD_TO_CART' && expected.matches({ cart: { open: 'invalidPostcode' } })
          ? 1
          : 0,
      );
    }
    form.sent = form.calls.setPostcode.length;
    form.adds = form.calls.addToCart.length;
    form.heard = form.emitted.length;
  },
  stop: (form) => form.actor.stop(),
};

/**
 * The model, explored once from every start: every distinct snapshot the events reach (1,448 of
 * them). Bounded well above that, so that a change that blows the model up fails instead of
 * crawling.
 */
const model = exploreModel({
  machine: orderFormMachine,
  events: modelEvents,
  starts: modelStarts,
  maxStates: 4_000,
});
/** A small set of paths that together reach every state and take every transition. */
const paths = coveringPaths(model);

describe('orderFormMachine: model-based', { timeout: MODEL_TIMEOUT }, () => {
  it('keeps the invariants in every reachable snapshot of the model', () => {
    expect(model.truncated).toBe(false);
    for (const { snapshot } of model.states) expectInvariants(snapshot as Snapshot);
  });

  it('replays a small set of paths: one per state node and per transition at most', () => {
    expect(paths.length).toBeLessThanOrEqual(
      machineStateIds(orderFormMachine).length + machineTransitionKeys(orderFormMachine).length,
    );
  });

  for (const path of paths) {
    it(path.description, { timeout: PATH_TIMEOUT }, () => replayPath(path, liveForm));
  }

  it('reaches every state and takes every transition of the machine', () => {
    // The starts take the eventless transitions: a form with no cart postcode opens its field,
    // and a product card's product (with or without a price) is chosen from the start.
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(orderFormMachine));
    expect(covered.transitions).toEqual(machineTransitionKeys(orderFormMachine));
  });

  it('names the states QA can see, each with a description', () => {
    expect(machineStateIds(orderFormMachine)).toEqual([
      'orderForm.cart',
      'orderForm.cart.adding',
      'orderForm.cart.adding.addingToCart',
      'orderForm.cart.adding.settingPostcode',
      'orderForm.cart.open',
      'orderForm.cart.open.added',
      'orderForm.cart.open.confirmingNewPostcode',
      'orderForm.cart.open.failed',
      'orderForm.cart.open.idle',
      'orderForm.cart.open.invalidPostcode',
      'orderForm.cart.open.refused',
      'orderForm.choice',
      'orderForm.choice.choosingProduct',
      'orderForm.choice.nothingToAdd',
      'orderForm.choice.somethingToAdd',
      'orderForm.postcode',
      'orderForm.postcode.editing',
      'orderForm.postcode.editing.changing',
      'orderForm.postcode.editing.entering',
      'orderForm.postcode.locked',
    ]);
    for (const id of machineStateIds(orderFormMachine)) {
      expect(orderFormMachine.getStateNodeById(id).description, id).toMatch(/^[A-Z].*\.$/);
    }
  });
});
