import { describe, expect, it } from 'vitest';
import { emptyCartView, type CartView } from '../api/domain/cart';
import type { CheckoutSummary } from '../api/domain/order';
import { PageDataError } from '../api/domain/pageData';
import type { GraphQLExecutor, RenderContext } from '../api/domain/ssr';
import { render, sitemap } from './entry-server';
import type { Catalogue } from './features/catalogue';

const product = (
  id: string,
  title: string,
  type: 'coal' | 'oil' | 'woodpellet' | 'other',
  price: number,
) => ({
  id,
  type,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  description: `${title} description`,
  price: null,
  bestSeller: id === '1',
  sizes: [
    { id: `${id}0`, title: 'Bag', price, litres: null, priceSetAt: '2026-11-26T09:30:00.000Z' },
  ],
  images: [{ url: `/api/uploads/products/${id}.svg`, size: 'medium' }],
  categories: [],
});

const catalogue: Catalogue = {
  oil: [product('2', 'Kerosene Test Oil', 'oil', 30500)],
  coal: [
    {
      id: 'c1',
      title: 'Best Sellers',
      slug: 'best-sellers',
      icon: 'best-sellers',
      coals: [product('1', 'Test House Coal', 'coal', 2495)],
    },
    {
      id: 'c2',
      title: 'Smokeless Fuels',
      slug: 'smokeless-fuels',
      icon: 'smokeless',
      coals: [product('3', 'Test Ovals', 'coal', 1895)],
    },
  ],
  woodpellet: [],
  other: [],
  shippingzones: [],
};

function cartWith(count: number): CartView {
  return { ...emptyCartView(), cartId: '5f0c8a4e-0000-4000-8000-000000000000', count };
}

const working: GraphQLExecutor = async () => ({ data: catalogue });
const noCheckout = async (): Promise<CheckoutSummary> => {
  throw new Error('no checkout on this page');
};
const failing: GraphQLExecutor = async () => ({ errors: [{ message: 'the database is down' }] });

function context(
  graphql: GraphQLExecutor,
  cart: () => Promise<CartView> = async () => cartWith(3),
): RenderContext {
  return {
    nonce: 'test-nonce',
    graphql,
    publicConfig: { analytics: null, testPayments: false },
    cart,
    user: () => Promise.resolve(null),
    checkout: noCheckout,
  };
}

async function page(
  path: string,
  graphql: GraphQLExecutor = working,
  cart?: () => Promise<CartView>,
) {
  const result = await render(new Request(`http://localhost${path}`), context(graphql, cart));
  if (result.type !== 'document') throw new Error(`expected a document, got ${result.type}`);
  return result;
}

