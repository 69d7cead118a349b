export {
  NavBar,
  isCurrentHref,
  isNavGroup,
  type NavBarLayout,
  type NavBarProps,
  type NavGroupItem,
  type NavItem,
  type NavLinkItem,
} from './NavBar';
