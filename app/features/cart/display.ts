/*
 * Small helpers shared with other features (checkout, postcode). Kept apart from CartContents.tsx,
 * so that using them does not bring the cart page's components into a module's bundle.
 */

/** Where the checkout lives (a later issue builds it). */
export const checkoutPath = '/checkout';

/** "BT11AA" -> "BT1 1AA" (shared with the API's back office and e-mails). */
export { displayPostcode } from '../../../api/domain/postcode';
