/**
 * The back office's forms check their values with the API's own yup schemas (api/domain/admin.ts)
 * before sending, and show each message under its field. These turn the values typed into what
 * the API is sent, and a schema's verdict into messages by field.
 */
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import {
  adminTexts,
  parsePounds,
  poundsInput,
  productSchema,
  refundSchema,
  sizeSchema,
  zoneSchema,
  categorySchema,
  noteSchema,
  type ProductType,
} from '../../../api/domain/admin';
import type {
  AdminCategory,
  AdminProduct,
  AdminRefund,
  AdminSize,
  AdminZone,
} from '../../../api/domain/adminApi';
import { formatPence, type Pence } from '../../../api/domain/money';
import {
  AdminApiError,
  type CategoryInput,
  type ProductInput,
  type RefundInput,
  type SizeInput,
  type ZoneInput,
} from './adminApi';
import { districtsText } from './format';
import { adminPageTexts } from './texts';

export type FieldErrors = Record<string, string>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Runs a schema over all fields; the first message of each field, keyed by its path. */
export function validateWith<S extends AnyObjectSchema>(
  schema: S,
  values: unknown,
): Checked<InferType<S>> {
  try {
    return { ok: true, value: schema.validateSync(values, { abortEarly: false }) as InferType<S> };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FieldErrors = {};
    const issues = error.inner.length > 0 ? error.inner : [error];
    for (const issue of issues) errors[issue.path || 'form'] ??= issue.message;
    return { ok: false, errors };
  }
}

/** A price in pence as an input writes it back: "12.34", or null for none. */
const poundsOrNull = (pence: Pence | null | undefined): string | null =>
  pence === null || pence === undefined ? null : poundsInput(pence);

/* ---- Products ------------------------------------------------------------------------------ */

export interface ProductFormValues {
  title: string;
  slug: string;
  description: string;
  type: ProductType;
  bestSeller: boolean;
  visible: boolean;
  price: string;
}

export const emptyProductForm: ProductFormValues = {
  title: '',
  slug: '',
  description: '',
  type: 'coal',
  bestSeller: false,
  visible: true,
  price: '',
};

export function productFormOf(product: AdminProduct): ProductFormValues {
  return {
    title: product.title,
    slug: product.slug,
    description: product.description,
    type: product.type,
    bestSeller: product.bestSeller,
    visible: product.visible,
    price: poundsInput(product.price),
  };
}

/** "Kerosene Heating Oil" -> "kerosene-heating-oil": a slug to start from. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

export function checkProductForm(values: ProductFormValues): Checked<ProductInput> {
  const checked = validateWith(productSchema, values);
  if (!checked.ok) return checked;
  const v = checked.value;
  return {
    ok: true,
    value: {
      title: v.title,
      slug: v.slug,
      description: v.description,
      type: v.type,
      bestSeller: v.bestSeller,
      visible: v.visible,
      price: poundsOrNull(v.price as Pence | null),
    },
  };
}

/* ---- Sizes --------------------------------------------------------------------------------- */

export interface SizeFormValues {
  title: string;
  price: string;
  litres: string;
  kilograms: string;
}

export const emptySizeForm: SizeFormValues = { title: '', price: '', litres: '', kilograms: '' };

export function sizeFormOf(size: AdminSize): SizeFormValues {
  return {
    title: size.title,
    price: poundsInput(size.price),
    litres: size.litres === null ? '' : String(size.litres),
    kilograms: size.kilograms === null ? '' : String(size.kilograms),
  };
}

export function checkSizeForm(values: SizeFormValues): Checked<SizeInput> {
  const checked = validateWith(sizeSchema, values);
  if (!checked.ok) return checked;
  const v = checked.value;
  return {
    ok: true,
    value: {
      title: v.title,
      price: poundsOrNull(v.price as Pence | null),
      litres: v.litres ?? null,
      kilograms: v.kilograms ?? null,
    },
  };
}

/* ---- Zones and categories ------------------------------------------------------------------ */

export interface ZoneFormValues {
  title: string;
  rate: string;
  minimumOrder: string;
  /** "BT1, BT2" */
  postcodes: string;
}

export const emptyZoneForm: ZoneFormValues = {
  title: '',
  rate: '',
  minimumOrder: '',
  postcodes: '',
};

