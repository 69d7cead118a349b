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
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.') {
    super(503, message);
  }
}

/** Errors thrown by Koa's own helpers and koa-body carry a status and an `expose` flag. */
interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
}

/** Normalises anything thrown into an AppError; unknown errors become a 500 with a safe text. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
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
