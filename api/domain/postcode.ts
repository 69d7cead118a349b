/**
 * Postcodes and the delivery check (SPEC §5 "Postcode", "Delivery check"). Pure: the API is the
 * authority and the browser reuses these for instant feedback.
 */
import { zoneTitles, type ProductType } from './catalogue';
import { messages } from './messages';

/** A postcode is 6 or 7 characters once spaces are removed (SPEC §9). */
export const postcodeLengths = [6, 7] as const;

/** The order form's fixed prefix (SPEC §9). */
export const defaultPostcodePrefix = 'BT';

export type PostcodeWording = 'modal' | 'orderForm';

/** "bt1 1aa" -> "BT11AA": every kind of whitespace removed, upper-cased. */
export function normalisePostcode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Northern Ireland's postcode districts (Royal Mail's BT area): BT1–BT49, BT51–BT58 (BT58 has PO
 * boxes only), BT60–BT71, BT74–BT82 and BT92–BT94. No other BT district exists.
 */
const niDistricts: readonly (readonly [number, number])[] = [
  [1, 49],
  [51, 58],
  [60, 71],
  [74, 82],
  [92, 94],
];

/**
 * A real Northern Ireland postcode (normalised): `BT`, a district that exists, then the inward
 * code, a digit and two letters (never C, I, K, M, O or V).
 */
export function isNorthernIrelandPostcode(postcode: string): boolean {
  const match = /^BT([1-9][0-9]?)[0-9][ABD-HJLNP-UW-Z]{2}$/.exec(postcode);
  if (!match) return false;
  const district = Number(match[1]);
  return niDistricts.some(([from, to]) => district >= from && district <= to);
}

/**
 * null when the postcode is acceptable, otherwise the message to show. The modal and the order
 * form word the length error differently (SPEC §5 gives both). Besides the length, the postcode
 * must be a real Northern Ireland one (the only place the shop delivers to): the same message
 * covers a postcode from elsewhere or one that does not exist (BT99 9ZZ).
 */
export function validatePostcode(value: string, wording: PostcodeWording): string | null {
  const postcode = normalisePostcode(value);
  if (postcode === '') return messages.postcode.required;
  const lengthOk = (postcodeLengths as readonly number[]).includes(postcode.length);
  if (!lengthOk || !isNorthernIrelandPostcode(postcode)) {
    return wording === 'modal'
      ? messages.postcode.invalidModal
      : messages.postcode.invalidOrderForm;
  }
  return null;
}

/**
 * The outward code the zones list: the first 3 characters of a 6-character postcode, the first 4
 * of a 7-character one. null for any other length. The input is normalised first.
 */
export function outwardCode(postcode: string): string | null {
  const normalised = normalisePostcode(postcode);
  if (normalised.length === 6) return normalised.slice(0, 3);
  if (normalised.length === 7) return normalised.slice(0, 4);
  return null;
}

/** Oil goes by tanker (the oil zone); everything else by lorry (northern-ireland). */
export function zoneTitleFor(productType: ProductType): string {
  return productType === 'oil' ? zoneTitles.oil : zoneTitles.northernIreland;
}

export interface DeliveryZone {
  title: string;
  /** Outward codes, any case ("bt1", "BT47"). */
  postcodes: readonly string[];
}

/** The zone that delivers a product type, if the catalogue has it. */
export function zoneFor<Z extends { title: string }>(
  productType: ProductType,
  zones: readonly Z[],
): Z | undefined {
  const title = zoneTitleFor(productType);
  return zones.find((zone) => zone.title.toLowerCase() === title);
}

/** Whether the zone lists this outward code (any case, surrounding spaces ignored). */
function zoneCovers(zone: DeliveryZone, outward: string): boolean {
  const wanted = outward.toLowerCase();
  return zone.postcodes.some((prefix) => prefix.trim().toLowerCase() === wanted);
}

/** Whether any zone delivers to the postcode (whatever the product). */
export function isServed(postcode: string, zones: readonly DeliveryZone[]): boolean {
  const outward = outwardCode(postcode);
  return outward !== null && zones.some((zone) => zoneCovers(zone, outward));
}

/** Whether a product of this type can be delivered to the postcode (SPEC §5 "Delivery check"). */
export function canDeliver(
  postcode: string,
  productType: ProductType,
  zones: readonly DeliveryZone[],
): boolean {
  const outward = outwardCode(postcode);
  const zone = zoneFor(productType, zones);
  return outward !== null && zone !== undefined && zoneCovers(zone, outward);
}

/** "BT11AA" -> "BT1 1AA": the inward code is always the last three characters. */
export function displayPostcode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}
