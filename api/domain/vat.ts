/**
 * VAT on fuel (HMRC VAT Notice 701/19, "Fuel and power"). Pure: the API prices checkouts and
 * orders with it, and the browser may reuse it. All money is whole pence.
 *
 * The rules:
 * - Catalogue prices include VAT at the reduced (domestic) rate of 5 %.
 * - A delivery is domestic automatically, at 5 %, up to 2,300 litres of heating oil, or up to
 *   1 tonne (1,000 kg) of solid fuel. Every product type but oil counts as solid fuel here (coal,
 *   wood pellets, briquettes, logs, kindling). Oil and solid fuel arrive separately (a tanker, a
 *   lorry), so each has its own limit.
 * - A size without known litres (oil) or kilograms (solid fuel) counts as 0 towards its limit:
 *   the shop should fill `product_sizes.litres` / `.kilograms` for every size it sells in bulk.
 * - Above a limit, 5 % applies only when the customer declares domestic use. Without the
 *   declaration that fuel is charged at the standard rate of 20 %: its price before VAT stays
 *   the catalogue's, and the extra VAT is shown as its own line (`vatAdjustment`).
 * - The delivery charge follows the goods it delivers (HMRC: a delivery charge for goods is part
 *   of the supply of the goods). Each shipping zone delivers one kind of fuel (the "oil" zone oil,
 *   the "northern-ireland" zone everything else), so each zone's charge is VAT'd at the rate of
 *   that kind of fuel in this order.
 *
 * Rounding, per amount (each line and each delivery charge):
 * - at 5 %: the amount charged is the catalogue amount G; its VAT is round(G × 500 / 10500);
 * - at 20 %: the amount charged is round(G × 12000 / 10500) (the same price before VAT, with VAT at
 *   20 % instead of 5 %); its VAT is round(charged × 2000 / 12000); the adjustment is charged − G.
 * Halves round up. The order's figures are sums of these whole-pence parts, so they add up
 * exactly: total = subtotal + deliveryCharge + vatAdjustment = Σ charged, and
 * vatTotal = Σ vatBreakdown = Σ VAT of every part.
 */
import type { ProductType } from './catalogue';
import type { Pence } from './money';
import type { VatRate } from './order';
import { zoneFor } from './postcode';

/** VAT rates in basis points. */
export const vatRates = { reduced: 500, standard: 2000 } as const satisfies Record<string, VatRate>;

/** HMRC Notice 701/19's limits for an automatically domestic delivery. */
export const domesticLimits = { litres: 2300, kilograms: 1000 } as const;

/** Oil goes by tanker; everything else is solid fuel and goes by lorry. */
export type FuelKind = 'oil' | 'solid';

export const fuelKinds: readonly FuelKind[] = ['oil', 'solid'];

export function fuelKindOf(type: ProductType): FuelKind {
  return type === 'oil' ? 'oil' : 'solid';
}

/** The product type whose delivery zone delivers a kind of fuel. */
const zoneTypeOf: Record<FuelKind, ProductType> = { oil: 'oil', solid: 'coal' };

