import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import serve from 'koa-static';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { productSizes, products } from '../db/schema';
import { createLogger } from '../logger';
import { projectRoot } from '../paths';
import type { SsrRuntime } from '../ssr/runtime';
import { realAppRuntime } from './appEntry';
import { createTestDatabase, testConfig, usingPostgres, type TestDatabase } from './harness';

/**
 * What search engines and link previews read of the real app's server HTML (issue 35, items 1–3):
 * one canonical link per indexable page, equal to its sitemap.xml entry; JSON-LD that parses,
 * whose every offer is the price the cart charges; breadcrumbs on the site's origin; Open Graph
 * tags whose images are real PNGs. In production mode, so pages come through the page cache too.
 */
const origin = 'http://shop.test';
const slow = 120_000;

type Handler = ReturnType<ReturnType<typeof createApp>['callback']>;
let db: TestDatabase;
let shop: Handler;
/** The runtime of the production server: the app, and app/public's files at the site's root. */
let runtime: SsrRuntime;
/** The addresses the app has rendered (a page from the cache is not rendered again). */
const rendered: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  // One size priced by its product (the cart's fallback, SPEC §9), so the offers show it too.
  const [pellets] = await db.handle.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, 'enplus-a1-wood-pellets'));
  if (!pellets) throw new Error('The demo catalogue has no ENplus pellets.');
  await db.handle.db
    .update(productSizes)
    .set({ price: null })
    .where(eq(productSizes.productId, pellets.id));
  const app = await realAppRuntime();
  const entry = await app.entry();
  const statics = serve(resolve(projectRoot, 'app/public'), { index: false });
  runtime = {
    ...app,
    // Counts renders, so a test can tell a page from the cache from a rendered one.
    entry: async () => ({
      ...entry,
      render: (req, context) => {
        rendered.push(new URL(req.url).pathname + new URL(req.url).search);
        return entry.render(req, context);
      },
    }),
    assets: (ctx, next) => statics(ctx, next),
  };
  shop = createApp({
    config: testConfig({ NODE_ENV: 'production', PUBLIC_URL: origin }),
    database: db.handle,
    logger: createLogger('silent'),
    ssr: runtime,
  }).callback();
}, slow);
afterAll(async () => {
  await db?.close();
});

interface Head {
  canonicals: string[];
  /** `<meta property|name="key" content="value">`, values unescaped; the last of each. */
  meta: Map<string, string>;
  /** The text of every `<script type="application/ld+json">`. */
  jsonLd: string[];
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function readHead(html: string): Head {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const canonicals = [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) =>
    unescape(m[1] ?? ''),
  );
  const meta = new Map<string, string>();
  for (const m of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    meta.set(m[1] ?? '', unescape(m[2] ?? ''));
  }
  const jsonLd = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((m) => m[1] ?? '');
  return { canonicals, meta, jsonLd };
}

async function page(path: string, status = 200): Promise<{ html: string; head: Head }> {
  const res = await request(shop).get(path);
  expect(res.status, path).toBe(status);
  return { html: res.text, head: readHead(res.text) };
}

async function sitemapUrls(): Promise<string[]> {
  const res = await request(shop).get('/sitemap.xml');
  expect(res.status).toBe(200);
  return [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => unescape(m[1] ?? ''));
}

type Node = Record<string, unknown>;

/** Every node of a JSON-LD document: the top one, or each of its @graph. */
function nodesOf(document: Node): Node[] {
  return Array.isArray(document['@graph']) ? (document['@graph'] as Node[]) : [document];
}

interface CatalogueProduct {
  id: string;
  type: string;
  slug: string;
  title: string;
  price: number | null;
  sizes: { id: string; title: string; price: number | null }[];
}

