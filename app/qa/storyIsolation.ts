/**
 * Story isolation for the browser tests. react-aria announces a button that turns pending while
 * focused through the live announcer, by reference (`aria-labelledby` the button's id), for
 * about 7 s. If the button has gone by then (its story ended, or its dialog closed), the
 * reference dangles and the accessibility check of whatever runs next flags it. Stories that
 * press such buttons drop the dangling announcements before they start.
 */
export function dropDanglingAnnouncements(): void {
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const ids = (node.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
    if (ids.some((id) => document.getElementById(id) === null)) node.remove();
  }
}
