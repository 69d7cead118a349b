/*
 * The layout's entry for the home page's islands (app/client/islands.tsx, app/entry-server.tsx),
 * apart from index.ts: that one brings the site's layout, and with it React Router, which the
 * islands never load. The island's code is a chunk of its own, fetched when the page starts.
 */
export const loadHeaderIsland = () => import('./HeaderIsland');

/** The browser's first stage: the island's session and cart (headerIslandState.ts). */
export const loadHeaderIslandState = () => import('./headerIslandState');

/** The browser's part: hydrates the header island (startHeaderIsland.tsx). */
export const loadHeaderIslandStart = () => import('./startHeaderIsland');
