export { SiteLayout, PageErrorBoundary, RootErrorBoundary, type LayoutName } from './SiteLayout';
export { ErrorPage, describeError } from './ErrorPage';
export { DocumentMeta } from './DocumentMeta';
