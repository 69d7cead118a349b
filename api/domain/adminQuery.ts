/**
 * The rules for the back office's query parameters (GET /api/admin/…?…), shared by the API, which
 * answers 400 with the message, and the admin pages, which ignore an address value that breaks
 * them. Pure: no Node, Koa or database.
 */

import type { AuditEntity } from './admin';

/** What the audit log can be filtered by (`?entity=`): every AuditEntity. */
export const auditEntities = [
  'product',
  'size',
  'image',
  'category',
  'zone',
  'delivery_day',
  'order',
  'enquiry',
  'mail',
  'user',
] as const satisfies readonly AuditEntity[];
// Fails to compile when AuditEntity gains a kind this list lacks.
const everyAuditEntity: Exclude<AuditEntity, (typeof auditEntities)[number]> extends never
  ? true
  : never = true;
void everyAuditEntity;

/** The dates the back office filters by: a real calendar day in this range (inclusive). */
export const adminDateRange = { min: '2000-01-01', max: '2100-12-31' } as const;

/** The most query parameters, and the longest value, any /api/admin request may carry. */
export const adminQueryLimits = { parameters: 20, nameLength: 50, valueLength: 200 } as const;

/** "2025-03-31" when it is a real calendar day from 2000-01-01 to 2100-12-31, else null. */
export function adminDate(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match || !value) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && value >= adminDateRange.min && value <= adminDateRange.max ? value : null;
}

/** The message for a date parameter that is not one (`name`: "the From date"). */
export const adminDateMessage = (name: string): string =>
  `Enter ${name} as a real date from ${adminDateRange.min} to ${adminDateRange.max}, such as 2026-11-24.`;

/** Control characters (NUL, tabs, line breaks, …), which no query value of the back office holds. */
const controlCharacter = /\p{Cc}/u;

/**
 * What is wrong with a request's query as a whole, or null: too many parameters, a name or value
 * too long, a parameter given twice, a control character anywhere. Each parameter's own rule
 * (a date, a status, …) is checked after this.
 */
export function adminQueryProblem(
  query: Record<string, string | string[] | undefined>,
): string | null {
  const names = Object.keys(query);
  if (names.length > adminQueryLimits.parameters) {
    return `Too many query parameters: at most ${adminQueryLimits.parameters}.`;
  }
  for (const name of names) {
    if (name.length > adminQueryLimits.nameLength || controlCharacter.test(name)) {
      return 'A query parameter has a name that is too long or holds a control character.';
    }
    const value = query[name];
    if (Array.isArray(value)) return `Give ${name} only once.`;
    if (value === undefined) continue;
    if (value.length > adminQueryLimits.valueLength) {
      return `${name} is too long: at most ${adminQueryLimits.valueLength} characters.`;
    }
    if (controlCharacter.test(value)) return `${name} must not hold control characters.`;
  }
  return null;
}

/**
 * A page number or page size from the query: a whole number from 1 to `max`; `fallback` when
 * absent or empty; null when it is something else.
 */
export function adminWholeNumber(
  value: string | undefined,
  fallback: number,
  max: number,
): number | null {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}
