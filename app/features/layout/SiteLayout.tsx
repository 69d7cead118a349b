import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider, Link as AriaLink } from 'react-aria-components';
import {
  Outlet,
  useHref,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
} from 'react-router-dom';
import styled from 'styled-components';
import { emptyCartView, type CartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { site } from '../../../api/domain/site';
import type { PublicConfig } from '../../../api/domain/ssr';
import {
  Footer,
  LoadingOverlay,
  Logo,
  NavBar,
  PaymentLogo,
  SideNav,
  SidePanel,
  ToastRegion,
  TopBar,
  theme,
} from '../../../ui';
import {
  ACCOUNT_PATH,
  authTexts,
  fullNameOf,
  LOGIN_PATH,
  ORDERS_PATH,
  useSession,
  useSessionEffects,
  useSessionUser,
} from '../auth';
import { CartProvider, useCart } from '../cart';
import type { Catalogue } from '../catalogue';
import { Consent } from '../consent';
import { WholesaleEnquiryModalFromUrl } from '../enquiry';
import { OrderOnlineButton } from '../order-form';
import {
  footerProductGroups,
  footerSiteLinks,
  paths,
  primaryNav,
  sideNavGroups,
  sideNavInfoLinks,
} from '../navigation';
import { SitePostcodeModal } from '../postcode';
import { DocumentMeta } from './DocumentMeta';
import { ErrorPage } from './ErrorPage';
import {
  reloadOnceForChunkError,
  timings,
  useDelayedScrollRestoration,
  usePageTransition,
  useSlowNavigation,
} from './navigationEffects';

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

const userLinks = [
  { id: 'orders', label: authTexts.menu.orders, href: ORDERS_PATH },
  { id: 'account', label: authTexts.menu.account, href: ACCOUNT_PATH },
];

const phones = site.offices.map((office) => ({ label: office.name, number: office.phone }));
const offices = site.offices.map((office) => ({ ...office }));

function useRootData() {
  const root = useRouteLoaderData('root') as
    | { catalogue?: Catalogue; year?: number; publicConfig?: PublicConfig; cart?: CartView }
    | undefined;
  return {
    /** The cart the server rendered with: it seeds the cart store. */
    initialCart: root?.cart ?? emptyCartView(),
    analytics: root?.publicConfig?.analytics ?? null,
    paymentProvider: root?.publicConfig?.paymentProvider ?? undefined,
    coalCategories: (root?.catalogue?.coal ?? []).map((c) => ({ title: c.title, slug: c.slug })),
    year: root?.year ?? new Date().getFullYear(),
  };
}

function useLayoutName(): LayoutName {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]?.handle as { layout?: LayoutName } | undefined)?.layout;
    if (layout) return layout;
  }
  return 'default';
}

function HomeLogo() {
  return (
    <AriaLink href={paths.home} aria-label={`${site.companyName} home`}>
      <Logo height={44} title={site.companyName} />
    </AriaLink>
  );
}

/** Header, side navigation and footer around every page of the default layout. */
function Chrome({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { coalCategories, year, analytics, paymentProvider } = useRootData();
  const cartCount = useCart().cart.count;
  const session = useSession();
  const user = useSessionUser();
  const loggingOut = useSelector(session, (s) => s.matches('signingOut'));
  useSessionEffects();

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  if (layout === 'empty') return <>{children}</>;
  const currentPath = location.pathname + location.search;
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <NotPrinted>
        <TopBar
          phones={phones}
          email={site.email}
          loginHref={LOGIN_PATH}
          user={user ? { full_name: fullNameOf(user) } : null}
          onLogout={() => session.send({ type: 'LOGOUT' })}
          isLoggingOut={loggingOut}
          userLinks={userLinks}
          cartHref={paths.cart}
          cartCount={cartCount}
          labels={{
            login: messages.customerLogin,
            greeting: messages.greeting,
            logout: messages.logout,
          }}
        />
        {layout === 'default' ? (
          <>
            <NavBar
              items={primaryNav}
              currentPath={currentPath}
              logo={<HomeLogo />}
              onOpenMenu={() => setMenuOpen(true)}
              isMenuOpen={menuOpen}
              orderButton={<OrderOnlineButton />}
            />
            <SidePanel title={messages.menu} isOpen={menuOpen} onOpenChange={setMenuOpen}>
              <SideNav
                groups={sideNavGroups(coalCategories)}
                links={sideNavInfoLinks}
                phones={phones}
                email={site.email}
                socials={site.social.map((s) => ({ network: s.network, href: s.href }))}
                currentPath={currentPath}
                companyName={site.companyName}
                onNavigate={() => setMenuOpen(false)}
                orderButton={<OrderOnlineButton fullWidth />}
              />
            </SidePanel>
          </>
        ) : (
          <NavBar items={[]} logo={<HomeLogo />} aria-label="Site" />
        )}
      </NotPrinted>
      {children}
      <NotPrinted>
        <Footer
          companyName={site.legalName}
          offices={offices}
          productGroups={layout === 'default' ? footerProductGroups(coalCategories) : []}
          siteLinks={footerSiteLinks}
          email={site.email}
          phones={phones}
          enquiryHref={paths.contact}
          paymentLogo={<PaymentLogo provider={paymentProvider} />}
          note={messages.footerNote}
          year={year}
        />
        <Consent analytics={analytics} />
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
        <Outlet />
      </Main>
      <LoadingOverlay isVisible={slow} label={messages.loading} />
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

function useHydratedMarker() {
  useEffect(() => {
    // Lets tests (and monitoring) know the server HTML is now interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** The root route's component: the chosen layout around the current page. */
export function SiteLayout() {
  useHydratedMarker();
  const layout = useLayoutName();
  const { initialCart } = useRootData();
  return (
    <AriaRouter>
      <CartProvider initialCart={initialCart}>
        <DocumentMeta />
        <Chrome layout={layout}>
          <Page />
        </Chrome>
        <WholesaleEnquiryModalFromUrl />
        <SitePostcodeModal />
        {/* The one notification area of the site (SPEC §9: 350px, top centre). */}
        <ToastRegion />
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
  useHydratedMarker();
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
