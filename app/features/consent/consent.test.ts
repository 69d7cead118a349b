import { describe, expect, it } from 'vitest';
import { consentCookie, readConsent } from './consent';

describe('consent cookie', () => {
  it('reads a stored choice', () => {
    expect(readConsent('a=1; fy_consent=analytics; b=2')).toBe('analytics');
    expect(readConsent('fy_consent=none')).toBe('none');
  });

  it('ignores missing or unknown values', () => {
    expect(readConsent('')).toBeNull();
    expect(readConsent('fy_consent=maybe')).toBeNull();
    expect(readConsent('xfy_consent=analytics')).toBeNull();
  });

  it('writes a year-long, first-party cookie', () => {
    expect(consentCookie('none', false)).toBe(
      'fy_consent=none; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(consentCookie('analytics', true)).toContain('; Secure');
  });
});
