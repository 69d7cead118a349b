/*
 * The layout's entry for pages rendered as islands (app/client/islands.tsx, app/entry-server.tsx),
 * apart from index.ts: that one brings the site's layout, and with it React Router, which the
 * islands never load. The header island's code is a chunk of its own, fetched when the page
 * starts.
 */
export { ContentIslandRoot } from './IslandRoot';
export { createIslandCart, type IslandContext } from './islandContext';
export const loadHeaderIsland = () => import('./HeaderIsland');

/** The browser's first stage: the islands' session, router and cart (headerIslandState.ts). */
export const loadHeaderIslandState = () => import('./headerIslandState');

/** The browser's part: hydrates the header island (startHeaderIsland.tsx). */
export const loadHeaderIslandStart = () => import('./startHeaderIsland');
