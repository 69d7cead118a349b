import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled, { css } from 'styled-components';
import { focusVisible, hovered, nativeStates, pressed } from '../../theme/previewState';
import { theme } from '../../theme/theme';
import { MenuIcon } from '../Icon';
import { Menu } from '../Menu';

/** A plain navigation link. */
export interface NavLinkItem {
  label: string;
  href: string;
}

/** A drop-down of links ("Wholesale Fuel" → Best Sellers, Prepacked coal, …). */
export interface NavGroupItem {
  label: string;
  children: readonly NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export function isNavGroup(item: NavItem): item is NavGroupItem {
  return 'children' in item;
}

/**
 * Is `href` the page at `currentPath` (a path, optionally with a query string)? Routes use strict
 * path matching (SPEC §2), so paths must be equal (a trailing slash and a hash are ignored). When
 * `href` has query parameters (`?category=smokeless-fuels`), the current location must carry the
 * same values for them; other parameters of the current location are ignored.
 */
export function isCurrentHref(href: string, currentPath: string | undefined): boolean {
  if (currentPath === undefined) return false;
  const parse = (value: string) => {
    const [beforeHash = ''] = value.split('#', 1);
    const queryAt = beforeHash.indexOf('?');
    const rawPath = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const query = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
    return { path, query };
  };
  const target = parse(href);
  const current = parse(currentPath);
  if (target.path !== current.path) return false;
  for (const key of new Set(target.query.keys())) {
    const wanted = target.query.getAll(key).sort();
    const actual = current.query.getAll(key).sort();
    if (wanted.length !== actual.length || wanted.some((value, i) => value !== actual[i])) {
      return false;
    }
  }
  return true;
}

/**
 * `responsive` (default) is mobile first: below 960px only the Menu button shows, from 960px up the
 * links show. `mobile` and `desktop` force one layout, for previews and tests.
 */
export type NavBarLayout = 'responsive' | 'mobile' | 'desktop';

export interface NavBarProps {
  items: readonly NavItem[];
  /** The current path, to mark the current page's link with `aria-current="page"`. */
  currentPath?: string;
  /** The logo slot (typically the logo linking home). */
  logo?: ReactNode;
  /** The "Order Online" button slot; shown from 960px up (on small screens it is in the SideNav). */
  orderButton?: ReactNode;
  /** Opens the side navigation. Without it the Menu / View all products button is not shown. */
  onOpenMenu?: () => void;
  /**
   * The side navigation's server-rendered target (the page with it open, e.g. `?menu`). With
   * it, the Menu button is a link there that works before and without the script; a plain click
   * or Space still calls `onOpenMenu` once the script runs (the address does not change).
   */
  menuHref?: string;
  /** Whether the side navigation is open (sets `aria-expanded` on the menu button). */
  isMenuOpen?: boolean;
  layout?: NavBarLayout;
  /** The navigation landmark's name (default "Main"). */
  'aria-label'?: string;
  className?: string;
}

/** The rules that switch the bar to its desktop layout. */
const desktopLayout = css`
  & [data-part='links'] {
    display: block;
  }
  & [data-part='short'] {
    display: none;
  }
  & [data-part='long'] {
    display: inline;
  }
  & [data-part='order'] {
    display: flex;
  }
`;

const Bar = styled.div`
  background: ${theme.colors.surface};
  border-bottom: 4px solid ${theme.colors.primary};
  color: ${theme.colors.ink};

  & [data-part='links'],
  & [data-part='long'],
  & [data-part='order'] {
    display: none;
  }

  ${theme.media.md} {
    &[data-layout='responsive'] {
      ${desktopLayout}
    }
  }
  &[data-layout='desktop'] {
    ${desktopLayout}
  }
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]} ${theme.space[4]};
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[3]} ${theme.space[4]} ${theme.space[2]};
`;

const LogoSlot = styled.div`
  display: flex;
  align-items: center;
  flex: none;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  margin-left: auto;
`;

const OrderSlot = styled.div`
  align-items: center;
`;

const menuTriggerLook = css`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[4]};
  border: 2px solid ${theme.colors.ink};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  font: inherit;
  font-weight: ${theme.fontWeights.bold};
  line-height: 1.2;
  cursor: pointer;
  outline: none;
  transition: background-color ${theme.motion.fast} ${theme.motion.easing};

  & > svg {
    font-size: 1.25em;
  }
`;

const MenuButton = styled(RAC.Button)`
  ${menuTriggerLook}

  &${hovered} {
    background: ${theme.colors.surfaceAlt};
  }
  &${pressed} {
    background: ${theme.colors.border};
  }
  &${focusVisible} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** The Menu button as a link to its server-rendered target (see `menuHref`). */
const MenuLink = styled.a`
  ${menuTriggerLook}
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;

