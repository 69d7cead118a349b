import * as yup from 'yup';
import type { Pence } from './money';
import type { OrderStatus } from './order';
import { multiLine, singleLine } from './text';

/**
 * The back office (issue 20): its roles, the staff's order moves, and the rules of its forms.
 * Shared by the admin pages (instant feedback) and the API (the authority). Pure: no Node, Koa or
 * database. Prices are typed in pounds ("12.34") and kept in pence (1234).
 */

export { customerRole, isStaff, staffRole } from './roles';

/** A staff session ends after this long without a request (customers' sessions last longer). */
export const staffIdleMs = 8 * 60 * 60 * 1000;

/** The back office's texts (the spec has none: these are ours). */
export const adminTexts = {
  priceFormat: 'Enter a price in pounds, such as 12.34.',
  priceTooLarge: 'Enter a price below £100,000.',
  priceRequired: 'Enter a price.',
  titleRequired: 'Enter a title.',
  slugFormat: 'Use lower-case letters, digits and hyphens only, such as "kerosene-heating-oil".',
  quantityFormat: 'Enter a whole number, or leave it empty.',
  postcodesFormat: 'List postcode districts such as BT1, BT71, separated by commas.',
  noteRequired: 'Write the note.',
  refundAmountTooLarge: (left: string) => `You can refund at most ${left}.`,
  refundNothingLeft: 'This order has nothing left to refund.',
  refundNotPaid: 'Only a paid order can be refunded.',
  refundFailed: 'The payment provider did not accept the refund. Nothing was refunded.',
  statusMoveRefused: (from: string, to: string) =>
    `An order that is ${from} cannot be marked ${to}.`,
  uploadNotImage: 'The file is not an image. Upload a JPEG, PNG or WebP image.',
  uploadTooLarge: (limit: string) => `The image is too large. Upload an image of ${limit} or less.`,
  uploadEmpty: 'The file is empty.',
  mailNotFailed: 'Only an e-mail that failed can be sent again.',
} as const;

/** The most a price may be: £99,999.99 (a full 2,300-litre oil tanker is far below it). */
export const maxPricePence: Pence = 9_999_999;

/** "12.34", "£12.34", "12", "1,234.5" -> pence; null when it is not a price. */
export function parsePounds(text: string): Pence | null {
  const cleaned = text
    .trim()
    .replace(/^£\s*/, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const pounds = Number(match[1]);
  const pence = Number((match[2] ?? '').padEnd(2, '0'));
  return pounds * 100 + pence;
}

/** 1234 -> "12.34": how a price is shown in an input (no £, no thousands separator). */
export function poundsInput(pence: Pence | null): string {
  if (pence === null) return '';
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** A price field: pounds as text (or a number) in, pence out. */
export function poundsField() {
  return yup
    .number()
    .transform((_value: unknown, original: unknown) => {
      if (typeof original === 'number') return parsePounds(original.toFixed(2)) ?? Number.NaN;
      if (typeof original === 'string') return parsePounds(original) ?? Number.NaN;
      return Number.NaN;
    })
    .typeError(adminTexts.priceFormat)
    .integer(adminTexts.priceFormat)
    .min(0, adminTexts.priceFormat)
    .max(maxPricePence, adminTexts.priceTooLarge);
}

/** An optional price: empty text or null means "none" (a size then uses its product's price). */
function optionalPounds() {
  return yup
    .number()
    .nullable()
    .transform((_value: unknown, original: unknown) => {
      if (original === null || original === undefined) return null;
      if (typeof original === 'string' && original.trim() === '') return null;
      if (typeof original === 'number') return parsePounds(original.toFixed(2)) ?? Number.NaN;
      if (typeof original === 'string') return parsePounds(original) ?? Number.NaN;
      return Number.NaN;
    })
    .typeError(adminTexts.priceFormat)
    .integer(adminTexts.priceFormat)
    .min(0, adminTexts.priceFormat)
    .max(maxPricePence, adminTexts.priceTooLarge)
    .default(null);
}

const controlCharacters = 'Remove the control characters.';

function titleField(max = 200) {
  return singleLine(
    yup
      .string()
      .transform((_v: unknown, original: unknown) =>
        typeof original === 'string' ? original.trim() : '',
      )
      .required(adminTexts.titleRequired)
      .max(max, `Use at most ${max} characters.`),
    { lineBreak: 'Use one line.', disallowed: controlCharacters },
  );
}

/** An optional whole number (litres, kilograms); empty means none. */
function optionalWhole() {
  return yup
    .number()
    .transform((_v: unknown, original: unknown) => {
      if (original === null || original === undefined) return null;
      if (typeof original === 'string' && original.trim() === '') return null;
      const n = typeof original === 'string' ? Number(original.trim()) : original;
      return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= 100_000
        ? n
        : Number.NaN;
    })
    .typeError(adminTexts.quantityFormat)
    .nullable()
    .default(null);
}

/** A yes/no field: a JSON boolean (not "true" or 1), or left out for its default. */
function flag(fallback: boolean) {
  return yup
    .boolean()
    .default(fallback)
    .test(
      'boolean',
      'Choose yes or no.',
      (_value, context) =>
        context.originalValue === undefined || typeof context.originalValue === 'boolean',
    );
}

export const productTypes = ['coal', 'oil', 'woodpellet', 'other'] as const;
export type ProductType = (typeof productTypes)[number];

export const productSchema = yup.object({
  title: titleField(),
  slug: yup
    .string()
    .transform((_v: unknown, original: unknown) =>
      typeof original === 'string' ? original.trim() : '',
    )
    .required(adminTexts.slugFormat)
    .max(100, adminTexts.slugFormat)
    .matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, adminTexts.slugFormat),
  /** Markdown. */
  description: multiLine(
    yup
      .string()
      .transform((_v: unknown, original: unknown) => (typeof original === 'string' ? original : ''))
      .max(20_000, 'Use at most 20,000 characters.')
      .default(''),
    controlCharacters,
  ),
  type: yup
    .mixed<ProductType>()
    .oneOf([...productTypes], 'Choose a product type.')
    .required('Choose a product type.'),
  bestSeller: flag(false),
  visible: flag(true),
  price: optionalPounds(),
});
export type ProductForm = yup.InferType<typeof productSchema>;

export const sizeSchema = yup.object({
  title: titleField(100),
  price: optionalPounds(),
  litres: optionalWhole(),
  kilograms: optionalWhole(),
});
export type SizeForm = yup.InferType<typeof sizeSchema>;

/** The bulk price update: one price per size (every oil size on one screen). */
export const priceUpdateSchema = yup.object({
  prices: yup
    .array(
      yup.object({
        sizeId: yup.number().strict().integer().min(1).required(),
        price: poundsField().required(adminTexts.priceRequired),
      }),
    )
    .min(1, 'Change at least one price.')
    .max(200, 'Update at most 200 prices at once.')
    .required(),
});

/** "BT1, bt71 BT9" -> ["bt1", "bt71", "bt9"]: outward codes of Northern Ireland. */
export function parseDistricts(text: string): string[] | null {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length > 200 || !parts.every((p) => /^bt\d{1,2}$/.test(p))) return null;
  return [...new Set(parts)];
}

