export { TestModeBanner, type TestModeBannerProps } from './TestModeBanner';
