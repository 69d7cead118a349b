import { createActor } from 'xstate';
import type { CartView } from '../../../api/domain/cart';
import type { AuthActorRef } from '../auth';
import { cartMachine, type CartActorRef } from '../cart';
import type { SiteRouterHooks } from '../navigation';

/**
 * What the islands of a page rendered as islands share (DESIGN.md, Rendering): separate React
 * roots, one session, one site router and one cart, so that an order form's Add to Cart updates
 * the header's cart badge. IslandRoot.tsx provides it to each.
 */
export interface IslandContext {
  router: SiteRouterHooks;
  session: AuthActorRef;
  cart: CartActorRef;
}

/**
 * The cart the page's islands share. In the browser it is started (it talks to the API); on the
 * server it only holds the cart the page renders.
 */
export function createIslandCart(cart: CartView, { start }: { start: boolean }): CartActorRef {
  const actor = createActor(cartMachine, { input: { cart } });
  return start ? actor.start() : actor;
}
