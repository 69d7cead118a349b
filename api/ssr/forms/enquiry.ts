import type { PageForm } from './types';

/** The enquiry forms that work without JavaScript. */
export const enquiryForms: readonly PageForm[] = [];
