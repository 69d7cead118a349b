import { useContext, useEffect, type ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, useHref, useMatches, useNavigate, useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from '../../../ui';
import { useSessionEffects } from '../auth';
import { CartProvider } from '../cart';
import { ServerNotices } from '../forms';
import { WholesaleEnquiryModalFromUrl } from '../enquiry';
import { Deferred } from '../hydration';
import { reactRouterHooks, SiteRouterProvider } from '../navigation';
import { SitePostcodeModal } from '../postcode';
import { DocumentMeta } from './DocumentMeta';
import { ErrorPage } from './ErrorPage';
import {
  HeaderIslandHtml,
  Island,
  islandComponent,
  IslandsProvider,
  useHydratedMarker,
} from './islandParts';
import { Notifications } from './Notifications';
import { SlowNavigationOverlay } from './SlowNavigationOverlay';
import {
  reloadOnceForChunkError,
  timings,
  useDelayedScrollRestoration,
  usePageTransition,
  useSlowNavigation,
} from './navigationEffects';
import { useRootData } from './rootData';

/*
 * The header and the footer are deferred-hydration islands (see islandParts.tsx): the server renders
 * them as part of the page; the browser loads their code as chunks of their own while the page
 * hydrates.
 */
const SiteHeader = islandComponent(() => import('./SiteHeader'));
// The footer's code is fetched when it hydrates: once near the screen, touched or idle.
const SiteFooter = islandComponent(() => import('./SiteFooter'), { eager: false });

/** The three layouts of SPEC §2. Routes pick one with `handle.layout`; default is the default. */
export type LayoutName = 'default' | 'alternative' | 'empty';

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  &:focus {
    left: ${theme.space[4]};
    top: ${theme.space[2]};
    z-index: ${theme.zIndices.loading};
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
    padding: ${theme.space[2]} ${theme.space[4]};
  }
`;

const Main = styled.main`
  display: block;
  min-height: 60vh;
  outline: none;
  &[data-transition='out'] {
    opacity: 0;
    transition: opacity ${timings.fadeOutMs}ms ${theme.motion.easing};
  }
  &[data-transition='in'] {
    opacity: 1;
    transition: opacity ${timings.fadeInMs}ms ${theme.motion.easing};
  }
  ${theme.media.reducedMotion} {
    &[data-transition] {
      opacity: 1;
      transition: none;
    }
  }
`;

/** The site's chrome stays off paper (a printed receipt is the page's content only). */
const NotPrinted = styled.div`
  display: contents;

  @media print {
    display: none;
  }
`;

function useLayoutName(): LayoutName {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]?.handle as { layout?: LayoutName } | undefined)?.layout;
    if (layout) return layout;
  }
  return 'default';
}

/**
 * Header and footer around every page of the default and alternative layouts. `first` comes
 * before them in reading and tab order, after only the skip link (which must stay the page's
 * first control).
 */
function Chrome({
  layout,
  first,
  children,
}: {
  layout: LayoutName;
  first: ReactNode;
  children: ReactNode;
}) {
  // The session's notifications and its logout go on whatever the layout.
  useSessionEffects();
  const headerIsland = useContext(HeaderIslandHtml);
  if (layout === 'empty') {
    return (
      <>
        {first}
        {children}
      </>
    );
  }
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      {first}
      {headerIsland === null ? (
        <NotPrinted>
          <Island>
            <SiteHeader layout={layout} />
          </Island>
        </NotPrinted>
      ) : (
        // A page of islands' header, rendered by the server as a root of its own (HeaderIsland.tsx).
        <NotPrinted data-island="header" dangerouslySetInnerHTML={{ __html: headerIsland }} />
      )}
      {children}
      <NotPrinted>
        <Deferred>
          <Island>
            <SiteFooter layout={layout} />
          </Island>
        </Deferred>
      </NotPrinted>
    </>
  );
}

function Page() {
  const phase = usePageTransition();
  const slow = useSlowNavigation();
  useDelayedScrollRestoration();
  return (
    <>
      <Main id="main" tabIndex={-1} data-transition={phase === 'idle' ? undefined : phase}>
        <ServerNotices />
        <Outlet />
      </Main>
      <SlowNavigationOverlay slow={slow} />
    </>
  );
}

/** tel:, mailto: and other absolute URLs are not router paths: they stay as they are. */
const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

function useAriaHref(href: string): string {
  const routed = useHref(href);
  return ABSOLUTE_URL.test(href) ? href : routed;
}

/** React Aria links and menus navigate through the router (no full page loads). */
function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(href) => void navigate(href)} useHref={useAriaHref}>
      {children}
    </AriaRouterProvider>
  );
}

/** The root route's component: the chosen layout around the current page. */
export function SiteLayout() {
  // The site's parts navigate through React Router here (navigation/siteRouter.ts).
  return (
    <SiteRouterProvider value={reactRouterHooks}>
      <Layout />
    </SiteRouterProvider>
  );
}

function Layout() {
  const layout = useLayoutName();
  // Lets tests (and monitoring) know the server HTML is now interactive, islands included.
  const islandReady = useHydratedMarker(layout === 'empty' ? 0 : 2);
  const { initialCart } = useRootData();
  return (
    <AriaRouter>
      <CartProvider initialCart={initialCart}>
        <IslandsProvider value={islandReady}>
          <DocumentMeta />
          {/* First: a page rendered with the modal open (`?wsm`) has its panel first in reading
              and tab order, as the modal would be (after the skip link). */}
          <Chrome layout={layout} first={<WholesaleEnquiryModalFromUrl />}>
            <Page />
          </Chrome>
          <SitePostcodeModal />
          <Notifications />
        </IslandsProvider>
      </CartProvider>
    </AriaRouter>
  );
}

/** Errors inside a page keep the site's layout around them. */
export function PageErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    reloadOnceForChunkError(error);
  }, [error]);
  return (
    <>
      <DocumentMeta error={error} />
      <ErrorPage error={error} />
    </>
  );
}

/** Errors in the layout itself render the error page on its own. */
export function RootErrorBoundary() {
  const error = useRouteError();
  useHydratedMarker(0);
  useEffect(() => {
    reloadOnceForChunkError(error);
  }, [error]);
  return (
    <main id="main">
      <DocumentMeta error={error} />
      <ErrorPage error={error} />
    </main>
  );
}
