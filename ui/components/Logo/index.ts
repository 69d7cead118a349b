export { Logo, type LogoProps, type LogoVariant } from './Logo';
