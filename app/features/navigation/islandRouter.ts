import { useSyncExternalStore } from 'react';
import type {
  SiteLocation,
  SiteNavigate,
  SiteNavigateOptions,
  SiteRootData,
  SiteRouterHooks,
  SiteTo,
} from './siteRouter';

/*
 * The site router's hooks (siteRouter.ts) for the pages of islands, which run without React
 * Router. The page is the server's: a link to another page loads that page. Only a change of the
 * query or fragment on the same path stays in the page, in the browser's history: that is how the
 * header's dialogs open and close (`?postcode`, `?wsm` and the like), and the Back button closes
 * them again.
 */

/** The address a `to` names, resolved against the current one as React Router does. */
export function resolveSiteTo(to: SiteTo, current: URL): URL {
  if (typeof to === 'string') return new URL(to, current);
  const url = new URL(current);
  url.pathname = to.pathname ?? current.pathname;
  url.search = to.search ?? (to.pathname === undefined ? current.search : '');
  url.hash = to.hash ?? '';
  return url;
}

/** The history entry's state: its key, and the state a navigation gave it. */
interface EntryState {
  siteKey: string;
  usr: unknown;
}

function entryState(value: unknown): EntryState | null {
  return typeof value === 'object' && value !== null && 'siteKey' in value
    ? (value as EntryState)
    : null;
}

/**
 * Hooks over the browser's address and history, and the root loader's data the server rendered
 * with. One per page: the islands share it. `beforeLeave` runs just before a navigation loads
 * another page.
 */
export function browserSiteRouter(
  rootData: SiteRootData | undefined,
  { beforeLeave }: { beforeLeave?: () => void } = {},
): SiteRouterHooks {
  const listeners = new Set<() => void>();
  let entries = 0;
  const read = (): SiteLocation => {
    const state = entryState(window.history.state);
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.siteKey ?? 'default' };
  };
  let location = read();
  const changed = () => {
    location = read();
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (listeners.size === 1) window.addEventListener('popstate', changed);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('popstate', changed);
    };
  };
  const navigate: SiteNavigate = (to: SiteTo, options: SiteNavigateOptions = {}) => {
    const here = new URL(window.location.href);
    const target = resolveSiteTo(to, here);
    if (target.origin !== here.origin || target.pathname !== here.pathname) {
      // Another page: the server renders it.
      beforeLeave?.();
      if (options.replace) window.location.replace(target.href);
      else window.location.assign(target.href);
      return;
    }
    entries += 1;
    const state: EntryState = { siteKey: `island-${entries}`, usr: options.state ?? null };
    if (options.replace) window.history.replaceState(state, '', target.href);
    else window.history.pushState(state, '', target.href);
    changed();
  };
  return {
    useLocation: function useIslandLocation() {
      return useSyncExternalStore(
        subscribe,
        () => location,
        () => location,
      );
    },
    useNavigate: function useIslandNavigate() {
      return navigate;
    },
    useRootData: function useIslandRootData() {
      return rootData;
    },
  };
}

/**
 * The same for an island rendered on the server: the request's address, which never changes
 * during the render, and no navigation (nothing navigates while rendering).
 */
export function staticSiteRouter(url: URL, rootData: SiteRootData | undefined): SiteRouterHooks {
  const location: SiteLocation = {
    pathname: url.pathname,
    search: url.search,
    hash: '',
    state: null,
    key: 'default',
  };
  const navigate: SiteNavigate = () => {
    throw new Error('An island rendered on the server cannot navigate.');
  };
  return {
    useLocation: function useStaticLocation() {
      return location;
    },
    useNavigate: function useStaticNavigate() {
      return navigate;
    },
    useRootData: function useStaticRootData() {
      return rootData;
    },
  };
}
