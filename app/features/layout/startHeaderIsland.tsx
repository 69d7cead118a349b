import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { emptyCartView, type CartView } from '../../../api/domain/cart';
import { toast } from '../../../ui/components/Toast/toastQueue';
import { createBrowserSession, type SessionUser } from '../auth';
import { browserSiteRouter } from '../navigation';
import { carryNotices } from './carriedNotices';
import { HeaderIsland, headerIslandPrefix } from './HeaderIsland';

/** What the island reads from the root loader's data the server rendered the page with. */
export interface HeaderIslandData {
  user?: SessionUser | null;
  cart?: CartView;
}

/**
 * Hydrates the home page's header island (HeaderIsland.tsx) in `container`, the element the
 * server rendered it into, as a root of its own; its overlays go in an element of their own at
 * the end of the body.
 */
export function startHeaderIsland(container: Element, root: HeaderIslandData | undefined): void {
  const session = createBrowserSession(root);
  // The notifications that would have followed the visitor go to the next page (carriedNotices.ts).
  const router = browserSiteRouter(root, { beforeLeave: () => carryNotices(toast) });
  const overlays = document.createElement('div');
  document.body.append(overlays);
  // Time-sliced, as the router's pages hydrate (client/start.tsx).
  startTransition(() => {
    hydrateRoot(
      container,
      <HeaderIsland
        router={router}
        session={session}
        initialCart={root?.cart ?? emptyCartView()}
        overlays={overlays}
      />,
      { identifierPrefix: headerIslandPrefix },
    );
  });
}
