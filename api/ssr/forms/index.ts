import { authForms } from './auth';
import { cartForms } from './cart';
import { checkoutForms } from './checkout';
import { enquiryForms } from './enquiry';
import { orderForms } from './orders';
import type { PageForm } from './types';

/** Every form of the site that works without JavaScript, by intent. */
export const pageForms: readonly PageForm[] = [
  ...authForms,
  ...cartForms,
  ...checkoutForms,
  ...enquiryForms,
  ...orderForms,
];

export { formBridge } from './formBridge';
export type { ApiAnswer, ApiCall, FormSuccess, PageForm } from './types';
