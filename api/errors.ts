/**
 * The API's typed errors. Throw these anywhere; the one error middleware (mounted first) turns
 * them into JSON `{ code, message, errors? }` where `code` equals the HTTP status.
 */
export class AppError extends Error {
  readonly status: number;
  /** Field-level or list messages a client can show (validation). */
  readonly errors: string[] | undefined;
  /** Extra JSON fields returned with the error (e.g. the cart). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    options: { errors?: string[]; extra?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.errors = options.errors;
    this.extra = options.extra;
  }

  /** The same error (class, status, headers it implies) with more JSON fields in its answer. */
  withExtra(extra: Record<string, unknown>): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    Object.defineProperties(copy, Object.getOwnPropertyDescriptors(this));
    Object.defineProperty(copy, 'extra', { value: { ...this.extra, ...extra }, enumerable: true });
    return copy;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, options?: ConstructorParameters<typeof AppError>[2]) {
    super(400, message, options);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string, options?: ConstructorParameters<typeof AppError>[2]) {
    super(401, message, options);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, options?: ConstructorParameters<typeof AppError>[2]) {
    super(404, message, options);
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(message = 'Method not allowed.') {
    super(405, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, options?: ConstructorParameters<typeof AppError>[2]) {
    super(409, message, options);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request is too large.') {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string, options?: ConstructorParameters<typeof AppError>[2]) {
    super(422, message, options);
  }
}

export class PreconditionRequiredError extends AppError {
  constructor(message: string, options?: ConstructorParameters<typeof AppError>[2]) {
    super(428, message, options);
  }
}

export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class ServiceUnavailableError extends AppError {
  /** Sent as Retry-After when set. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    message = 'The service is temporarily unavailable. Please try again shortly.',
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(503, message, options.cause === undefined ? {} : { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** What a visitor is told when the database is out of reach, slow or busy; never the SQL. */
export const databaseUnavailableMessage =
  'The shop cannot reach its database just now. Please try again in a moment.';
export const databaseRetryAfterSeconds = 5;

/** A 503 with Retry-After for a database that timed out, refused or dropped the connection. */
export class DatabaseUnavailableError extends ServiceUnavailableError {
  constructor(cause?: unknown) {
    super(databaseUnavailableMessage, { retryAfterSeconds: databaseRetryAfterSeconds, cause });
  }
}

/**
 * PostgreSQL error codes that mean "not now" rather than "wrong": 57014 query_canceled (statement
 * timeout), 55P03 lock_not_available (lock timeout), 25P03 idle_in_transaction_session_timeout,
 * 57P01-57P03 admin shutdown / crash shutdown / cannot connect now, 53300 too many connections,
 * class 08 connection exceptions, 40001/40P01 serialization failure / deadlock.
 */
const unavailableCodes = new Set([
  '57014',
  '55P03',
  '25P03',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '40001',
  '40P01',
]);
/** Socket errors: the database host refused, reset or cannot be found. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and pg-pool say these in words only. */
const driverMessages = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client was closed and is not queryable',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  // The embedded database after close() (the process is stopping).
  'PGlite is closed',
];

/**
 * `error` and the errors of its `cause` chain, outermost first: objects only, and at most 8 (a
 * chain may loop). Drizzle wraps a driver's error as the cause of its "Failed query: …".
 */
export function* causeChain(error: unknown): Generator<object> {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * True when `error` (or anything in its `cause` chain, as Drizzle wraps driver errors in "Failed
 * query: …") says the database did not answer in time, refused, or lost the connection: worth
 * retrying in a moment, and a 503, not a 500. The one place that knows these errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causeChain(error)) {
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (unavailableCodes.has(code) || code.startsWith('08') || socketCodes.has(code)) return true;
    }
    if (typeof message === 'string' && driverMessages.some((text) => message.startsWith(text))) {
      return true;
    }
    // AggregateError (a host with several addresses, all refused).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** Errors thrown by Koa's own helpers and koa-body carry a status and an `expose` flag. */
interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
}

/**
 * Normalises anything thrown into an AppError: a database that timed out or is out of reach
 * becomes a 503 with Retry-After, other unknown errors a 500 with a safe text.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return new DatabaseUnavailableError(error);
  const e = (typeof error === 'object' && error !== null ? error : {}) as HttpLikeError;
  const status =
    typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413) return new PayloadTooLargeError();
  if (status >= 400 && status < 500) {
    const exposed = e.expose !== false && typeof e.message === 'string' && e.message !== '';
    return new AppError(
      status,
      exposed ? String(e.message) : 'The request could not be understood.',
    );
  }
  return new AppError(500, 'Something went wrong on our side. Please try again.', { cause: error });
}
