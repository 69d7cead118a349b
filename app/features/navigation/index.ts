export * from './links';
export {
  hasFlag,
  lazyTarget,
  MENU_PARAM,
  preloadTargets,
  searchWithFlag,
  searchWithoutFlag,
} from './targets';
