export { SiteLayout, PageErrorBoundary, RootErrorBoundary, type LayoutName } from './SiteLayout';
export {
  HeaderIslandHtml,
  IslandSlot,
  PageIslandsHtml,
  preloadIslands,
  type PageIsland,
} from './islandParts';
export { ErrorPage, describeError } from './ErrorPage';
export { DocumentMeta } from './DocumentMeta';
