import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToLine,
  buildCartView,
  cartLimits,
  cartTotals,
  decidePostcodeChange,
  lineLimitRefusal,
  lineRoom,
  minimumOrderMessage,
  parseAddToCart,
  postcodeSetOutcome,
  unitPrice,
  type PendingItemView,
  type PricedLine,
  type TotalsLine,
  type TotalsZone,
} from './cart';
import { messages } from './messages';

const zones: TotalsZone[] = [
  { title: 'northern-ireland', rate: 600, minimumOrder: 3000 },
  { title: 'oil', rate: 0, minimumOrder: 15000 },
];

describe('parseAddToCart', () => {
  it('accepts numbers and digit strings, defaulting the quantity to 1', () => {
    expect(parseAddToCart({ type: 'coal', productId: 3, attributeId: '7', quantity: 2 })).toEqual({
      ok: true,
      value: { type: 'coal', productId: 3, attributeId: 7, quantity: 2 },
    });
    expect(parseAddToCart({ type: 'other', productId: '12' })).toEqual({
      ok: true,
      value: { type: 'other', productId: 12, attributeId: null, quantity: 1 },
    });
  });

  it.each([
    [null, [messages.cart.bodyInvalid]],
    [[1, 2], [messages.cart.bodyInvalid]],
    ['coal', [messages.cart.bodyInvalid]],
    [{ type: 'coal' }, [messages.cart.productIdRequired]],
    [{ type: 'gas', productId: 1 }, [messages.cart.typeInvalid]],
    [{ type: 'coal', productId: 1.5 }, [messages.cart.productIdInvalid]],
    [{ type: 'coal', productId: true }, [messages.cart.productIdInvalid]],
    [{ type: 'coal', productId: 0 }, [messages.cart.productIdInvalid]],
    [{ type: 'coal', productId: 1, attributeId: 'big' }, [messages.cart.attributeIdInvalid]],
    [{ type: 'coal', productId: 1, quantity: 0 }, [messages.cart.quantityInvalid(1, 20)]],
    [{ type: 'coal', productId: 1, quantity: 21 }, [messages.cart.quantityInvalid(1, 20)]],
    [{ type: 'coal', productId: 1, quantity: '2.5' }, [messages.cart.quantityInvalid(1, 20)]],
    [
      { type: 5, productId: 'x', quantity: -1 },
      [
        messages.cart.typeInvalid,
        messages.cart.productIdInvalid,
        messages.cart.quantityInvalid(1, 20),
      ],
    ],
  ])('%j is refused with %j', (body, errors) => {
    expect(parseAddToCart(body)).toEqual({ ok: false, errors });
  });

  it('accepts exactly the quantities 1 to 20', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (quantity) => {
        const result = parseAddToCart({ type: 'oil', productId: 1, quantity });
        expect(result.ok).toBe(quantity >= 1 && quantity <= 20);
      }),
      { numRuns: 100 },
    );
  });
});

describe('unitPrice (SPEC §9)', () => {
  it('prefers the size price, then the product price', () => {
    expect(unitPrice({ price: 500 }, { price: 700 })).toBe(700);
    expect(unitPrice({ price: 500 }, { price: null })).toBe(500);
    expect(unitPrice({ price: 500 }, null)).toBe(500);
    expect(unitPrice({ price: null }, { price: null })).toBeNull();
    expect(unitPrice({ price: null }, null)).toBeNull();
  });
});

