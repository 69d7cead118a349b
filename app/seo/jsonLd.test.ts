import { describe, expect, it } from 'vitest';
import { site } from '../../api/domain/site';
import type { Product } from '../features/catalogue';
import {
  breadcrumbNode,
  internationalPhone,
  jsonLdScript,
  organisationNode,
  postalAddress,
  productNode,
  productOffers,
  schemaPrice,
  serialiseJsonLd,
} from './jsonLd';

const origin = 'https://shop.example';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: '7',
    type: 'oil',
    title: 'Kerosene',
    slug: 'kerosene',
    description: 'Home heating oil.',
    price: null,
    bestSeller: false,
    sizes: [
      {
        id: '71',
        title: '500 Litres',
        price: 30500,
        litres: 500,
        priceSetAt: '2026-11-26T09:30:00.000Z',
      },
    ],
    images: [{ url: '/api/uploads/products/heating-oil.svg', size: 'medium' }],
    categories: [],
    ...overrides,
  };
}

describe('serialiseJsonLd', () => {
  it('never lets a value close the script element or start a comment', () => {
    const text = serialiseJsonLd({ name: '</script><script>alert(1)</script><!-- & >' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!-- & >' });
  });

  it('escapes the line and paragraph separators, and reads back unchanged', () => {
    const value = { name: 'a\u2028b\u2029c' };
    const text = serialiseJsonLd(value);
    expect(text).toContain('\\u2028');
    expect(text).toContain('\\u2029');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('writes one ld+json script with the schema.org context, and nothing for no nodes', () => {
    expect(jsonLdScript([])).toBe('');
    const script = jsonLdScript([{ '@type': 'Thing', name: 'x' }]);
    const body = /^<script type="application\/ld\+json">(.*)<\/script>$/.exec(script)?.[1];
    expect(JSON.parse(body ?? '')).toEqual({
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'Thing', name: 'x' }],
    });
  });
});

describe('schemaPrice', () => {
  it.each([
    [30500, '305.00'],
    [745, '7.45'],
    [5, '0.05'],
    [0, '0.00'],
    [123456789, '1234567.89'],
  ])('%i pence is "%s"', (pence, text) => {
    expect(schemaPrice(pence)).toBe(text);
  });

  it('refuses anything that is not whole pence', () => {
    expect(() => schemaPrice(1.5)).toThrow(RangeError);
    expect(() => schemaPrice(-1)).toThrow(RangeError);
  });
});

describe('offers', () => {
  it('prices each size as the cart does: its own price, else the product price', () => {
    const offers = productOffers(
      product({
        price: 999,
        sizes: [
          { id: '1', title: 'Own', price: 100, litres: null, priceSetAt: '2026-01-01T00:00:00Z' },
          { id: '2', title: 'Product', price: null, litres: null, priceSetAt: 'not a date' },
        ],
      }),
    );
    expect(offers).toEqual([
      { name: 'Own', pence: 100, priceSetAt: '2026-01-01T00:00:00Z' },
      { name: 'Product', pence: 999, priceSetAt: 'not a date' },
    ]);
  });

  it('offers no size that has no price at all (the cart refuses it)', () => {
    const offers = productOffers(
      product({
        sizes: [{ id: '1', title: 'Unpriced', price: null, litres: null, priceSetAt: '' }],
      }),
    );
    expect(offers).toEqual([]);
    expect(
      productNode(
        product({ sizes: [{ id: '1', title: 'x', price: null, litres: null, priceSetAt: '' }] }),
        {
          origin,
          pageUrl: `${origin}/p`,
          image: null,
        },
      ),
    ).toBeNull();
  });

  it('sells a product without sizes at its own price, under its own name', () => {
    expect(productOffers(product({ sizes: [], price: 1195 }))).toEqual([
      { name: 'Kerosene', pence: 1195, priceSetAt: null },
    ]);
    expect(productOffers(product({ sizes: [], price: null }))).toEqual([]);
  });

  it('builds a Product with GBP offers in stock, the date each price was set and the seller', () => {
    const node = productNode(product(), {
      origin,
      pageUrl: `${origin}/products/domestic/oil`,
      image: `${origin}/og/heating-oil.png`,
    });
    expect(node).toEqual({
      '@type': 'Product',
      name: 'Kerosene',
      description: 'Home heating oil.',
      sku: 'kerosene',
      image: `${origin}/og/heating-oil.png`,
      offers: [
        {
          '@type': 'Offer',
          name: '500 Litres',
          price: '305.00',
          priceCurrency: 'GBP',
          availability: 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
          url: `${origin}/products/domestic/oil`,
          validFrom: '2026-11-26T09:30:00.000Z',
          seller: { '@type': 'Organization', '@id': `${origin}/#organization`, name: 'Fuelyard' },
        },
      ],
    });
  });
});

describe('the organisation', () => {
  it('writes UK numbers in international form', () => {
    expect(internationalPhone('028 9649 6010')).toBe('+44 28 9649 6010');
    expect(internationalPhone('+44 28 9649 6010')).toBe('+44 28 9649 6010');
  });

  it('reads address lines into a PostalAddress', () => {
    expect(postalAddress(['14 Coalisland Road', 'Dungannon', 'Co. Tyrone', 'BT71 6JT'])).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '14 Coalisland Road',
      addressLocality: 'Dungannon',
      addressRegion: 'Co. Tyrone',
      postalCode: 'BT71 6JT',
      addressCountry: 'GB',
    });
    expect(
      postalAddress(['Unit 7, Duncrue Industrial Park', 'Duncrue Road', 'Belfast', 'BT3 9BP']),
    ).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Unit 7, Duncrue Industrial Park, Duncrue Road',
      addressLocality: 'Belfast',
      addressRegion: 'Northern Ireland',
      postalCode: 'BT3 9BP',
      addressCountry: 'GB',
    });
  });

  it('names both offices with their phones and addresses, and the enquiry address', () => {
    const node = organisationNode(origin, {
      logo: `${origin}/og/logo.png`,
      image: `${origin}/og/shop.png`,
    });
    expect(node['@type']).toBe('Organization');
    expect(node.email).toBe(site.email);
    const text = JSON.stringify(node);
    for (const office of site.offices) {
      expect(text).toContain(internationalPhone(office.phone));
      expect(text).toContain(office.addressLines[office.addressLines.length - 1]);
    }
    expect(node.department).toHaveLength(2);
  });

  it('numbers breadcrumb items from 1', () => {
    expect(
      breadcrumbNode([
        { name: 'Home', url: `${origin}/` },
        { name: 'Oil', url: `${origin}/oil` },
      ]),
    ).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: 'Oil', item: `${origin}/oil` },
      ],
    });
  });
});
