import type { Context, Middleware } from 'koa';
import { paymentProviders } from '../config';
import { ForbiddenError } from '../errors';
import { unsafeMethods } from './jsonBody';

/**
 * The only /api paths that take state-changing requests from other sites: payment providers'
 * webhooks, which prove where they come from by their signature, not by an Origin. Every entry
 * must verify that signature before it changes anything. Exact paths, no prefixes.
 */
export const crossSiteExemptPaths: readonly string[] = paymentProviders.map(
  (provider) => `/api/payments/webhooks/${provider}`,
);

export const crossSiteMessage = 'Requests from other web sites are not accepted.';

export interface CrossSiteOptions {
  /** The site's own origin for this request ("https://shop.example"), or null when unknown. */
  siteOrigin: (ctx: Context) => string | null;
  /** Defaults to `crossSiteExemptPaths`. */
  exemptPaths?: readonly string[];
}

/**
 * Refuses (403) a state-changing API request that a browser says came from another site: an
 * `Origin` header that is not the site's own (including "null"), or `Sec-Fetch-Site` other than
 * same-origin or none (a user's own navigation). Requests without either header are not from a
 * browser page (curl, server-to-server) and pass: browsers send `Origin` on every cross-origin
 * POST, PUT, PATCH and DELETE. Reads (GET, HEAD, OPTIONS) pass too: without CORS headers another
 * site cannot read their answers.
 *
 * One "null" Origin is the site's own: a form posted from one of its pages that send no Referer
 * (the order page, whose address may hold the order's token: Referrer-Policy no-referrer), which
 * browsers send with `Origin: null`. The browser then says `Sec-Fetch-Site: same-origin`, which no
 * other site's page can make it say (a forbidden header; an opaque origin, such as a sandboxed
 * frame's, is cross-site), so "null" passes only with it.
 */
export function crossSiteGuard({
  siteOrigin,
  exemptPaths = crossSiteExemptPaths,
}: CrossSiteOptions): Middleware {
  const exempt = new Set(exemptPaths);
  return async (ctx, next) => {
    if (!unsafeMethods.has(ctx.method) || exempt.has(ctx.path)) return next();
    const fetchSite = ctx.get('Sec-Fetch-Site').toLowerCase();
    if (fetchSite !== '' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new ForbiddenError(crossSiteMessage);
    }
    const origin = ctx.get('Origin');
    const ownNoReferrerPage = origin === 'null' && fetchSite === 'same-origin';
    if (origin !== '' && !ownNoReferrerPage) {
      const own = siteOrigin(ctx);
      if (own === null || normaliseOrigin(origin) !== own)
        throw new ForbiddenError(crossSiteMessage);
    }
    return next();
  };
}

/** "HTTPS://Shop.Example:443" -> "https://shop.example"; null for anything that is not an origin. */
export function normaliseOrigin(value: string): string | null {
  if (value.length > 300) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '') {
      return null;
    }
    return url.origin;
  } catch {
    return null;
  }
}
