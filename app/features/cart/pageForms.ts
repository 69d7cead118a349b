/**
 * The cart's forms as the browser posts them without script (DESIGN.md, Rendering): their intents
 * and the dialogs' page flags. api/ssr/forms/cart.ts reads the same names; the API suite
 * (api/test/pageForms.cart.int.test.ts) posts the rendered forms back.
 */
export const cartIntents = {
  /** A product card's or the Order Online form: a new postcode first if typed, then the item. */
  addToCart: 'add-to-cart',
  /** The Set Postcode dialog: PUT /api/cart/postcode. */
  setPostcode: 'set-postcode',
  /** The Set Postcode dialog's X: PUT /api/cart/postcode-modal { open: false }. */
  closePostcode: 'close-postcode',
  /** /cart: one more of a line. */
  addOne: 'cart-add-one',
  /** /cart: one fewer of a line. */
  removeOne: 'cart-remove-one',
  /** /cart: the whole line. */
  removeLine: 'cart-remove-line',
  /** /cart: Empty cart. */
  empty: 'empty-cart',
} as const;

/**
 * The page flags that the server renders with a dialog open (a server-rendered target): the
 * script turns the page's panel into the modal and takes the flag out of the address.
 */
export const dialogParams = {
  /** The Set Postcode dialog. */
  postcode: 'postcode',
  /** The Order Online modal. */
  orderOnline: 'order-online',
} as const;
