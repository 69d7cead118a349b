export {
  SideNav,
  socialLinkLabel,
  type SideNavGroup,
  type SideNavHeadingLevel,
  type SideNavLayout,
  type SideNavProps,
  type SocialLink,
} from './SideNav';
