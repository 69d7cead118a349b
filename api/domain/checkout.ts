import * as yup from 'yup';
import type { CartView } from './cart';
import { isWellFormedEmail } from './enquiry';
import { messages } from './messages';
import type { CheckoutSummary, OrderLineView } from './order';
import { normalisePostcode, validatePostcode } from './postcode';
import { multiLine, singleLine } from './text';
import { computeVat, deliveriesFor, type FuelKind, type VatDeliveryInput } from './vat';

/**
 * The checkout form (issue 15): one schema for the browser (instant feedback) and the API (the
 * authority), with the same messages. Pure: no Node, Koa or database.
 *
 * Every field gets at most one message, so a form can show it under the field: the "required"
 * message when it is empty, else the first rule it breaks. Text is trimmed; the optional fields
 * come out as null when empty; the postcode comes out normalised ("BT11AA"), as carts keep it.
 */

/** What the browser sends (POST /api/checkout). Prices and totals are never part of it. */
export interface CheckoutInput {
  fullName: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  town: string;
  postcode: string;
  /** Where the oil tank is, for the driver (asked only when the cart has oil). */
  tankLocation: string;
  /** How the tanker reaches the tank: gate code, a narrow lane, the hose's run. */
  tankAccess: string;
  instructions: string;
  domesticUse: boolean;
  acceptTerms: boolean;
}

/**
 * The form's text fields a customer types and may need again: put back after a refused post, and
 * filled in from the last unpaid order when Pay is pressed again (CheckoutSummary.lastDetails).
 */
export const checkoutDetailFields = [
  'fullName',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'town',
  'tankLocation',
  'tankAccess',
  'instructions',
] as const satisfies readonly (keyof CheckoutInput)[];

export type CheckoutDetails = Pick<CheckoutInput, (typeof checkoutDetailFields)[number]>;

/** A validated checkout form. */
export interface CheckoutForm {
  fullName: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  town: string;
  /** Normalised: no spaces, upper case. */
  postcode: string;
  /** Null when empty (and always for an order without oil: the service drops them). */
  tankLocation: string | null;
  tankAccess: string | null;
  instructions: string | null;
  domesticUse: boolean;
  acceptTerms: true;
}

export type CheckoutField = keyof CheckoutInput;

/** The fields in the order the form shows them, which is also the order of the messages. */
export const checkoutFields = [
  'fullName',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
  'tankLocation',
  'tankAccess',
  'instructions',
  'domesticUse',
  'acceptTerms',
] as const satisfies readonly CheckoutField[];

type TextField = Exclude<CheckoutField, 'domesticUse' | 'acceptTerms'>;

/** The most each text field may hold (for `maxLength` on the inputs too). */
export const checkoutMaxLengths: Record<TextField, number> = {
  fullName: 200,
  email: 254,
  phone: 30,
  addressLine1: 200,
  addressLine2: 200,
  town: 100,
  postcode: 10,
  tankLocation: 120,
  tankAccess: 200,
  instructions: 500,
};

/** The form's labels (messages.checkout.labels), by field. */
export const checkoutLabels: Record<CheckoutField, string> = messages.checkout.labels;

/** Fields that may be left empty. */
export const optionalCheckoutFields: readonly CheckoutField[] = [
  'addressLine2',
  'tankLocation',
  'tankAccess',
  'instructions',
];

/** An empty form, for the browser's initial state. */
export const emptyCheckoutInput: CheckoutInput = {
  fullName: '',
  email: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  town: '',
  postcode: '',
  tankLocation: '',
  tankAccess: '',
  instructions: '',
  domesticUse: false,
  acceptTerms: false,
};

/**
 * A UK phone number: a geographic (01, 02), non-geographic (03) or mobile (07) number, written
 * nationally (028 9032 1234) or internationally (+44 28 9032 1234, +44 (0)28 9032 1234). Spaces,
 * hyphens and brackets are allowed between the digits.
 */
export function isUkPhone(value: string): boolean {
  if (!/^[0-9+\s()-]+$/.test(value)) return false;
  const compact = value.replace(/[\s()-]/g, '');
  let national: string;
  if (compact.startsWith('+44')) {
    const rest = compact.slice(3);
    national = rest.startsWith('0') ? rest : `0${rest}`;
  } else {
    national = compact;
  }
  // 01 numbers have 9 or 10 digits after the 0 (016977 2345 has 9); 02, 03 and 07 have 10.
  return /^0(?:1[0-9]{8,9}|[237][0-9]{9})$/.test(national);
}

const label = (field: CheckoutField) => checkoutLabels[field];
const m = messages.checkout;

/**
 * A text field as a person sends it: trimmed, with anything that is not text read as empty, so
 * that it gets the field's "required" message (numbers become text: a phone sent as a number).
 */
