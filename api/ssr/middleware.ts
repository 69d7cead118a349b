import type { Context, Middleware } from 'koa';
import type { CartView } from '../domain/cart';
import { escapeHtml } from '../domain/html';
import { messages } from '../domain/messages';
import type { GraphQLExecutor, PublicConfig } from '../domain/ssr';
import { originOf, requestOrigin } from '../http/origin';
import type { Logger } from '../logger';
import { withConsoleLogger } from './console';
import type { SsrRuntime } from './runtime';

/** What the fallback page says in production instead of the error's own message. */
export const hiddenErrorDetail = 'Something went wrong on our side. Please try again.';

/** The answer to a request whose Host header (or X-Forwarded-Host) is missing or malformed. */
export const badHostMessage = 'Bad request: the Host header is missing or not valid.';

/** The page sent when rendering itself fails: no scripts, no styles that could fail again. */
export function fallbackErrorPage(detail: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(messages.error.heading)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a"><h1>${escapeHtml(messages.error.errorPageFailed)}</h1><p>${escapeHtml(detail)}</p><p><a href="/" style="color: #c20e1a">${escapeHtml(messages.goBackHome)}</a></p></body></html>`;
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

function badHost(ctx: Context): void {
  ctx.status = 400;
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/plain';
  ctx.body = badHostMessage;
}

/**
 * Server-renders every GET that nothing else answered: the app's router decides the status
 * (200, 404, 500 or a redirect); the HTML is never cached. Also answers /robots.txt and
 * /sitemap.xml. The site's origin comes from `publicUrl` (PUBLIC_URL) when set; otherwise from the
 * request's protocol and validated Host (X-Forwarded-* with TRUST_PROXY), and a request without a
 * valid one is answered 400. Console output of the app while rendering goes to `logger`.
 */
export function ssrMiddleware(
  runtime: SsrRuntime,
  graphql: GraphQLExecutor,
  logger: Logger,
  publicConfig: PublicConfig,
  cartFor: (ctx: Context) => Promise<CartView>,
  publicUrl?: string,
): Middleware {
  // Config accepts only an http(s) PUBLIC_URL, so a set one always gives an origin.
  const fixedOrigin = publicUrl ? originOf(publicUrl) : null;
  return async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
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
        const paths = await withConsoleLogger(requestLogger, () => entry.sitemap({ graphql }));
        ctx.type = 'application/xml';
        ctx.body = sitemapXml(origin, paths);
      }
      return;
    }

    const nonce = String(ctx.state.nonce ?? '');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    try {
      const [template, entry] = await Promise.all([
        runtime.template(ctx.originalUrl),
        runtime.entry(),
      ]);
      // Path and query only: an absolute-form or "//host" request target cannot change the origin.
      const url = new URL(origin);
      url.pathname = ctx.path;
      url.search = ctx.search;
      const headers = new Headers();
      for (const [key, value] of Object.entries(ctx.headers)) {
        if (typeof value === 'string') headers.set(key, value);
        else if (Array.isArray(value)) headers.set(key, value.join(', '));
      }
      const result = await withConsoleLogger(requestLogger, () =>
        entry.render(new Request(url, { method: 'GET', headers }), {
          nonce,
          graphql,
          publicConfig,
          cart: () => cartFor(ctx),
        }),
      );
      if (result.type === 'redirect') {
        ctx.status = result.status;
        ctx.redirect(result.location);
        return;
      }
      ctx.status = result.status;
      // Function replacements: the markup may contain "$&"-style sequences.
      ctx.body = template
        .replaceAll('__CSP_NONCE__', nonce)
        .replace('<!--app-head-->', () => result.head)
        .replace('<!--app-html-->', () => result.html);
    } catch (error) {
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
