import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { toAppError } from '../errors';
import type { Logger } from '../logger';

/** One structured log line per request, with a request id that is echoed in X-Request-Id. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const reqId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.reqId = reqId;
    ctx.set('X-Request-Id', reqId);
    let status: number | undefined;
    try {
      await next();
    } catch (error) {
      // The error middleware (mounted first) sets the real status after this one has finished.
      status = toAppError(error).status;
      throw error;
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          reqId,
          method: ctx.method,
          path: ctx.path,
          status: status ?? ctx.status,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    }
  };
}
