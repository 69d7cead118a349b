import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productTypes, type ProductType } from './catalogue';
import type { VatRate } from './order';
import {
  computeVat,
  declarationApplies,
  deliveriesFor,
  domesticLimits,
  fuelKindOf,
  priceAt,
  roundDivide,
  storedVatBreakdown,
  vatIncluded,
  vatRates,
  type VatInput,
  type VatLineInput,
} from './vat';

/** Property runs are small and bounded ({ numRuns: 200 }): the unit lane shares two busy cores. */
const line: fc.Arbitrary<VatLineInput> = fc.record({
  type: fc.constantFrom<ProductType>(...productTypes),
  lineTotal: fc.integer({ min: 0, max: 2_000_000 }),
  litres: fc.integer({ min: 0, max: 4000 }),
  kilograms: fc.integer({ min: 0, max: 1500 }),
});

/** An order: its lines, and a delivery charge for each kind of fuel among them (as a zone's rate). */
const input: fc.Arbitrary<VatInput> = fc
  .record({
    lines: fc.array(line, { maxLength: 6 }),
    charges: fc.record({ oil: fc.nat(5000), solid: fc.nat(5000) }),
    domesticUse: fc.boolean(),
  })
  .map(({ lines, charges, domesticUse }) => ({
    lines,
    deliveries: [...new Set(lines.map((l) => fuelKindOf(l.type)))].map((kind) => ({
      kind,
      charge: charges[kind],
    })),
    domesticUse,
  }));

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('roundDivide and vatIncluded', () => {
  it('rounds halves up', () => {
    expect(roundDivide(5, 10)).toBe(1);
    expect(roundDivide(4, 10)).toBe(0);
    expect(roundDivide(15, 10)).toBe(2);
    expect(roundDivide(0, 7)).toBe(0);
  });

  it('refuses negative or fractional input', () => {
    expect(() => roundDivide(-1, 10)).toThrow(RangeError);
    expect(() => roundDivide(1.5, 10)).toThrow(RangeError);
    expect(() => roundDivide(1, 0)).toThrow(RangeError);
    expect(() => vatIncluded(-5, 500)).toThrow(RangeError);
  });

  it('is round(gross × rate / (10000 + rate))', () => {
    // £192.00 of oil at 5 %: 19200 × 500 / 10500 = 914.28…
    expect(vatIncluded(19200, 500)).toBe(914);
    // £12.00 at 20 %: exactly £2.00.
    expect(vatIncluded(1200, 2000)).toBe(200);
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.constantFrom<VatRate>(500, 2000), (gross, rate) => {
        const vat = vatIncluded(gross, rate);
        expect(Math.abs(vat - (gross * rate) / (10000 + rate))).toBeLessThanOrEqual(0.5);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(vat).toBeLessThanOrEqual(gross);
      }),
      { numRuns: 200 },
    );
  });
});

