export { SiteLayout, PageErrorBoundary, RootErrorBoundary, type LayoutName } from './SiteLayout';
export { preloadIslands } from './islands';
export { ErrorPage, describeError } from './ErrorPage';
export { DocumentMeta } from './DocumentMeta';
