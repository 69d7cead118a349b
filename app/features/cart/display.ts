/*
 * Small helpers shared with other features (checkout, postcode). Kept apart from CartContents.tsx,
 * so that using them does not bring the cart page's components into a module's bundle.
 */

/** Where the checkout lives (a later issue builds it). */
export const checkoutPath = '/checkout';

/** "BT11AA" -> "BT1 1AA": the inward code is always the last three characters. */
export function displayPostcode(postcode: string): string {
  return postcode.length > 3 ? `${postcode.slice(0, -3)} ${postcode.slice(-3)}` : postcode;
}