function textField(field: TextField) {
  const max = checkoutMaxLengths[field];
  return yup
    .string()
    .transform((_value: unknown, original: unknown) => {
      if (typeof original === 'string') return original.trim();
      if (typeof original === 'number' && Number.isFinite(original)) return String(original);
      return '';
    })
    .default('')
    .max(max, m.tooLong(label(field), max));
}

function oneLine<S extends Parameters<typeof singleLine>[0]>(field: TextField, schema: S): S {
  return singleLine(schema, {
    lineBreak: m.oneLine(label(field)),
    disallowed: m.disallowedCharacters(label(field)),
  });
}

/** A tick box: JSON true or false; missing or null reads as false. `rule` is what it must pass. */
function tickBox(message: string, rule: (value: unknown) => boolean) {
  return yup
    .mixed<boolean>()
    .transform((value: unknown) => (value === undefined || value === null ? false : value))
    .test('tick-box', message, rule)
    .default(false);
}

/** The checkout form's rules. Use `validateCheckout` for the errors in the form's order. */
export const checkoutSchema = yup.object({
  fullName: oneLine('fullName', textField('fullName').required(m.fullNameRequired)),
  email: oneLine(
    'email',
    textField('email')
      .required(m.emailInvalid)
      .test('well-formed', m.emailInvalid, (value) => !value || isWellFormedEmail(value)),
  ),
  phone: oneLine(
    'phone',
    textField('phone')
      .required(m.phoneInvalid)
      .test('uk-phone', m.phoneInvalid, (value) => !value || isUkPhone(value)),
  ),
  addressLine1: oneLine('addressLine1', textField('addressLine1').required(m.addressRequired)),
  addressLine2: oneLine('addressLine2', textField('addressLine2')),
  town: oneLine('town', textField('town').required(m.townRequired)),
  postcode: oneLine(
    'postcode',
    textField('postcode')
      .required(messages.postcode.required)
      .test('postcode', messages.postcode.invalidModal, (value) =>
        value ? validatePostcode(value, 'modal') === null : true,
      ),
  ),
  tankLocation: oneLine('tankLocation', textField('tankLocation')),
  tankAccess: oneLine('tankAccess', textField('tankAccess')),
  instructions: multiLine(textField('instructions'), m.disallowedCharacters(label('instructions'))),
  domesticUse: tickBox(m.domesticUseInvalid, (value) => typeof value === 'boolean'),
  acceptTerms: tickBox(m.acceptTerms, (value) => value === true),
});

export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export type CheckoutValidation =
  | { ok: true; value: CheckoutForm }
  | {
      ok: false;
      /** One message per failing field, in the form's order. */
      errors: string[];
      /** The same messages by field, for showing each under its field. */
      fieldErrors: CheckoutErrors;
    };

function isCheckoutField(path: string | undefined): path is CheckoutField {
  return (checkoutFields as readonly string[]).includes(path ?? '');
}

/** Validates anything a client sent: the form, or the reasons it is refused. */
export function validateCheckout(input: unknown): CheckoutValidation {
  const candidate =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  try {
    const value = checkoutSchema.validateSync(candidate, { abortEarly: false, stripUnknown: true });
    return {
      ok: true,
      value: {
        fullName: value.fullName,
        email: value.email,
        phone: value.phone,
        addressLine1: value.addressLine1,
        addressLine2: value.addressLine2 || null,
        town: value.town,
        postcode: normalisePostcode(value.postcode),
        tankLocation: value.tankLocation || null,
        tankAccess: value.tankAccess || null,
        instructions: value.instructions || null,
        domesticUse: value.domesticUse === true,
        acceptTerms: true,
      },
    };
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const fieldErrors: CheckoutErrors = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const field = failure.path;
      // The first rule a field breaks is its message.
      if (isCheckoutField(field) && fieldErrors[field] === undefined) {
        fieldErrors[field] = failure.errors[0] ?? failure.message;
      }
    }
    const ordered: CheckoutErrors = {};
    const errors: string[] = [];
    for (const field of checkoutFields) {
      const message = fieldErrors[field];
      if (message === undefined) continue;
      ordered[field] = message;
      errors.push(message);
    }
    return { ok: false, errors, fieldErrors: ordered };
  }
}

/** One field's message for these values, or null (for validating a field as it is left). */
export function checkoutFieldError(field: CheckoutField, input: unknown): string | null {
  const result = validateCheckout(input);
  return result.ok ? null : (result.fieldErrors[field] ?? null);
}

/** Whether checkout asks where the oil tank is and how the tanker reaches it: the order has oil. */
export function asksAboutTank(lines: readonly Pick<OrderLineView, 'type'>[]): boolean {
  return lines.some((line) => line.type === 'oil');
}

/**
 * Why checkout cannot open for this cart, or null: nothing in it, no postcode (the delivery check
 * needs one), or below the minimum order of its delivery zones. The cart's own messages.
 */
