/**
 * The weekly oil price update (/admin/prices): which prices staff changed, checked with the
 * API's own rules (`priceUpdateSchema`) before anything is sent.
 */
import { ValidationError } from 'yup';
import { parsePounds, poundsInput, priceUpdateSchema } from '../../../api/domain/admin';
import type { AdminOilPrice } from '../../../api/domain/adminApi';
import { dayInWords, isIsoDay } from '../../../api/domain/deliveryCalendar';
import { londonCalendarDate } from '../../../api/domain/oilPrice';

/** "Kerosene – 500 Litres": a price field's label. */
export const priceLabel = (size: Pick<AdminOilPrice, 'productTitle' | 'sizeTitle'>): string =>
  `${size.productTitle} – ${size.sizeTitle}`;

/**
 * The day a size's saved price was set, in UK time as the shop's cards date it: "Friday 27
 * November 2026"; null for a date that cannot be read.
 */
export function priceSetOn(size: Pick<AdminOilPrice, 'priceSetAt'>): string | null {
  const day = londonCalendarDate(new Date(size.priceSetAt));
  return day !== null && isIsoDay(day) ? dayInWords(day, { year: true }) : null;
}

/** What the price fields hold, by size id. */
export type PriceInputs = Record<number, string>;

/** The fields as the page first shows them: each size's price in pounds ("12.34"). */
export function priceInputsOf(sizes: readonly AdminOilPrice[]): PriceInputs {
  return Object.fromEntries(sizes.map((size) => [size.sizeId, poundsInput(size.price)]));
}

export interface ChangedPrice {
  sizeId: number;
  /** As typed. */
  price: string;
}

/**
 * The sizes whose field no longer holds their price, in the page's order. "12.3" for 1230 is no
 * change; an empty field for a size without a price is none either; text that is not a price is a
 * change (and will fail the check).
 */
export function changedPrices(
  sizes: readonly AdminOilPrice[],
  inputs: PriceInputs,
): ChangedPrice[] {
  const changed: ChangedPrice[] = [];
  for (const size of sizes) {
    const text = inputs[size.sizeId];
    if (text === undefined) continue;
    const trimmed = text.trim();
    if (trimmed === '' && size.price === null) continue;
    if (trimmed !== '' && parsePounds(trimmed) === size.price) continue;
    changed.push({ sizeId: size.sizeId, price: text });
  }
  return changed;
}

export type PriceCheck =
  | { ok: true; prices: { sizeId: number; price: string }[] }
  | {
      ok: false;
      /** Messages by size id. */
      fieldErrors: Record<number, string>;
      /** A message about the whole update (nothing changed, too many at once). */
      formError: string | null;
    };

/** "prices[3].price" -> 3. */
const indexOfPath = (path: string | undefined): number | null => {
  const match = /^prices\[(\d+)\]/.exec(path ?? '');
  return match ? Number(match[1]) : null;
};

/**
 * Checks the changed prices with `priceUpdateSchema` (each field on its own) and gives the PUT's
 * `prices`, each written as "12.34"; or the messages by size id.
 */
export function checkPriceUpdate(changed: readonly ChangedPrice[]): PriceCheck {
  const body = { prices: changed.map(({ sizeId, price }) => ({ sizeId, price: price.trim() })) };
  try {
    priceUpdateSchema.validateSync(body, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fieldErrors: Record<number, string> = {};
    let formError: string | null = null;
    const issues = error.inner.length > 0 ? error.inner : [error];
    for (const issue of issues) {
      const index = indexOfPath(issue.path);
      const sizeId = index === null ? undefined : changed[index]?.sizeId;
      if (sizeId === undefined) formError ??= issue.message;
      else fieldErrors[sizeId] ??= issue.message;
    }
    return { ok: false, fieldErrors, formError };
  }
  return {
    ok: true,
    prices: body.prices.map(({ sizeId, price }) => ({
      sizeId,
      price: poundsInput(parsePounds(price)),
    })),
  };
}

/** The API's field errors ("prices[0].price") by size id, for the prices it was sent. */
export function priceFieldErrorsOf(
  fieldErrors: Record<string, string>,
  sent: readonly { sizeId: number }[],
): Record<number, string> {
  const bySize: Record<number, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const index = indexOfPath(path);
    const sizeId = index === null ? undefined : sent[index]?.sizeId;
    if (sizeId !== undefined) bySize[sizeId] ??= message;
  }
  return bySize;
}
