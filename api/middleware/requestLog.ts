import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { toAppError } from '../errors';
import type { Logger } from '../logger';

/**
 * Where the page cache stands on this request, for its log line (`cache`): 'hit' when the page
 * came from memory, 'kept' when this render was stored. Absent for anything else.
 */
export const pageCacheLogKey = 'pageCacheOutcome';
export type PageCacheOutcome = 'hit' | 'kept';

/** Notes the page cache's part in this request, for its log line. */
export function notePageCache(state: Record<string, unknown>, outcome: PageCacheOutcome): void {
  state[pageCacheLogKey] = outcome;
}

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
      const cache = (ctx.state as Record<string, unknown>)[pageCacheLogKey] as
        PageCacheOutcome | undefined;
      logger.info(
        {
          reqId,
          method: ctx.method,
          path: ctx.path,
          status: status ?? ctx.status,
          ms: Math.round(ms * 10) / 10,
          ...(cache === undefined ? {} : { cache }),
        },
        'request',
      );
    }
  };
}
