import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emptyCatalogue, type Catalogue, type Product } from '../features/catalogue';
import { domesticOil } from '../pages/catalogue/definitions';
import { seoHeadTags, socialTitle, type SeoPage } from './head';
import { ogImageSize, productCardFor, productCards, shopCard, shopLogo } from './ogImages';

const oil: Product = {
  id: '1',
  type: 'oil',
  title: 'Kerosene </script><script>alert(1)</script>',
  slug: 'kerosene',
  description: 'Heating "oil" & more',
  price: null,
  bestSeller: true,
  sizes: [{ id: '11', title: '300 Litres', price: 19200, litres: 300, priceSetAt: '2026-01-02' }],
  images: [{ url: '/api/uploads/products/heating-oil.svg', size: 'medium' }],
  categories: [],
};
const catalogue: Catalogue = { ...emptyCatalogue, oil: [oil] };

function page(overrides: Partial<SeoPage>): SeoPage {
  return {
    url: new URL('https://shop.example/about?wsm'),
    meta: { title: 'About Us | Fuelyard', description: 'About "us" & <them>' },
    ok: true,
    route: { path: 'about' },
    data: {},
    catalogue,
    ...overrides,
  };
}

function jsonLd(head: string): unknown {
  const body = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1];
  return body === undefined ? undefined : JSON.parse(body);
}

describe('seoHeadTags', () => {
  it('gives a page its canonical address and social tags, every value escaped', () => {
    const head = seoHeadTags(page({}));
    expect(head).toContain('<link rel="canonical" href="https://shop.example/about" />');
    expect(head).toContain('<meta property="og:url" content="https://shop.example/about" />');
    expect(head).toContain('<meta property="og:title" content="About Us" />');
    expect(head).toContain(
      '<meta property="og:description" content="About &quot;us&quot; &amp; &lt;them&gt;" />',
    );
    expect(head).toContain(
      `<meta property="og:image" content="https://shop.example/og/${shopCard.file}" />`,
    );
    expect(head).toContain('<meta property="og:locale" content="en_GB" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).not.toContain('noindex');
    // An information page has no structured data.
    expect(head).not.toContain('ld+json');
  });

  it('marks pages that are not for search engines noindex, with no canonical', () => {
    for (const other of [
      page({ route: { path: 'cart' } }),
      page({ route: { path: 'checkout' } }),
      page({ ok: false }),
      page({ route: undefined }),
    ]) {
      const head = seoHeadTags(other);
      expect(head).toBe('<meta name="robots" content="noindex" />');
    }
  });

  it('puts the company and the site on the home page', () => {
    const head = seoHeadTags(
      page({ url: new URL('https://shop.example/?postcode'), route: { index: true } }),
    );
    expect(head).toContain('<link rel="canonical" href="https://shop.example/" />');
    const graph = (jsonLd(head) as { '@graph': { '@type': string }[] })['@graph'];
    expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebSite']);
  });

  it("lists a catalogue page's products, its breadcrumbs and its first product's picture", () => {
    const head = seoHeadTags(
      page({
        url: new URL('https://shop.example/products/domestic/oil'),
        route: { path: 'products/domestic/oil' },
        data: domesticOil(catalogue),
      }),
    );
    expect(head).toContain(
      '<meta property="og:image" content="https://shop.example/og/heating-oil.png" />',
    );
    expect(head).not.toMatch(/<\/script><script>alert/);
    const document = jsonLd(head) as {
      '@context': string;
      '@graph': { '@type': string; name?: string; offers?: { price: string }[] }[];
    };
    expect(document['@context']).toBe('https://schema.org');
    expect(document['@graph'].map((node) => node['@type'])).toEqual(['BreadcrumbList', 'Product']);
    expect(document['@graph'][1]?.name).toBe(oil.title);
    expect(document['@graph'][1]?.offers?.[0]?.price).toBe('192.00');
  });

  it('strips only the shop name from a social title', () => {
    expect(socialTitle('Smokeless Fuels | Bagged Coal Delivered | Fuelyard')).toBe(
      'Smokeless Fuels | Bagged Coal Delivered',
    );
    expect(socialTitle('Fuelyard')).toBe('Fuelyard');
  });
});

describe('the social images', () => {
  const dir = fileURLToPath(new URL('../public/og/', import.meta.url));

  /** Width and height from a PNG's IHDR chunk. */
  function pngSize(file: string): { width: number; height: number } {
    const bytes = readFileSync(`${dir}${file}`);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  it.each([shopCard.file, ...Object.keys(productCards).map((name) => `${name}.png`)])(
    '%s is a 1200×630 PNG under 100 KB',
    (file) => {
      expect(pngSize(file)).toEqual(ogImageSize);
      expect(statSync(`${dir}${file}`).size).toBeLessThan(100 * 1024);
    },
  );

  it('has a square logo', () => {
    expect(pngSize(shopLogo.file)).toEqual({ width: 512, height: 512 });
  });

  it('finds the card of a product picture, relative or absolute, and none for others', () => {
    expect(productCardFor('/api/uploads/products/smokeless.svg')?.file).toBe('smokeless.png');
    expect(productCardFor('https://cdn.example/uploads/products/logs.svg')?.file).toBe('logs.png');
    expect(productCardFor('/api/uploads/products/unknown.svg')).toBeNull();
    expect(productCardFor('/api/uploads/products/toString.svg')).toBeNull();
    expect(productCardFor('/api/uploads/products/logs.png')).toBeNull();
  });
});
