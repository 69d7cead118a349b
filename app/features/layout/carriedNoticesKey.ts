/**
 * Where notifications wait for the next page (carriedNotices.ts). A module of its own: the layout
 * looks here on every page, and loads the rest only when something waits.
 */
export const CARRIED_NOTICES_KEY = 'fuelyard:carried-notices';

/** Whether the page before handed notifications over to this one. */
export function noticesWereCarried(): boolean {
  try {
    return sessionStorage.getItem(CARRIED_NOTICES_KEY) !== null;
  } catch {
    return false;
  }
}
