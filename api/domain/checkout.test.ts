import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCartView, emptyCartView, type PricedLine } from './cart';
import {
  asksAboutTank,
  buildCheckoutSummary,
  checkoutBlock,
  checkoutFieldError,
  checkoutFields,
  checkoutLabels,
  checkoutMaxLengths,
  emptyCheckoutInput,
  isUkPhone,
  validateCheckout,
  type CheckoutInput,
} from './checkout';
import { messages } from './messages';

const m = messages.checkout;

const valid: CheckoutInput = {
  fullName: '  Siobhán O’Neill ',
  email: 'siobhan@example.co.uk',
  phone: '028 9032 1234',
  addressLine1: '12 Lisburn Road',
  addressLine2: '',
  town: 'Belfast',
  postcode: 'bt9 6aa',
  tankLocation: ' Behind the garage ',
  tankAccess: 'Gate code 1234',
  instructions: 'Ring the bell.\r\nThe dog is friendly.',
  domesticUse: true,
  acceptTerms: true,
};

function errorsOf(input: unknown): string[] {
  const result = validateCheckout(input);
  return result.ok ? [] : result.errors;
}

describe('validateCheckout', () => {
  it('accepts a filled form: trimmed, optional fields null when empty, postcode normalised', () => {
    expect(validateCheckout(valid)).toEqual({
      ok: true,
      value: {
        fullName: 'Siobhán O’Neill',
        email: 'siobhan@example.co.uk',
        phone: '028 9032 1234',
        addressLine1: '12 Lisburn Road',
        addressLine2: null,
        town: 'Belfast',
        postcode: 'BT96AA',
        tankLocation: 'Behind the garage',
        tankAccess: 'Gate code 1234',
        instructions: 'Ring the bell.\nThe dog is friendly.',
        domesticUse: true,
        acceptTerms: true,
      },
    });
  });

  it('an empty form: one message per required field, in the form order', () => {
    const result = validateCheckout(emptyCheckoutInput);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      m.fullNameRequired,
      m.emailInvalid,
      m.phoneInvalid,
      m.addressRequired,
      m.townRequired,
      messages.postcode.required,
      m.acceptTerms,
    ]);
    expect(result.fieldErrors).toEqual({
      fullName: 'Full name required.',
      email: 'Valid email required.',
      phone: 'Valid UK phone number required.',
      addressLine1: 'Address required.',
      town: 'Town required.',
      postcode: 'Postcode required.',
      acceptTerms: 'Please accept the Terms of Purchase.',
    });
  });

  it('anything that is not an object is an empty form; unknown fields and prices are dropped', () => {
    for (const body of [null, 'x', 42, [valid]]) {
      expect(errorsOf(body)).toContain(m.fullNameRequired);
    }
    const result = validateCheckout({ ...valid, total: 1, price: 1, lines: [] });
    expect(result.ok && Object.keys(result.value).sort()).toEqual([...checkoutFields].sort());
  });

  it('refuses a malformed email, phone and postcode', () => {
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual([m.emailInvalid]);
    expect(errorsOf({ ...valid, phone: '12345' })).toEqual([m.phoneInvalid]);
    expect(errorsOf({ ...valid, postcode: 'BT1' })).toEqual([messages.postcode.invalidModal]);
  });

  it('requires the Terms of Purchase to be accepted with true', () => {
    for (const acceptTerms of [false, 'true', 1, undefined, null]) {
      expect(errorsOf({ ...valid, acceptTerms })).toEqual([m.acceptTerms]);
    }
  });

  it('domestic use is a boolean, false when missing', () => {
    const { domesticUse: _omitted, ...rest } = valid;
    const result = validateCheckout(rest);
    expect(result.ok && result.value.domesticUse).toBe(false);
    expect(errorsOf({ ...valid, domesticUse: 'yes' })).toEqual([m.domesticUseInvalid]);
  });

  it('limits lengths, with the field named in the message', () => {
    expect(errorsOf({ ...valid, instructions: 'x'.repeat(500) })).toEqual([]);
    expect(errorsOf({ ...valid, instructions: 'x'.repeat(501) })).toEqual([
      m.tooLong(checkoutLabels.instructions, 500),
    ]);
    expect(errorsOf({ ...valid, fullName: 'x'.repeat(checkoutMaxLengths.fullName + 1) })).toEqual([
      m.tooLong('Full name', checkoutMaxLengths.fullName),
    ]);
  });

  it('the tank fields are optional, one line each, and bounded', () => {
    expect(errorsOf({ ...valid, tankLocation: '', tankAccess: '' })).toEqual([]);
    const empty = validateCheckout({ ...valid, tankLocation: '   ', tankAccess: '' });
    expect(empty.ok && [empty.value.tankLocation, empty.value.tankAccess]).toEqual([null, null]);
    expect(errorsOf({ ...valid, tankLocation: 'x'.repeat(120) })).toEqual([]);
    expect(
      errorsOf({ ...valid, tankLocation: 'x'.repeat(121), tankAccess: 'y'.repeat(201) }),
    ).toEqual([
      m.tooLong(checkoutLabels.tankLocation, 120),
      m.tooLong(checkoutLabels.tankAccess, 200),
    ]);
    expect(errorsOf({ ...valid, tankAccess: 'Gate code\n1234' })).toEqual([
      m.oneLine(checkoutLabels.tankAccess),
    ]);
  });

  it('asks about the tank only for an order with oil', () => {
    expect(asksAboutTank([{ type: 'coal' }, { type: 'oil' }])).toBe(true);
    expect(asksAboutTank([{ type: 'coal' }, { type: 'woodpellet' }])).toBe(false);
    expect(asksAboutTank([])).toBe(false);
  });

  it('one-line fields take no line breaks or control characters; instructions keep lines', () => {
    expect(errorsOf({ ...valid, addressLine1: '1 Road\nBcc: x@example.com' })).toEqual([
      m.oneLine(checkoutLabels.addressLine1),
    ]);
    expect(errorsOf({ ...valid, town: 'Bel\u0000fast' })).toEqual([
      m.disallowedCharacters(checkoutLabels.town),
    ]);
    expect(errorsOf({ ...valid, instructions: 'bad \u001b[31m' })).toEqual([
      m.disallowedCharacters(checkoutLabels.instructions),
    ]);
  });

  it('checkoutFieldError gives one field’s message', () => {
    expect(checkoutFieldError('email', { ...valid, email: 'x' })).toBe(m.emailInvalid);
    expect(checkoutFieldError('fullName', { ...valid, email: 'x' })).toBeNull();
  });

  it('property: never throws, and a refusal always has one of the form’s own messages per field', () => {
    const known = new Set<string>([
      m.fullNameRequired,
      m.emailInvalid,
      m.phoneInvalid,
      m.addressRequired,
      m.townRequired,
      m.acceptTerms,
      m.domesticUseInvalid,
      messages.postcode.required,
      messages.postcode.invalidModal,
      ...Object.entries(checkoutMaxLengths).map(([field, max]) =>
        m.tooLong(checkoutLabels[field as keyof typeof checkoutMaxLengths], max),
      ),
      ...Object.values(checkoutLabels).flatMap((label) => [
        m.oneLine(label),
        m.disallowedCharacters(label),
      ]),
    ]);
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...checkoutFields, 'total'),
          fc.oneof(fc.string(), fc.boolean(), fc.integer(), fc.constant(null)),
        ),
        (body) => {
          const result = validateCheckout(body);
          if (!result.ok) {
            expect(result.errors.length).toBeGreaterThan(0);
            expect(result.errors).toEqual(
              checkoutFields.flatMap((field) => result.fieldErrors[field] ?? []),
            );
            for (const error of result.errors) expect(known).toContain(error);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('isUkPhone', () => {
  it.each([
    '028 9032 1234',
    '02890321234',
    '07700 900123',
    '+44 7700 900123',
    '+44 (0)28 9032 1234',
    '+442890321234',
    '0300 123 4567',
    '01632 960123',
    '016977 2345',
    '028-9032-1234',
  ])('accepts %s', (phone) => {
    expect(isUkPhone(phone)).toBe(true);
  });

  it.each([
    '',
    '12345',
    '0800 123 4567', // freephone: not a number the tanker driver can ring back on
    '09012 345678',
    '+1 202 555 0100',
    '028 9032 123',
    '028 9032 12345',
    '07700 900123 ext 2',
    'phone me',
  ])('refuses %s', (phone) => {
    expect(isUkPhone(phone)).toBe(false);
  });
});

describe('checkoutBlock and buildCheckoutSummary', () => {
  const zones = [
    { title: 'northern-ireland', rate: 600, minimumOrder: 3000 },
    { title: 'oil', rate: 0, minimumOrder: 15000 },
  ];
  const oilLine = (quantity: number): PricedLine => ({
    id: 'line-oil',
    type: 'oil',
    productId: 10,
    attributeId: 3,
    title: 'Kerosene Heating Oil',
    attribute: '900 Litres',
    price: 53500,
    quantity,
    image: null,
  });
  const cart = (lines: PricedLine[], postcode: string | null = 'BT11AA') =>
    buildCartView({ cartId: 'c', postcode, showPostcodeModal: false, lines }, zones);
  const measures = () => ({ litres: 900, kilograms: null });

  it('blocks an empty cart, a cart without a postcode, and one below the minimum order', () => {
    expect(checkoutBlock(emptyCartView())).toBe(messages.cart.empty);
    expect(checkoutBlock(cart([oilLine(1)], null))).toBe(messages.cart.postcodeRequired);
    const small = cart([{ ...oilLine(1), price: 100 }]);
    expect(checkoutBlock(small)).toBe(messages.cart.minimumOrder('£150.00'));
    expect(checkoutBlock(cart([oilLine(1)]))).toBeNull();
  });

  it('prices the lines with VAT, counting litres per unit', () => {
    const summary = buildCheckoutSummary(cart([oilLine(3)]), measures, zones, false);
    expect(summary).toMatchObject({
      litres: 2700,
      kilograms: 0,
      declarationApplies: true,
      vatAdjustment: 22929,
      total: 183429,
      blocked: null,
      postcode: 'BT11AA',
      lines: [
        { productId: 10, sizeId: 3, sizeTitle: '900 Litres', vatRate: 2000, vatAmount: 30572 },
      ],
    });
    const declared = buildCheckoutSummary(cart([oilLine(3)]), measures, zones, true);
    expect(declared).toMatchObject({ domesticUse: true, vatAdjustment: 0, total: 160500 });
  });

  it('a size without known litres counts 0', () => {
    const summary = buildCheckoutSummary(
      cart([oilLine(5)]),
      () => ({ litres: null, kilograms: null }),
      zones,
      false,
    );
    expect(summary.litres).toBe(0);
    expect(summary.vatAdjustment).toBe(0);
  });
});