describe('server rendering', () => {
  it('renders a catalogue page with its products, title and the nonce on the hydration script', async () => {
    const result = await page('/products/domestic/bagged-coal?category=smokeless-fuels');
    expect(result.status).toBe(200);
    expect(result.html).toContain('Prepacked Coal: Smokeless Fuels');
    expect(result.html).toContain('Test Ovals');
    expect(result.html).not.toContain('Test House Coal</h2>');
    expect(result.head).toContain(
      '<title>Smokeless Fuels | Bagged Coal Delivered | Fuelyard</title>',
    );
    expect(result.html).toContain('nonce="test-nonce"');
  });

  it("shows the payment provider's name in the footer logo, and none for the test provider", async () => {
    const plain = await page('/about');
    expect(plain.html).toContain('aria-label="Test card payments: no money is taken"');
    const result = await render(new Request('http://localhost/about'), {
      ...context(working),
      publicConfig: { analytics: null, testPayments: false, paymentProvider: 'Worldpay' },
    });
    if (result.type !== 'document') throw new Error(`expected a document, got ${result.type}`);
    expect(result.html).toContain('aria-label="Secure card payments with Worldpay"');
  });

  it('gives a page loader failure the error page with status 500 and the message', async () => {
    const result = await page('/products/domestic/oil', failing);
    expect(result.status).toBe(500);
    expect(result.html).toContain('An error occurred');
    expect(result.html).toContain('An error has occurred: the database is down');
    expect(result.html).toContain('Go back to home');
  });

  it('keeps the layout when only the product lists failed to load (SPEC §8: lists stay empty)', async () => {
    const result = await page('/about', failing);
    expect(result.status).toBe(200);
    expect(result.html).toContain('About Us');
  });

  it.each([
    '/no-such-page',
    '/about/',
    '/ABOUT',
    '/products/wholesale/best-sellers/fr',
    '/products/domestic/bagged-coal?category=unknown',
  ])('%s is a 404 with the Page not found texts', async (path) => {
    const result = await page(path);
    expect(result.status).toBe(404);
    expect(result.html).toContain('Page not found');
    expect(result.html).toContain(
      'The page you are searching for cannot be found. Sorry for any inconvenience.',
    );
    expect(result.head).toContain('<title>Page not found | Fuelyard</title>');
  });

  it('shows the cart badge count from the server-side cart in the first HTML', async () => {
    const result = await page('/about');
    expect(result.html).toContain('Cart, 3 items');
  });

  // Issue 46, item 4: only a page's own address may be kept in the server's page cache.
  it.each([
    '/',
    '/about',
    '/products/domestic/oil',
    '/products/domestic/bagged-coal',
    '/products/domestic/bagged-coal?category=smokeless-fuels',
    '/products/wholesale/coal/bagged/uk?category=best-sellers',
  ])('%s is the page at its own address', async (path) => {
    const result = await page(path);
    expect(result.status).toBe(200);
    expect(result.ownAddress).toBe(true);
  });

  it.each([
    // A parameter no page reads: each value would be one more copy of the page.
    '/about?z=1',
    '/?utm_source=newsletter',
    '/products/domestic/bagged-coal?category=smokeless-fuels&z=1',
    // A category on a page that shows none.
    '/products/domestic/oil?category=smokeless-fuels',
    // The category spelt otherwise, or twice.
    '/products/domestic/bagged-coal?category=smokeless%2Dfuels',
    '/products/domestic/bagged-coal?category=smokeless-fuels&category=z',
    // A dialog's flag: the page, with its panel open for one visitor's tap.
    '/about?menu',
    '/products/domestic/bagged-coal?category=smokeless-fuels&wsm',
    // The path spelt otherwise.
    '/%61bout',
  ])('%s is the page, but not at its own address', async (path) => {
    const result = await page(path);
    expect(result.status).toBe(200);
    expect(result.ownAddress).toBe(false);
  });

  it('lists one sitemap entry per page and per coal category', async () => {
    const paths = await sitemap({ graphql: working });
    expect(paths).toContain('/faqs');
    expect(paths).toContain('/products/domestic/bagged-coal?category=smokeless-fuels');
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('server rendering while the database is out of reach', () => {
  const outage = 'The shop cannot reach its database just now. Please try again in a moment.';
  const unreachable = () => new PageDataError(503, outage);
  const noCatalogue: GraphQLExecutor = () => Promise.reject(unreachable());
  const noCart = () => Promise.reject(unreachable());

  it.each(['/', '/about', '/cart', '/products/domestic/oil'])(
    '%s is the error page with the status and message of the failure, not an empty shop',
    async (path) => {
      const result = await page(path, noCatalogue);
      expect(result.status).toBe(503);
      expect(result.html).toContain('An error occurred');
      expect(result.html).toContain(`An error has occurred: ${outage}`);
      expect(result.html).not.toContain('There are no products here at the moment.');
      expect(result.html).not.toContain('Your cart is empty.');
    },
  );

  it('a cart that cannot be read is the error page too, not an empty cart', async () => {
    const result = await page('/cart', working, noCart);
    expect(result.status).toBe(503);
    expect(result.html).toContain(`An error has occurred: ${outage}`);
    expect(result.html).not.toContain('Your cart is empty.');
  });

  it('the sitemap is not listed without the catalogue', async () => {
    await expect(sitemap({ graphql: noCatalogue })).rejects.toThrow(outage);
  });
});
