/**
 * The cart feature's public surface. Other features (the postcode modal, the order form, the
 * top bar) use only what is exported here.
 *
 * Contract of the shared cart store (implemented in this folder):
 *   <CartProvider initialCart={rootData.cart}> wraps the site (SiteLayout);
 *   useCart() returns {
 *     cart: CartView;                      // always the latest server answer
 *     isBusy: boolean;                     // a request is on its way
 *     add(input): Promise<CartResponse>;   // POST /api/cart/items
 *     setPostcode(code): Promise<CartResponse>;
 *     remove(lineId): Promise<CartResponse>;      // one fewer
 *     removeLine(lineId): Promise<CartResponse>;  // the whole line
 *     empty(): Promise<CartResponse>;
 *     setPostcodeModal(open): Promise<CartResponse>;
 *   }
 * Requests go to the API one at a time, in the order they were made (cartMachine.ts). Each
 * action updates the shared cart from the answer, and shows the answer's message as a top-centre
 * notification: green for 200 and 201, red otherwise (pass `{ notifyFailure: false }` to show a
 * refusal yourself); the cart's warnings are shown too. A network failure rejects with
 * CartNetworkError (shown red as well).
 *
 * Test doubles (the fake cart API) are not exported here: tests and stories import them from
 * `./testing`.
 */
export {
  cartApi,
  isSuccess,
  failureMessage,
  CartNetworkError,
  CartAnswerError,
  type CartApi,
  type CartResponse,
} from './cartApi';
export {
  cartMachine,
  performCartCommand,
  type CartCommand,
  type CartContext,
  type CartEvent,
  type CartMachine,
} from './cartMachine';
export type { CartActions, CartActionOptions, CartActorRef } from './cartClient';
export { CartProvider, CartActorProvider, useCart, type CartStore } from './CartProvider';
export { CartContents } from './CartContents';
export { displayPostcode, checkoutPath } from './display';
export { cartIntents, dialogParams } from './pageForms';
