export { SiteLayout, PageErrorBoundary, RootErrorBoundary, type LayoutName } from './SiteLayout';
export { HeaderIslandHtml, preloadIslands } from './islandParts';
export { ErrorPage, describeError } from './ErrorPage';
export { DocumentMeta } from './DocumentMeta';
