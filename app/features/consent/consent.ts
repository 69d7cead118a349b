/** The visitor's answer to the cookie banner, kept for a year in a first-party cookie. */
export const CONSENT_COOKIE = 'fy_consent';
export type ConsentChoice = 'analytics' | 'none';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readConsent(cookieHeader: string): ConsentChoice | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'analytics' || value === 'none')) return value;
  }
  return null;
}

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export interface AnalyticsConfig {
  scriptUrl: string;
  domain: string;
}

/** Adds the analytics provider's script once. Called only after the visitor has accepted. */
export function loadAnalytics(config: AnalyticsConfig, doc: Document = document): void {
  if (doc.querySelector('script[data-fuelyard-analytics]')) return;
  const script = doc.createElement('script');
  script.defer = true;
  script.src = config.scriptUrl;
  script.dataset.domain = config.domain;
  script.dataset.fuelyardAnalytics = 'true';
  doc.head.appendChild(script);
}
