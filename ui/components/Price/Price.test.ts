import { describe, expect, it } from 'vitest';
import { formatPence, penceToDecimal } from './Price';

describe('formatPence', () => {
  it.each([
    [1234, '£12.34'],
    [0, '£0.00'],
    [1, '£0.01'],
    [99, '£0.99'],
    [100, '£1.00'],
    [1950, '£19.50'],
    [123456, '£1,234.56'],
    [100000000, '£1,000,000.00'],
  ])('formats %i pence as %s', (pence, expected) => {
    expect(formatPence(pence)).toBe(expected);
  });

  it('writes what en-GB currency formatting writes, for amounts of every length and sign', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    let pence = 1;
    while (pence < Number.MAX_SAFE_INTEGER / 7) {
      for (const amount of [pence, -pence, pence + 99, pence * 3 + 7]) {
        expect(formatPence(amount)).toBe(gbp.format(amount / 100));
      }
      pence *= 7;
    }
  });

  it('puts the minus sign before the pound sign for refunds and discounts', () => {
    expect(formatPence(-50)).toBe('-£0.50');
    expect(formatPence(-1234)).toBe('-£12.34');
  });

  it('never prints negative zero', () => {
    expect(formatPence(-0)).toBe('£0.00');
    expect(formatPence(-0.4)).toBe('£0.00');
  });

  it('rounds fractions of a penny to the nearest penny', () => {
    expect(formatPence(1234.4)).toBe('£12.34');
    expect(formatPence(1234.5)).toBe('£12.35');
    expect(formatPence(1234.6)).toBe('£12.35');
  });

  it('is exact for every amount up to £100 (no floating-point drift)', () => {
    for (let pence = 0; pence <= 10_000; pence += 1) {
      const pounds = Math.floor(pence / 100);
      const rest = String(pence % 100).padStart(2, '0');
      expect(formatPence(pence)).toBe(`£${pounds}.${rest}`);
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'refuses %s',
    (value) => {
      expect(() => formatPence(value)).toThrow(RangeError);
    },
  );
});

describe('penceToDecimal', () => {
  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [0, '0.00'],
    [-0, '0.00'],
    [-1234, '-12.34'],
    [123456, '1234.56'],
  ])('gives %i pence as %s', (pence, expected) => {
    expect(penceToDecimal(pence)).toBe(expected);
  });
});
