/**
 * SPEC §2: `wsm` on any page opens the wholesale enquiry modal and is then removed from the URL.
 * These work on the raw query string, so the other parameters keep their exact spelling.
 */
export const WSM_PARAM = 'wsm';

function parts(search: string): string[] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query === '' ? [] : query.split('&');
}

function isWsm(part: string): boolean {
  const key = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' ')) === WSM_PARAM;
  } catch {
    return false;
  }
}

/** The query string without `wsm` ("" or "?…"), or null when `wsm` is not there. */
export function searchWithoutWsm(search: string): string | null {
  const all = parts(search);
  const kept = all.filter((part) => !isWsm(part));
  if (kept.length === all.length) return null;
  const rest = kept.filter((part) => part !== '');
  return rest.length === 0 ? '' : `?${rest.join('&')}`;
}

/** The query string with `wsm` added, keeping the others (e.g. the coal category). */
export function searchWithWsm(search: string): string {
  const rest = parts(search).filter((part) => part !== '' && !isWsm(part));
  return `?${[...rest, WSM_PARAM].join('&')}`;
}
