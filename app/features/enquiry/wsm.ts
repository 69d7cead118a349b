import { searchWithFlag, searchWithoutFlag } from '../navigation';

/**
 * SPEC §2: `wsm` on any page opens the wholesale enquiry modal and is then removed from the URL.
 * These work on the raw query string, so the other parameters keep their exact spelling.
 */
export const WSM_PARAM = 'wsm';

/** The query string without `wsm` ("" or "?…"), or null when `wsm` is not there. */
export function searchWithoutWsm(search: string): string | null {
  return searchWithoutFlag(search, WSM_PARAM);
}

/** The query string with `wsm` added, keeping the others (e.g. the coal category). */
export function searchWithWsm(search: string): string {
  return searchWithFlag(search, WSM_PARAM);
}
