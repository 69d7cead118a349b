import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cartLimits,
  cartTotals,
  lineRoom,
  minimumOrderMessage,
  parseAddToCart,
  unitPrice,
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
});
