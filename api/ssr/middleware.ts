import type { Context, Middleware } from 'koa';
import { databaseFailureIn, isDatabaseFailure } from '../db/failures';
import type { CartView } from '../domain/cart';
import { escapeHtml } from '../domain/html';
import { messages } from '../domain/messages';
import { PageDataError } from '../domain/pageData';
import type { CheckoutSummary, OrderView } from '../domain/order';
import type { OrderDeliveryDays } from '../domain/orderDeliveryDay';
import { localRedirectPath, type PendingConfirmation, type SessionUser } from '../domain/auth';
import type { GraphQLExecutor, PublicConfig, TestPaymentSession } from '../domain/ssr';
import { noticeCookieName, readNotice, type FormOutcome } from '../domain/pageForms';
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
} from '../errors';
import { originOf, requestOrigin } from '../http/origin';
import type { Logger } from '../logger';
import { notePageCache } from '../middleware/requestLog';
import { withConsoleLogger } from './console';
import { recordingCart, type CartPages } from './cartPages';
import { pageKey, sharePage, type PageCache } from './pageCache';
import type { SsrRuntime } from './runtime';
import { formOutcomeStateKey } from './forms/formBridge';

/** What the fallback page says in production instead of the error's own message. */
export const hiddenErrorDetail = 'Something went wrong on our side. Please try again.';

/** The answer to a request whose Host header (or X-Forwarded-Host) is missing or malformed. */
export const badHostMessage = 'Bad request: the Host header is missing or not valid.';

