import { useEffect, type ReactNode } from 'react';
import { ThemeProvider } from '../../../ui/theme';
import { SessionProvider } from '../auth';
import { CartActorProvider } from '../cart';
import { SiteRouterProvider } from '../navigation';
import type { IslandContext } from './islandContext';

/**
 * What every island of a page rendered as islands runs inside, on the server and in the browser
 * alike: the theme (its global styles are the page's, not the island's), and the session, site
 * router and cart the page's islands share (islandContext.ts).
 */
export function IslandRoot({ context, children }: { context: IslandContext; children: ReactNode }) {
  return (
    <ThemeProvider withGlobalStyle={false}>
      <SessionProvider session={context.session}>
        <SiteRouterProvider value={context.router}>
          <CartActorProvider actor={context.cart}>{children}</CartActorProvider>
        </SiteRouterProvider>
      </SessionProvider>
    </ThemeProvider>
  );
}

/** Calls `onCommit` once its first render has committed, in the browser (renders nothing). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * The root of one of the content's islands (a catalogue's order form, the cart's contents): the
 * same tree on the server and in the browser, so that the ids React makes match. `onHydrated`
 * runs in the browser once it has hydrated (app/client/contentIslands.tsx).
 */
export function ContentIslandRoot({
  context,
  onHydrated,
  children,
}: {
  context: IslandContext;
  onHydrated: () => void;
  children: ReactNode;
}) {
  return (
    <IslandRoot context={context}>
      {children}
      <Committed onCommit={onHydrated} />
    </IslandRoot>
  );
}
