import { lazy } from 'react';
import { createPortal } from 'react-dom';
import { useIsHydrated } from '../../../ui/components/Menu/useIsHydrated';
import { useSessionEffects } from '../auth';
import { Island, IslandsProvider, useHydratedMarker } from './islandParts';
import type { IslandContext } from './islandContext';
import { IslandRoot } from './IslandRoot';
import SiteHeader from './SiteHeader';

/*
 * The header island of a page rendered as islands (DESIGN.md, Rendering: the home page, the
 * catalogue pages and the cart), as a React root of its own. The server renders it on its own
 * (app/entry-server.tsx) into the page it renders with the router, and the browser hydrates it
 * (app/client/islands.tsx) without React Router: apart from the content's islands (a
 * catalogue's order forms, the cart's contents), the page is the server's HTML, never hydrated,
 * and a link in it loads its page. The same tree on both sides, with the same
 * `identifierPrefix`, so that the ids React makes (labels, menus) match.
 *
 * What the layout shows around every page besides the header, and renders nothing for on this
 * page's server HTML (the dialogs opened from the address, the notifications, the analytics
 * consent banner, the Loading... overlay of a slow navigation), is rendered into `overlays` once
 * the header has hydrated. Its code (HeaderIslandOverlays.tsx) is a chunk of its own, loaded
 * then: the browser runs only the header's code before hydrating it.
 */

const Overlays = lazy(() => import('./HeaderIslandOverlays'));

/**
 * React's `identifierPrefix` for the island's root, on the server and in the browser. Without an
 * R or r: `useServerRender` (ui) tells the server's ids from the browser's by that letter.
 */
export const headerIslandPrefix = 'hd-';

export interface HeaderIslandProps {
  /** The session, router and cart the page's islands share (IslandRoot.tsx). */
  context: IslandContext;
  /** The element the overlays render into; none on the server. */
  overlays?: Element | undefined;
}

export function HeaderIsland({ context, overlays }: HeaderIslandProps) {
  return (
    <IslandRoot context={context}>
      <IslandContent overlays={overlays} />
    </IslandRoot>
  );
}

function IslandContent({ overlays }: { overlays: Element | undefined }) {
  // `<html data-hydrated>` once the header has hydrated and its overlays are there, as on the
  // other pages once the layout's islands are.
  const islandReady = useHydratedMarker(2);
  useSessionEffects();
  // The overlays render nothing on the server: they come in after hydration.
  const hydrated = useIsHydrated();
  return (
    <IslandsProvider value={islandReady}>
      <Island>
        <SiteHeader layout="default" />
      </Island>
      {hydrated && overlays
        ? createPortal(
            <Island>
              <Overlays />
            </Island>,
            overlays,
          )
        : null}
    </IslandsProvider>
  );
}
