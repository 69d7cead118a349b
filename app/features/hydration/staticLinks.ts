/**
 * Links inside a static section (see Static.tsx), or inside a deferred part not hydrated yet
 * (Deferred.tsx), are the server's plain `<a href>`: React has not hydrated them. So that they
 * still navigate like every other link of the page (the router's loading overlay, transitions
 * and notifications, no full page load), one listener on the document hands a plain left click
 * on such a link to the router. Everything the browser should do itself is left alone: a
 * modified or middle click, a link with a target or `download`, another origin, a file, the API,
 * or a jump within the same page. A hydrated link's own handler has already handled its click.
 */

/** The router's navigation, e.g. `(to) => router.navigate(to)`. */
export type Navigate = (to: string) => unknown;

/** The path, query and fragment a click on `anchor` should route to, or null to leave it be. */
export function routedHref(anchor: HTMLAnchorElement, current: Location): string | null {
  if (!anchor.closest('[data-static], [data-deferred]')) return null;
  if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) {
    return null;
  }
  const url = new URL(anchor.getAttribute('href') ?? '', current.href);
  if (url.origin !== current.origin) return null;
  // Files (downloads, images, feeds) and the API are not pages of the router.
  if (url.pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(url.pathname)) return null;
  const samePage = url.pathname === current.pathname && url.search === current.search;
  if (samePage && url.hash !== '') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Routes plain clicks on static sections' links through `navigate`; returns the undo. */
export function routeStaticLinks(navigate: Navigate, doc: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const to = routedHref(anchor, doc.location);
    if (to === null) return;
    event.preventDefault();
    navigate(to);
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
