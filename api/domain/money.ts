/** Money is whole pence (integers) end to end; only formatting turns it into pounds. */

export type Pence = number;

export function isPence(value: unknown): value is Pence {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** 1234 -> "£12.34"; always two decimals. */
export function formatPence(pence: Pence): string {
  if (!isPence(pence)) throw new TypeError(`Not a whole number of pence: ${String(pence)}`);
  // As en-GB currency formatting writes GBP ("-£1,234.56"), in integer arithmetic: building an
  // Intl.NumberFormat costs the browser's first load tens of milliseconds of main thread.
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${pence < 0 ? '-' : ''}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** Unit price x quantity, in pence. Throws on anything that is not whole pence and a whole quantity. */
export function multiplyPence(unit: Pence, quantity: number): Pence {
  if (!isPence(unit)) throw new TypeError(`Not a whole number of pence: ${String(unit)}`);
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a whole number of 0 or more: ${String(quantity)}`);
  }
  const total = unit * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError('Price is too large.');
  return total;
}

/** The lowest of a list of optional prices, or null when none is set ("from £x"). */
export function lowestPrice(prices: ReadonlyArray<Pence | null | undefined>): Pence | null {
  let lowest: Pence | null = null;
  for (const price of prices) {
    if (price == null) continue;
    if (lowest === null || price < lowest) lowest = price;
  }
  return lowest;
}
