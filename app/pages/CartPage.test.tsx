import { describe, expect, it } from 'vitest';
import { emptyCartView, type CartView } from '../../api/domain/cart';
import { messages } from '../../api/domain/messages';
import type { GraphQLExecutor } from '../../api/domain/ssr';
import { render } from '../entry-server';
import { createFakeCartApi } from '../features/cart';

const noCatalogue: GraphQLExecutor = async () => ({
  data: { oil: [], coal: [], woodpellet: [], other: [], shippingzones: [] },
});

async function cartPage(cart: CartView, path = '/cart') {
  const result = await render(new Request(`http://localhost${path}`), {
    nonce: 'n',
    graphql: noCatalogue,
    publicConfig: { analytics: null },
    cart: async () => cart,
  });
  if (result.type !== 'document') throw new Error(`expected a document, got ${result.type}`);
  return { ...result, text: result.html.replace(/<!-- -->/g, '') };
}

describe('the /cart page, server-rendered from the visitor cart', () => {
  it('lists the lines, the postcode, the totals and the way to checkout', async () => {
    const cart = createFakeCartApi({
      postcode: 'BT11AA',
      lines: [
        { productId: 1, quantity: 2 },
        { productId: 4, quantity: 1 },
      ],
    }).view();
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
    const cart = createFakeCartApi({
      postcode: 'BT11AA',
      lines: [{ productId: 14, quantity: 1 }],
    }).view();
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
