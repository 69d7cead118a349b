export { Consent } from './Consent';
export {
  readConsent,
  consentCookie,
  loadAnalytics,
  type AnalyticsConfig,
  type ConsentChoice,
} from './consent';