/** Rounds `numerator / denominator` to the nearest whole number, halves up (both ≥ 0). */
export function roundDivide(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) {
    throw new RangeError(`Not a whole number of 0 or more: ${String(numerator)}`);
  }
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Not a whole number above 0: ${String(denominator)}`);
  }
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

function checkPence(amount: number, what: string): void {
  // Limits keep every product below Number.MAX_SAFE_INTEGER (amount × 12000).
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > 100_000_000_000) {
    throw new RangeError(`${what} must be whole pence from 0 to £1bn: ${String(amount)}`);
  }
}

/** The VAT included in a gross amount at `rate`: round(gross × rate / (10000 + rate)). */
export function vatIncluded(gross: Pence, rate: VatRate): Pence {
  checkPence(gross, 'A gross amount');
  return roundDivide(gross * rate, 10000 + rate);
}

/** One amount (a line, a delivery charge) priced at a rate. */
export interface VatPart {
  rate: VatRate;
  /** What the customer pays for it: the catalogue amount, plus `adjustment` at 20 %. */
  charged: Pence;
  /** The VAT included in `charged`. */
  vat: Pence;
  /** The extra VAT over the catalogue amount (0 at 5 %). */
  adjustment: Pence;
}

/** An amount from the catalogue (VAT at 5 % included) priced at `rate`. */
export function priceAt(catalogueAmount: Pence, rate: VatRate): VatPart {
  checkPence(catalogueAmount, 'An amount');
  const charged =
    rate === vatRates.reduced
      ? catalogueAmount
      : roundDivide(catalogueAmount * (10000 + rate), 10000 + vatRates.reduced);
  return {
    rate,
    charged,
    vat: vatIncluded(charged, rate),
    adjustment: charged - catalogueAmount,
  };
}

export interface VatLineInput {
  type: ProductType;
  /** The line's total at catalogue prices (VAT at 5 % included). */
  lineTotal: Pence;
  /** Litres of oil in the whole line (units × litres per unit; 0 when unknown). */
  litres: number;
  /** Kilograms of solid fuel in the whole line (0 when unknown). */
  kilograms: number;
}

export interface VatDeliveryInput {
  kind: FuelKind;
  /** The delivery charge for this kind of fuel, as the zone lists it (VAT at 5 % included). */
  charge: Pence;
}

export interface VatInput {
  lines: readonly VatLineInput[];
  /** At most one entry per kind; a kind with no goods in the order should have none. */
  deliveries: readonly VatDeliveryInput[];
  /** The customer declared domestic use (5 % above the limits). */
  domesticUse: boolean;
}

export interface VatResult {
  /** Per input line, in order. */
  lines: VatPart[];
  /** Per input delivery, in order. */
  deliveries: (VatPart & { kind: FuelKind })[];
  /** The rate of each kind of fuel in this order. */
  rates: Record<FuelKind, VatRate>;
  litres: number;
  kilograms: number;
  /** True when the order is above a limit, so the declaration decides the rate. */
  declarationApplies: boolean;
  /** Catalogue amounts: Σ line totals, Σ delivery charges. */
  subtotal: Pence;
  deliveryCharge: Pence;
  vatAdjustment: Pence;
  /** Only the rates some part uses, lowest first. */
  vatBreakdown: { rate: VatRate; amount: Pence }[];
  vatTotal: Pence;
  /** subtotal + deliveryCharge + vatAdjustment. */
  total: Pence;
}

function quantity(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of 0 or more: ${String(value)}`);
  }
  return value;
}

/** The rate of each kind of fuel for these amounts of it. */
export function ratesFor(
  litres: number,
  kilograms: number,
  domesticUse: boolean,
): Record<FuelKind, VatRate> {
  const rate = (withinLimit: boolean): VatRate =>
    withinLimit || domesticUse ? vatRates.reduced : vatRates.standard;
  return {
    oil: rate(litres <= domesticLimits.litres),
    solid: rate(kilograms <= domesticLimits.kilograms),
  };
}

/** True when either amount is above its automatic limit: the declaration is asked for. */
export function declarationApplies(litres: number, kilograms: number): boolean {
  return litres > domesticLimits.litres || kilograms > domesticLimits.kilograms;
}

/** Prices an order's lines and delivery charges with VAT (see the rules at the top). */
export function computeVat(input: VatInput): VatResult {
  let litres = 0;
  let kilograms = 0;
  for (const line of input.lines) {
    // Litres of oil and kilograms of solid fuel: a coal line's "litres" never count, nor the reverse.
    if (fuelKindOf(line.type) === 'oil') litres += quantity(line.litres, 'Litres');
    else kilograms += quantity(line.kilograms, 'Kilograms');
  }
  const rates = ratesFor(litres, kilograms, input.domesticUse);

  const lines = input.lines.map((line) => priceAt(line.lineTotal, rates[fuelKindOf(line.type)]));
  const seen = new Set<FuelKind>();
  const deliveries = input.deliveries.map((delivery) => {
    if (seen.has(delivery.kind)) throw new RangeError(`Two delivery charges for ${delivery.kind}.`);
    seen.add(delivery.kind);
    return { kind: delivery.kind, ...priceAt(delivery.charge, rates[delivery.kind]) };
  });

  const perRate = new Map<VatRate, Pence>();
  let vatAdjustment = 0;
  let total = 0;
  for (const part of [...lines, ...deliveries]) {
    perRate.set(part.rate, (perRate.get(part.rate) ?? 0) + part.vat);
    vatAdjustment += part.adjustment;
    total += part.charged;
  }
  const vatBreakdown = [...perRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, amount]) => ({ rate, amount }));
  const subtotal = input.lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const deliveryCharge = input.deliveries.reduce((sum, d) => sum + d.charge, 0);
  return {
    lines,
    deliveries,
    rates,
    litres,
    kilograms,
    declarationApplies: declarationApplies(litres, kilograms),
    subtotal,
    deliveryCharge,
    vatAdjustment,
    vatBreakdown,
    vatTotal: vatBreakdown.reduce((sum, entry) => sum + entry.amount, 0),
    total,
  };
}

