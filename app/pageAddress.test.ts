import { describe, expect, it } from 'vitest';
import { isOwnAddress } from './pageAddress';

const own = (address: string, matched: string | undefined, query: readonly string[] = []) =>
  isOwnAddress(new URL(address, 'http://shop.test'), matched, query);

describe('a page at its own address', () => {
  it('is its matched path with no query, or with the parameters it reads, as links spell them', () => {
    expect(own('/about', '/about')).toBe(true);
    expect(own('/about?', '/about')).toBe(true);
    expect(own('/coal?category=smokeless-fuels', '/coal', ['category'])).toBe(true);
    expect(own('/coal?a=1&b=x%20y', '/coal', ['a', 'b'])).toBe(true);
    expect(own('/coal?b=2', '/coal', ['a', 'b'])).toBe(true);
  });

  it.each([
    ['/about?z=1', '/about', []],
    ['/about?utm_source=mail', '/about', []],
    ['/coal?category=smokeless-fuels&utm_source=mail', '/coal', ['category']],
    // Once each, in the declared order: one spelling per page.
    ['/coal?category=a&category=b', '/coal', ['category']],
    ['/coal?b=2&a=1', '/coal', ['a', 'b']],
    // A value spelt otherwise than encodeURIComponent spells it, empty, or not decodable.
    ['/coal?category=smokeless%2Dfuels', '/coal', ['category']],
    ['/coal?category=a+b', '/coal', ['category']],
    ['/coal?category=', '/coal', ['category']],
    ['/coal?category', '/coal', ['category']],
    ['/coal?category=%E0%A4%A', '/coal', ['category']],
    // Flags (dialogs) and names spelt otherwise.
    ['/about?menu', '/about', []],
    ['/coal?%63ategory=a', '/coal', ['category']],
    // The path spelt otherwise than the route matched it, or not matched at all.
    ['/%61bout', '/about', []],
    ['/about', undefined, []],
  ] as const)('%s is not', (address, matched, query) => {
    expect(own(address, matched, query)).toBe(false);
  });
});
