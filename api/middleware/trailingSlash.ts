import type { Middleware } from 'koa';

/*
 * Pages use strict path matching (SPEC §2): `/about/` is not `/about`. A visitor (or a link
 * elsewhere) that adds a slash gets a permanent redirect to the page's one address instead of
 * "Page not found", with the query string kept. Matching itself stays strict: the page router
 * never sees the slash.
 *
 * Not redirected:
 *  - `/` itself, and anything but GET and HEAD (a form posted to `/contact/` is not re-sent as
 *    a GET: it gets the usual answer for an unknown address);
 *  - `/api/…` (the API answers its own JSON 404; uploads live there too, at /api/uploads);
 *  - file addresses: the build's `/assets/…` and `/cdn/…`, and any address whose last segment
 *    has a dot (`/favicon.svg/`, `/sitemap.xml/`). With a slash they name no file, and a 404 says
 *    so better than a second address for caches to hold.
 *
 * Leading slashes too: an address that starts with more than one (`//evil.example/`,
 * `///evil.example`) names no page or file as spelt, and gets a 301 to the same address with one
 * (`/evil.example`, a page here, 404), whatever it names (a file or `/api/…` address too), as
 * `/about/` goes to `/about`.
 * Mounted before the static files, whose server answers such an address with a 400 of its own
 * ("Malicious Path").
 *
 * The Location is always a path on this site: one slash, then neither a slash nor a backslash. An
 * address with a backslash (browsers read `/\host` as `//host`) or anything but printable ASCII is
 * never redirected (it is the 404 page).
 */

const notRedirected = /^\/(?:api|assets|cdn)(?:\/|$)/i;
const printableAscii = /^[\x21-\x7e]*$/;

/**
 * The address to redirect `path` (as requested, with `search`) to: without its trailing slash and
 * its extra leading ones. Null to leave it alone.
 */
export function withoutTrailingSlash(path: string, search: string): string | null {
  const extraLeading = path.startsWith('//');
  if (!extraLeading && (path.length < 2 || !path.endsWith('/'))) return null;
  if (!printableAscii.test(path) || !printableAscii.test(search) || path.includes('\\')) {
    return null;
  }
  const target = `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  if (extraLeading) return `${target}${search}`;
  if (notRedirected.test(target)) return null;
  const last = target.slice(target.lastIndexOf('/') + 1);
  if (last.includes('.')) return null;
  return `${target}${search}`;
}

/**
 * Redirects (301) a page address with a trailing slash to the address without it, and any
 * address with extra leading slashes to the address with one.
 */
export function trailingSlashRedirect(): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const target = withoutTrailingSlash(ctx.path, ctx.search);
    if (target === null) return next();
    ctx.status = 301;
    ctx.set('Location', target);
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'text/plain';
    ctx.body = `Moved permanently to ${target}`;
  };
}
