/*
 * The first of the header island's two stages in the browser (app/client/islands.tsx): the
 * customer's session and cart, with the state-machine library they run on. Loaded, and so run,
 * in a task of its own before the header's interface code (startHeaderIsland.tsx), so that no
 * one task runs all the island's code while the visitor may be tapping.
 */
export { createBrowserSession } from '../auth';
export { CartProvider } from '../cart';
export { browserSiteRouter } from '../navigation';
