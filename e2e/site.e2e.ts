import { describe, expect, inject, it } from 'vitest';
import { site } from '../api/domain/site';

const baseURL = inject('baseURL');

async function html(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`${baseURL}${path}`);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

function decode(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/<!-- -->/g, '');
}

/** Route → heading in the server HTML, and products that must be listed there. */
const routes: [string, string, string[]][] = [
  ['/', 'Fuel delivered across Northern Ireland', ['Premium House Coal', 'Kerosene Heating Oil']],
  ['/about', 'About Us', []],
  ['/contact', 'Contact Us', []],
  ['/faqs', 'Frequently Asked Questions', []],
  ['/privacy-policy', 'Privacy Policy', []],
  ['/terms-of-purchase', 'Terms of Purchase', []],
  [
    '/products/industrial-fuel',
    'Industrial Fuel',
    ['Anthracite Grains', 'Hayes Lignite Briquettes'],
  ],
  ['/products/domestic', 'Home Heating Fuel', []],
  [
    '/products/domestic/bagged-coal?category=best-sellers',
    'Prepacked Coal: Best Sellers',
    ['Premium House Coal', 'Smokeless Ovals', 'Gravity Feed Peas'],
  ],
  [
    '/products/domestic/bagged-coal?category=coal-and-non-smokeless-fuels',
    'Prepacked Coal: Coal & Non-Smokeless Fuels',
    ['Polish Doubles', 'Economy Coal Nuts'],
  ],
  [
    '/products/domestic/bagged-coal?category=smokeless-fuels',
    'Prepacked Coal: Smokeless Fuels',
    ['Premium Smokeless Nuggets'],
  ],
  [
    '/products/domestic/bagged-coal?category=gravity-fed-fuel',
    'Prepacked Coal: Gravity Fed Fuel',
    ['Anthracite Grains'],
  ],
  ['/products/domestic/oil', 'Home Heating Oil', ['Kerosene Heating Oil']],
  ['/products/wholesale', 'Wholesale Fuel', []],
  ['/products/wholesale/best-sellers', 'Best Sellers', []],
  [
    '/products/wholesale/best-sellers/uk',
    'Best Sellers (UK)',
    ['Premium House Coal', 'Hayes Lignite Briquettes'],
  ],
  ['/products/wholesale/best-sellers/ie', 'Best Sellers (Ireland)', ['Premium House Coal']],
  ['/products/wholesale/coal', 'Wholesale Coal', []],
  ['/products/wholesale/coal/bagged', 'Prepacked Coal', []],
  [
    '/products/wholesale/coal/bagged/uk?category=best-sellers',
    'Prepacked Coal: Best Sellers (UK)',
    ['Premium House Coal'],
  ],
  [
    '/products/wholesale/coal/bagged/ie?category=smokeless-fuels',
    'Prepacked Coal: Smokeless Fuels (Ireland)',
    ['Smokeless Ovals'],
  ],
  ['/products/wholesale/coal/bulk', 'Bulk Coal', ['Polish Doubles']],
  ['/products/wholesale/oil', 'Oil', ['Kerosene Heating Oil', 'Gas Oil (Red Diesel)']],
  ['/products/wholesale/wood-pellets', 'Wood Pellets', ['ENplus A1 Wood Pellets']],
  [
    '/products/wholesale/other-products',
    'Wood & Other Products',
    ['Kiln Dried Kindling', 'Peat Briquettes'],
  ],
  [
    '/products/wholesale/hayes-lignite-briquettes',
    'Hayes Lignite Briquettes',
    ['Hayes Lignite Briquettes'],
  ],
];