describe('priceAt', () => {
  it('keeps the catalogue amount at 5 %', () => {
    expect(priceAt(53500, 500)).toEqual({ rate: 500, charged: 53500, vat: 2548, adjustment: 0 });
  });

  it('keeps the price before VAT at 20 %: the extra VAT is the adjustment', () => {
    // 900 L at £535.00 incl. 5 %: £509.52 before VAT, £611.43 at 20 %.
    const part = priceAt(53500, 2000);
    expect(part).toEqual({ rate: 2000, charged: 61143, vat: 10191, adjustment: 7643 });
    expect(part.charged - part.vat).toBe(53500 - vatIncluded(53500, 500));
  });

  it('at 20 %: adjustment ≥ 0, VAT is 20 % of the price before VAT to the penny', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), (amount) => {
        const reduced = priceAt(amount, 500);
        const standard = priceAt(amount, 2000);
        expect(standard.adjustment).toBeGreaterThanOrEqual(0);
        expect(standard.charged).toBe(amount + standard.adjustment);
        const net = standard.charged - standard.vat;
        // VAT is rounded as a part of the gross: within 1.2 × ½p of 20 % of the net.
        expect(Math.abs(standard.vat - net * 0.2)).toBeLessThanOrEqual(0.6 + 1e-9);
        // The price before VAT is the catalogue's, to within a penny of rounding.
        expect(Math.abs(net - (reduced.charged - reduced.vat))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});

describe('computeVat', () => {
  const oil = (litres: number, lineTotal: number): VatLineInput => ({
    type: 'oil',
    lineTotal,
    litres,
    kilograms: 0,
  });
  const coal = (kilograms: number, lineTotal: number): VatLineInput => ({
    type: 'coal',
    lineTotal,
    litres: 0,
    kilograms,
  });

  it('3 × 900 L of oil without the declaration: 20 % and an adjustment line', () => {
    const result = computeVat({
      lines: [oil(2700, 160500)],
      deliveries: [{ kind: 'oil', charge: 0 }],
      domesticUse: false,
    });
    expect(result.declarationApplies).toBe(true);
    expect(result.rates.oil).toBe(2000);
    expect(result.lines[0]?.rate).toBe(2000);
    expect(result.vatAdjustment).toBe(22929);
    expect(result.total).toBe(160500 + 22929);
    expect(result.vatBreakdown).toEqual([{ rate: 2000, amount: 30572 }]);
    expect(result.vatTotal).toBe(30572);
  });

  it('3 × 900 L of oil with the declaration: 5 %, no adjustment', () => {
    const result = computeVat({
      lines: [oil(2700, 160500)],
      deliveries: [{ kind: 'oil', charge: 0 }],
      domesticUse: true,
    });
    expect(result.declarationApplies).toBe(true);
    expect(result.vatAdjustment).toBe(0);
    expect(result.total).toBe(160500);
    expect(result.vatBreakdown).toEqual([{ rate: 500, amount: 7643 }]);
  });

  it('is domestic up to the limits exactly, and each kind of fuel has its own limit', () => {
    const atLimits = computeVat({
      lines: [oil(domesticLimits.litres, 100000), coal(domesticLimits.kilograms, 50000)],
      deliveries: [],
      domesticUse: false,
    });
    expect(atLimits.declarationApplies).toBe(false);
    expect(atLimits.rates).toEqual({ oil: 500, solid: 500 });

    // 1,040 kg of coal with 300 L of oil: the coal (and its lorry) at 20 %, the oil at 5 %.
    const mixed = computeVat({
      lines: [oil(300, 19200), coal(1040, 64870)],
      deliveries: [
        { kind: 'solid', charge: 600 },
        { kind: 'oil', charge: 0 },
      ],
      domesticUse: false,
    });
    expect(mixed.rates).toEqual({ oil: 500, solid: 2000 });
    expect(mixed.lines.map((l) => l.rate)).toEqual([500, 2000]);
    expect(mixed.deliveries.map((d) => [d.kind, d.rate])).toEqual([
      ['solid', 2000],
      ['oil', 500],
    ]);
    expect(mixed.vatBreakdown.map((b) => b.rate)).toEqual([500, 2000]);
  });

  it('counts litres only for oil and kilograms only for solid fuel', () => {
    const result = computeVat({
      lines: [
        { type: 'coal', lineTotal: 100, litres: 5000, kilograms: 10 },
        { type: 'oil', lineTotal: 100, litres: 10, kilograms: 5000 },
      ],
      deliveries: [],
      domesticUse: false,
    });
    expect(result.litres).toBe(10);
    expect(result.kilograms).toBe(10);
    expect(result.declarationApplies).toBe(false);
  });

  it('an empty order is all zeros', () => {
    const result = computeVat({ lines: [], deliveries: [], domesticUse: false });
    expect(result).toMatchObject({
      subtotal: 0,
      deliveryCharge: 0,
      vatAdjustment: 0,
      vatBreakdown: [],
      vatTotal: 0,
      total: 0,
    });
  });

  it('refuses two delivery charges for one kind of fuel', () => {
    expect(() =>
      computeVat({
        lines: [],
        deliveries: [
          { kind: 'oil', charge: 1 },
          { kind: 'oil', charge: 2 },
        ],
        domesticUse: false,
      }),
    ).toThrow(RangeError);
  });

  it('property: the parts add up exactly, and nothing is negative', () => {
    fc.assert(
      fc.property(input, (order) => {
        const r = computeVat(order);
        const parts = [...r.lines, ...r.deliveries];
        expect(r.subtotal).toBe(sum(order.lines.map((l) => l.lineTotal)));
        expect(r.deliveryCharge).toBe(sum(order.deliveries.map((d) => d.charge)));
        expect(r.total).toBe(r.subtotal + r.deliveryCharge + r.vatAdjustment);
        expect(r.total).toBe(sum(parts.map((p) => p.charged)));
        expect(r.vatAdjustment).toBe(sum(parts.map((p) => p.adjustment)));
        expect(r.vatTotal).toBe(sum(r.vatBreakdown.map((b) => b.amount)));
        expect(r.vatTotal).toBe(sum(parts.map((p) => p.vat)));
        expect(r.vatAdjustment).toBeGreaterThanOrEqual(0);
        expect(r.vatTotal).toBeLessThanOrEqual(r.total);
        for (const part of parts) {
          expect(part.vat).toBeGreaterThanOrEqual(0);
          expect(part.charged).toBeGreaterThanOrEqual(part.vat);
          expect(part.adjustment).toBeGreaterThanOrEqual(0);
        }
        for (const value of [r.subtotal, r.total, r.vatTotal, r.vatAdjustment]) {
          expect(Number.isSafeInteger(value)).toBe(true);
        }
        // The breakdown lists only rates in use, lowest first, each once.
        const rates = r.vatBreakdown.map((b) => b.rate);
        expect(rates).toEqual([...new Set(parts.map((p) => p.rate))].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });

  it('property: 5 % everywhere when within the limits or declared; otherwise 20 % for that fuel', () => {
    fc.assert(
      fc.property(input, (order) => {
        const r = computeVat(order);
        const within = !declarationApplies(r.litres, r.kilograms);
        expect(r.declarationApplies).toBe(!within);
        if (within || order.domesticUse) {
          expect([...r.lines, ...r.deliveries].every((p) => p.rate === 500)).toBe(true);
          expect(r.vatAdjustment).toBe(0);
          expect(r.total).toBe(r.subtotal + r.deliveryCharge);
        }
        r.lines.forEach((part, i) => {
          const kind = fuelKindOf(order.lines[i]?.type ?? 'coal');
          const over =
            kind === 'oil'
              ? r.litres > domesticLimits.litres
              : r.kilograms > domesticLimits.kilograms;
          expect(part.rate).toBe(over && !order.domesticUse ? 2000 : 500);
        });
        // The delivery of each kind of fuel takes that fuel's rate.
        for (const delivery of r.deliveries) expect(delivery.rate).toBe(r.rates[delivery.kind]);
      }),
      { numRuns: 200 },
    );
  });

  it('property: the declaration never costs more, and leaves the catalogue amounts alone', () => {
    fc.assert(
      fc.property(input, (order) => {
        const declared = computeVat({ ...order, domesticUse: true });
        const undeclared = computeVat({ ...order, domesticUse: false });
        expect(declared.total).toBeLessThanOrEqual(undeclared.total);
        expect(declared.subtotal).toBe(undeclared.subtotal);
        expect(declared.deliveryCharge).toBe(undeclared.deliveryCharge);
      }),
      { numRuns: 200 },
    );
  });
});

describe('deliveriesFor', () => {
  const zones = [
    { title: 'northern-ireland', rate: 600 },
    { title: 'oil', rate: 250 },
  ];

  it('charges each zone the lines need once, for the fuel it delivers', () => {
    expect(deliveriesFor(['coal', 'other', 'woodpellet'], zones)).toEqual([
      { kind: 'solid', charge: 600 },
    ]);
    expect(deliveriesFor(['oil', 'coal'], zones)).toEqual([
      { kind: 'oil', charge: 250 },
      { kind: 'solid', charge: 600 },
    ]);
    expect(deliveriesFor([], zones)).toEqual([]);
  });

  it('a zone missing from the catalogue is free', () => {
    expect(deliveriesFor(['oil'], [{ title: 'northern-ireland', rate: 600 }])).toEqual([]);
  });
});

describe('storedVatBreakdown', () => {
  it('property: a stored order gives back its breakdown (to a penny between rates when mixed)', () => {
    fc.assert(
      fc.property(input, (order) => {
        const r = computeVat(order);
        const stored = storedVatBreakdown({
          lines: order.lines.map((l, i) => ({
            lineTotal: l.lineTotal,
            vatRate: r.lines[i]?.rate ?? vatRates.reduced,
            vatAmount: r.lines[i]?.vat ?? 0,
          })),
          deliveryCharge: r.deliveryCharge,
          vatAdjustment: r.vatAdjustment,
          vatTotal: r.vatTotal,
        });
        expect(sum(stored.map((b) => b.amount))).toBe(r.vatTotal);
        const mixed = new Set(r.lines.map((l) => l.rate)).size > 1;
        if (!mixed && order.lines.length > 0) {
          expect(stored).toEqual(r.vatBreakdown);
        } else {
          for (const entry of r.vatBreakdown) {
            const found = stored.find((s) => s.rate === entry.rate)?.amount ?? 0;
            expect(Math.abs(found - entry.amount)).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
