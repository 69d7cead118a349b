import { useEffect, useState } from 'react';
import { ConsentBanner } from '../../../ui/components/ConsentBanner';
import {
  consentCookie,
  loadAnalytics,
  readConsent,
  type AnalyticsConfig,
  type ConsentChoice,
} from './consent';

/**
 * Analytics loads only after the visitor accepts the banner (UK GDPR and PECR). With no
 * analytics provider configured there is nothing to consent to, so no banner shows.
 */
export function Consent({ analytics }: { analytics: AnalyticsConfig | null }) {
  const [choice, setChoice] = useState<ConsentChoice | null | 'unknown'>('unknown');

  useEffect(() => {
    setChoice(readConsent(document.cookie));
  }, []);

  useEffect(() => {
    if (analytics && choice === 'analytics') loadAnalytics(analytics);
  }, [analytics, choice]);

  const decide = (next: ConsentChoice) => {
    document.cookie = consentCookie(next, window.location.protocol === 'https:');
    setChoice(next);
  };

  return (
    <ConsentBanner
      isOpen={analytics !== null && choice === null}
      onAccept={() => decide('analytics')}
      onReject={() => decide('none')}
    />
  );
}