describe('server-rendered routes', () => {
  it.each(routes)(
    '%s has its heading and products in the first HTML',
    async (path, heading, products) => {
      const { status, body } = await html(path);
      expect(status).toBe(200);
      const text = decode(body);
      expect(text).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[()]/g, '\\$&')}</h1>`));
      for (const product of products) expect(text).toContain(`${product}</h2>`);
      expect(text).toMatch(/<title>[^<]+<\/title>/);
      expect(text).toMatch(/<meta name="description" content="[^"]{40,}"/);
    },
  );

  it('gives every page its own title', async () => {
    const titles = new Set<string>();
    for (const [path] of routes) {
      const title = /<title>([^<]+)<\/title>/.exec((await html(path)).body)?.[1];
      expect(title).toBeDefined();
      titles.add(title ?? '');
    }
    expect(titles.size).toBe(routes.length);
  });

  it('shows the catalogue prices and the Bestseller badge on catalogue pages', async () => {
    const text = decode((await html('/products/domestic/oil')).body);
    expect(text).toContain('£192.00');
    expect(text).toContain('£305.00');
    expect(text).toContain('£535.00');
    expect(text).toContain('Bestseller');
  });

  it('links the home page to every side-navigation target', async () => {
    const text = decode((await html('/')).body);
    const targets = [
      '/products/wholesale/best-sellers/uk',
      '/products/wholesale/coal/bagged/uk?category=best-sellers',
      '/products/wholesale/coal/bulk',
      '/products/wholesale/oil',
      '/products/wholesale/wood-pellets',
      '/products/wholesale/other-products',
      '/products/industrial-fuel',
      '/products/domestic/bagged-coal?category=best-sellers',
      '/products/domestic/bagged-coal?category=coal-and-non-smokeless-fuels',
      '/products/domestic/bagged-coal?category=smokeless-fuels',
      '/products/domestic/bagged-coal?category=gravity-fed-fuel',
      '/products/domestic/oil',
      '/faqs',
      '/about',
      '/contact',
    ];
    const main = text.slice(text.indexOf('<main'), text.indexOf('</main>'));
    for (const target of targets) expect(main).toContain(`href="${target}"`);
  });

  it('has the layout texts of SPEC §2 in the first HTML', async () => {
    const text = decode((await html('/about')).body);
    for (const office of site.offices) expect(text).toContain(office.phone);
    expect(text).toContain(site.email);
    expect(text).toContain('Customer Login');
    expect(text).toContain('href="/user/login"');
    expect(text).toContain('href="/cart"');
    expect(text).toContain('* For larger quantities please contact our office.');
    expect(text).toContain('Send an enquiry');
    expect(text).toContain(`© ${new Date().getFullYear()} ${site.legalName}`);
    expect(text).toContain('href="/downloads/fuelyard-direct-debit-mandate.pdf"');
    for (const label of [
      'Wholesale Fuel',
      'Industrial Fuel',
      'Home Heating Fuel',
      'Biomass Fuel',
      'FAQs',
      'About Us',
      'Contact Us',
    ]) {
      expect(text).toContain(label);
    }
  });

  it.each([
    '/products/domestic/bagged-coal?category=best-sellers',
    '/products/domestic/oil',
    '/products/industrial-fuel',
  ])('prints the footer note once on %s', async (path) => {
    const text = decode((await html(path)).body);
    expect(text.split('* For larger quantities please contact our office.').length - 1).toBe(1);
  });

  it('says on the wholesale pages what their prices are, as the FAQs do', async () => {
    const faqs = decode((await html('/faqs')).body);
    expect(faqs).toContain('Trade and wholesale prices are quoted without VAT');
    for (const path of [
      '/products/wholesale/best-sellers/uk',
      '/products/wholesale/coal/bagged/uk?category=best-sellers',
      '/products/wholesale/oil',
      '/products/wholesale/other-products',
    ]) {
      const text = decode((await html(path)).body);
      // The prices on the page are the shop's own, with VAT; trade prices are by enquiry.
      expect(text, path).toContain('include VAT');
      expect(text, path).toContain('Trade prices are quoted without VAT');
      expect(text, path).not.toMatch(/at trade prices|Trade prices for Northern Ireland/);
    }
    const gasOil = decode((await html('/products/domestic/oil')).body);
    expect(gasOil).toContain('Gas Oil (Red Diesel)');
    expect(gasOil).not.toContain('Trade accounts only');
  });

  it.each([
    ['/about/', '/about'],
    ['/products/domestic/oil/?postcode', '/products/domestic/oil?postcode'],
  ])('%s answers 301 to its one address, %s', async (path, location) => {
    const res = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it.each([
    '/no-such-page',
    '/about/team',
    '/About',
    '/products/domestic/oil/extra',
    '/products/wholesale/best-sellers/fr',
    '/products/domestic/bagged-coal?category=nope',
  ])('%s is a 404 with the Page not found page', async (path) => {
    const { status, body } = await html(path);
    expect(status).toBe(404);
    expect(body).toContain('Page not found');
    expect(body).toContain('Go back to home');
  });

  it('serves the Direct Debit mandate as a real PDF', async () => {
    const res = await fetch(`${baseURL}/downloads/fuelyard-direct-debit-mandate.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 8))).toBe('%PDF-1.4');
    expect(new TextDecoder().decode(bytes)).toContain('Direct Debit Guarantee');
  });

  it('serves sitemap.xml and robots.txt', async () => {
    const sitemap = await html('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    expect(sitemap.body).toContain(`<loc>${baseURL}/faqs</loc>`);
    expect(sitemap.body).toContain('category=smokeless-fuels');
    const robots = await html('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');
  });
});
