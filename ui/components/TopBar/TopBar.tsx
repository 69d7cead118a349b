import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { focusVisible, hovered, pressed } from '../../theme/previewState';
import { theme } from '../../theme/theme';
import { Badge } from '../Badge';
import { EmailLink, PhoneLink, type ContactPhone } from '../ContactLink';
import { CartIcon, UserIcon } from '../Icon';
import { Link } from '../Link';
import type { MenuItemForm } from '../Menu';
import { UserMenu, type UserMenuLink } from '../UserMenu';

/** The logged-in customer, as the auth API returns it (SPEC §3). */
export interface TopBarUser {
  full_name: string;
}

export interface TopBarProps {
  /** The office phone numbers (head office and Belfast office). */
  phones: readonly ContactPhone[];
  /** The general enquiries address. */
  email: string;
  /** The logged-in customer, or null/undefined when logged out. */
  user?: TopBarUser | null;
  /** Where "Customer Login" goes (default /user/login). */
  loginHref?: string;
  /** Called when the customer chooses Logout in the user menu. */
  onLogout?: () => void;
  /**
   * Logout before (and without) the script: the `method="post"` form it is then (its page and
   * hidden fields, e.g. `{ intent: 'logout' }`).
   */
  logoutForm?: MenuItemForm;
  /** The account's pages in the user menu, before Logout ("Your orders", "Your account"). */
  userLinks?: readonly UserMenuLink[];
  /** True while logging out (Logout is unavailable). */
  isLoggingOut?: boolean;
  /** Where the cart icon goes (default /cart). */
  cartHref?: string;
  /** Items in the cart; the badge shows only when this is above 0. */
  cartCount?: number;
  /** The texts, for apps that keep them in a message catalogue. */
  labels?: Partial<TopBarLabels>;
  className?: string;
}

export interface TopBarLabels {
  login: string;
  greeting: (fullName: string) => string;
  logout: string;
}

export const defaultTopBarLabels: TopBarLabels = {
  login: 'Customer Login',
  greeting: (fullName) => `Hi, ${fullName}!`,
  logout: 'Logout',
};

/** The cart link's accessible name: "Cart", or "Cart, 3 items" when it has items. */
export function cartLinkLabel(count: number): string {
  const whole = Number.isFinite(count) ? Math.floor(count) : 0;
  if (whole <= 0) return 'Cart';
  return `Cart, ${whole} ${whole === 1 ? 'item' : 'items'}`;
}

const Bar = styled.div`
  background: ${theme.colors.surfaceAlt};
  border-bottom: 1px solid ${theme.colors.border};
  color: ${theme.colors.ink};
  font-size: ${theme.fontSizes.sm};
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[1]} ${theme.space[4]};
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[1]} ${theme.space[4]};
`;

const ContactList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0 ${theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;

  & a {
    display: inline-flex;
    align-items: center;
    min-height: 32px;
    min-width: 32px;
  }

  /*
   * Small screens: only the numbers and the mail icon show; the labels and the address stay in the
   * links' accessible names.
   */
  & [data-part='label'],
  & [data-part='address'] {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  ${theme.media.sm} {
    & [data-part='label'],
    & [data-part='address'] {
      position: static;
      width: auto;
      height: auto;
      overflow: visible;
      clip-path: none;
    }
  }
`;

const Account = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  margin-left: auto;

  & > a {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: 44px;
  }
`;

const CartLink = styled(RAC.Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  border-radius: ${theme.radii.pill};
  color: ${theme.colors.ink};
  font-size: 1.5rem;
  outline: none;

  &${hovered} {
    background: ${theme.colors.border};
  }
  &${pressed} {
    background: ${theme.colors.borderStrong};
    color: ${theme.colors.onSurfaceDark};
  }
  &${focusVisible} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }

  & > [data-variant='count'] {
    position: absolute;
    top: 0;
    right: 0;
  }
`;

/**
 * The strip above the header: the two office phone numbers, the enquiries e-mail, the customer's
 * account (a "Customer Login" link, or a "Hi, {full_name}!" menu with Logout) and the cart with its
 * item count. Presentational: the app passes the data and handles `onLogout`.
 */
export function TopBar({
  phones,
  email,
  user,
  loginHref = '/user/login',
  onLogout,
  logoutForm,
  userLinks,
  isLoggingOut,
  cartHref = '/cart',
  cartCount = 0,
  labels,
  className,
}: TopBarProps) {
  const text = { ...defaultTopBarLabels, ...labels };
  return (
    <Bar className={className} data-logged-in={user ? true : undefined}>
      <Inner>
        <ContactList aria-label="Contact us">
          {phones.map((phone) => (
            <li key={phone.number}>
              <PhoneLink phone={phone} />
            </li>
          ))}
          <li>
            <EmailLink email={email} />
          </li>
        </ContactList>
        <Account>
          {user ? (
            <UserMenu
              greeting={text.greeting(user.full_name)}
              links={userLinks}
              logoutLabel={text.logout}
              onLogout={onLogout}
              logoutForm={logoutForm}
              isLoggingOut={isLoggingOut}
            />
          ) : (
            <Link href={loginHref}>
              <UserIcon />
              {text.login}
            </Link>
          )}
          <CartLink href={cartHref} aria-label={cartLinkLabel(cartCount)}>
            <CartIcon />
            <Badge count={cartCount} />
          </CartLink>
        </Account>
      </Inner>
    </Bar>
  );
}
