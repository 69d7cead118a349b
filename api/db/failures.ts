import { causeChain, isDatabaseUnavailable } from '../errors';

/**
 * True when `error`, or anything in its `cause` chain, is a failed query (Drizzle's
 * DrizzleQueryError: "Failed query: <sql>\nparams: <values>", recognised by its `query` and
 * `params` as the logger does) or a database out of reach (`isDatabaseUnavailable`). Such an
 * error must never reach a visitor as text (it holds the SQL and its parameters) nor be papered
 * over with empty content.
 */
export function isDatabaseFailure(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (const current of causeChain(error)) {
    if (typeof (current as { query?: unknown }).query === 'string' && 'params' in current) {
      return true;
    }
  }
  return false;
}

/**
 * The first database failure behind a GraphQL result's errors (graphql-js keeps what a resolver
 * threw as `originalError`), or undefined when none is one (a validation error, a bad argument).
 */
export function databaseFailureIn(errors: readonly unknown[] | undefined): unknown {
  for (const error of errors ?? []) {
    const original = (error as { originalError?: unknown } | null)?.originalError;
    if (original !== undefined && isDatabaseFailure(original)) return original;
  }
  return undefined;
}

/** PostgreSQL's unique_violation (23505), also under Drizzle's "Failed query: …". */
export function isUniqueViolation(error: unknown): boolean {
  return [...causeChain(error)].some((e) => (e as { code?: unknown }).code === '23505');
}

/** PostgreSQL's foreign_key_violation (23503), also under Drizzle's "Failed query: …". */
export function isForeignKeyViolation(error: unknown): boolean {
  return [...causeChain(error)].some((e) => (e as { code?: unknown }).code === '23503');
}

/**
 * PostgreSQL gave up on a transaction that met another one (40P01 deadlock, 40001 serialization
 * failure): nothing it did stays, and running it again is safe.
 */
export function isTransactionConflict(error: unknown): boolean {
  return [...causeChain(error)].some((e) => {
    const code = (e as { code?: unknown }).code;
    return code === '40P01' || code === '40001';
  });
}

/** A transaction that met another one is run this many times at most, in all. */
export const transactionConflictTries = 3;

/**
 * Runs `attempt` (a whole transaction, with nothing done outside it) and runs it again when
 * PostgreSQL gave up on it for meeting another transaction (`isTransactionConflict`), at most
 * `tries` times in all; any other failure, or the last conflict, is thrown.
 */
export async function retryOnConflict<T>(
  attempt: () => Promise<T>,
  tries = transactionConflictTries,
): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= tries || !isTransactionConflict(error)) throw error;
    }
  }
}
