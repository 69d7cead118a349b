import type { Context, Middleware } from 'koa';
import type { CartView } from '../domain/cart';
import { escapeHtml } from '../domain/html';
import { messages } from '../domain/messages';
import type { GraphQLExecutor, PublicConfig } from '../domain/ssr';
import type { Logger } from '../logger';
import type { SsrRuntime } from './runtime';

/** The page sent when rendering itself fails: no scripts, no styles that could fail again. */
export function fallbackErrorPage(detail: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(messages.error.heading)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a"><h1>${escapeHtml(messages.error.errorPageFailed)}</h1><p>${escapeHtml(detail)}</p><p><a href="/" style="color: #c20e1a">${escapeHtml(messages.goBackHome)}</a></p></body></html>`;
}

/**
 * Server-renders every GET that nothing else answered: the app's router decides the status
 * (200, 404, 500 or a redirect); the HTML is never cached.
 */
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
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths
    .map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function ssrMiddleware(
  runtime: SsrRuntime,
  graphql: GraphQLExecutor,
  logger: Logger,
  publicConfig: PublicConfig,
  cartFor: (ctx: Context) => Promise<CartView>,
  publicOrigin?: string,
): Middleware {
  return async (ctx) => {
    if (ctx.path === '/robots.txt' || ctx.path === '/sitemap.xml') {
      const origin = publicOrigin ?? `${ctx.protocol}://${ctx.host}`;
      ctx.set('Cache-Control', 'public, max-age=3600');
      if (ctx.path === '/robots.txt') {
        ctx.type = 'text/plain';
        ctx.body = robotsTxt(origin);
      } else {
        const paths = await (await runtime.entry()).sitemap({ graphql });
        ctx.type = 'application/xml';
        ctx.body = sitemapXml(origin, paths);
      }
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = 'Method not allowed';
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
      const url = new URL(ctx.originalUrl, `${ctx.protocol}://${ctx.host}`);
      const headers = new Headers();
      for (const [key, value] of Object.entries(ctx.headers)) {
        if (typeof value === 'string') headers.set(key, value);
        else if (Array.isArray(value)) headers.set(key, value.join(', '));
      }
      const result = await entry.render(new Request(url, { method: 'GET', headers }), {
        nonce,
        graphql,
        publicConfig,
        cart: () => cartFor(ctx),
      });
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
      logger.error({ err: error, path: ctx.path }, 'server rendering failed');
      ctx.status = 500;
      ctx.body = fallbackErrorPage(error instanceof Error ? error.message : String(error));
    }
  };
}