export function checkoutBlock(cart: CartView): string | null {
  if (cart.count === 0) return messages.cart.empty;
  if (!cart.postcode) return messages.cart.postcodeRequired;
  if (!cart.meetsMinimumOrder) return cart.minimumOrderMessage ?? messages.cart.empty;
  return null;
}

/** Litres and kilograms in one unit of a product's size, as the catalogue knows them. */
export type SizeMeasures = (
  productId: number,
  sizeId: number | null,
) => { litres: number | null; kilograms: number | null };

type MeasuredProducts = readonly {
  id: number;
  sizes: readonly { id: number; litres: number | null; kilograms: number | null }[];
}[];

/** Made once per catalogue (its product list): every cart view and checkout reads them. */
const measuresByCatalogue = new WeakMap<MeasuredProducts, SizeMeasures>();

/** The litres and kilograms of every size of a catalogue, as `SizeMeasures`. */
export function catalogueMeasures(products: MeasuredProducts): SizeMeasures {
  const known = measuresByCatalogue.get(products);
  if (known) return known;
  const sizes = new Map<string, { litres: number | null; kilograms: number | null }>();
  for (const product of products) {
    for (const size of product.sizes) {
      sizes.set(`${product.id}/${size.id}`, { litres: size.litres, kilograms: size.kilograms });
    }
  }
  const measures: SizeMeasures = (productId, sizeId) =>
    sizes.get(`${productId}/${String(sizeId)}`) ?? { litres: null, kilograms: null };
  measuresByCatalogue.set(products, measures);
  return measures;
}

/**
 * The cart with `declaration` set when its VAT depends on the domestic-use declaration, so the
 * cart can say so before checkout (where the total otherwise changes by the 20 % VAT).
 */
export function withDeclarationNote(
  cart: CartView,
  measures: SizeMeasures,
  zones: readonly { title: string; rate: number }[],
): CartView {
  const { declaration: _previous, ...rest } = cart;
  if (cart.items.length === 0) return rest;
  const without = buildCheckoutSummary(rest, measures, zones, false);
  return without.declarationApplies
    ? { ...rest, declaration: { totalWithout: without.total } }
    : rest;
}

/**
 * The checkout summary of a priced cart (GET /api/checkout, and the order made from it): every
 * line with its VAT, the delivery charge, the VAT per rate and the total, with or without the
 * domestic-use declaration (api/domain/vat.ts). A size of unknown litres or kilograms counts 0.
 */
export function buildCheckoutSummary(
  cart: CartView,
  measures: SizeMeasures,
  zones: readonly { title: string; rate: number }[],
  domesticUse: boolean,
  /**
   * Priority delivery's surcharge per kind of fuel (catalogue pence): charged like the delivery
   * (VAT at the goods' rate) and shown as its own line, `prioritySurcharge`.
   */
  prioritySurcharges: Partial<Record<FuelKind, number>> = {},
): CheckoutSummary {
  const deliveries: VatDeliveryInput[] = deliveriesFor(
    cart.items.map((item) => item.type),
    zones,
  );
  let prioritySurcharge = 0;
  for (const [kind, amount] of Object.entries(prioritySurcharges) as [FuelKind, number][]) {
    if (amount <= 0) continue;
    prioritySurcharge += amount;
    const index = deliveries.findIndex((delivery) => delivery.kind === kind);
    const existing = deliveries[index];
    if (existing) deliveries[index] = { kind, charge: existing.charge + amount };
    else deliveries.push({ kind, charge: amount });
  }
  const vat = computeVat({
    lines: cart.items.map((item) => {
      const measure = measures(item.productId, item.attributeId);
      return {
        type: item.type,
        lineTotal: item.lineTotal,
        litres: (measure.litres ?? 0) * item.quantity,
        kilograms: (measure.kilograms ?? 0) * item.quantity,
      };
    }),
    deliveries,
    domesticUse,
  });
  const lines: OrderLineView[] = cart.items.map((item, index) => {
    const part = vat.lines[index];
    if (!part) throw new Error('VAT was not computed for every line.');
    return {
      productId: item.productId,
      sizeId: item.attributeId,
      type: item.type,
      title: item.title,
      sizeTitle: item.attribute,
      unitPrice: item.price,
      quantity: item.quantity,
      lineTotal: item.lineTotal,
      vatRate: part.rate,
      vatAmount: part.vat,
    };
  });
  return {
    lines,
    subtotal: vat.subtotal,
    deliveryCharge: vat.deliveryCharge - prioritySurcharge,
    ...(prioritySurcharge > 0 ? { prioritySurcharge } : {}),
    vatAdjustment: vat.vatAdjustment,
    vatBreakdown: vat.vatBreakdown,
    vatTotal: vat.vatTotal,
    total: vat.total,
    currency: 'GBP',
    postcode: cart.postcode,
    blocked: checkoutBlock(cart),
    declarationApplies: vat.declarationApplies,
    domesticUse,
    litres: vat.litres,
    kilograms: vat.kilograms,
  };
}
