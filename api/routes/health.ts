import Router from '@koa/router';
import type { DatabaseHandle } from '../db/client';
import { ServiceUnavailableError } from '../errors';

/** GET /api/health: 200 when the database answers, 503 otherwise (load balancers use this). */
export function healthRoutes(database: DatabaseHandle): Router {
  const router = new Router();
  router.get('/health', async (ctx) => {
    try {
      await database.ping();
    } catch {
      throw new ServiceUnavailableError('The database is not answering.');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { code: 200, message: 'ok', database: database.driver };
  });
  return router;
}
