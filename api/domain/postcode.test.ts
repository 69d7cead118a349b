import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductType } from './catalogue';
import { messages } from './messages';
import {
  canDeliver,
  isNorthernIrelandPostcode,
  normalisePostcode,
  outwardCode,
  validatePostcode,
  zoneTitleFor,
  type DeliveryZone,
} from './postcode';

/** Shaped like the seeded zones: NI has BT1–BT49 (and more, not BT50); oil a subset without BT47. */
const zones: DeliveryZone[] = [
  { title: 'northern-ireland', postcodes: ['bt1', 'bt3', 'bt47', 'bt49', 'bt51', 'bt94'] },
  { title: 'oil', postcodes: ['bt1', 'bt3', 'bt45'] },
];

/** Letters, digits and assorted whitespace, as a visitor might type them. */
const typed = fc
  .array(fc.constantFrom(...'abcXYZ019 \t\n\u00a0'.split('')), { maxLength: 12 })
  .map((chars) => chars.join(''));
const postcodeLike = fc.stringMatching(/^[A-Za-z0-9]{6,7}$/);

/** Real Northern Ireland postcodes: an existing BT district, a digit, two letters (not CIKMOV). */
const niDistrictNumbers = [
  ...Array.from({ length: 49 }, (_, i) => i + 1),
  ...Array.from({ length: 8 }, (_, i) => i + 51),
  ...Array.from({ length: 12 }, (_, i) => i + 60),
  ...Array.from({ length: 9 }, (_, i) => i + 74),
  92,
  93,
  94,
];
const niPostcode = fc
  .tuple(
    fc.constantFrom(...niDistrictNumbers),
    fc.integer({ min: 0, max: 9 }),
    fc.stringMatching(/^[ABD-HJLNP-UW-Z]{2}$/),
  )
  .map(([district, sector, unit]) => `BT${district}${sector}${unit}`);

describe('normalisePostcode (SPEC §5)', () => {
  it('strips spaces and upper-cases', () => {
    expect(normalisePostcode(' bt1 1aa ')).toBe('BT11AA');
    expect(normalisePostcode('bt47\t3xy')).toBe('BT473XY');
    expect(normalisePostcode('')).toBe('');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(typed, fc.string()), (value) => {
        const once = normalisePostcode(value);
        expect(normalisePostcode(once)).toBe(once);
      }),
      { numRuns: 100 },
    );
  });

  it('leaves no whitespace and no lower-case letters', () => {
    fc.assert(
      fc.property(fc.oneof(typed, fc.string()), (value) => {
        const out = normalisePostcode(value);
        expect(out).not.toMatch(/\s/);
        expect(out).toBe(out.toUpperCase());
      }),
      { numRuns: 100 },
    );
  });
});

describe('validatePostcode (SPEC §5)', () => {
  it.each([
    ['', messages.postcode.required, messages.postcode.required],
    ['   ', messages.postcode.required, messages.postcode.required],
    ['BT1AA', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['BT471AAA', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['BT1-1A', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['BT1 1AA', null, null],
    ['bt47 1aa', null, null],
    ['BT58 1AA', null, null],
    ['BT94 9ZZ', null, null],
    // Not a Northern Ireland postcode, or not one that exists.
    ['SW1A 1AA', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['D02 AF30', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['BT99 9ZZ', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['BT50 1AA', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['BT0 1AA', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['BT1 1CA', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
    ['BT1 AAA', messages.postcode.invalidModal, messages.postcode.invalidOrderForm],
  ])('%j -> modal %j, order form %j', (value, modal, orderForm) => {
    expect(validatePostcode(value, 'modal')).toBe(modal);
    expect(validatePostcode(value, 'orderForm')).toBe(orderForm);
  });

  it('accepts every Northern Ireland postcode however it is spaced or cased', () => {
    fc.assert(
      fc.property(niPostcode, fc.nat({ max: 7 }), fc.boolean(), (postcode, at, lower) => {
        const spaced = `${postcode.slice(0, at)} ${postcode.slice(at)}`;
        expect(isNorthernIrelandPostcode(postcode)).toBe(true);
        expect(validatePostcode(lower ? spaced.toLowerCase() : spaced, 'modal')).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('refuses any 6 or 7 character value that is not BT, with the length wording', () => {
    fc.assert(
      fc.property(
        postcodeLike.filter((p) => !p.toUpperCase().startsWith('BT')),
        (postcode) => {
          expect(validatePostcode(postcode, 'modal')).toBe(messages.postcode.invalidModal);
          expect(validatePostcode(postcode, 'orderForm')).toBe(messages.postcode.invalidOrderForm);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('outwardCode (SPEC §5)', () => {
  it.each([
    ['BT11AA', 'BT1'],
    ['BT471AA', 'BT47'],
    ['bt47 1aa', 'BT47'],
    ['BT1AA', null],
    ['BT471AAA', null],
  ])('%s -> %s', (postcode, expected) => {
    expect(outwardCode(postcode)).toBe(expected);
  });

  it('is a 3 or 4 character prefix of the normalised postcode', () => {
    fc.assert(
      fc.property(postcodeLike, (postcode) => {
        const normalised = normalisePostcode(postcode);
        const outward = outwardCode(postcode);
        expect(outward).not.toBeNull();
        expect(normalised.startsWith(outward ?? '\u0000')).toBe(true);
        expect(outward?.length).toBe(normalised.length === 6 ? 3 : 4);
      }),
      { numRuns: 100 },
    );
  });
});

describe('delivery check (SPEC §5)', () => {
  it('picks the oil zone for oil and northern-ireland for everything else', () => {
    expect(zoneTitleFor('oil')).toBe('oil');
    for (const type of ['coal', 'woodpellet', 'other'] as const) {
      expect(zoneTitleFor(type)).toBe('northern-ireland');
    }
  });

  it.each<[string, ProductType, boolean]>([
    ['BT1 1AA', 'coal', true],
    ['BT1 1AA', 'oil', true],
    ['BT1 1AA', 'woodpellet', true],
    ['BT1 1AA', 'other', true],
    ['BT47 1AA', 'coal', true],
    ['BT47 1AA', 'oil', false],
    ['BT50 1AA', 'coal', false],
    ['BT50 1AA', 'oil', false],
    ['BT95 1AA', 'coal', false],
    ['BT95 1AA', 'oil', false],
    ['bt3 9bp', 'coal', true],
    ['bt3 9bp', 'oil', true],
    ['bt451aa', 'oil', true],
    // 5 and 8 characters have no outward code, so nothing is deliverable there.
    ['BT1AA', 'coal', false],
    ['BT471AAA', 'coal', false],
    // A 7-character postcode uses 4 characters: "BT11" is not "BT1".
    ['BT111AA', 'coal', false],
  ])('%s, %s -> %s', (postcode, type, expected) => {
    expect(canDeliver(postcode, type, zones)).toBe(expected);
  });

  it('compares the zone list case-insensitively', () => {
    const upper: DeliveryZone[] = [{ title: 'northern-ireland', postcodes: ['BT47'] }];
    expect(canDeliver('bt47 1aa', 'coal', upper)).toBe(true);
  });

  it('delivers nothing when the zone is missing', () => {
    expect(canDeliver('BT1 1AA', 'oil', [zones[0] as DeliveryZone])).toBe(false);
    expect(canDeliver('BT1 1AA', 'coal', [])).toBe(false);
  });
});
