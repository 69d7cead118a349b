/** How the back office shows dates, postcodes and JSON. Money goes through `formatPence`. */

let dateTime: Intl.DateTimeFormat | undefined;
let dayParts: Intl.DateTimeFormat | undefined;

/** "2025-03-31T13:05:00Z" -> "31 Mar 2025, 14:05" (UK time); anything unreadable as it is. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  });
  return dateTime.format(date);
}

/** The calendar date in the UK (Europe/London) at `now`, as YYYY-MM-DD. */
export function londonDate(now: Date = new Date()): string {
  dayParts ??= new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Europe/London',
  });
  const parts = dayParts.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** ["bt1", "bt71"] -> "BT1, BT71": how a zone's districts are shown and typed. */
export function districtsText(postcodes: readonly string[]): string {
  return postcodes.map((p) => p.toUpperCase()).join(', ');
}

/** An audit entry's before/after, indented; "null" for nothing. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'null';
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    return String(value);
  }
}

/** Pence per litre (the prices page): the shop's own rule, which its oil cards show too. */
export { pencePerLitre } from '../../../api/domain/oilPrice';

/**
 * A mailto: link to `email` with a subject (RFC 6068). The address is percent-encoded (its "@"
 * kept), so whatever it holds ("?", "&", "%", "#", ",") stays one recipient and can never add a
 * header such as `cc=` or `body=` to the link, even for an address stored before the e-mail rule
 * refused such characters.
 */
export function mailtoHref(email: string, subject: string): string {
  const to = encodeURIComponent(email).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}
