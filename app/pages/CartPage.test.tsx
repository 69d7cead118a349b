import { describe, expect, it } from 'vitest';
import {
  buildCartView,
  emptyCartView,
  type CartView,
  type PricedLine,
  type TotalsZone,
} from '../../api/domain/cart';
import { messages } from '../../api/domain/messages';
import type { CheckoutSummary } from '../../api/domain/order';
import type { GraphQLExecutor } from '../../api/domain/ssr';
import { render } from '../entry-server';

const noCatalogue: GraphQLExecutor = async () => ({
  data: { oil: [], coal: [], woodpellet: [], other: [], shippingzones: [] },
});

/** The seeded zones' charges: lorry deliveries £6.00 (minimum £30.00); oil free (minimum £150.00). */
const zones: TotalsZone[] = [
  { title: 'northern-ireland', rate: 600, minimumOrder: 3000 },
  { title: 'oil', rate: 0, minimumOrder: 15000 },
];

const houseCoal = (quantity: number): PricedLine => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'coal',
  productId: 1,
  attributeId: 11,
  title: 'Premium House Coal',
  attribute: '40kg bag',
  price: 2495,
  quantity,
  image: '/api/uploads/products/house-coal.svg',
});

const smokelessOvals = (quantity: number): PricedLine => ({
  id: '00000000-0000-4000-8000-000000000002',
  type: 'coal',
  productId: 4,
  attributeId: 41,
  title: 'Smokeless Ovals',
  attribute: '25kg bag',
  price: 1895,
  quantity,
  image: '/api/uploads/products/smokeless.svg',
});

const kindling = (quantity: number): PricedLine => ({
  id: '00000000-0000-4000-8000-000000000003',
  type: 'other',
  productId: 14,
  attributeId: 141,
  title: 'Kiln Dried Kindling',
  attribute: 'Net',
  price: 350,
  quantity,
  image: null,
});

/** A visitor's cart at BT1 1AA, shown by the shared rules the API uses. */
const cartAtBT11AA = (lines: PricedLine[]): CartView =>
  buildCartView(
    {
      cartId: '5f0c8a4e-1111-4000-8000-000000000001',
      postcode: 'BT11AA',
      showPostcodeModal: false,
      lines,
    },
    zones,
  );

async function cartPage(cart: CartView, path = '/cart') {
  const result = await render(new Request(`http://localhost${path}`), {
    nonce: 'n',
    graphql: noCatalogue,
    publicConfig: { analytics: null, testPayments: false },
    cart: async () => cart,
    user: () => Promise.resolve(null),
    checkout: async (): Promise<CheckoutSummary> => {
      throw new Error('the cart page does not price the cart for checkout');
    },
  });
  if (result.type !== 'document') throw new Error(`expected a document, got ${result.type}`);
  return { ...result, text: result.html.replace(/<!-- -->/g, '') };
}

describe('the /cart page, server-rendered from the visitor cart', () => {
  it('lists the lines, the postcode, the totals and the way to checkout', async () => {
    const cart = cartAtBT11AA([houseCoal(2), smokelessOvals(1)]);
    const { status, head, text } = await cartPage(cart);
    expect(status).toBe(200);
    expect(head).toContain('<title>Your Cart | Fuelyard</title>');
    expect(text).toContain('Premium House Coal');
    expect(text).toContain('40kg bag');
    expect(text).toContain('£24.95');
    expect(text).toContain('£49.90');
    expect(text).toContain('/api/uploads/products/house-coal.svg');
    expect(text).toContain(`${messages.cartPage.deliveryTo} <strong>BT1 1AA</strong>`);
    // 2 × £24.95 + £18.95 = £68.85, delivery £6.00, total £74.85.
    expect(text).toContain('£68.85');
    expect(text).toContain('£6.00');
    expect(text).toContain('£74.85');
    expect(text).toMatch(/<a[^>]*href="\/checkout"[^>]*>Checkout<\/a>/);
    expect(text).not.toContain('The minimum order');
    // The badge in the first HTML counts the same cart.
    expect(text).toContain('Cart, 3 items');
  });

  it('says why checkout must wait while the cart is under the minimum order', async () => {
    const cart = cartAtBT11AA([kindling(1)]);
    const { text } = await cartPage(cart);
    expect(text).toContain(messages.cart.minimumOrder('£30.00'));
    expect(text).not.toContain('href="/checkout"');
    expect(text).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="[^"]+"/);
  });

  it('shows the empty cart with the ways to the products', async () => {
    const { text } = await cartPage(emptyCartView());
    expect(text).toContain(messages.cart.empty);
    expect(text).toContain(messages.cartPage.noPostcode);
    expect(text).toContain('href="/products/domestic"');
    expect(text).toContain('href="/products/wholesale"');
    // No badge for an empty cart.
    expect(text).toContain('aria-label="Cart"');
    expect(text).not.toMatch(/Cart, \d+ item/);
  });

  it('is case-sensitive and strict like every route', async () => {
    expect((await cartPage(emptyCartView(), '/Cart')).status).toBe(404);
    expect((await cartPage(emptyCartView(), '/cart/')).status).toBe(404);
  });
});
