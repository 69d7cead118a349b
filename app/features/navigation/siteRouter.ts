/*
 * The site's parts (header, dialogs, forms, notifications) read the address and navigate through
 * these hooks, never through React Router's own. A page the client router runs (the layout)
 * gives them React Router's hooks; the pages of islands (app/client/islands.tsx), which hydrate
 * without the router and so never load it, give them the browser's address and history
 * (islandRouter.ts). A tree is given one set for its whole life, so a component always calls the
 * same hooks.
 */
import { createContext, useContext } from 'react';

/** The address, as React Router's `useLocation()` has it. */
export interface SiteLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** `default` for the page the server rendered; another value after any navigation. */
  key: string;
}

/** Where to go: a path (with its query and fragment), or the parts that change. */
export type SiteTo = string | { pathname?: string; search?: string; hash?: string };

export interface SiteNavigateOptions {
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
}

export type SiteNavigate = (to: SiteTo, options?: SiteNavigateOptions) => void | Promise<void>;

/** The root loader's data (app/routes.tsx): the catalogue, the cart, the forms' outcome. */
export type SiteRootData = object;

export interface SiteRouterHooks {
  useLocation(): SiteLocation;
  useNavigate(): SiteNavigate;
  useRootData(): SiteRootData | undefined;
}

const SiteRouterContext = createContext<SiteRouterHooks | null>(null);

/**
 * Gives the parts below it their router's hooks: the site's layout gives React Router's
 * (reactRouterHooks.ts), the pages of islands the browser's history (islandRouter.ts).
 */
export const SiteRouterProvider = SiteRouterContext.Provider;

function useHooks(): SiteRouterHooks {
  const hooks = useContext(SiteRouterContext);
  if (hooks === null) {
    throw new Error('The site router is missing: render this inside <SiteRouterProvider>.');
  }
  return hooks;
}

export function useSiteLocation(): SiteLocation {
  return useHooks().useLocation();
}

export function useSiteNavigate(): SiteNavigate {
  return useHooks().useNavigate();
}

/** The root loader's data, or undefined outside the site's routes. */
export function useSiteRootData(): SiteRootData | undefined {
  return useHooks().useRootData();
}
