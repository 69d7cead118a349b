import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import { createHandler } from 'graphql-http';
import type { Context } from 'koa';
import { databaseFailureIn } from '../db/failures';
import { AppError, BadRequestError } from '../errors';
import {
  graphqlLimits,
  parseWithLimits,
  validateWithLimits,
  type GraphQLLimits,
} from '../graphql/limits';
import { rootValue, schema, type GraphQLContext } from '../graphql/schema';
import type { CatalogueService } from '../services/catalogue/service';

/** What graphql-http answers without a body (406, 415...), said in the API's words. */
const protocolMessages: Record<number, string> = {
  406: 'Accept application/graphql-response+json or application/json.',
  415: 'Send a GraphQL POST as application/json.',
};

/** The request body as the API's body parser left it (a JSON object or nothing), for graphql-http. */
function parsedBody(ctx: Context): Record<string, unknown> | null {
  const { body } = ctx.request;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/**
 * GET, HEAD and POST /api/graphql.
 *
 * - Every request is parsed with a token budget and validated against the limits in
 *   api/graphql/limits.ts (depth, aliases, directives, cost) before anything executes; a query
 *   over a limit gets 400 and `{ errors: [{ message }] }` naming the limit.
 * - An answer larger than `maxResponseBytes` is not sent: 400 `{ code, message }` instead.
 * - GET answers carry a strong ETag of the body, so a repeated GET with If-None-Match gets
 *   304 Not Modified and no body. HEAD answers exactly as GET would, without the body.
 * - A resolver that failed on the database fails the whole request through the error middleware:
 *   503 with Retry-After while the database is out of reach (500 for another failed query), a
 *   generic `{ code, message }`, logged once; never the SQL in `errors`, never an ETag. Other
 *   errors in `errors` (a bad argument, validation) are answered as graphql-http answers them.
 */
export function graphqlRoutes(
  catalogue: CatalogueService,
  limits: Readonly<GraphQLLimits> = graphqlLimits,
): Router {
  const handle = createHandler<IncomingMessage, undefined, GraphQLContext>({
    schema,
    rootValue,
    context: () => catalogue.requestContext(),
    parse: (source) => parseWithLimits(source, limits),
    // The limits and graphql-js's specified rules (graphql-http's own rule list is not needed).
    validate: (graphqlSchema, document) => validateWithLimits(graphqlSchema, document, limits),
    onOperation: (_req, _args, result) => {
      if (!('errors' in result)) return;
      const failure = databaseFailureIn(result.errors);
      // The driver's error itself: the error middleware makes it a 503 (or 500) and logs it.
      if (failure !== undefined) throw failure;
    },
  });
  const router = new Router();
  router.all('/graphql', async (ctx) => {
    const { method } = ctx;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      ctx.set('Allow', 'GET, HEAD, POST');
      ctx.status = 405;
      ctx.body = { code: 405, message: 'Use GET or POST for /api/graphql.' };
      return;
    }
    const [body, init] = await handle({
      url: ctx.url,
      // HEAD is run as the GET it asks about; Koa leaves the body out of the answer.
      method: method === 'HEAD' ? 'GET' : method,
      headers: ctx.headers,
      body: () => parsedBody(ctx),
      raw: ctx.req,
      context: undefined,
    });
    if (body === null) {
      for (const [name, value] of Object.entries(init.headers ?? {})) ctx.set(name, value);
      throw new AppError(init.status, protocolMessages[init.status] ?? `${init.statusText}.`);
    }
    // Checked before anything else reads the body (the error check below, the ETag hash).
    const bytes = Buffer.byteLength(body);
    if (bytes > limits.maxResponseBytes) {
      throw new BadRequestError(
        `Response size ${bytes.toLocaleString('en-GB')} bytes exceeds the limit of ` +
          `${limits.maxResponseBytes.toLocaleString('en-GB')} bytes. Ask for fewer fields or ` +
          'fewer items (limit).',
      );
    }
    for (const [name, value] of Object.entries(init.headers ?? {})) ctx.set(name, value);
    ctx.body = body;
    ctx.status = init.status;
    // A request that could not even start executing (parse or validation errors, a limit: no
    // "data" key) is the client's mistake: answer 400 whatever media type was asked for.
    if (ctx.status === 200 && body.startsWith('{"errors"')) {
      const parsed = JSON.parse(body) as { data?: unknown };
      if (!('data' in parsed)) ctx.status = 400;
    }
    if ((method === 'GET' || method === 'HEAD') && ctx.status === 200) {
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
