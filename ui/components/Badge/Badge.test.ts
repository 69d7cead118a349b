import { describe, expect, it } from 'vitest';
import { badgeText, defaultBadgeLabel } from './Badge';

describe('badgeText', () => {
  it.each([0, -1, -0, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'shows nothing for %s',
    (count) => {
      expect(badgeText(count)).toBeNull();
    },
  );

  it('shows whole counts as they are', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(3)).toBe('3');
    expect(badgeText(99)).toBe('99');
  });

  it('drops fractions rather than rounding up', () => {
    expect(badgeText(2.9)).toBe('2');
  });

  it('caps at max with a plus sign', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12, 9)).toBe('9+');
    expect(badgeText(9, 9)).toBe('9');
  });
});

describe('defaultBadgeLabel', () => {
  it('uses the singular for one item', () => {
    expect(defaultBadgeLabel(1)).toBe('1 item in cart');
  });
  it('uses the plural otherwise', () => {
    expect(defaultBadgeLabel(3)).toBe('3 items in cart');
    expect(defaultBadgeLabel(120)).toBe('120 items in cart');
  });
});
