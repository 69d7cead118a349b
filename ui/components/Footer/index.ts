export {
  DEFAULT_FOOTER_NOTE,
  Footer,
  copyrightLine,
  type FooterHeadingLevel,
  type FooterLink,
  type FooterLinkGroup,
  type FooterOffice,
  type FooterProps,
} from './Footer';
