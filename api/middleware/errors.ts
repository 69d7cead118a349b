import type { Middleware } from 'koa';
import { ServiceUnavailableError, TooManyRequestsError, toAppError } from '../errors';
import type { Logger } from '../logger';

/**
 * Mounted first: every error thrown below becomes JSON `{ code, message, errors? }` with `code`
 * equal to the HTTP status. Server faults are logged with their stack and answered with a safe text.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const error = toAppError(thrown);
      if (error.status >= 500) {
        logger.error(
          { err: thrown, method: ctx.method, path: ctx.path, reqId: ctx.state.reqId },
          'request failed',
        );
      }
      if (
        (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) &&
        error.retryAfterSeconds !== undefined
      )
        ctx.set('Retry-After', String(error.retryAfterSeconds));
      ctx.status = error.status;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        ...error.extra,
        code: error.status,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      };
    }
  };
}