describe('cartTotals', () => {
  it('is all zeros for an empty cart, which cannot check out', () => {
    const totals = cartTotals([], zones);
    expect(totals).toEqual({
      count: 0,
      subtotal: 0,
      deliveryCharge: 0,
      minimumOrder: 0,
      total: 0,
      meetsMinimumOrder: false,
    });
    expect(minimumOrderMessage(totals)).toBeNull();
  });

  it('charges the northern-ireland rate once for any number of non-oil lines', () => {
    const lines: TotalsLine[] = [
      { type: 'coal', price: 1395, quantity: 2 },
      { type: 'woodpellet', price: 745, quantity: 1 },
      { type: 'other', price: 350, quantity: 3 },
    ];
    const totals = cartTotals(lines, zones);
    expect(totals).toEqual({
      count: 6,
      subtotal: 2790 + 745 + 1050,
      deliveryCharge: 600,
      minimumOrder: 3000,
      total: 4585 + 600,
      meetsMinimumOrder: true,
    });
  });

  it('adds the oil zone and takes the larger minimum when oil is in the cart', () => {
    const totals = cartTotals(
      [
        { type: 'oil', price: 19200, quantity: 1 },
        { type: 'coal', price: 1395, quantity: 1 },
      ],
      zones,
    );
    expect(totals.deliveryCharge).toBe(600);
    expect(totals.minimumOrder).toBe(15000);
    expect(totals.total).toBe(19200 + 1395 + 600);
    expect(totals.meetsMinimumOrder).toBe(true);
  });

  it('explains a cart below its minimum order', () => {
    const totals = cartTotals([{ type: 'coal', price: 1395, quantity: 2 }], zones);
    expect(totals.meetsMinimumOrder).toBe(false);
    expect(minimumOrderMessage(totals)).toBe(
      'The minimum order for delivery to this postcode is £30.00.',
    );
    const exactly = cartTotals([{ type: 'coal', price: 1500, quantity: 2 }], zones);
    expect(exactly.meetsMinimumOrder).toBe(true);
  });

  it('keeps total = subtotal + delivery and count = sum of quantities', () => {
    const line = fc.record({
      type: fc.constantFrom('coal', 'oil', 'woodpellet', 'other' as const),
      price: fc.integer({ min: 0, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const totals = cartTotals(lines, zones);
        expect(totals.total).toBe(totals.subtotal + totals.deliveryCharge);
        expect(totals.count).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
        expect([0, 600]).toContain(totals.deliveryCharge);
        expect(Number.isSafeInteger(totals.total)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('line cap', () => {
  it('leaves room up to the per-line maximum', () => {
    expect(lineRoom(0)).toBe(cartLimits.maxLineQuantity);
    expect(lineRoom(19)).toBe(1);
    expect(lineRoom(20)).toBe(0);
    expect(lineRoom(25)).toBe(0);
  });

  it('adds to a line up to the cap and refuses, whole, anything beyond it', () => {
    expect(addToLine(0, 20)).toEqual({ ok: true, quantity: 20 });
    expect(addToLine(18, 2)).toEqual({ ok: true, quantity: 20 });
    expect(addToLine(18, 3)).toEqual({
      ok: false,
      refusal: { status: 422, message: messages.cart.lineLimit(20) },
    });
    expect(addToLine(20, 1)).toEqual({ ok: false, refusal: lineLimitRefusal() });
    expect(lineLimitRefusal()).toEqual({ status: 422, message: messages.cart.lineLimit(20) });
  });

  it('never lets a line go over the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: cartLimits.maxLineQuantity }),
        fc.integer({ min: cartLimits.minQuantity, max: cartLimits.maxQuantity }),
        (current, quantity) => {
          const added = addToLine(current, quantity);
          const fits = current + quantity <= cartLimits.maxLineQuantity;
          expect(added).toEqual(
            fits
              ? { ok: true, quantity: current + quantity }
              : { ok: false, refusal: lineLimitRefusal() },
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('setting a postcode (SPEC §4)', () => {
  it('refuses the postcode the cart already has', () => {
    expect(decidePostcodeChange('BT11AA', 'BT11AA')).toEqual({
      ok: false,
      refusal: { status: 409, message: messages.postcode.alreadySet },
    });
  });

  it('stores another postcode with the dialog closed and the waiting item taken out', () => {
    const reset = { postcode: 'BT22BB', showPostcodeModal: false, pendingItem: null };
    expect(decidePostcodeChange('BT11AA', 'BT22BB')).toEqual({ ok: true, values: reset });
    expect(decidePostcodeChange(null, 'BT22BB')).toEqual({ ok: true, values: reset });
    expect(decidePostcodeChange(undefined, 'BT22BB')).toEqual({ ok: true, values: reset });
  });

  it('answers by what became of the waiting item', () => {
    expect(postcodeSetOutcome('none')).toEqual({ status: 200, message: messages.postcode.set });
    expect(postcodeSetOutcome('added')).toEqual({ status: 201, message: messages.cart.added });
    expect(postcodeSetOutcome({ refused: messages.cart.cannotDeliver })).toEqual({
      status: 200,
      message: messages.postcode.set,
      warnings: [messages.cart.cannotDeliver],
    });
  });
});

describe('buildCartView', () => {
  const coal: PricedLine = {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'coal',
    productId: 1,
    attributeId: 11,
    title: 'Premium House Coal',
    attribute: '40kg bag',
    price: 2495,
    quantity: 2,
    image: '/house-coal.svg',
  };
  const kindling: PricedLine = {
    id: '00000000-0000-4000-8000-000000000002',
    type: 'other',
    productId: 14,
    attributeId: null,
    title: 'Kindling',
    attribute: null,
    price: 350,
    quantity: 1,
    image: null,
  };
  const base = {
    cartId: '5f0c8a4e-1111-4000-8000-000000000001',
    postcode: 'BT11AA',
    showPostcodeModal: false,
  };

  it('shows each line with its total, and the totals of the cart', () => {
    expect(buildCartView({ ...base, lines: [coal, kindling] }, zones)).toEqual({
      ...base,
      items: [
        { ...coal, lineTotal: 4990 },
        { ...kindling, lineTotal: 350 },
      ],
      count: 3,
      subtotal: 5340,
      deliveryCharge: 600,
      minimumOrder: 3000,
      total: 5940,
      meetsMinimumOrder: true,
      minimumOrderMessage: null,
    });
  });

  it('says why a cart below its minimum order cannot check out', () => {
    const view = buildCartView({ ...base, lines: [kindling] }, zones);
    expect(view.meetsMinimumOrder).toBe(false);
    expect(view.minimumOrderMessage).toBe(messages.cart.minimumOrder('£30.00'));
  });

  it('shows a cart with nothing in it yet: no lines, no totals, no message', () => {
    const view = buildCartView(
      { ...base, postcode: null, showPostcodeModal: true, lines: [] },
      zones,
    );
    expect(view).toEqual({
      ...base,
      postcode: null,
      showPostcodeModal: true,
      items: [],
      ...cartTotals([], zones),
      minimumOrderMessage: null,
    });
  });

  it('has a pending item and warnings only when there are some', () => {
    const pendingItem: PendingItemView = {
      type: 'coal',
      productId: 1,
      attributeId: 11,
      quantity: 1,
      title: 'Premium House Coal',
      attribute: '40kg bag',
    };
    const bare = buildCartView({ ...base, lines: [coal], pendingItem: null, warnings: [] }, zones);
    expect(bare).not.toHaveProperty('pendingItem');
    expect(bare).not.toHaveProperty('warnings');
    const warnings = [messages.cart.cannotDeliver];
    const full = buildCartView({ ...base, lines: [coal], pendingItem, warnings }, zones);
    expect(full.pendingItem).toEqual(pendingItem);
    expect(full.warnings).toEqual([messages.cart.cannotDeliver]);
    // The view keeps a copy: the caller's list is not shared with it.
    expect(full.warnings).not.toBe(warnings);
  });

  it('agrees with cartTotals and prices every line as price x quantity', () => {
    const line = fc.record({
      type: fc.constantFrom('coal', 'oil', 'woodpellet', 'other' as const),
      price: fc.integer({ min: 0, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: cartLimits.maxLineQuantity }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (raw) => {
        const lines: PricedLine[] = raw.map((l, i) => ({
          ...l,
          id: `line-${i}`,
          productId: i + 1,
          attributeId: null,
          title: `Product ${i + 1}`,
          attribute: null,
          image: null,
        }));
        const view = buildCartView({ ...base, lines }, zones);
        const totals = cartTotals(raw, zones);
        expect(view).toMatchObject(totals);
        expect(view.minimumOrderMessage).toBe(minimumOrderMessage(totals));
        expect(view.items.map((item) => item.lineTotal)).toEqual(
          raw.map((l) => l.price * l.quantity),
        );
      }),
      { numRuns: 100 },
    );
  });
});
