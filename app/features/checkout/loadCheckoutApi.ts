/**
 * The checkout API's module (checkoutApi.ts), loaded on demand: the route table (in every page's
 * first load) needs it only for /checkout's loader in the browser, and the checkout page brings it
 * anyway. A module of its own: a module that also imported checkoutApi.ts statically (such as
 * index.ts) would keep it in the first load.
 */
export const loadCheckoutApi = () => import('./checkoutApi');
