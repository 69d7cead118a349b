/**
 * The kinds of content island (`data-island`): what the server writes (app/entry-server.tsx) and
 * the browser reads to load each kind's code (app/client/contentIslands.tsx). Apart from the
 * islands' modules, so that naming a kind loads none of their code.
 */
export const orderFormIslandKind = 'order-form';
export const cartIslandKind = 'cart';
