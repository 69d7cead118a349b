import { describe, expect, it } from 'vitest';
import { headlinePrice, longDate } from './ProductCard';

const sizes = [
  { id: 'a', title: '40kg bag', pence: 2150 },
  { id: 'b', title: '20kg bag', pence: 1199 },
  { id: 'c', title: 'Half tonne', pence: 27500 },
];

describe('headlinePrice', () => {
  it('is the cheapest size, marked "from", when there are several sizes', () => {
    expect(headlinePrice(sizes)).toEqual({ pence: 1199, isFrom: true });
  });

  it('is the only size, without "from", when there is one size', () => {
    expect(headlinePrice([{ id: 'x', title: '500 litres', pence: 29500 }])).toEqual({
      pence: 29500,
      isFrom: false,
    });
  });

  it('uses an explicit from-price over the sizes', () => {
    expect(headlinePrice(sizes, 999)).toEqual({ pence: 999, isFrom: true });
    expect(headlinePrice([], 0)).toEqual({ pence: 0, isFrom: true });
  });

  it('is absent with no sizes and no from-price', () => {
    expect(headlinePrice([])).toBeNull();
  });
});

describe('longDate (the "Prices set on" line)', () => {
  it('writes an ISO date in full, as UK English does', () => {
    expect(longDate('2026-11-26')).toBe('26 November 2026');
    expect(longDate('2027-01-01')).toBe('1 January 2027');
    expect(longDate('2028-02-29')).toBe('29 February 2028');
  });

  it('keeps the day as written: the 1st of each month is the 1st, with its own month', () => {
    // Read through `new Date('2026-11-01')` in local time, west of Greenwich gives 31 October.
    const names = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    names.forEach((name, index) => {
      expect(longDate(`2026-${String(index + 1).padStart(2, '0')}-01`)).toBe(`1 ${name} 2026`);
    });
  });

  it('is null for what is not a real date', () => {
    for (const text of [
      '',
      '26/11/2026',
      '2026-11-26T09:30:00Z',
      '2026-13-01',
      '2026-00-10',
      '2026-11-31',
      '2026-11-00',
      '2027-02-29',
      '2100-02-29',
    ]) {
      expect(longDate(text)).toBeNull();
    }
  });
});