export function zoneFormOf(zone: AdminZone): ZoneFormValues {
  return {
    title: zone.title,
    rate: poundsInput(zone.rate),
    minimumOrder: poundsInput(zone.minimumOrder),
    postcodes: districtsText(zone.postcodes),
  };
}

export function checkZoneForm(values: ZoneFormValues): Checked<ZoneInput> {
  const checked = validateWith(zoneSchema, values);
  if (!checked.ok) {
    // The list's own entries ("postcodes[0]") are reported on the field as a whole.
    const errors: FieldErrors = {};
    for (const [path, message] of Object.entries(checked.errors)) {
      errors[path.startsWith('postcodes') ? 'postcodes' : path] ??= message;
    }
    return { ok: false, errors };
  }
  const v = checked.value;
  return {
    ok: true,
    value: {
      title: v.title,
      rate: poundsInput(v.rate),
      minimumOrder: poundsInput(v.minimumOrder),
      postcodes: v.postcodes,
    },
  };
}

export interface CategoryFormValues {
  title: string;
}

export function categoryFormOf(category: AdminCategory): CategoryFormValues {
  return { title: category.title };
}

export function checkCategoryForm(values: CategoryFormValues): Checked<CategoryInput> {
  const checked = validateWith(categorySchema, values);
  if (!checked.ok) return checked;
  return { ok: true, value: { title: checked.value.title } };
}

/* ---- Orders: notes and refunds ------------------------------------------------------------- */

export function checkNoteForm(text: string): Checked<string> {
  const checked = validateWith(noteSchema, { text });
  return checked.ok ? { ok: true, value: checked.value.text } : checked;
}

export interface RefundFormValues {
  amount: string;
  reason: string;
}

/** A refund ready to confirm: what is sent, and how much it gives back. */
export interface RefundRequest {
  input: RefundInput;
  /** Pence given back: the amount typed, or everything left. */
  amount: Pence;
}

/**
 * The refund form against `refundSchema`, and against what is left to refund: an empty amount
 * means everything left; an amount must be above nothing and at most what is left.
 */
export function checkRefundForm(
  values: RefundFormValues,
  refundable: Pence,
): Checked<RefundRequest> {
  const checked = validateWith(refundSchema, values);
  if (!checked.ok) return checked;
  const amount = checked.value.amount as Pence | null | undefined;
  const reason = checked.value.reason;
  if (amount !== null && amount !== undefined) {
    if (amount <= 0) return { ok: false, errors: { amount: adminPageTexts.order.amountAboveZero } };
    if (amount > refundable) {
      return {
        ok: false,
        errors: { amount: adminTexts.refundAmountTooLarge(formatPence(refundable)) },
      };
    }
  }
  const input: RefundInput = {
    ...(amount !== null && amount !== undefined ? { amount: poundsInput(amount) } : {}),
    ...(reason ? { reason } : {}),
  };
  return { ok: true, value: { input, amount: amount ?? refundable } };
}

/**
 * After a refund request failed: may "Confirm refund" send it again with the same
 * Idempotency-Key? Yes when its outcome is unknown (no answer, or a server failure: the repeat
 * answers whatever happened). No when it was refused (4xx) or the provider declined it (502): that
 * attempt is over, and the next submitted form gets a new key.
 */
export function mayRepeatRefund(failure: unknown): boolean {
  if (!(failure instanceof AdminApiError)) return true;
  return failure.status === 0 || (failure.status >= 500 && failure.status !== 502);
}

/** What a refund's answer means for staff: done, waiting for the provider, or failed. */
export function refundNotice(refund: AdminRefund): { ok: boolean; message: string } {
  const amount = formatPence(refund.amount);
  if (refund.status === 'succeeded') {
    return { ok: true, message: adminPageTexts.order.refundedNotice(amount) };
  }
  if (refund.status === 'pending') {
    return { ok: true, message: adminPageTexts.order.refundPending(amount) };
  }
  return { ok: false, message: adminTexts.refundFailed };
}

/** Pounds typed into a price field, as pence, or null when it is not a price yet. */
export function typedPence(text: string): Pence | null {
  return text.trim() === '' ? null : parsePounds(text);
}
