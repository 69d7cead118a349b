/**
 * Whether `url` is the page's own address (RenderResult.ownAddress): its path spelt as the route
 * table matched it (`matchedPath`; not `/%61bout` for `/about`), and a query of only `query`, the
 * parameters the page reads (route `handle.query`), each at most once and in that order, each
 * with a value spelt as the site's links spell it (`encodeURIComponent`, so `best-sellers` and
 * never `best%2Dsellers`).
 *
 * At any other address the page is still the same page (a campaign's `?utm_source=…`, a dialog
 * opened by `?menu`), but the server keeps only own addresses in its page cache: each unread
 * parameter, value or spelling would otherwise be one more copy of the page, and a run of unique
 * queries would push every other page out. A listed parameter's values are bounded by the page
 * itself, which answers an unknown one with a 404 (never kept).
 */
export function isOwnAddress(
  url: URL,
  matchedPath: string | undefined,
  query: readonly string[],
): boolean {
  if (matchedPath !== url.pathname) return false;
  const search = url.search.slice(1);
  if (search === '') return true;
  let next = 0;
  for (const part of search.split('&')) {
    const equals = part.indexOf('=');
    if (equals < 0) return false;
    const index = query.indexOf(part.slice(0, equals), next);
    if (index < 0) return false;
    next = index + 1;
    const raw = part.slice(equals + 1);
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return false;
    }
    if (value === '' || encodeURIComponent(value) !== raw) return false;
  }
  return true;
}
