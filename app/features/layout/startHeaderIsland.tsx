import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HeaderIsland, headerIslandPrefix } from './HeaderIsland';
import type { IslandContext } from './islandContext';

/**
 * Hydrates the header island (HeaderIsland.tsx) in `container`, the element the server rendered
 * it into, as a root of its own; its overlays go in an element of their own at the end of the
 * body.
 */
export function startHeaderIsland(container: Element, context: IslandContext): void {
  const overlays = document.createElement('div');
  document.body.append(overlays);
  // Time-sliced, as the router's pages hydrate (client/start.tsx).
  startTransition(() => {
    hydrateRoot(container, <HeaderIsland context={context} overlays={overlays} />, {
      identifierPrefix: headerIslandPrefix,
    });
  });
}