/** A page of its own: no scripts, no styles that could fail again. */
function standalonePage(heading: string, text: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(messages.error.heading)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p><p><a href="/" style="color: #c20e1a">${escapeHtml(messages.goBackHome)}</a></p></body></html>`;
}

/** The page sent when rendering itself fails. */
export function fallbackErrorPage(detail: string): string {
  return standalonePage(messages.error.errorPageFailed, detail);
}

/**
 * The error page of SPEC §2 ("An error occurred", "An error has occurred: {message}"), sent when
 * the page's data failed and the app did not render its own.
 */
export function plainErrorPage(message: string): string {
  return standalonePage(messages.error.heading, messages.error.text(message));
}

/**
 * The data sources one request renders with, watched for database failures. A failure is turned
 * into a PageDataError for the app (so it shows the error page, never an empty catalogue or
 * cart), and the first one is kept: whatever the app then did with it, the answer is that error
 * page with the failure's status, and the failure is logged once.
 */
/** Whether the visitor may see an order (RenderContext.orderAccess). */
type OrderAccess = (orderId: string, token: string | null) => Promise<boolean>;
/** The order, when the visitor may see it (RenderContext.order). */
type OrderSource = (orderId: string, token: string | null) => Promise<OrderView | null>;
/** The test provider's session for its hosted page (RenderContext.testPaymentSession). */
type TestSessionSource = (sessionId: string) => Promise<TestPaymentSession | null>;
/** The address a confirmation link proves (RenderContext.pendingConfirmation). */
type ConfirmationSource = (token: string) => Promise<PendingConfirmation | null>;
/** The order's delivery days, when the visitor may see it (RenderContext.orderDeliveryDays). */
type DeliveryDaysSource = (
  orderId: string,
  token: string | null,
) => Promise<OrderDeliveryDays | null>;

function watchedSources(
  graphql: GraphQLExecutor,
  cart: () => Promise<CartView>,
  checkout: (domesticUse: boolean) => Promise<CheckoutSummary>,
  user: () => Promise<SessionUser | null> = () => Promise.resolve(null),
  orderAccess: OrderAccess = () => Promise.resolve(false),
  order: OrderSource = () => Promise.resolve(null),
  testPaymentSession: TestSessionSource = () => Promise.resolve(null),
  orderDeliveryDays: DeliveryDaysSource = () => Promise.resolve(null),
  pendingConfirmation: ConfirmationSource = () => Promise.resolve(null),
): {
  graphql: GraphQLExecutor;
  cart: () => Promise<CartView>;
  checkout: (domesticUse: boolean) => Promise<CheckoutSummary>;
  user: () => Promise<SessionUser | null>;
  orderAccess: OrderAccess;
  order: OrderSource;
  testPaymentSession: TestSessionSource;
  orderDeliveryDays: DeliveryDaysSource;
  pendingConfirmation: ConfirmationSource;
  failure(): { error: unknown; page: PageDataError } | undefined;
  /** Whether the page asked for the checkout summary or an order (a page of one visitor's own). */
  usedCheckout(): boolean;
} {
  let failure: { error: unknown; page: PageDataError } | undefined;
  let checkoutUsed = false;
  const fail = (error: unknown): PageDataError => {
    failure ??= {
      error,
      page: isDatabaseUnavailable(error)
        ? new PageDataError(503, databaseUnavailableMessage)
        : new PageDataError(500, hiddenErrorDetail),
    };
    return failure.page;
  };
  const watch = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw isDatabaseFailure(error) ? fail(error) : error;
    }
  };
  return {
    graphql: (query, variables) =>
      watch(async () => {
        const result = await graphql(query, variables);
        // graphql-js answers a resolver's error in `errors`, with the driver's as originalError.
        const failed = databaseFailureIn(result.errors);
        if (failed !== undefined) throw fail(failed);
        return result;
      }),
    cart: () => watch(cart),
    checkout: (domesticUse) => {
      checkoutUsed = true;
      return watch(() => checkout(domesticUse));
    },
    user: () => watch(user),
    orderAccess: (orderId, token) => {
      // A page of one visitor's own, as the checkout's is: never kept for another.
      checkoutUsed = true;
      return watch(() => orderAccess(orderId, token));
    },
    order: (orderId, token) => {
      checkoutUsed = true;
      return watch(() => order(orderId, token));
    },
    testPaymentSession: (sessionId) => {
      // A payment page is one customer's own too.
      checkoutUsed = true;
      return watch(() => testPaymentSession(sessionId));
    },
    orderDeliveryDays: (orderId, token) => {
      checkoutUsed = true;
      return watch(() => orderDeliveryDays(orderId, token));
    },
    pendingConfirmation: (token) => {
      // One mailbox's own page: never kept for another visitor.
      checkoutUsed = true;
      return watch(() => pendingConfirmation(token));
    },
    failure: () => failure,
    usedCheckout: () => checkoutUsed,
  };
}

/**
 * Answers a request whose data failed: the failure's status (503 with Retry-After while the
 * database is out of reach), never cached, one error line in the log. `page` is the app's error
 * page when it rendered one for this failure; otherwise the plain one is sent.
 */
function answerDataFailure(
  ctx: Context,
  logger: Logger,
  failure: { error: unknown; page: PageDataError },
  page?: string,
): void {
  logger.error({ err: failure.error, path: ctx.path }, 'database failed while rendering');
  ctx.status = failure.page.status;
  if (failure.page.status === 503) ctx.set('Retry-After', String(databaseRetryAfterSeconds));
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'html';
  ctx.body = page ?? plainErrorPage(failure.page.message);
}

/** Percent-encodes anything but printable ASCII, so no value can start a new line of the file. */
function plainTextUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /order/',
    'Disallow: /pay/',
    'Disallow: /user/',
    'Disallow: /login',
    '',
    `Sitemap: ${plainTextUrl(`${origin}/sitemap.xml`)}`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths
    .map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function methodNotAllowed(ctx: Context): void {
  ctx.status = 405;
  ctx.set('Allow', 'GET, HEAD');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/plain';
  ctx.body = 'Method not allowed';
}

/** The HTML template with the rendered page and the request's CSP nonce in it. */
function fillTemplate(
  template: string,
  nonce: string,
  page: { head: string; html: string },
): string {
  // Function replacements: the markup may contain "$&"-style sequences.
  return template
    .replaceAll('__CSP_NONCE__', nonce)
    .replace('<!--app-head-->', () => page.head)
    .replace('<!--app-html-->', () => page.html);
}

function badHost(ctx: Context): void {
  ctx.status = 400;
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/plain';
  ctx.body = badHostMessage;
}

/** The page cache for visitors without a session or a cart, and how to tell them apart. */
export interface AnonymousPages {
  cache: PageCache;
  /** The catalogue's version now (part of every key). */
  version(): Promise<string>;
  /** Whether this request (a GET) may have its page from (and to) the cache. */
  cacheable(ctx: Context): boolean;
  /** Pages for visitors with a cart, reused across carts that render alike. */
  carts: CartPages;
  /** Whether this request's page may come from (and go to) `carts`: a cart and no session. */
  cacheableWithCart(ctx: Context): boolean;
  /** The Content-Security-Policy of a shared page, given its scripts' hashes. */
  policy(scriptSources: string): string;
}

/**
 * The page key (address, origin, catalogue version) of a request that `accepts` lets through, for
 * an address some page has been kept for; null otherwise, or when the host or the version is not
 * to be had (the request then goes on, and is answered as usual).
 */
async function keptPageKey(
  anonymousPages: AnonymousPages,
  fixedOrigin: string | null,
  ctx: Context,
  accepts: (ctx: Context) => boolean,
): Promise<string | null> {
  if (!anonymousPages.cache.hasAddress(`${ctx.path}${ctx.search}`) || !accepts(ctx)) return null;
  const origin = fixedOrigin ?? requestOrigin(ctx);
  if (origin === null) return null;
  const version = await anonymousPages.version().catch(() => null);
  return version === null ? null : pageKey(origin, ctx.path, ctx.search, version);
}

/**
 * Answers a request for a kept anonymous page straight from memory, before the rest of the
 * stack (the API router, static files, rendering): the same bytes for every visitor, gzip-
 * compressed once, with the page's own hash-based Content-Security-Policy. Anything else, and a
 * page not kept yet, goes on to `next` (where ssrMiddleware renders and keeps it).
 */
export function sharedPageAnswers(anonymousPages: AnonymousPages, publicUrl?: string): Middleware {
  const fixedOrigin = publicUrl ? originOf(publicUrl) : null;
  const accepts = (ctx: Context) => anonymousPages.cacheable(ctx);
  return async (ctx, next) => {
    const key = await keptPageKey(anonymousPages, fixedOrigin, ctx, accepts);
    const page = key === null ? undefined : anonymousPages.cache.get(key);
    if (!page?.shared) return next();
    notePageCache(ctx.state as Record<string, unknown>, 'hit');
    ctx.status = page.status;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', anonymousPages.policy(page.shared.scriptHashes));
    ctx.set('Content-Type', 'text/html; charset=utf-8');
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = page.shared.gzip;
    } else {
      ctx.body = page.shared.body;
    }
  };
}

/** Request headers about a body, which the GET a page is rendered with does not have. */
const bodyHeaders = new Set([
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
]);

/** The cart a request's page was looked up with (so a render after a miss reads it once). */
const pageCartKey = 'pageCart';

/**
 * Answers a request from a visitor with a cart (and no session) for a page kept for a cart that
 * renders alike (api/ssr/cartPages.ts), before the API router and static files: the kept page
 * with this visitor's cart data and nonce. Anything else goes on to `next`.
 */
export function cartPageAnswers(
  anonymousPages: AnonymousPages,
  cartFor: (ctx: Context) => Promise<CartView>,
  publicUrl?: string,
): Middleware {
  const fixedOrigin = publicUrl ? originOf(publicUrl) : null;
  const accepts = (ctx: Context) => anonymousPages.cacheableWithCart(ctx);
  return async (ctx, next) => {
    const page = await keptPageKey(anonymousPages, fixedOrigin, ctx, accepts);
    if (page === null) return next();
    const cart = await cartFor(ctx).catch(() => null);
    if (cart === null) return next();
    const hit = anonymousPages.carts.answer(page, cart, String(ctx.state.nonce ?? ''));
    if (!hit) {
      (ctx.state as Record<string, unknown>)[pageCartKey] = { page, cart };
      return next();
    }
    notePageCache(ctx.state as Record<string, unknown>, 'hit');
    ctx.status = hit.status;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body = hit.html;
  };
}

/**
 * Server-renders every GET that nothing else answered: the app's router decides the status
 * (200, 404, 500 or a redirect); no browser or proxy may cache the HTML. Also answers /robots.txt and
 * /sitemap.xml. The site's origin comes from `publicUrl` (PUBLIC_URL) when set; otherwise from the
 * request's protocol and validated Host (X-Forwarded-* with TRUST_PROXY), and a request without a
 * valid one is answered 400. Console output of the app while rendering goes to `logger`.
 * A page or sitemap whose data failed on the database is the error page: 503 with Retry-After
 * while the database is out of reach (500 for another failed query), never cached.
 * With `anonymousPages`, a page for a visitor without a session or a cart is rendered once per
 * address and catalogue version, and served from memory after that (with a fresh nonce): at its
 * own address only (RenderResult.ownAddress); any other is rendered for each request.
 */
export function ssrMiddleware(
  runtime: SsrRuntime,
  graphql: GraphQLExecutor,
  logger: Logger,
  publicConfig: PublicConfig,
  cartFor: (ctx: Context) => Promise<CartView>,
  publicUrl?: string,
  checkoutFor: (ctx: Context, domesticUse: boolean) => Promise<CheckoutSummary> = () =>
    Promise.reject(new Error('Checkout is not available here.')),
  /** The signed-in customer (customer accounts), so the first HTML shows them; omitted: none. */
  userFor: (ctx: Context) => Promise<SessionUser | null> = () => Promise.resolve(null),
  /** Rendered pages for anonymous visitors (production); omitted, every page is rendered. */
  anonymousPages?: AnonymousPages,
  /**
   * Whether the visitor may see an order (its token, or its signed-in owner), so /order/{id}
   * answers 404 when it cannot be shown; omitted: no order can be shown.
   */
  orderAccessFor: (ctx: Context, orderId: string, token: string | null) => Promise<boolean> = () =>
    Promise.resolve(false),
  /**
   * The order as GET /api/orders/{id} answers it, when the visitor may see it (as
   * `orderAccessFor`), so the order pages show it in their first HTML; omitted: none is shown.
   */
  orderFor: (
    ctx: Context,
    orderId: string,
    token: string | null,
  ) => Promise<OrderView | null> = () => Promise.resolve(null),
  /** The test provider's session for /pay/test/{id}; omitted: none (the browser asks). */
  testPaymentSessionFor: (sessionId: string) => Promise<TestPaymentSession | null> = () =>
    Promise.resolve(null),
  /**
   * The order's delivery days as GET /api/orders/{id}/delivery-days answers them, when the
   * visitor may see it (as `orderFor`), so /order/{id} renders "Change delivery day" with its
   * days; omitted: the browser loads them.
   */
  orderDeliveryDaysFor?: (
    ctx: Context,
    orderId: string,
    token: string | null,
  ) => Promise<OrderDeliveryDays | null>,
  /** The address a confirmation link proves, for its page; omitted: the page shows none. */
  pendingConfirmationFor?: ConfirmationSource,
): Middleware {
  // Config accepts only an http(s) PUBLIC_URL, so a set one always gives an origin.
  const fixedOrigin = publicUrl ? originOf(publicUrl) : null;
  return async (ctx) => {
    // A form posted without JavaScript and refused (api/ssr/forms): its page, with the outcome.
    const form = (ctx.state as Record<string, unknown>)[formOutcomeStateKey] as
      FormOutcome | undefined;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && !form) {
      methodNotAllowed(ctx);
      return;
    }
    const origin = fixedOrigin ?? requestOrigin(ctx);
    if (origin === null) {
      badHost(ctx);
      return;
    }
    const requestLogger = logger.child({ reqId: ctx.state.reqId as unknown });

    if (ctx.path === '/robots.txt' || ctx.path === '/sitemap.xml') {
      if (fixedOrigin) {
        ctx.set('Cache-Control', 'public, max-age=3600');
      } else {
        // The body names the request's own host: no shared cache may keep it for others.
        ctx.set('Cache-Control', 'private, max-age=3600');
        ctx.vary('Host');
        if (ctx.app.proxy) {
          ctx.vary('X-Forwarded-Host');
          ctx.vary('X-Forwarded-Proto');
        }
      }
      if (ctx.path === '/robots.txt') {
        ctx.type = 'text/plain';
        ctx.body = robotsTxt(origin);
      } else {
        const entry = await runtime.entry();
        const sources = watchedSources(
          graphql,
          () => cartFor(ctx),
          (domesticUse) => checkoutFor(ctx, domesticUse),
        );
        let paths: string[];
        try {
          paths = await withConsoleLogger(requestLogger, () =>
            entry.sitemap({ graphql: sources.graphql }),
          );
        } catch (error) {
          const failure = sources.failure();
          if (!failure) throw error;
          answerDataFailure(ctx, requestLogger, failure);
          return;
        }
        const failure = sources.failure();
        if (failure) {
          // The app listed the pages without the catalogue's: a partial sitemap is not sent.
          answerDataFailure(ctx, requestLogger, failure);
          return;
        }
        ctx.type = 'application/xml';
        ctx.body = sitemapXml(origin, paths);
      }
      return;
    }

    const nonce = String(ctx.state.nonce ?? '');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    // A notice from the form posted just before (shown once), and the refused form's outcome:
    // such a page is this visitor's own, never kept for another.
    const noticeCookie = ctx.cookies.get(noticeCookieName);
    const notice = readNotice(noticeCookie);
    if (noticeCookie !== undefined) {
      ctx.cookies.set(noticeCookieName, null, { path: '/', overwrite: true });
    }
    const ownPage = form !== undefined || noticeCookie !== undefined;
    // An anonymous visitor's page comes from the cache when this catalogue version has been
    // rendered for its address before; a visitor with a cart's, when a cart that reads the same
    // has been. A failed version (or cart) read renders (and answers) as usual.
    let cacheKey: string | null = null;
    let withCart: { page: string; cart: CartView; read: Set<string> } | null = null;
    const kind =
      !anonymousPages || ownPage
        ? null
        : anonymousPages.cacheable(ctx)
          ? 'anonymous'
          : anonymousPages.cacheableWithCart(ctx)
            ? 'cart'
            : null;
    if (anonymousPages && kind) {
      const version = await anonymousPages.version().catch(() => null);
      const page = version === null ? null : pageKey(origin, ctx.path, ctx.search, version);
      if (page !== null && kind === 'anonymous') {
        cacheKey = page;
        const hit = anonymousPages.cache.get(cacheKey);
        if (hit) {
          notePageCache(ctx.state as Record<string, unknown>, 'hit');
          ctx.status = hit.status;
          ctx.body = anonymousPages.cache.fill(hit, nonce);
          return;
        }
      } else if (page !== null) {
        // Looked up, and missed, by cartPageAnswers for this same page: only the render is left.
        const looked = (ctx.state as Record<string, unknown>)[pageCartKey] as
          { page: string; cart: CartView } | undefined;
        const missed = looked?.page === page;
        const cart = missed ? looked.cart : await cartFor(ctx).catch(() => null);
        const hit = cart && !missed ? anonymousPages.carts.answer(page, cart, nonce) : null;
        if (hit) {
          notePageCache(ctx.state as Record<string, unknown>, 'hit');
          ctx.status = hit.status;
          ctx.body = hit.html;
          return;
        }
        if (cart) withCart = { page, cart, read: new Set() };
      }
    }
    // A page that may be kept is rendered with the cache's placeholder for the nonce.
    const renderNonce = !anonymousPages
      ? nonce
      : withCart !== null
        ? anonymousPages.carts.nonce
        : cacheKey !== null
          ? anonymousPages.cache.nonce
          : nonce;
    const withNonce = (html: string) => html.replaceAll(renderNonce, nonce);
    const sources = watchedSources(
      graphql,
      withCart
        ? () => Promise.resolve(recordingCart(withCart.cart, withCart.read))
        : () => cartFor(ctx),
      (domesticUse) => checkoutFor(ctx, domesticUse),
      () => userFor(ctx),
      (orderId, token) => orderAccessFor(ctx, orderId, token),
      (orderId, token) => orderFor(ctx, orderId, token),
      testPaymentSessionFor,
      orderDeliveryDaysFor
        ? (orderId, token) => orderDeliveryDaysFor(ctx, orderId, token)
        : undefined,
      pendingConfirmationFor,
    );
    try {
      const entry = await runtime.entry();
      // Path and query only: an absolute-form or "//host" request target cannot change the origin.
      const url = new URL(origin);
      url.pathname = ctx.path;
      url.search = ctx.search;
      const headers = new Headers();
      for (const [key, value] of Object.entries(ctx.headers)) {
        // The page is rendered as a GET, also after a refused form: the form's body is not its.
        if (bodyHeaders.has(key)) continue;
        if (typeof value === 'string') headers.set(key, value);
        else if (Array.isArray(value)) headers.set(key, value.join(', '));
      }
      const result = await withConsoleLogger(requestLogger, () =>
        entry.render(new Request(url, { method: 'GET', headers }), {
          nonce: renderNonce,
          graphql: sources.graphql,
          publicConfig,
          cart: sources.cart,
          checkout: sources.checkout,
          user: sources.user,
          orderAccess: sources.orderAccess,
          order: sources.order,
          testPaymentSession: sources.testPaymentSession,
          ...(orderDeliveryDaysFor ? { orderDeliveryDays: sources.orderDeliveryDays } : {}),
          ...(pendingConfirmationFor ? { pendingConfirmation: sources.pendingConfirmation } : {}),
          form: form ?? null,
          notice,
        }),
      );
      const template = await runtime.template(
        ctx.originalUrl,
        result.type === 'document' && result.islands === true ? 'islands' : 'router',
      );
      const failure = sources.failure();
      if (failure) {
        // The app's own error page when it showed this failure; never a page rendered without
        // its data (an empty catalogue or cart), nor a redirect.
        const shown =
          result.type === 'document' && result.status === failure.page.status
            ? withNonce(fillTemplate(template, renderNonce, result))
            : undefined;
        answerDataFailure(ctx, requestLogger, failure, shown);
        return;
      }
      if (result.type === 'redirect') {
        // The app only ever sends the visitor to a path on this site. The value that goes out is
        // checked here too, as a browser resolves it: a Location it could read as another origin
        // ("//host", "/\\host", "https:…", a path that resolves to one) is never sent; the
        // visitor goes home instead. The refused value is not logged: it may hold a token.
        const location = localRedirectPath(result.location);
        if (location === null) {
          requestLogger.warn({ path: ctx.path }, 'refused a redirect off the site');
        }
        ctx.status = result.status;
        ctx.redirect(location ?? '/');
        return;
      }
      // A refused form's page answers with the refusal's status (the page itself rendered).
      ctx.status = form && result.status === 200 ? form.status : result.status;
      const html = fillTemplate(template, renderNonce, result);
      // Only complete pages: never an error page, a 404 (any address would fill the cache), or a
      // page that read the customer's checkout. And only at the page's own address, so that no
      // run of requests can push the site's pages out: never a query the page does not read
      // (`?z=<unique>`, `?utm_source=…`; those pages are rendered each time, as they were asked),
      // nor a path the URL parser respells (`/./about`, `/x/../about`: the same page as `/about`).
      const ownAddress =
        (result.ownAddress ?? ctx.search === '') &&
        url.pathname === ctx.path &&
        url.search === ctx.search;
      if (
        result.status === 200 &&
        ownAddress &&
        !ownPage &&
        !sources.usedCheckout() &&
        anonymousPages
      ) {
        if (cacheKey !== null) {
          anonymousPages.cache.noteAddress(`${ctx.path}${ctx.search}`);
          anonymousPages.cache.set(cacheKey, {
            status: result.status,
            html,
            shared: sharePage(html, renderNonce),
          });
          notePageCache(ctx.state as Record<string, unknown>, 'kept');
        } else if (withCart) {
          const { page, cart, read } = withCart;
          if (anonymousPages.carts.keep(page, cart, read, result.status, html)) {
            anonymousPages.cache.noteAddress(`${ctx.path}${ctx.search}`);
            notePageCache(ctx.state as Record<string, unknown>, 'kept');
          }
        }
      }
      ctx.body = withNonce(html);
    } catch (error) {
      const failure = sources.failure();
      if (failure) {
        answerDataFailure(ctx, requestLogger, failure);
        return;
      }
      if (error instanceof Error) runtime.fixStacktrace?.(error);
      requestLogger.error({ err: error, path: ctx.path }, 'server rendering failed');
      ctx.status = 500;
      // Only the development runtime shows the error's own message; it may name internals.
      const detail = runtime.showErrorDetails
        ? error instanceof Error
          ? error.message
          : String(error)
        : hiddenErrorDetail;
      ctx.body = fallbackErrorPage(detail);
    }
  };
}
