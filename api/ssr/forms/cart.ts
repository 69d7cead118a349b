import type { PageForm } from './types';

/** The cart forms that work without JavaScript. */
export const cartForms: readonly PageForm[] = [];
