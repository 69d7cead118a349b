import { useLocation, useNavigate, useRouteLoaderData } from 'react-router-dom';
import type { SiteNavigate, SiteRootData, SiteRouterHooks } from './siteRouter';

/*
 * The site router's hooks (siteRouter.ts) on a page the client router runs: React Router's own.
 * Not exported from the feature's index, so that the pages of islands, which never load the
 * router, do not import it.
 */

function useRouterNavigate(): SiteNavigate {
  return useNavigate();
}

function useRootLoaderData(): SiteRootData | undefined {
  return useRouteLoaderData('root') as SiteRootData | undefined;
}

export const reactRouterHooks: SiteRouterHooks = {
  useLocation,
  useNavigate: useRouterNavigate,
  useRootData: useRootLoaderData,
};
