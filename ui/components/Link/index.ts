export { Link, type LinkProps, type LinkVariant } from './Link';
