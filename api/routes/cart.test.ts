import { describe, expect, it } from 'vitest';
import { cookieIsSecure } from './cart';

describe('cookieIsSecure (COOKIE_SECURE)', () => {
  it.each([
    ['auto', true, true, true],
    ['auto', true, false, false],
    ['auto', false, true, false],
    ['auto', false, false, false],
    [true, false, false, true],
    [true, true, true, true],
    [false, true, true, false],
  ] as const)('%s, production %s, https %s -> %s', (setting, production, https, expected) => {
    expect(cookieIsSecure(setting, production, https)).toBe(expected);
  });
});
