export * from './types';
export * from './query';
export * from './source';
export * from './selectors';
