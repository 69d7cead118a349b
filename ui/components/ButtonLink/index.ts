export { ButtonLink, type ButtonLinkProps, type ButtonLinkVariant } from './ButtonLink';
