import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** The rows of a raw `execute`, which both drivers (pg and PGlite) return as `{ rows }`. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result) {
    const { rows } = result as { rows: unknown };
    if (Array.isArray(rows)) return rows as Record<string, unknown>[];
  }
  throw new TypeError('Unexpected result from the database driver.');
}

/** `value` when it is a whole number of at least 1; otherwise a RangeError naming `what`. */
export function positiveInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${what} must be a whole number of at least 1.`);
  }
  return value;
}

export interface BatchBounds {
  /** Rows per statement: each batch is its own short transaction. */
  batch: number;
  /** Statements per call, so one call is bounded too; the next call carries on. */
  maxBatches: number;
}

/**
 * Runs `deleteBatch(batch)` (a DELETE of at most `batch` rows that RETURNS one row per row
 * deleted) until a batch comes back short or `maxBatches` have run; returns how many rows went.
 */
export async function deleteInBatches(
  db: Database,
  deleteBatch: (batch: number) => SQL,
  { batch, maxBatches }: BatchBounds,
): Promise<number> {
  positiveInteger(batch, 'The batch size');
  positiveInteger(maxBatches, 'The number of batches');
  let deleted = 0;
  for (let i = 0; i < maxBatches; i += 1) {
    const gone = rowsOf(await db.execute(deleteBatch(batch))).length;
    deleted += gone;
    if (gone < batch) break;
  }
  return deleted;
}
