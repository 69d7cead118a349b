import type { ReactNode } from 'react';
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
