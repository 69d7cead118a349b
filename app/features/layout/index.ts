export { SiteLayout, PageErrorBoundary, RootErrorBoundary } from './SiteLayout';
export { ErrorPage, describeError } from './ErrorPage';
export { DocumentMeta } from './DocumentMeta';