export const zoneSchema = yup.object({
  title: titleField(100),
  rate: poundsField().required(adminTexts.priceRequired),
  minimumOrder: poundsField().required(adminTexts.priceRequired),
  postcodes: yup
    .array(yup.string().required())
    .transform((_v: unknown, original: unknown) => {
      if (typeof original === 'string') return parseDistricts(original) ?? ['invalid'];
      if (Array.isArray(original) && original.every((p) => typeof p === 'string')) {
        return parseDistricts(original.join(',')) ?? ['invalid'];
      }
      return ['invalid'];
    })
    .test('districts', adminTexts.postcodesFormat, (list) =>
      (list ?? []).every((p) => /^bt\d{1,2}$/.test(p)),
    )
    .required(),
});
export type ZoneForm = yup.InferType<typeof zoneSchema>;

/** A category's title. Its icon is not set here: a coal category's comes from its slug (SPEC). */
export const categorySchema = yup.object({
  title: titleField(100),
});

export const noteSchema = yup.object({
  text: multiLine(
    yup
      .string()
      .transform((_v: unknown, original: unknown) =>
        typeof original === 'string' ? original.trim() : '',
      )
      .required(adminTexts.noteRequired)
      .max(5000, 'Use at most 5,000 characters.'),
    controlCharacters,
  ),
});

/** A refund: an amount in pounds (empty for the whole amount left), and why. */
export const refundSchema = yup.object({
  amount: optionalPounds(),
  reason: singleLine(
    yup
      .string()
      .transform((_v: unknown, original: unknown) =>
        typeof original === 'string' ? original.trim() : '',
      )
      .max(500, 'Use at most 500 characters.')
      .default(''),
    { lineBreak: 'Use one line.', disallowed: controlCharacters },
  ),
});

/** Where staff may move an order by hand (delivery); refunds move it to `refunded`. */
const staffMoves: Partial<Record<OrderStatus, OrderStatus>> = {
  paid: 'out_for_delivery',
  out_for_delivery: 'delivered',
};

export function nextDeliveryStatus(from: OrderStatus): OrderStatus | null {
  return staffMoves[from] ?? null;
}

/** Statuses from which money can be given back. */
export const refundableStatuses: readonly OrderStatus[] = [
  'paid',
  'out_for_delivery',
  'delivered',
  'needs_review',
];

/** How a status reads in the back office. */
export const statusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  needs_review: 'Needs review',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  refunded: 'Refunded',
};

/** The entities the audit log names. */
export type AuditEntity =
  | 'product'
  | 'size'
  | 'image'
  | 'category'
  | 'zone'
  | 'delivery_day'
  | 'order'
  | 'enquiry'
  | 'mail'
  | 'user';