/**
 * The delivery charge of each kind of fuel in an order: the rate of the zone that delivers it (as
 * `cartTotals` charges them: each zone the lines need, once). A zone missing from the list is free.
 */
export function deliveriesFor(
  types: readonly ProductType[],
  zones: readonly { title: string; rate: Pence }[],
): VatDeliveryInput[] {
  const kinds = new Set(types.map(fuelKindOf));
  const charged = new Set<string>();
  const deliveries: VatDeliveryInput[] = [];
  for (const kind of fuelKinds) {
    if (!kinds.has(kind)) continue;
    const zone = zoneFor(zoneTypeOf[kind], zones);
    if (!zone || charged.has(zone.title)) continue;
    charged.add(zone.title);
    deliveries.push({ kind, charge: zone.rate });
  }
  return deliveries;
}

/**
 * The VAT breakdown of a stored order, which keeps each line's rate and VAT but only the totals
 * of its delivery charges (`deliveryCharge`, and the order's `vatTotal` and `vatAdjustment`).
 * Exact when the order's goods share one rate (nearly every order): the delivery's VAT is at that
 * rate. When the goods are at both rates, the part of the delivery charged at 20 % is found again
 * from the delivery's adjustment (its VAT to within a penny, split between the two rates); the
 * amounts always add up to `vatTotal`.
 */
export function storedVatBreakdown(order: {
  lines: readonly { lineTotal: Pence; vatRate: VatRate; vatAmount: Pence }[];
  deliveryCharge: Pence;
  vatAdjustment: Pence;
  vatTotal: Pence;
}): { rate: VatRate; amount: Pence }[] {
  const perRate = new Map<VatRate, Pence>();
  let linesVat = 0;
  let linesAdjustment = 0;
  for (const line of order.lines) {
    perRate.set(line.vatRate, (perRate.get(line.vatRate) ?? 0) + line.vatAmount);
    linesVat += line.vatAmount;
    linesAdjustment += priceAt(line.lineTotal, line.vatRate).adjustment;
  }
  const deliveryVat = order.vatTotal - linesVat;
  if (deliveryVat !== 0 || order.deliveryCharge !== 0) {
    const rates = [...perRate.keys()];
    if (rates.length === 1 && rates[0] !== undefined) {
      perRate.set(rates[0], (perRate.get(rates[0]) ?? 0) + deliveryVat);
    } else if (rates.length === 0) {
      const rate = order.vatAdjustment > 0 ? vatRates.standard : vatRates.reduced;
      perRate.set(rate, deliveryVat);
    } else {
      const split = splitDelivery(
        order.deliveryCharge,
        deliveryVat,
        order.vatAdjustment - linesAdjustment,
      );
      perRate.set(vatRates.reduced, (perRate.get(vatRates.reduced) ?? 0) + split.reduced);
      perRate.set(vatRates.standard, (perRate.get(vatRates.standard) ?? 0) + split.standard);
    }
  }
  return [...perRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, amount]) => ({ rate, amount }));
}

/** How a delivery's VAT splits between 5 % and 20 %, given its total VAT and adjustment. */
function splitDelivery(
  charge: Pence,
  vat: Pence,
  adjustment: Pence,
): { reduced: Pence; standard: Pence } {
  if (adjustment <= 0) return { reduced: vat, standard: 0 };
  // The 20 % part's catalogue amount is within a few pence of 7 × its adjustment.
  const centre = adjustment * 7;
  for (let offset = 0; offset <= 4; offset += 1) {
    for (const standardPart of offset === 0 ? [centre] : [centre - offset, centre + offset]) {
      if (standardPart < 0 || standardPart > charge) continue;
      const standard = priceAt(standardPart, vatRates.standard);
      const reduced = priceAt(charge - standardPart, vatRates.reduced);
      if (standard.adjustment === adjustment && standard.vat + reduced.vat === vat) {
        return { reduced: reduced.vat, standard: standard.vat };
      }
    }
  }
  const standard = Math.min(vat, priceAt(Math.min(centre, charge), vatRates.standard).vat);
  return { reduced: vat - standard, standard };
}
