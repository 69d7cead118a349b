import { useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import {
  hasFlag,
  lazyTarget,
  MENU_PARAM,
  paths,
  primaryNav,
  searchWithFlag,
  searchWithoutFlag,
  useSiteLocation,
  useSiteNavigate,
} from '../navigation';
import { messages } from '../../../api/domain/messages';
import { intentField } from '../../../api/domain/pageForms';
import { site } from '../../../api/domain/site';
import { Logo, NavBar, TopBar } from '../../../ui';
import {
  ACCOUNT_PATH,
  authTexts,
  fullNameOf,
  LOGIN_PATH,
  ORDERS_PATH,
  useSession,
  useSessionUser,
} from '../auth';
import { useCart } from '../cart';
import { OrderOnlineButton, OrderOnlineTarget } from '../order-form';
import { useHoldWhile, whenIdle } from '../hydration';
import { phones, useRootData } from './rootData';

/**
 * The side navigation renders nothing while closed, so its code is not part of the first load:
 * it is fetched once the page is idle, or when it first opens if that is sooner. A page asked
 * for with `?menu` (the Menu button's target before the script) is rendered with it open.
 */
const loadSideMenu = () => import('./SideMenu');
const SideMenu = lazyTarget(loadSideMenu);

/** The server's form for Logout (api/ssr/forms/auth.ts): it logs out and goes home. */
const LOGOUT_INTENT = 'logout';

const userLinks = [
  { id: 'orders', label: authTexts.menu.orders, href: ORDERS_PATH },
  { id: 'account', label: authTexts.menu.account, href: ACCOUNT_PATH },
];

function HomeLogo() {
  return (
    <AriaLink href={paths.home} aria-label={`${site.companyName} home`}>
      <Logo height={44} title={site.companyName} />
    </AriaLink>
  );
}

/**
 * The header of the default and alternative layouts: the top bar (phones, e-mail, the customer's
 * account, the cart and its count) and the navigation bar; in the default layout also the Order
 * Online button and the side navigation. A deferred-hydration island (see islandParts.tsx); on
 * the home page, an island root of its own (HeaderIsland.tsx).
 */
export default function SiteHeader({ layout }: { layout: 'default' | 'alternative' }) {
  const location = useSiteLocation();
  const navigate = useSiteNavigate();
  // A page asked for with `?menu` was rendered by the server with the side navigation open.
  const [menuServerRendered] = useState(
    () => layout === 'default' && hasFlag(location.search, MENU_PARAM),
  );
  const [menuOpen, setMenuOpen] = useState(menuServerRendered);
  const [menuLoaded, setMenuLoaded] = useState(menuServerRendered);
  const [menuTakenOver, setMenuTakenOver] = useState(!menuServerRendered);
  const onMenuTakeOver = useCallback(() => setMenuTakenOver(true), []);
  useHoldWhile(!menuTakenOver);
  if (menuOpen && !menuLoaded) setMenuLoaded(true);
  const { coalCategories } = useRootData();
  const cartCount = useCart().cart.count;
  const session = useSession();
  const user = useSessionUser();
  const loggingOut = useSelector(session, (s) => s.matches('signingOut'));
  // The address `menu` was taken out of (by a replace): not a navigation, the menu stays open.
  const menuStripped = useRef<string | null>(null);
  // The address last seen: a change of hash or state alone leaves the menu as it is.
  const seen = useRef<string | null>(null);

  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    const unchanged = seen.current === here;
    seen.current = here;
    const search = layout === 'default' ? searchWithoutFlag(location.search, MENU_PARAM) : null;
    if (search !== null) {
      // `?menu` opens the side navigation; `menu` then leaves the address (once the server's
      // panel, if any, has become the modal: changing the address before would discard it).
      setMenuOpen(true);
      if (!menuTakenOver) return;
      menuStripped.current = `${location.pathname}${search}`;
      void navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace: true, preventScrollReset: true, state: location.state as unknown },
      );
      return;
    }
    if (unchanged) return;
    if (menuStripped.current === here) {
      menuStripped.current = null;
      return;
    }
    menuStripped.current = null;
    setMenuOpen(false);
  }, [layout, location, navigate, menuTakenOver]);
  useEffect(() => {
    if (layout !== 'default') return;
    return whenIdle(() => {
      loadSideMenu().catch(() => {
        // Opening the menu loads it again, and a failure reaches the error boundary from there.
      });
    });
  }, [layout]);

  const currentPath = location.pathname + location.search;
  const withoutMenu = searchWithoutFlag(location.search, MENU_PARAM) ?? location.search;
  const topBar = (
    <TopBar
      phones={phones}
      email={site.email}
      loginHref={LOGIN_PATH}
      user={user ? { full_name: fullNameOf(user) } : null}
      onLogout={() => session.send({ type: 'LOGOUT' })}
      logoutForm={{ action: currentPath, fields: { [intentField]: LOGOUT_INTENT } }}
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
  );
  // The top bar and the navigation bar (with the logo) are the page's banner landmark. The
  // Order Online panel and the side navigation stay outside it: they are dialogs of their own.
  if (layout !== 'default') {
    return (
      <header>
        {topBar}
        <NavBar items={[]} logo={<HomeLogo />} aria-label="Site" />
      </header>
    );
  }
  return (
    <>
      <header>
        {topBar}
        <NavBar
          items={primaryNav}
          currentPath={currentPath}
          logo={<HomeLogo />}
          onOpenMenu={() => setMenuOpen(true)}
          menuHref={`${location.pathname}${searchWithFlag(location.search, MENU_PARAM)}`}
          isMenuOpen={menuOpen}
          orderButton={<OrderOnlineButton serverTarget={false} />}
        />
      </header>
      {/* Outside the bar, whose Order Online slot is hidden on small screens. */}
      <OrderOnlineTarget />
      {menuLoaded ? (
        <Suspense fallback={null}>
          <SideMenu
            isOpen={menuOpen}
            onOpenChange={setMenuOpen}
            currentPath={currentPath}
            coalCategories={coalCategories}
            serverRendered={menuServerRendered}
            closeHref={`${location.pathname}${withoutMenu}`}
            onTakeOver={onMenuTakeOver}
          />
        </Suspense>
      ) : null}
    </>
  );
}
