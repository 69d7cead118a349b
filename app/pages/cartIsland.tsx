import type { ReactElement } from 'react';
import { CartContents } from '../features/cart';
import { cartIslandKind } from './islandKinds';

/*
 * /cart's content (the lines, their changes, the postcode and checkout). When the server renders
 * the page as islands (DESIGN.md, Rendering) it is one island, hydrated apart from the page
 * (app/client/contentIslands.tsx) and sharing the header's session and cart.
 */

export const cartIslandKey = 'cart';

/** The islands of /cart: its content. */
export function cartIslands(): { key: string; kind: string; props: object }[] {
  return [{ key: cartIslandKey, kind: cartIslandKind, props: {} }];
}

/** The island, from its props read back from the page (it has none). */
export function renderIsland(): ReactElement {
  return <CartContents />;
}
