export * from './links';
export {
  hasFlag,
  lazyTarget,
  MENU_PARAM,
  preloadTargets,
  searchWithFlag,
  searchWithoutFlag,
} from './targets';
export {
  SiteRouterProvider,
  useSiteLocation,
  useSiteNavigate,
  useSiteRootData,
  type SiteLocation,
  type SiteNavigate,
  type SiteNavigateOptions,
  type SiteRootData,
  type SiteRouterHooks,
  type SiteTo,
} from './siteRouter';
export { reactRouterHooks } from './reactRouterHooks';
export { browserSiteRouter, staticSiteRouter } from './islandRouter';
