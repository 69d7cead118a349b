import { join } from 'node:path';
import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import { paymentProviderLabel, type Config } from './config';
import type { DatabaseHandle } from './db/client';
import { MethodNotAllowedError, NotFoundError } from './errors';
import type { Logger } from './logger';
import { requestOrigin } from './http/origin';
import { crossSiteExemptPaths, crossSiteGuard } from './middleware/crossSite';
import { errorHandler } from './middleware/errors';
import { jsonBody } from './middleware/jsonBody';
import { requestLog } from './middleware/requestLog';
import { trailingSlashRedirect } from './middleware/trailingSlash';
import { contentSecurityPolicy, securityHeaders } from './middleware/security';
import { adminRoutes, imageUploadPath } from './routes/admin';
import { authLimiters, authRoutes, sessionCookieName, sessionReader } from './routes/auth';
import { cartCookieName, cartRoutes } from './routes/cart';
import { cartAnswers } from './routes/cartAnswers';
import { checkoutRoutes } from './routes/checkout';
import { enquiryRoutes } from './routes/enquiries';
import { graphqlRoutes } from './routes/graphql';
import { healthRoutes } from './routes/health';
import { orderRoutes } from './routes/orders';
import { orderDeliveryDayRoutes } from './routes/orderDeliveryDay';
import { visibleOrder } from './services/orders/access';
import { viewOfOrder } from './services/orders/orderView';
import { deliveryDayChanges } from './services/orders/deliveryDayChange';
import { orderTokenMatches } from './services/orders/accessToken';
import { keepOrderToken, keptOrderToken, placedOrderToken } from './routes/orderTokenCookie';
import { paymentRoutes, webhookLimitBytes } from './routes/payments';
import { uploadsRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import { adminCatalogue } from './services/admin/catalogue';
import { adminDeliveryDays } from './services/admin/deliveryDays';
import { adminInbox } from './services/admin/inbox';
import { adminOrders } from './services/admin/orders';
import { adminStaff } from './services/admin/staff';
import { createAuthService } from './services/auth/service';
import { createCartService } from './services/cart/service';
import { createCatalogueService } from './services/catalogue/service';
import { createCheckoutService } from './services/checkout/service';
import { createPayments, type Payments } from './services/payments';
import { site } from './domain/site';
import {
  cartPageAnswers,
  sharedPageAnswers,
  ssrMiddleware,
  type AnonymousPages,
} from './ssr/middleware';
import { createCartPages } from './ssr/cartPages';
import { formBridge, pageForms } from './ssr/forms';
import { noticeCookieName } from './domain/pageForms';
import { createPageCache, isSharedPage } from './ssr/pageCache';
import type { SsrRuntime } from './ssr/runtime';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Server rendering and browser assets; omitted, the app serves only /api. */
  ssr?: SsrRuntime;
  /** The mail outbox worker, nudged when an e-mail is queued; omitted, it finds it on its next poll. */
  mailWorker?: { nudge(): void };
  /** True once the process is shutting down: readiness (GET /api/health) then answers 503. */
  draining?: () => boolean;
  /** Payments (PAYMENT_PROVIDER's adapter); omitted, made here from `config`. */
  payments?: Payments;
  /** The clock checkout offers delivery days by (tests fix it); omitted, the real time. */
  now?: () => Date;
  /** False: checkout books no delivery days (the benchmark's baseline); omitted, it does. */
  bookDeliveryDays?: boolean;
}

