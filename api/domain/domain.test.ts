import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyLimit, parseSort } from './catalogue';
import { coalIconForSlug } from './coal';
import { rewriteImageUrl } from './images';
import { formatPence, lowestPrice, multiplyPence } from './money';
import { telHref } from './site';

const bucket = 'https://storage.googleapis.com/fuelyard-uploads/';

describe('rewriteImageUrl (SPEC §7)', () => {
  it.each([
    [`${bucket}products/coal.png`, '/cdn/products/coal.png'],
    ['/uploads/products/logs.svg', '/api/uploads/products/logs.svg'],
    ['uploads/products/logs.svg', '/api/uploads/products/logs.svg'],
    ['https://images.example.com/x.png', 'https://images.example.com/x.png'],
    ['//cdn.example.com/x.png', '//cdn.example.com/x.png'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
  ])('%s -> %s', (input, expected) => {
    expect(rewriteImageUrl(input, bucket)).toBe(expected);
  });

  it('accepts a base without a trailing slash', () => {
    expect(rewriteImageUrl(`${bucket}a.png`, bucket.slice(0, -1))).toBe('/cdn/a.png');
  });

  it('never leaves a relative URL unprefixed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9_.-][a-z0-9/_.-]{0,39}$/), (path) => {
        const out = rewriteImageUrl(path, bucket);
        expect(out.startsWith('/api/')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('coalIconForSlug (SPEC §3)', () => {
  it.each([
    ['best-sellers', 'best-sellers'],
    ['coal-and-non-smokeless-fuels', 'open-fire'],
    ['gravity-fed-fuel', 'gravity-fed'],
    ['smokeless-fuels', 'smokeless'],
    ['anything-else', 'check'],
    ['toString', 'check'],
    ['', 'check'],
  ])('%s -> %s', (slug, icon) => {
    expect(coalIconForSlug(slug)).toBe(icon);
  });
});

describe('money', () => {
  it('formats pence as pounds with two decimals', () => {
    expect(formatPence(1234)).toBe('£12.34');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const amount of [0, 7, 99, 100, 101, 99_999, 100_000, 123_456_789, 4_000_000_000_00]) {
      expect(formatPence(amount)).toBe(gbp.format(amount / 100));
      expect(formatPence(-amount || 0)).toBe(gbp.format((-amount || 0) / 100));
    }
  });

  it('refuses fractional pence', () => {
    expect(() => formatPence(12.5)).toThrow(TypeError);
  });

  it('multiplies whole pence exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 20 }),
        (unit, qty) => {
          const total = multiplyPence(unit, qty);
          expect(Number.isInteger(total)).toBe(true);
          expect(total).toBe(unit * qty);
        },
      ),
      { numRuns: 100 },
    );
    expect(() => multiplyPence(100, 1.5)).toThrow(RangeError);
    expect(() => multiplyPence(100, -1)).toThrow(RangeError);
  });

  it('finds the lowest set price', () => {
    expect(lowestPrice([null, 500, undefined, 300])).toBe(300);
    expect(lowestPrice([null, undefined])).toBeNull();
    expect(lowestPrice([])).toBeNull();
  });
});

describe('parseSort and applyLimit', () => {
  it('parses field:direction', () => {
    expect(parseSort('title:desc', ['title'])).toEqual({ field: 'title', direction: 'desc' });
    expect(parseSort('title', ['title'])).toEqual({ field: 'title', direction: 'asc' });
    expect(parseSort('', ['title'])).toBeNull();
    expect(parseSort(null, ['title'])).toBeNull();
  });

  it('refuses unknown fields and directions', () => {
    expect(() => parseSort('colour:desc', ['title'])).toThrow('Cannot sort by "colour"');
    expect(() => parseSort('title:sideways', ['title'])).toThrow(RangeError);
    expect(() => parseSort('title:desc:x', ['title'])).toThrow(RangeError);
  });

  it('treats -1 as unlimited', () => {
    expect(applyLimit([1, 2, 3], -1)).toEqual([1, 2, 3]);
    expect(applyLimit([1, 2, 3], null)).toEqual([1, 2, 3]);
    expect(applyLimit([1, 2, 3], 2)).toEqual([1, 2]);
    expect(applyLimit([1, 2, 3], 0)).toEqual([]);
    expect(() => applyLimit([1], -2)).toThrow(RangeError);
  });
});

describe('telHref', () => {
  it('turns a UK number into an international tel: link', () => {
    expect(telHref('028 9649 6020')).toBe('tel:+442896496020');
  });
});
