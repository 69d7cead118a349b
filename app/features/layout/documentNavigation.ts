import { useEffect, useRef, useState } from 'react';
import { timings } from './timings';

/*
 * The Loading... overlay of SPEC §9 for a page the browser loads: on the pages of islands a
 * link loads its page (navigation/islandRouter.ts), where the client router would have shown the
 * overlay while the next page's data and code came. Here the overlay shows once the browser has
 * been loading another page of the site for 200 ms, until that page replaces this one.
 */

/** The part of the Navigation API's `navigate` event read here (Chromium; not in every browser). */
interface NavigateEventLike extends Event {
  destination: { url: string; sameDocument: boolean };
  downloadRequest: string | null;
  /** Set for a form's submission. */
  formData: FormData | null;
}

/** A load the page never leaves for (stopped, or answered with a download) ends the overlay. */
const GIVE_UP_MS = 10_000;

/** Whether `url` is another page of this site, which the browser is about to load. */
function isOtherPage(url: string): boolean {
  const target = new URL(url, window.location.href);
  return (
    target.origin === window.location.origin &&
    !(target.pathname === window.location.pathname && target.search === window.location.search)
  );
}

/** The page a click on a link of this site loads, where the Navigation API is missing. */
function linkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download')) {
    return null;
  }
  return link.href;
}

/**
 * True once the browser has been loading another page of the site for `delayMs`. `onLeave` runs
 * as it starts to (a link of the page's server HTML, say, which no script handles).
 */
export function useSlowDocumentNavigation(
  delayMs: number = timings.overlayDelayMs,
  onLeave?: () => void,
): boolean {
  const [slow, setSlow] = useState(false);
  const leave = useRef(onLeave);
  useEffect(() => {
    leave.current = onLeave;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A form's post loads a page too, even one at the same address.
    const leaving = (url: string, posted = false) => {
      if (!posted && !isOtherPage(url)) return;
      leave.current?.();
      clearTimeout(timer);
      timer = setTimeout(() => {
        setSlow(true);
        timer = setTimeout(stayed, GIVE_UP_MS);
      }, delayMs);
    };
    function stayed() {
      clearTimeout(timer);
      setSlow(false);
    }
    const navigation = (window as { navigation?: EventTarget }).navigation;
    const onNavigate = (event: Event) => {
      const { destination, downloadRequest, formData } = event as NavigateEventLike;
      if (destination.sameDocument || downloadRequest !== null) return;
      if (new URL(destination.url).origin === window.location.origin) {
        leaving(destination.url, formData !== null);
      }
    };
    // Without the Navigation API: a click on a link of the site, or a form's post.
    const onClick = (event: MouseEvent) => {
      const url = linkTarget(event);
      if (url !== null) leaving(url);
    };
    // Back from the browser's page cache: the overlay was left on.
    const onSubmit = (event: SubmitEvent) => {
      if (!event.defaultPrevented) leaving(window.location.href, true);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) stayed();
    };
    if (navigation) {
      navigation.addEventListener('navigate', onNavigate);
      navigation.addEventListener('navigateerror', stayed);
    } else {
      window.addEventListener('click', onClick);
      window.addEventListener('submit', onSubmit);
    }
    window.addEventListener('pageshow', onPageShow);
    return () => {
      clearTimeout(timer);
      navigation?.removeEventListener('navigate', onNavigate);
      navigation?.removeEventListener('navigateerror', stayed);
      window.removeEventListener('click', onClick);
      window.removeEventListener('submit', onSubmit);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [delayMs]);
  return slow;
}
