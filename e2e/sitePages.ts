/**
 * The pages the validity and accessibility checks visit: every page the sitemap lists, the 404
 * page, and the server-rendered targets and pages a visitor reaches that the sitemap leaves out
 * (the enquiry modal `?wsm`, the side navigation `?menu`, the cart and the login page).
 */

/** A path no route matches: the site's "Page not found". */
export const notFoundPath = '/no-such-page-for-the-checkers';

const extraPaths = ['/contact?wsm', '/?menu', '/cart', '/user/login'];

/** The paths (with query) of every `<loc>` in the server's /sitemap.xml. */
export async function sitemapPaths(baseURL: string): Promise<string[]> {
  const res = await fetch(`${baseURL}/sitemap.xml`);
  if (!res.ok) throw new Error(`GET /sitemap.xml answered ${String(res.status)}`);
  const xml = await res.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => {
    const url = new URL(loc.replace(/&amp;/g, '&'));
    return `${url.pathname}${url.search}`;
  });
  if (paths.length === 0) throw new Error('/sitemap.xml lists no pages');
  return paths;
}

/** Every page to check, each once, in a stable order. */
export async function pagesToCheck(baseURL: string): Promise<string[]> {
  return [...new Set([...(await sitemapPaths(baseURL)), notFoundPath, ...extraPaths])];
}
