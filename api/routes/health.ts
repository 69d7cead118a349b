import Router from '@koa/router';
import type { DatabaseHandle } from '../db/client';
import { withDeadline } from '../deadline';
import { ServiceUnavailableError } from '../errors';

export interface HealthOptions {
  /** How long readiness waits for the database before answering 503 (HEALTH_TIMEOUT_MS). */
  timeoutMs: number;
  /** True once the process is shutting down: readiness answers 503 so traffic moves elsewhere. */
  draining?: () => boolean;
}

/** Seconds a load balancer is asked to wait before trying a process that is not ready. */
const retryAfterSeconds = 5;

/**
 * GET /api/health/live: liveness, 200 while the process runs (restart it only when this fails).
 * GET /api/health: readiness, 200 when the database answers within `timeoutMs` and the process is
 * not draining, 503 with Retry-After otherwise (send it no traffic for now; no restart needed).
 */
export function healthRoutes(database: DatabaseHandle, options: HealthOptions): Router {
  const router = new Router();
  router.get('/health/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: 200, message: 'ok' };
  });
  router.get('/health', async (ctx) => {
    if (options.draining?.()) {
      // Answered here rather than thrown: an orderly stop is not a fault, and the error handler
      // would log every load-balancer poll of the drain as one, with a stack trace.
      ctx.status = 503;
      ctx.set('Retry-After', String(retryAfterSeconds));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { code: 503, message: 'The server is shutting down.' };
      return;
    }
    try {
      // ping() gives up (and gives back its connection) by itself; the deadline is a backstop,
      // so that this answer never waits longer than the timeout whatever the driver does.
      await withDeadline(
        database.ping(options.timeoutMs),
        options.timeoutMs + 50,
        () => new Error('health timeout'),
      );
    } catch {
      throw new ServiceUnavailableError('The database is not answering.', { retryAfterSeconds });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: 200, message: 'ok', database: database.driver };
  });
  return router;
}
