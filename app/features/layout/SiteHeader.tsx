import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import { messages } from '../../../api/domain/messages';
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
import { OrderOnlineButton } from '../order-form';
import { paths, primaryNav } from '../navigation';
import { whenIdle } from './idle';
import { phones, useRootData } from './rootData';

/**
 * The side navigation renders nothing while closed, so its code is not part of the first load:
 * it is fetched once the page is idle, or when it first opens if that is sooner.
 */
const loadSideMenu = () => import('./SideMenu');
const SideMenu = lazy(loadSideMenu);

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
 * Online button and the side navigation. A deferred-hydration island (see islands.tsx).
 */
export default function SiteHeader({ layout }: { layout: 'default' | 'alternative' }) {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (menuOpen && !menuLoaded) setMenuLoaded(true);
  const { coalCategories } = useRootData();
  const cartCount = useCart().cart.count;
  const session = useSession();
  const user = useSessionUser();
  const loggingOut = useSelector(session, (s) => s.matches('signingOut'));

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (layout !== 'default') return;
    return whenIdle(() => {
      loadSideMenu().catch(() => {
        // Opening the menu loads it again, and a failure reaches the error boundary from there.
      });
    });
  }, [layout]);

  const currentPath = location.pathname + location.search;
  return (
    <>
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
          {menuLoaded ? (
            <Suspense fallback={null}>
              <SideMenu
                isOpen={menuOpen}
                onOpenChange={setMenuOpen}
                currentPath={currentPath}
                coalCategories={coalCategories}
              />
            </Suspense>
          ) : null}
        </>
      ) : (
        <NavBar items={[]} logo={<HomeLogo />} aria-label="Site" />
      )}
    </>
  );
}
