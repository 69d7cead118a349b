import { describe, expect, it } from 'vitest';
import { emptyCatalogue, type Catalogue, type CoalCategory } from '../features/catalogue';
import {
  domesticIndex,
  marketIndex,
  wholesaleCoalIndex,
  wholesaleIndex,
  type CataloguePageData,
} from '../pages/catalogue/definitions';
import {
  breadcrumbs,
  canonicalPath,
  coalCategoryPath,
  isIndexableRoute,
  sectionName,
} from './pages';

const category = (slug: string, title: string): CoalCategory => ({
  id: slug,
  title,
  slug,
  icon: 'check',
  coals: [],
});

const catalogue: Catalogue = {
  ...emptyCatalogue,
  coal: [category('best-sellers', 'Best Sellers'), category('smokeless-fuels', 'Smokeless Fuels')],
};

function listing(current: string | null): CataloguePageData {
  return {
    heading: 'Prepacked Coal',
    title: 'x',
    description: 'y',
    intro: 'z',
    audience: 'domestic',
    market: null,
    orderOnline: true,
    products: [],
    categories: catalogue.coal.map((c) => ({
      title: c.title,
      slug: c.slug,
      icon: c.icon,
      href: '',
      current: c.slug === current,
    })),
  };
}

describe('which pages are indexed', () => {
  it.each([
    [{ index: true }, true],
    [{ path: 'about' }, true],
    [{ path: 'contact' }, true],
    [{ path: 'products/domestic/oil' }, true],
    [{ path: 'products/wholesale/best-sellers/:market' }, true],
    [{ path: 'cart' }, false],
    [{ path: 'checkout' }, false],
    [{ path: 'order/:id' }, false],
    [{ path: 'user/login' }, false],
    [{ path: 'admin/orders' }, false],
    [{ path: 'pay/test/:sessionId' }, false],
    [{ path: '*' }, false],
    [undefined, false],
  ])('%o: %s', (route, indexable) => {
    expect(isIndexableRoute(route)).toBe(indexable);
  });
});

describe('canonical addresses', () => {
  const url = (address: string) => new URL(address, 'https://shop.example');

  it('drops every query of an ordinary page', () => {
    expect(canonicalPath(url('/about?wsm&postcode=BT1'), null, catalogue)).toBe('/about');
    expect(canonicalPath(url('/?order-online&menu'), null, catalogue)).toBe('/');
  });

  it('folds the default coal category into the bare path', () => {
    const bare = url('/products/domestic/bagged-coal');
    expect(canonicalPath(bare, listing('best-sellers'), catalogue)).toBe(
      '/products/domestic/bagged-coal',
    );
    expect(
      canonicalPath(
        url('/products/domestic/bagged-coal?category=best-sellers&postcode=BT1'),
        listing('best-sellers'),
        catalogue,
      ),
    ).toBe('/products/domestic/bagged-coal');
  });

  it('keeps another category, and only it, as a page of its own', () => {
    expect(
      canonicalPath(
        url('/products/wholesale/coal/bagged/uk?wsm&category=smokeless-fuels'),
        listing('smokeless-fuels'),
        catalogue,
      ),
    ).toBe('/products/wholesale/coal/bagged/uk?category=smokeless-fuels');
  });

  it('takes the first category as the default when there is no best-sellers one', () => {
    const noBestSellers = { ...catalogue, coal: catalogue.coal.slice(1) };
    expect(coalCategoryPath('/p', 'smokeless-fuels', noBestSellers)).toBe('/p');
    expect(coalCategoryPath('/p', 'smokeless-fuels', emptyCatalogue)).toBe(
      '/p?category=smokeless-fuels',
    );
  });
});

describe('breadcrumbs', () => {
  const origin = 'https://shop.example';

  it('names the section pages as their headings do', () => {
    expect(sectionName('/products/domestic')).toBe(domesticIndex(emptyCatalogue).heading);
    expect(sectionName('/products/wholesale')).toBe(wholesaleIndex().heading);
    expect(sectionName('/products/wholesale/best-sellers')).toBe(
      marketIndex('best-sellers', 'Best Sellers').heading,
    );
    expect(sectionName('/products/wholesale/coal')).toBe(wholesaleCoalIndex().heading);
    expect(sectionName('/products/wholesale/coal/bagged')).toBe(
      marketIndex('coal/bagged', 'Prepacked Coal').heading,
    );
    expect(sectionName('/products')).toBeUndefined();
  });

  it('walks from home through each section page to the page', () => {
    expect(
      breadcrumbs(
        origin,
        '/products/domestic/oil',
        '/products/domestic/oil',
        'Home Heating Oil',
        null,
      ),
    ).toEqual([
      { name: 'Home', url: `${origin}/` },
      { name: 'Home Heating Fuel', url: `${origin}/products/domestic` },
      { name: 'Home Heating Oil', url: `${origin}/products/domestic/oil` },
    ]);
  });

  it('puts a category of its own below its page', () => {
    const trail = breadcrumbs(
      origin,
      '/products/wholesale/coal/bagged/ie',
      '/products/wholesale/coal/bagged/ie?category=smokeless-fuels',
      'Prepacked Coal: Smokeless Fuels (Ireland)',
      'Smokeless Fuels',
    );
    expect(trail.map((crumb) => crumb.name)).toEqual([
      'Home',
      'Wholesale Fuel',
      'Wholesale Coal',
      'Prepacked Coal',
      'Prepacked Coal (Ireland)',
      'Smokeless Fuels',
    ]);
    expect(trail.at(-1)?.url).toBe(
      `${origin}/products/wholesale/coal/bagged/ie?category=smokeless-fuels`,
    );
  });
});
