import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { NotFoundError } from './errors';
import type { Logger } from './logger';
import { errorHandler } from './middleware/errors';
import { requestLog } from './middleware/requestLog';
import { securityHeaders } from './middleware/security';
import { graphqlRoutes } from './routes/graphql';
import { healthRoutes } from './routes/health';
import { uploadsRoutes } from './routes/uploads';
import { createCatalogueService } from './services/catalogue/service';
import { ssrMiddleware } from './ssr/middleware';
import type { SsrRuntime } from './ssr/runtime';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Server rendering and browser assets; omitted, the app serves only /api. */
  ssr?: SsrRuntime;
}

/** Builds the Koa application. It does not listen: server.ts and the tests do that. */
export function createApp({ config, database, logger, ssr }: AppDeps): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  const catalogue = createCatalogueService(database.db, { uploadsBaseUrl: config.uploadsBaseUrl });

  app.use(errorHandler(logger));
  app.use(securityHeaders({ development: config.env === 'development' }));
  app.use(requestLog(logger));
  app.use(compress({ threshold: 1024, br: false }));

  const api = new Router({ prefix: '/api' });
  api.use(koaBody({ jsonLimit: '32kb', formLimit: '32kb', textLimit: '32kb', multipart: false }));
  for (const routes of [healthRoutes(database), graphqlRoutes(catalogue), uploadsRoutes()]) {
    api.use(routes.routes(), routes.allowedMethods());
  }
  api.all('/{*rest}', () => {
    throw new NotFoundError('No such API endpoint.');
  });
  app.use(api.routes());
  app.use(api.allowedMethods());

  if (ssr) {
    app.use(ssr.assets);
    app.use(ssrMiddleware(ssr, (query, variables) => catalogue.execute(query, variables), logger));
  }
  return app;
}
