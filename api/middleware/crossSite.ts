import type { Context, Middleware } from 'koa';
import { paymentProviders } from '../config';
import { ForbiddenError } from '../errors';
import { originOf } from '../http/origin';
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
 * same-origin or none (a user's own navigation). Reads (GET, HEAD, OPTIONS) pass: without CORS
 * headers another site cannot read their answers.
 *
 * With neither header, a `Referer` from another origin (or one that is not an http(s) URL) is
 * refused too. Browsers send `Origin` on every cross-origin POST, PUT, PATCH and DELETE, so this
 * is defence in depth: an old browser, an extension or a proxy that strips `Origin` but leaves
 * the Referer still cannot carry another site's form to an account page. A request without any of
 * the three passes: it is not from a browser page (curl, server-to-server), or a privacy tool took
 * the Referer out, and refusing that would lock out the customers who use one.
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
    // Sec-Fetch-Site, when sent, already said where the request came from: the Referer is asked
    // only when the browser said nothing else.
    const referer = ctx.get('Referer');
    if (origin === '' && fetchSite === '' && referer !== '') {
      const own = siteOrigin(ctx);
      if (own === null || originOf(referer) !== own) throw new ForbiddenError(crossSiteMessage);
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
