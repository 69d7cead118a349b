/** Catalogue vocabulary shared by the API and the browser. */
export const productTypes = ['coal', 'oil', 'woodpellet', 'other'] as const;
export type ProductType = (typeof productTypes)[number];

export function isProductType(value: unknown): value is ProductType {
  return typeof value === 'string' && (productTypes as readonly string[]).includes(value);
}

/** The shipping zones SPEC §3 names. Oil goes by tanker, everything else by lorry. */
export const zoneTitles = { northernIreland: 'northern-ireland', oil: 'oil' } as const;

/** What staff read for the two zones the shop delivers by (their titles are keys, lower-cased). */
const zoneNames: Record<string, string> = {
  [zoneTitles.northernIreland]: 'Northern Ireland (solid fuel)',
  [zoneTitles.oil]: 'Heating oil',
};

/**
 * A zone's name for people (issue 47): the two known zones by what they deliver; any other title
 * with its hyphens as spaces and each word capitalised ("south-down" reads "South Down").
 */
export function zoneDisplayName(title: string): string {
  const known = zoneNames[title.toLowerCase()];
  if (known) return known;
  return title
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The product category that makes a product a wood-pellet product. */
export const woodpelletCategoryTitle = 'Woodpellets';

export type SortDirection = 'asc' | 'desc';
export interface SortSpec<Field extends string> {
  field: Field;
  direction: SortDirection;
}

/**
 * Parse a `field:direction` sort string ("title:desc"). Returns null for an empty value and
 * throws a RangeError for a field that is not allowed or a direction other than asc/desc.
 */
export function parseSort<Field extends string>(
  value: string | null | undefined,
  allowed: readonly Field[],
): SortSpec<Field> | null {
  if (value == null || value.trim() === '') return null;
  const [rawField = '', rawDirection = 'asc', ...rest] = value.trim().split(':');
  const direction = rawDirection.toLowerCase();
  if (rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
    throw new RangeError(`Sort must look like "field:asc" or "field:desc", not "${value}".`);
  }
  if (!(allowed as readonly string[]).includes(rawField)) {
    throw new RangeError(`Cannot sort by "${rawField}". Use one of: ${allowed.join(', ')}.`);
  }
  return { field: rawField as Field, direction };
}

/** Apply a GraphQL `limit`: -1 (or no value) means unlimited; other negatives are refused. */
export function applyLimit<T>(items: readonly T[], limit: number | null | undefined): T[] {
  if (limit == null || limit === -1) return [...items];
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError('Limit must be -1 (unlimited) or a whole number of 0 or more.');
  }
  return items.slice(0, limit);
}
