import { describe, expect, it } from 'vitest';
import { isCurrentHref, isNavGroup } from './NavBar';

describe('isCurrentHref', () => {
  it('is false without a current path', () => {
    expect(isCurrentHref('/faqs', undefined)).toBe(false);
  });

  it('matches equal paths strictly', () => {
    expect(isCurrentHref('/faqs', '/faqs')).toBe(true);
    expect(isCurrentHref('/', '/')).toBe(true);
    expect(isCurrentHref('/', '/faqs')).toBe(false);
    expect(isCurrentHref('/products/wholesale/oil', '/products/wholesale')).toBe(false);
    expect(isCurrentHref('/products/wholesale', '/products/wholesale/oil')).toBe(false);
  });

  it('ignores a trailing slash and a hash', () => {
    expect(isCurrentHref('/about', '/about/')).toBe(true);
    expect(isCurrentHref('/about/', '/about')).toBe(true);
    expect(isCurrentHref('/faqs#delivery', '/faqs')).toBe(true);
  });

  it('ignores the current query when the link has none', () => {
    expect(isCurrentHref('/products/domestic/oil', '/products/domestic/oil?wsm')).toBe(true);
  });

  it("requires the link's query parameters to match", () => {
    const smokeless = '/products/domestic/bagged-coal?category=smokeless-fuels';
    expect(
      isCurrentHref(smokeless, '/products/domestic/bagged-coal?category=smokeless-fuels'),
    ).toBe(true);
    expect(
      isCurrentHref(smokeless, '/products/domestic/bagged-coal?wsm&category=smokeless-fuels'),
    ).toBe(true);
    expect(isCurrentHref(smokeless, '/products/domestic/bagged-coal?category=best-sellers')).toBe(
      false,
    );
    expect(isCurrentHref(smokeless, '/products/domestic/bagged-coal')).toBe(false);
  });
});

describe('isNavGroup', () => {
  it('tells drop-downs from links', () => {
    expect(isNavGroup({ label: 'Home', href: '/' })).toBe(false);
    expect(isNavGroup({ label: 'Wholesale Fuel', children: [] })).toBe(true);
  });
});
