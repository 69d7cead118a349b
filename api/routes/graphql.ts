import { createHash } from 'node:crypto';
import Router from '@koa/router';
import { createHandler } from 'graphql-http/lib/use/koa';
import type { CatalogueService } from '../services/catalogue/service';
import { rootValue, schema, type GraphQLContext } from '../graphql/schema';

/**
 * GET and POST /api/graphql. GET answers carry a strong ETag of the body, so a repeated GET with
 * If-None-Match gets 304 Not Modified and no body.
 */
export function graphqlRoutes(catalogue: CatalogueService): Router {
  const handler = createHandler<GraphQLContext>({
    schema,
    rootValue,
    context: () => catalogue.requestContext(),
  });
  const router = new Router();
  router.all('/graphql', async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'POST' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, POST');
      ctx.status = 405;
      ctx.body = { code: 405, message: 'Use GET or POST for /api/graphql.' };
      return;
    }
    await handler(ctx, async () => undefined);
    // A request that could not even start executing (parse or validation errors: no "data" key)
    // is the client's mistake: answer 400 whatever media type was asked for.
    if (ctx.status === 200 && typeof ctx.body === 'string' && ctx.body.startsWith('{"errors"')) {
      const parsed = JSON.parse(ctx.body) as { data?: unknown };
      if (!('data' in parsed)) ctx.status = 400;
    }
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status === 200 && ctx.body != null) {
      const body = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
      ctx.set('ETag', `"${createHash('sha1').update(body).digest('base64url')}"`);
      ctx.set('Cache-Control', 'no-cache');
      if (ctx.fresh) {
        ctx.status = 304;
        ctx.body = null;
      }
    } else {
      ctx.set('Cache-Control', 'no-store');
    }
  });
  return router;
}
