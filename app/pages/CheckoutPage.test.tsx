import { describe, expect, it } from 'vitest';
import { emptyCartView } from '../../api/domain/cart';
import { messages } from '../../api/domain/messages';
import type { CheckoutSummary } from '../../api/domain/order';
import type { GraphQLExecutor } from '../../api/domain/ssr';
import { render } from '../entry-server';
import { emptyCatalogue } from '../features/catalogue';
import { checkoutTexts } from '../features/checkout';
import { summaryBlocked, summaryOil2700, summaryOil500 } from '../features/checkout/testing';

/** The checkout and order pages as the server renders them (the browser fills in orders). */
const graphql: GraphQLExecutor = async () => ({ data: emptyCatalogue });

async function renderPage(
  path: string,
  options: {
    summary?: CheckoutSummary;
    testPayments?: boolean;
    /** Which order id and token the server would let this visitor see (none by default). */
    visible?: { orderId: string; token: string };
  } = {},
) {
  const asked: boolean[] = [];
  const result = await render(new Request(`http://localhost${path}`), {
    nonce: 'n',
    graphql,
    publicConfig: { analytics: null, testPayments: options.testPayments ?? false },
    cart: async () => ({ ...emptyCartView(), count: 1 }),
    user: () => Promise.resolve(null),
    orderAccess: (orderId, token) =>
      Promise.resolve(orderId === options.visible?.orderId && token === options.visible.token),
    checkout: async (domesticUse) => {
      asked.push(domesticUse);
      if (!options.summary) throw new Error('this page does not price the cart');
      return options.summary;
    },
  });
  return { result, asked };
}

async function documentOf(path: string, options: Parameters<typeof renderPage>[1] = {}) {
  const { result, asked } = await renderPage(path, options);
  if (result.type !== 'document') throw new Error(`expected a document, got ${result.type}`);
  return { ...result, text: result.html.replace(/<!-- -->/g, ''), asked };
}

/** The primary navigation of the default layout; the alternative layout has none. */
const primaryNavItem = 'Wholesale Fuel';

describe('/checkout, server-rendered', () => {
  it('sends a cart checkout cannot take back to /cart, where the reason is shown', async () => {
    const { result, asked } = await renderPage('/checkout', { summary: summaryBlocked });
    expect(result).toEqual({ type: 'redirect', status: 302, location: '/cart?checkout=blocked' });
    expect(asked).toEqual([false]);
  });

  it('renders the form and the server summary in the alternative layout', async () => {
    const { status, head, text, asked } = await documentOf('/checkout', {
      summary: summaryOil500,
    });
    expect(status).toBe(200);
    expect(asked).toEqual([false]);
    expect(head).toContain('<title>Checkout | Fuelyard</title>');
    expect(text).toContain(`aria-label="${checkoutTexts.formLabel}"`);
    for (const label of [
      messages.checkout.labels.fullName,
      messages.checkout.labels.email,
      messages.checkout.labels.phone,
      messages.checkout.labels.addressLine1,
      messages.checkout.labels.town,
      messages.checkout.labels.acceptTerms,
      messages.checkout.pay,
    ]) {
      expect(text).toContain(label);
    }
    // The postcode is the cart's, locked, with the way back to the cart.
    expect(text).toContain('value="BT1 1AA"');
    expect(text).toMatch(
      /<input[^>]*value="BT1 1AA"[^>]*readOnly|<input[^>]*readOnly[^>]*value="BT1 1AA"/i,
    );
    expect(text).toContain('href="/cart"');
    expect(text).toContain('href="/terms-of-purchase"');
    expect(text).toContain(messages.checkout.placeholders.instructions);
    expect(text).toContain('maxLength="500"');
    // The summary: the line, the total, the VAT at 5 %.
    expect(text).toContain('Kerosene Heating Oil, 500 Litres');
    expect(text).toContain('£305.00');
    expect(text).toContain('Includes VAT at 5%');
    // Below the limits there is no declaration and no adjustment.
    expect(text).not.toContain(messages.checkout.labels.domesticUse);
    expect(text).not.toContain('no domestic-use declaration');
    // The alternative layout: top bar and the plain header, no primary navigation.
    expect(text).toContain('Cart, 1 item');
    expect(text).not.toContain(primaryNavItem);
    // No test banner unless the test provider is active.
    expect(text).not.toContain(checkoutTexts.testMode.text);
  });

  it('above the automatic VAT limits: the declaration and the 20 % adjustment line', async () => {
    const { text } = await documentOf('/checkout', { summary: summaryOil2700 });
    expect(text).toContain(messages.checkout.labels.domesticUse);
    expect(text).toContain('VAT at 20% (no domestic-use declaration)');
    expect(text).toContain('£229.29');
    expect(text).toContain('£1,834.29');
  });

  it('shows the Test mode banner while the test provider is active', async () => {
    const { text } = await documentOf('/checkout', { summary: summaryOil500, testPayments: true });
    expect(text).toContain(checkoutTexts.testMode.text);
  });

  it.each([
    ['declined', checkoutTexts.paymentDeclined],
    ['cancelled', checkoutTexts.paymentNotCompleted],
  ])('?payment=%s: the red notice, the cart intact', async (payment, notice) => {
    const { text } = await documentOf(`/checkout?payment=${payment}`, { summary: summaryOil500 });
    expect(text).toContain(notice);
    expect(text).toContain('role="alert"');
  });

  it('shows no notice for anything else in ?payment', async () => {
    const { text } = await documentOf('/checkout?payment=<b>hi</b>', { summary: summaryOil500 });
    expect(text).not.toContain(checkoutTexts.paymentDeclined);
    expect(text).not.toContain(checkoutTexts.paymentNotCompleted);
    expect(text).not.toContain('<b>hi</b>');
  });
});

