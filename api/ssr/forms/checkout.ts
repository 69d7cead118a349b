import type { PageForm } from './types';

/** The checkout forms that work without JavaScript. */
export const checkoutForms: readonly PageForm[] = [];
