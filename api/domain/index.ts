export * from './money';
export * from './images';
export * from './coal';
export * from './catalogue';
export * from './site';
export * from './messages';