/** The catalogue as the API serves it to the site (GraphQL), by product slug. */
async function servedCatalogue(): Promise<Map<string, CatalogueProduct>> {
  const fields = 'id type slug title price sizes { id title price }';
  const query = `{ oils { ${fields} } coalCategories { coals { ${fields} } } woodpellets { ${fields} } otherProducts { ${fields} } }`;
  const res = await request(shop).post('/api/graphql').send({ query });
  expect(res.status).toBe(200);
  const data = (res.body as { data: Record<string, unknown> }).data;
  const all = [
    ...(data.oils as CatalogueProduct[]),
    ...(data.coalCategories as { coals: CatalogueProduct[] }[]).flatMap((c) => c.coals),
    ...(data.woodpellets as CatalogueProduct[]),
    ...(data.otherProducts as CatalogueProduct[]),
  ];
  return new Map(all.map((p) => [p.slug, p]));
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

describe(`search engines and link previews (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let sitemap: string[];
  /** The head of every sitemap page (and of /), by its sitemap URL. */
  const heads = new Map<string, Head>();

  beforeAll(async () => {
    sitemap = await sitemapUrls();
    for (const url of [`${origin}/`, ...sitemap]) {
      heads.set(url, (await page(url.slice(origin.length))).head);
    }
  }, slow);

  it('lists only canonical addresses in sitemap.xml, each once', () => {
    expect(sitemap.length).toBeGreaterThan(20);
    expect(new Set(sitemap).size).toBe(sitemap.length);
    for (const url of sitemap) expect(url.startsWith(`${origin}/`), url).toBe(true);
    // The default coal category is its bare page, not a second address for it.
    expect(sitemap).toContain(`${origin}/products/domestic/bagged-coal`);
    expect(sitemap).not.toContain(`${origin}/products/domestic/bagged-coal?category=best-sellers`);
    expect(sitemap).toContain(`${origin}/products/wholesale/coal/bagged/ie`);
    expect(sitemap).toContain(`${origin}/products/domestic/bagged-coal?category=smokeless-fuels`);
  });

  it('gives every page exactly one canonical link: its own sitemap address', () => {
    for (const [url, head] of heads) {
      expect(head.canonicals, url).toEqual([url]);
      expect(head.meta.get('og:url'), url).toBe(url);
      expect(head.meta.has('robots'), url).toBe(false);
    }
  });

  it('keeps the canonical of each address when the page comes from the page cache', async () => {
    const addresses = [
      '/products/domestic/bagged-coal?category=smokeless-fuels',
      '/products/domestic/bagged-coal',
      '/products/domestic/bagged-coal?category=best-sellers',
    ];
    for (let round = 0; round < 2; round++) {
      if (round === 1) rendered.length = 0;
      for (const address of addresses) {
        const { head } = await page(address);
        expect(head.canonicals, address).toEqual([
          address.endsWith('smokeless-fuels')
            ? `${origin}${address}`
            : `${origin}/products/domestic/bagged-coal`,
        ]);
      }
    }
    // The second round came from the cache, each address with its own head.
    expect(rendered).toEqual([]);
  });

  it.each([
    ['/products/domestic/bagged-coal?category=best-sellers', '/products/domestic/bagged-coal'],
    ['/products/domestic/bagged-coal?postcode=BT1', '/products/domestic/bagged-coal'],
    [
      '/products/wholesale/coal/bagged/uk?category=best-sellers&wsm',
      '/products/wholesale/coal/bagged/uk',
    ],
    [
      '/products/domestic/bagged-coal?postcode&category=smokeless-fuels',
      '/products/domestic/bagged-coal?category=smokeless-fuels',
    ],
    ['/?wsm', '/'],
    ['/?order-online', '/'],
    ['/about?menu', '/about'],
    ['/products/domestic/oil?postcode', '/products/domestic/oil'],
  ])('%s has the canonical of %s', async (variant, bare) => {
    const { head } = await page(variant);
    expect(head.canonicals).toEqual([`${origin}${bare}`]);
  });

  it('gives the IE and UK wholesale pages their own descriptions', async () => {
    for (const [uk, ie] of [
      ['/products/wholesale/best-sellers/uk', '/products/wholesale/best-sellers/ie'],
      ['/products/wholesale/coal/bagged/uk', '/products/wholesale/coal/bagged/ie'],
      [
        '/products/wholesale/coal/bagged/uk?category=smokeless-fuels',
        '/products/wholesale/coal/bagged/ie?category=smokeless-fuels',
      ],
    ] as const) {
      const ukHead = heads.get(`${origin}${uk}`);
      const ieHead = heads.get(`${origin}${ie}`);
      expect(ukHead?.meta.get('description'), uk).toBeTruthy();
      expect(ukHead?.meta.get('description')).not.toBe(ieHead?.meta.get('description'));
      expect(ukHead?.meta.get('og:description')).toBe(ukHead?.meta.get('description'));
    }
    const descriptions = [...heads.values()].map((head) => head.meta.get('description'));
    expect(new Set(descriptions).size, 'every page has a description of its own').toBe(
      descriptions.length,
    );
  });

  it('has JSON-LD that parses, on schema.org, with breadcrumbs on the site', () => {
    const pages = new Set(sitemap);
    for (const [url, head] of heads) {
      for (const text of head.jsonLd) {
        const document = JSON.parse(text) as Node;
        expect(document['@context'], url).toBe('https://schema.org');
        for (const node of nodesOf(document)) {
          if (node['@type'] !== 'BreadcrumbList') continue;
          const items = node.itemListElement as { position: number; item: string }[];
          expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
          for (const { item } of items) {
            expect(new URL(item).origin, url).toBe(origin);
            expect(pages.has(item), `${item} (on ${url}) is a page in the sitemap`).toBe(true);
          }
          expect(items.at(-1)?.item).toBe(url);
        }
      }
    }
    // Catalogue pages have breadcrumbs; the home page has the company.
    const typesOn = (url: string) =>
      (heads.get(url)?.jsonLd ?? [])
        .flatMap((t) => nodesOf(JSON.parse(t) as Node))
        .map((n) => n['@type']);
    expect(typesOn(`${origin}/products/domestic/oil`)).toContain('BreadcrumbList');
    expect(typesOn(`${origin}/products/domestic/oil`)).toContain('Product');
    expect(typesOn(`${origin}/products/domestic`)).toEqual(['BreadcrumbList']);
    // A page that sells by enquiry only (the Republic of Ireland's) offers nothing at these prices.
    expect(typesOn(`${origin}/products/wholesale/best-sellers/ie`)).toEqual(['BreadcrumbList']);
    expect(typesOn(`${origin}/products/wholesale/best-sellers/uk`)).toContain('Product');
    expect(typesOn(`${origin}/`)).toEqual(['Organization', 'WebSite']);
    expect(typesOn(`${origin}/about`)).toEqual([]);
  });

  it('names the company, both offices with their numbers and the enquiry address on the home page', () => {
    const [text] = heads.get(`${origin}/`)?.jsonLd ?? [];
    const organisation = nodesOf(JSON.parse(text ?? '{}') as Node).find(
      (n) => n['@type'] === 'Organization',
    );
    expect(organisation?.email).toBe('info@fuelyard.co.uk');
    const offices = organisation?.department as { name: string; telephone: string }[];
    expect(offices.map((o) => o.telephone)).toEqual(['+44 28 9649 6010', '+44 28 9649 6020']);
  });

  it('offers every product at exactly what the catalogue and the cart charge', async () => {
    const catalogue = await servedCatalogue();
    const offered: { product: CatalogueProduct; size: string; price: string }[] = [];
    for (const [url, head] of heads) {
      for (const text of head.jsonLd) {
        for (const node of nodesOf(JSON.parse(text) as Node)) {
          if (node['@type'] !== 'Product') continue;
          const product = catalogue.get(String(node.sku));
          expect(product, `${String(node.sku)} on ${url} is in the catalogue`).toBeDefined();
          if (!product) continue;
          expect(node.name).toBe(product.title);
          // The cart's rule: a product with sizes sells each size, at its price or else the
          // product's; one without sells at the product's price.
          const expected =
            product.sizes.length > 0
              ? product.sizes.flatMap((s) => {
                  const pence = s.price ?? product.price;
                  return pence === null ? [] : [{ name: s.title, price: pounds(pence) }];
                })
              : product.price === null
                ? []
                : [{ name: product.title, price: pounds(product.price) }];
          const offers = node.offers as {
            name: string;
            price: string;
            priceCurrency: string;
            availability: string;
            validFrom?: string;
          }[];
          expect(
            offers.map((o) => ({ name: o.name, price: o.price })),
            `${product.slug} on ${url}`,
          ).toEqual(expected);
          for (const offer of offers) {
            expect(offer.priceCurrency).toBe('GBP');
            expect(offer.availability).toBe('https://schema.org/InStock');
            expect(Number.isFinite(Date.parse(offer.validFrom ?? ''))).toBe(true);
            offered.push({ product, size: offer.name, price: offer.price });
          }
        }
      }
    }
    expect(offered.some((o) => o.product.slug === 'enplus-a1-wood-pellets')).toBe(true);

    // And the cart itself charges each offer's price (one cart per product type's zone: BT1 is
    // in both).
    const agent = request.agent(shop);
    expect((await agent.put('/api/cart/postcode').send({ postcode: 'BT1 1AA' })).status).toBe(200);
    const unique = new Map(offered.map((o) => [`${o.product.slug}/${o.size}`, o]));
    for (const { product, size } of unique.values()) {
      const sizeId = product.sizes.find((s) => s.title === size)?.id;
      const res = await agent.post('/api/cart/items').send({
        type: product.type,
        productId: Number(product.id),
        attributeId: sizeId === undefined ? null : Number(sizeId),
        quantity: 1,
      });
      expect(res.status, `${product.slug} ${size}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const cart = (await agent.get('/api/cart')).body as {
      cart: {
        items: { productId: number; attribute: string | null; title: string; price: number }[];
      };
    };
    for (const { product, size, price } of unique.values()) {
      const line = cart.cart.items.find(
        (i) => i.productId === Number(product.id) && (i.attribute ?? i.title) === size,
      );
      expect(line, `${product.slug} ${size} in the cart`).toBeDefined();
      expect(pounds(line?.price ?? -1), `${product.slug} ${size}`).toBe(price);
    }
  });

  it('has Open Graph and Twitter tags, with absolute PNG images that answer', async () => {
    const images = new Set<string>();
    for (const [url, head] of heads) {
      for (const key of [
        'og:title',
        'og:description',
        'og:url',
        'og:type',
        'og:image',
        'og:image:alt',
        'og:site_name',
      ]) {
        expect(head.meta.get(key), `${key} on ${url}`).toBeTruthy();
      }
      expect(head.meta.get('og:locale')).toBe('en_GB');
      expect(head.meta.get('og:site_name')).toBe('Fuelyard');
      expect(head.meta.get('og:image:width')).toBe('1200');
      expect(head.meta.get('og:image:height')).toBe('630');
      expect(head.meta.get('twitter:card')).toBe('summary_large_image');
      const image = new URL(head.meta.get('og:image') ?? '');
      expect(image.origin).toBe(origin);
      images.add(image.pathname);
    }
    // A picture per product or category, and the shop's card for the rest.
    expect(heads.get(`${origin}/products/domestic/oil`)?.meta.get('og:image')).toBe(
      `${origin}/og/heating-oil.png`,
    );
    expect(
      heads
        .get(`${origin}/products/domestic/bagged-coal?category=smokeless-fuels`)
        ?.meta.get('og:image'),
    ).toBe(`${origin}/og/smokeless.png`);
    expect(heads.get(`${origin}/about`)?.meta.get('og:image')).toBe(`${origin}/og/fuelyard.png`);
    expect(images.size).toBeGreaterThan(3);
    for (const path of images) {
      const res = await request(shop).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('image/png');
    }
  });

  it.each([
    ['/cart', 200],
    ['/user/login', 200],
    ['/no-such-page', 404],
    ['/products/domestic/bagged-coal?category=no-such-category', 404],
  ])('%s is noindex, with no canonical or social tags', async (path, status) => {
    const { head } = await page(path, status);
    expect(head.canonicals).toEqual([]);
    expect(head.meta.get('robots')).toBe('noindex');
    expect(head.meta.has('og:url')).toBe(false);
    expect(head.jsonLd).toEqual([]);
  });

  it('keeps a product title with </script> inside its JSON-LD string', async () => {
    const title = 'Kerosene </script><script>alert("x")</script><!-- \u2028';
    await db.handle.db
      .update(products)
      .set({ title })
      .where(eq(products.slug, 'kerosene-heating-oil'));
    try {
      const { html, head } = await page('/products/domestic/oil');
      expect(html).not.toContain('<script>alert("x")');
      expect(head.jsonLd).toHaveLength(1);
      const nodes = nodesOf(JSON.parse(head.jsonLd[0] ?? '') as Node);
      expect(nodes.find((n) => n.sku === 'kerosene-heating-oil')?.name).toBe(title);
      // The script element ends where the JSON ends: nothing of the title escaped it.
      expect(head.jsonLd[0]?.endsWith('}')).toBe(true);
    } finally {
      await db.handle.db
        .update(products)
        .set({ title: 'Kerosene Heating Oil' })
        .where(eq(products.slug, 'kerosene-heating-oil'));
    }
  });
});

describe('the origin of absolute links without PUBLIC_URL', () => {
  let local: Handler;
  beforeAll(() => {
    local = createApp({
      config: testConfig(),
      database: db.handle,
      logger: createLogger('silent'),
      ssr: runtime,
    }).callback();
  });

  it("follows sitemap.xml's rule: the request's valid Host, never X-Forwarded-Host untrusted", async () => {
    const res = await request(local)
      .get('/about?wsm')
      .set('Host', 'shop.example:8080')
      .set('X-Forwarded-Host', 'evil.example');
    expect(res.status).toBe(200);
    const head = readHead(res.text);
    expect(head.canonicals).toEqual(['http://shop.example:8080/about']);
    expect(head.meta.get('og:image')).toMatch(/^http:\/\/shop\.example:8080\/og\//);
    const sitemap = await request(local).get('/sitemap.xml').set('Host', 'shop.example:8080');
    expect(sitemap.text).toContain('<loc>http://shop.example:8080/about</loc>');
  });

  it('answers a bad Host with 400, with no page to take an origin from', async () => {
    const res = await request(local).get('/about').set('Host', 'bad host');
    expect(res.status).toBe(400);
  });
});