describe('the order pages, server-rendered', () => {
  it('/order without an id is the order history: signed out, the login page, then back', async () => {
    const { result } = await renderPage('/order');
    expect(result).toMatchObject({ type: 'redirect', location: '/user/login?redirect=%2Forder' });
  });

  it.each(['/checkout/process', '/checkout/success', '/order/'])(
    '%s without an order is the 404 page',
    async (path) => {
      const { status, text } = await documentOf(path);
      expect(status).toBe(404);
      expect(text).toContain(messages.notFound.heading);
    },
  );

  it('/checkout/process renders its frame; the browser asks for the order', async () => {
    const { status, head, text, asked } = await documentOf(
      '/checkout/process?order=3b9b2f6e-5a4c-4d1e-9f3a-2c1d0e9b8a7f',
      { testPayments: true },
    );
    expect(status).toBe(200);
    expect(asked).toEqual([]);
    expect(head).toContain('<title>Confirming your payment | Fuelyard</title>');
    expect(text).toContain(checkoutTexts.process.title);
    expect(text).toContain(checkoutTexts.testMode.text);
    expect(text).not.toContain(primaryNavItem);
  });

  it('/checkout/success and /order/{id} render their frames in the alternative layout', async () => {
    const success = await documentOf('/checkout/success?order=abc');
    expect(success.status).toBe(200);
    expect(success.text).toContain(checkoutTexts.success.title);
    const order = await documentOf('/order/abc?token=t', {
      visible: { orderId: 'abc', token: 't' },
    });
    expect(order.status).toBe(200);
    expect(order.text).toContain(checkoutTexts.order.pageTitle);
    expect(order.text).not.toContain(primaryNavItem);
  });

  it('/order/{id} that the server may not show (wrong token, another order) is the 404 page', async () => {
    for (const path of ['/order/abc?token=wrong', '/order/abc', '/order/other?token=t']) {
      const { status, text } = await documentOf(path, { visible: { orderId: 'abc', token: 't' } });
      expect(status, path).toBe(404);
      expect(text, path).toContain(messages.notFound.heading);
    }
  });

  it('/pay/test/{id} is the provider page: the empty layout, no shop header or footer', async () => {
    const { status, text } = await documentOf('/pay/test/ses_1');
    expect(status).toBe(200);
    expect(text).toContain(checkoutTexts.testPayment.pageTitle);
    expect(text).not.toContain(messages.customerLogin);
    expect(text).not.toContain(messages.footerNote);
  });
});