/** Builds the Koa application. It does not listen: server.ts and the tests do that. */
export function createApp({
  config,
  database,
  logger,
  ssr,
  mailWorker,
  draining,
  now,
  bookDeliveryDays,
  payments = createPayments({
    config,
    db: database.db,
    logger,
    mailWorker,
    ...(now ? { now } : {}),
  }),
}: AppDeps): Koa {
  // TRUST_PROXY: take the client address (and protocol) from X-Forwarded-* headers.
  const app = new Koa({ proxy: config.trustProxy });
  app.silent = true;
  const catalogue = createCatalogueService(database.db, {
    uploadsBaseUrl: config.uploadsBaseUrl,
    versionFeed: database.catalogueVersion,
  });
  const carts = createCartService(database.db, catalogue, { changes: database.cartChanges });
  const checkout = createCheckoutService({
    db: database.db,
    catalogue,
    payments,
    logger,
    config,
    ...(now ? { now } : {}),
    ...(bookDeliveryDays === false ? { bookDeliveryDays } : {}),
  });
  // Customer accounts: server-side sessions in an HttpOnly cookie (api/services/auth).
  const auth = createAuthService({ db: database.db, config, site });
  const sessionCookies = {
    cookieSecure: config.cookieSecure,
    production: config.env === 'production',
  };
  const readSession = sessionReader(auth, sessionCookies);
  const cartOfVisitor = (ctx: Koa.Context) => carts.view(ctx.cookies.get(cartCookieName));

  const security = {
    development: config.env === 'development',
    scriptOrigins: config.analytics ? [new URL(config.analytics.scriptUrl).origin] : [],
  };
  // Production: pages for visitors without a session or a cart, rendered once per address and
  // catalogue version (api/ssr/pageCache.ts), and for visitors with a cart, once per address,
  // catalogue version and what the page reads of the cart (api/ssr/cartPages.ts).
  const anonymousPages: AnonymousPages | undefined =
    ssr && config.env === 'production'
      ? {
          cache: createPageCache(),
          version: () => catalogue.version(),
          // No session and no cart: the page is the same for every such visitor.
          cacheable: (ctx) =>
            ctx.method === 'GET' &&
            isSharedPage(ctx.path) &&
            !ctx.cookies.get(cartCookieName) &&
            !ctx.cookies.get(sessionCookieName) &&
            !ctx.cookies.get(noticeCookieName),
          carts: createCartPages(createPageCache({ maxEntries: 500 })),
          // A cart and no session: the page depends on the visitor only through the cart.
          cacheableWithCart: (ctx) =>
            ctx.method === 'GET' &&
            isSharedPage(ctx.path) &&
            Boolean(ctx.cookies.get(cartCookieName)) &&
            !ctx.cookies.get(sessionCookieName) &&
            !ctx.cookies.get(noticeCookieName),
          policy: contentSecurityPolicy(security),
        }
      : undefined;

  app.use(errorHandler(logger));
  app.use(securityHeaders(security));
  app.use(requestLog(logger));
  if (anonymousPages) app.use(sharedPageAnswers(anonymousPages, config.publicUrl));
  app.use(compress({ threshold: 1024, br: false }));
  if (anonymousPages) {
    app.use(cartPageAnswers(anonymousPages, cartOfVisitor, config.publicUrl));
  }

  app.use(cartAnswers(carts));
  const api = new Router({ prefix: '/api' });
  /** The site's origin for a request: PUBLIC_URL, else the validated request origin. */
  const siteOrigin = (ctx: Koa.Context) => requestOrigin(ctx, config.publicUrl);
  // Other sites' pages may not change anything here (403), and bodies are JSON only (415).
  const crossSite = crossSiteGuard({ siteOrigin });
  api.use(crossSite);
  // Signed provider webhooks keep their raw bytes (the signature covers them), bounded too.
  api.use(
    jsonBody({
      limitBytes: 32 * 1024,
      rawPaths: crossSiteExemptPaths,
      rawLimitBytes: webhookLimitBytes,
      // The back office's image upload reads its own body, after its staff check.
      routeReadsBody: (path) => imageUploadPath.test(path),
    }),
  );
  const cart = cartRoutes(carts, {
    cookieSecure: config.cookieSecure,
    production: config.env === 'production',
  });
  const health = healthRoutes(database, {
    timeoutMs: config.healthTimeoutMs,
    ...(draining ? { draining } : {}),
  });
  const uploadedDir = join(config.dataDir, 'uploads');
  for (const routes of [health, graphqlRoutes(catalogue), uploadsRoutes({ uploadedDir }), cart]) {
    api.use(routes.routes(), routes.allowedMethods());
  }
  const enquiries = enquiryRoutes({ db: database.db, config, logger, mailWorker });
  api.use(enquiries.routes(), enquiries.allowedMethods());
  const limiters = authLimiters(database.db, config, logger);
  const accountDeps = { auth, limiters, readSession, cookies: sessionCookies, logger };
  for (const routes of [
    authRoutes({ ...accountDeps, linkOrigin: config.linkOrigin, mailWorker }),
    userRoutes({ ...accountDeps, mailWorker }),
  ]) {
    api.use(routes.routes(), routes.allowedMethods());
  }
  // A customer's own change of their order's delivery day (issue 34, item 6).
  const dayChanges = deliveryDayChanges({
    db: database.db,
    mail: config.mail,
    linkOrigin: config.linkOrigin,
    mailWorker,
    ...(now ? { now } : {}),
  });
  const orderPages = [
    checkoutRoutes({ checkout, siteOrigin, readSession, cookies: sessionCookies }),
    orderRoutes({
      db: database.db,
      logger,
      readSession,
      cookies: sessionCookies,
      reconcileOrder: (orderId) => payments.reconcileOrder(orderId),
    }),
    orderDeliveryDayRoutes({ db: database.db, changes: dayChanges, readSession }),
  ];
  for (const routes of orderPages) api.use(routes.routes(), routes.allowedMethods());
  const paymentApi = paymentRoutes({ payments, config, logger });
  api.use(paymentApi.routes(), paymentApi.allowedMethods());
  // The back office (docs/admin.md): staff only; anyone else gets the ordinary 404.
  const admin = adminRoutes({
    db: database.db,
    readSession,
    catalogue: adminCatalogue(database.db, { uploadsDir: uploadedDir }),
    orders: adminOrders({
      db: database.db,
      logger,
      provider: payments.provider,
      mail: config.mail,
      linkOrigin: config.linkOrigin,
      mailWorker,
    }),
    inbox: adminInbox(database.db, { mailWorker }),
    latePayments: payments.latePayments,
    staff: adminStaff(database.db, {
      linkOrigin: config.linkOrigin,
      companyName: site.companyName,
      mail: config.mail,
      mailWorker,
    }),
    deliveryDays: adminDeliveryDays({
      db: database.db,
      mail: config.mail,
      linkOrigin: config.linkOrigin,
      mailWorker,
      ...(now ? { now } : {}),
    }),
  });
  api.use(admin.routes(), admin.allowedMethods());
  // Anything else under /api: 405 with Allow when the path exists for other methods, else 404.
  const fallbackPath = '/api/{*rest}';
  api.all('/{*rest}', (ctx) => {
    const allowed = new Set<string>();
    for (const layer of api.match(ctx.path, ctx.method).path) {
      if (layer.path !== fallbackPath) layer.methods.forEach((method) => allowed.add(method));
    }
    if (allowed.size > 0) {
      const allow = [...allowed].join(', ');
      ctx.set('Allow', allow);
      throw new MethodNotAllowedError(`${ctx.method} is not allowed here. Allowed: ${allow}.`);
    }
    throw new NotFoundError('No such API endpoint.');
  });
  // Development: the browser's modules from api/domain/ come from Vite, not the API (404).
  if (ssr?.sourceModules) app.use(ssr.sourceModules);
  app.use(api.routes());
  app.use(api.allowedMethods());

  if (ssr) {
    // `/about/` → 301 `/about` (pages match strictly; see the middleware for what is left alone),
    // and `//evil.example/` → 301 `/evil.example`: before the static files, whose server answers
    // an address with extra leading slashes 400 itself.
    app.use(trailingSlashRedirect());
    app.use(ssr.assets);
    // Forms posted to pages without JavaScript: their API request in-process, then a redirect or
    // the page with its messages (DESIGN.md, Rendering). /api itself stays JSON-only.
    app.use(
      formBridge({
        forms: pageForms,
        // The router's middleware adds its own fields (params, router) to the context it is given.
        api: api.routes() as unknown as Koa.Middleware,
        crossSite,
        cookieSecure: config.cookieSecure,
        production: config.env === 'production',
      }),
    );
    /**
     * The order for its page (the same view GET /api/orders/{id} answers), when this visitor may
     * see it: the token in the address, or the one this browser kept when it placed the order
     * (the pages after payment, in any tab), or kept for the order's own page (which takes it out
     * of the address, so a reload comes without it), or its signed-in owner.
     */
    const orderRowForPage = (ctx: Koa.Context, orderId: string, urlToken: string | null) =>
      visibleOrder(
        database.db,
        orderId,
        urlToken ?? placedOrderToken(ctx, orderId) ?? keptOrderToken(ctx),
        async () => (await readSession(ctx))?.user.id ?? null,
      );
    const orderForPage = async (ctx: Koa.Context, orderId: string, urlToken: string | null) => {
      const order = await orderRowForPage(ctx, orderId, urlToken);
      if (!order) return null;
      if (urlToken !== null && orderTokenMatches(urlToken, order.accessTokenHash)) {
        keepOrderToken(ctx, sessionCookies, order.id, urlToken);
      }
      return viewOfOrder(database.db, order);
    };
    app.use(
      ssrMiddleware(
        ssr,
        (query, variables) => catalogue.execute(query, variables),
        logger,
        {
          analytics: config.analytics,
          testPayments: payments.testMode,
          paymentProvider: paymentProviderLabel(payments.provider.name),
        },
        cartOfVisitor,
        config.publicUrl,
        (ctx, domesticUse) => checkout.summary(ctx.cookies.get(cartCookieName), domesticUse),
        async (ctx) => (await readSession(ctx))?.user ?? null,
        anonymousPages,
        async (ctx, orderId, urlToken) => (await orderForPage(ctx, orderId, urlToken)) !== null,
        orderForPage,
        async (sessionId) => {
          const session = await payments.testPage?.view(sessionId);
          if (!session) return null;
          // What the hosted page shows: the API's `session`, less the settling event's id.
          const { eventId: _eventId, ...shown } = session;
          return shown;
        },
        // The order page's "Change delivery day": for whoever may see the order, as above.
        async (ctx, orderId, urlToken) => {
          const order = await orderRowForPage(ctx, orderId, urlToken);
          return order ? dayChanges.options(order) : null;
        },
        // /user/verify-email shows which address its link confirms.
        (token) => auth.pendingConfirmation(token),
      ),
    );
  }
  return app;
}
