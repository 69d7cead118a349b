import { emptyCartView, type CartView } from '../../../api/domain/cart';
import { toast } from '../../../ui/components/Toast/toastQueue';
import { createBrowserSession, type SessionUser } from '../auth';
import { holdDeferred } from '../hydration';
import { browserSiteRouter } from '../navigation';
import { carryNotices } from './carriedNotices';
import { createIslandCart, type IslandContext } from './islandContext';

/*
 * The first of the islands' stages in the browser (app/client/islands.tsx): the customer's
 * session, the site's router and the cart the page's islands share, with the state-machine
 * library they run on. Loaded, and so run, in a task of its own before the header's interface
 * code (startHeaderIsland.tsx), so that no one task runs all the islands' code while the visitor
 * may be tapping.
 */

/** What the islands read from the root loader's data the server rendered the page with. */
export interface IslandRootData {
  user?: SessionUser | null;
  cart?: CartView;
}

export function createIslandContext(root: IslandRootData | undefined): IslandContext {
  return {
    session: createBrowserSession(root),
    // The notifications that would have followed the visitor go to the next page
    // (carriedNotices.ts).
    router: browserSiteRouter(root, { beforeLeave: () => carryNotices(toast) }),
    cart: createIslandCart(root?.cart ?? emptyCartView(), { start: true }),
  };
}

/**
 * Keeps the page from being marked hydrated (`<html data-hydrated>`, see islandParts.tsx) until
 * each of `count` content islands has hydrated: one release for each.
 */
export function holdIslands(count: number): (() => void)[] {
  return Array.from({ length: count }, () => holdDeferred());
}