  &${nativeStates.hover} {
    background: ${theme.colors.surfaceAlt};
  }
  &${nativeStates.active} {
    background: ${theme.colors.border};
  }
  &${nativeStates.focusVisible} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** A click the browser should handle itself: another button, or a new tab or window. */
function isOwnClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  );
}

function MenuTrigger({
  href,
  onOpen,
  isOpen,
  children,
}: {
  href?: string;
  onOpen: () => void;
  isOpen?: boolean;
  children: ReactNode;
}) {
  if (href === undefined) {
    return (
      <MenuButton onPress={onOpen} aria-expanded={isOpen}>
        {children}
      </MenuButton>
    );
  }
  // A link that acts as a button once the script runs: Enter clicks it; Space, as on a button.
  return (
    <MenuLink
      href={href}
      role="button"
      aria-expanded={isOpen}
      onClick={(event) => {
        if (isOwnClick(event)) return;
        event.preventDefault();
        onOpen();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => {
        if (event.key === ' ') event.preventDefault();
      }}
      onKeyUp={(event: KeyboardEvent<HTMLAnchorElement>) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </MenuLink>
  );
}

const Links = styled.nav`
  flex: 1 0 100%;
  font-size: ${theme.fontSizes.sm};

  & > ul {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0;
    margin: 0 calc(-1 * ${theme.space[2]});
    padding: 0;
    list-style: none;
  }

  /*
   * Tighter entries (the drop-down triggers too, native before the script) so that all eight fit
   * on one line at 960px.
   */
  & > ul > li > a,
  & > ul > li > button,
  & > ul > li > details > summary {
    padding-left: ${theme.space[2]};
    padding-right: ${theme.space[2]};
  }
  ${theme.media.lg} {
    & > ul > li > a,
    & > ul > li > button,
    & > ul > li > details > summary {
      padding-left: ${theme.space[3]};
      padding-right: ${theme.space[3]};
    }
  }
`;

const TopLink = styled(RAC.Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radii.sm};
  color: ${theme.colors.ink};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;
  cursor: pointer;
  outline: none;
  transition: background-color ${theme.motion.fast} ${theme.motion.easing};

  &${hovered} {
    background: ${theme.colors.surfaceAlt};
    color: ${theme.colors.link};
    text-decoration: underline;
  }
  &${pressed} {
    background: ${theme.colors.border};
  }
  &${focusVisible} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  &[data-current] {
    box-shadow: inset 0 -4px 0 ${theme.colors.primary};
  }
`;

/**
 * The primary navigation bar: logo, the "Menu" / "View all products" button that opens the side
 * navigation, the "Order Online" slot and the links, two of which drop down. Every part works by
 * keyboard: Tab moves between entries; on a drop-down, Enter, Space or the arrow keys open it,
 * the arrows move through it and Escape closes it and returns focus to its trigger.
 */
export function NavBar({
  items,
  currentPath,
  logo,
  orderButton,
  onOpenMenu,
  menuHref,
  isMenuOpen,
  layout = 'responsive',
  'aria-label': ariaLabel = 'Main',
  className,
}: NavBarProps) {
  return (
    <Bar data-layout={layout} className={className}>
      <Inner>
        {logo ? <LogoSlot>{logo}</LogoSlot> : null}
        <Actions>
          {onOpenMenu ? (
            <MenuTrigger href={menuHref} onOpen={onOpenMenu} isOpen={isMenuOpen}>
              <MenuIcon />
              <span data-part="short">Menu</span>
              <span data-part="long">View all products</span>
            </MenuTrigger>
          ) : null}
          {orderButton ? <OrderSlot data-part="order">{orderButton}</OrderSlot> : null}
        </Actions>
        <Links aria-label={ariaLabel} data-part="links">
          <ul>
            {items.map((item) =>
              isNavGroup(item) ? (
                <li key={`group:${item.label}`}>
                  <Menu
                    label={item.label}
                    items={item.children.map((child) => ({
                      id: child.href,
                      label: child.label,
                      href: child.href,
                    }))}
                  />
                </li>
              ) : (
                <li key={item.href}>
                  <TopLink
                    href={item.href}
                    aria-current={isCurrentHref(item.href, currentPath) ? 'page' : undefined}
                  >
                    {item.label}
                  </TopLink>
                </li>
              ),
            )}
          </ul>
        </Links>
      </Inner>
    </Bar>
  );
}
