export { Static, type StaticProps } from './Static';
export { routeStaticLinks, routedHref, type Navigate } from './staticLinks';
export {
  Deferred,
  deferredWaiting,
  holdDeferred,
  onDeferredChange,
  useHoldWhile,
  type DeferredProps,
} from './Deferred';
export { whenIdle } from './idle';
