import { describe, expect, it } from 'vitest';
import { emptyCartView } from '../../api/domain/cart';
import { messages } from '../../api/domain/messages';
import type { CheckoutSummary, OrderView } from '../../api/domain/order';
import type { FormOutcome } from '../../api/domain/pageForms';
import type { GraphQLExecutor, TestPaymentSession } from '../../api/domain/ssr';
import { render } from '../entry-server';
import { emptyCatalogue } from '../features/catalogue';
import { checkoutTexts } from '../features/checkout';
import {
  orderId,
  orderView,
  summaryBlocked,
  summaryOil2700,
  summaryOil500,
} from '../features/checkout/testing';

/** The checkout and order pages as the server renders them (the browser fills in orders). */
const graphql: GraphQLExecutor = async () => ({ data: emptyCatalogue });

async function renderPage(
  path: string,
  options: {
    summary?: CheckoutSummary;
    testPayments?: boolean;
    /** Which order id and token the server would let this visitor see (none by default). */
    visible?: { orderId: string; token: string };
    /** The order the server loads for that visitor (context.order); omitted, none is loaded. */
    order?: OrderView;
    /** The test provider's sessions the server knows (context.testPaymentSession). */
    sessions?: TestPaymentSession[];
    /** The form the server just refused on this page. */
    form?: FormOutcome;
  } = {},
) {
  const asked: boolean[] = [];
  const mayShow = (id: string, token: string | null) =>
    id === options.visible?.orderId && token === options.visible.token;
  const result = await render(new Request(`http://localhost${path}`), {
    nonce: 'n',
    graphql,
    publicConfig: { analytics: null, testPayments: options.testPayments ?? false },
    cart: async () => ({ ...emptyCartView(), count: 1 }),
    user: () => Promise.resolve(null),
    orderAccess: (id, token) => Promise.resolve(mayShow(id, token)),
    ...(options.order
      ? {
          order: (id: string, token: string | null) =>
            Promise.resolve(mayShow(id, token) && id === options.order?.id ? options.order : null),
        }
      : {}),
    ...(options.sessions
      ? {
          testPaymentSession: (id: string) =>
            Promise.resolve(options.sessions?.find((session) => session.id === id) ?? null),
        }
      : {}),
    form: options.form ?? null,
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

  it('/checkout/process that the server cannot see is the 404 page; the browser asks nothing', async () => {
    const { status, text, asked } = await documentOf(
      '/checkout/process?order=3b9b2f6e-5a4c-4d1e-9f3a-2c1d0e9b8a7f',
      { testPayments: true },
    );
    expect(status).toBe(404);
    expect(asked).toEqual([]);
    expect(text).toContain(messages.notFound.heading);
    expect(text).not.toContain(checkoutTexts.process.title);
  });

  it('/checkout/success it cannot see is the 404 page; /order/{id} is in the alternative layout', async () => {
    const success = await documentOf('/checkout/success?order=abc');
    expect(success.status).toBe(404);
    expect(success.text).not.toContain(checkoutTexts.success.title);
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

/** The value of the hidden input `name` in the page, or undefined. */
function hidden(text: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*type="hidden"[^>]*name="${name}"[^>]*>`).exec(text)?.[0];
  return input ? /value="([^"]*)"/.exec(input)?.[1] : undefined;
}

/** The `<input>` whose `name` is given. */
function inputNamed(text: string, name: string): string {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(text)?.[0];
  if (!input) throw new Error(`no input ${name}`);
  return input;
}

describe('the checkout form without script', () => {
  it('is a post to its page, with its intent, the total shown and a key of its own', async () => {
    const { text } = await documentOf('/checkout?payment=declined', { summary: summaryOil500 });
    const form = /<form[^>]*aria-label="Checkout"[^>]*>/.exec(text)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/checkout?payment=declined"');
    expect(form).toContain('noValidate');
    expect(hidden(text, 'intent')).toBe('checkout');
    expect(hidden(text, 'expectedTotal')).toBe(String(summaryOil500.total));
    expect(hidden(text, 'idempotencyKey')).toMatch(/^checkout-[0-9a-f]{32}$/);
    // Pay works before the script: the browser posts the form itself.
    const pay = /<button[^>]*type="submit"[^>]*>/.exec(text)?.[0] ?? '';
    expect(pay).not.toContain('disabled');
    // No native checks that would replace the spec's messages.
    expect(text).not.toMatch(/<input[^>]* required/);
  });

  it('each render has a key of its own', async () => {
    const first = hidden(
      (await documentOf('/checkout', { summary: summaryOil500 })).text,
      'idempotencyKey',
    );
    const second = hidden(
      (await documentOf('/checkout', { summary: summaryOil500 })).text,
      'idempotencyKey',
    );
    expect(first).not.toBe(second);
  });

  it('refused: the values typed back in their fields, each field with its state', async () => {
    const { text, asked } = await documentOf('/checkout', {
      summary: summaryOil2700,
      form: {
        intent: 'checkout',
        status: 400,
        message: messages.checkout.phoneInvalid,
        errors: [messages.checkout.phoneInvalid],
        values: {
          fullName: 'Ciara McAllister',
          email: 'ciara@example.com',
          phone: '12',
          addressLine1: '7 Donegall Square',
          town: 'Belfast',
          instructions: 'Gate <unlocked>',
          acceptTerms: 'on',
          domesticUse: 'on',
        },
      },
    });
    // The summary for the declaration that was sent.
    expect(asked).toEqual([true]);
    expect(inputNamed(text, 'fullName')).toContain('value="Ciara McAllister"');
    expect(inputNamed(text, 'email')).toContain('value="ciara@example.com"');
    expect(inputNamed(text, 'phone')).toContain('value="12"');
    expect(inputNamed(text, 'phone')).toContain('aria-invalid="true"');
    expect(inputNamed(text, 'town')).not.toContain('aria-invalid="true"');
    expect(text).toContain('Gate &lt;unlocked&gt;</textarea>');
    expect(inputNamed(text, 'acceptTerms')).toContain('checked');
    // The refusal's message, at the top of the page (ServerNotices).
    expect(text).toContain('data-server-notices');
    expect(text).toContain(messages.checkout.phoneInvalid);
  });

  it("another form's refusal leaves the checkout form as it was", async () => {
    const { text, asked } = await documentOf('/checkout', {
      summary: summaryOil500,
      form: { intent: 'login', status: 401, message: 'No.', errors: [], values: { email: 'x' } },
    });
    expect(asked).toEqual([false]);
    expect(inputNamed(text, 'fullName')).toContain('value=""');
    expect(inputNamed(text, 'fullName')).not.toContain('aria-invalid');
  });
});

describe('the order pages with the order in the first HTML', () => {
  const token = 'token-abc';
  const pending = orderView({ status: 'pending_payment', paidAt: null });

  it('/order/{id}: the receipt, its number and lines', async () => {
    const { status, text } = await documentOf(`/order/${orderId}?token=${token}`, {
      visible: { orderId, token },
      order: orderView(),
    });
    expect(status).toBe(200);
    expect(text).toContain('Order FY-100001');
    expect(text).toContain('Kerosene Heating Oil');
    expect(text).toContain('VAT number: GB 123 4567 89');
    expect(text).not.toContain(checkoutTexts.order.loading);
  });

  it('/order/{id} that the server may not show is still the 404 page', async () => {
    const { status, text } = await documentOf(`/order/${orderId}`, {
      visible: { orderId, token },
      order: orderView(),
    });
    expect(status).toBe(404);
    expect(text).toContain(messages.notFound.heading);
  });

  it('/checkout/success: the thank-you with the number and the summary', async () => {
    const { status, text } = await documentOf(`/checkout/success?order=${orderId}&token=${token}`, {
      visible: { orderId, token },
      order: orderView(),
    });
    expect(status).toBe(200);
    expect(text).toContain(checkoutTexts.success.number('FY-100001'));
    expect(text).toContain('Kerosene Heating Oil');
    expect(text).toContain(checkoutTexts.success.description);
  });

  it('/checkout/process, still waiting: its status, Check again (this page) and the order', async () => {
    const path = `/checkout/process?order=${orderId}&token=${token}`;
    const { status, text } = await documentOf(path, {
      visible: { orderId, token },
      order: pending,
    });
    expect(status).toBe(200);
    expect(text).toContain(checkoutTexts.process.description);
    expect(text).toMatch(
      new RegExp(
        `<a[^>]*href="${path.replace(/[?]/g, '\\?').replace(/&/g, '&amp;')}"[^>]*>${checkoutTexts.process.checkAgain}</a>`,
      ),
    );
    expect(text).toContain(`href="/order/${orderId}"`);
    expect(text).toContain(checkoutTexts.success.number('FY-100001'));
    expect(text).toContain('Kerosene Heating Oil');
  });

  it('/checkout/process, being checked: the review notice', async () => {
    const { text } = await documentOf(`/checkout/process?order=${orderId}&token=${token}`, {
      visible: { orderId, token },
      order: orderView({ status: 'needs_review', paidAt: null }),
    });
    expect(text).toContain(checkoutTexts.process.review);
  });

  it('/checkout/process of a paid order goes on to the success page (the token kept)', async () => {
    const { result } = await renderPage(`/checkout/process?order=${orderId}&token=${token}`, {
      visible: { orderId, token },
      order: orderView(),
    });
    expect(result).toEqual({
      type: 'redirect',
      status: 302,
      location: `/checkout/success?order=${orderId}&token=${token}`,
    });
  });

  it.each([
    ['payment_failed', '/checkout?payment=declined'],
    ['cancelled', '/checkout?payment=cancelled'],
    ['expired', '/checkout?payment=cancelled'],
  ] as const)('/checkout/process of a %s order goes back to %s', async (orderStatus, location) => {
    const { result } = await renderPage(`/checkout/process?order=${orderId}&token=${token}`, {
      visible: { orderId, token },
      order: orderView({ status: orderStatus, paidAt: null }),
    });
    expect(result).toEqual({ type: 'redirect', status: 302, location });
  });

  it.each(['/checkout/process', '/checkout/success'])(
    '%s with a token that does not open the order is the 404 page',
    async (path) => {
      const { status, text } = await documentOf(`${path}?order=${orderId}&token=wrong`, {
        visible: { orderId, token },
        order: pending,
      });
      expect(status).toBe(404);
      expect(text).toContain(messages.notFound.heading);
    },
  );

  it.each(['/checkout/process', '/checkout/success'])(
    '%s that the server cannot see (no token, no cookie, not the owner) is the 404 page',
    async (path) => {
      const { status, text } = await documentOf(`${path}?order=${orderId}`, {
        visible: { orderId, token },
        order: pending,
      });
      expect(status).toBe(404);
      expect(text).toContain(messages.notFound.heading);
      expect(text).not.toContain('FY-100001');
    },
  );
});

describe('the test payment page without script', () => {
  const session: TestPaymentSession = {
    id: 'ts_abcdefghij',
    shopName: 'Fuelyard',
    amount: 30500,
    currency: 'GBP',
    status: 'open',
    orderNumber: 'FY-100001',
    cancelUrl: '/checkout?payment=cancelled',
    expiresAt: '2030-01-01T00:00:00.000Z',
  };

  it('renders the session with the page, in a form posted to itself', async () => {
    const { status, text } = await documentOf(`/pay/test/${session.id}`, { sessions: [session] });
    expect(status).toBe(200);
    expect(text).toContain('Pay Fuelyard');
    expect(text).toContain('£305.00');
    expect(text).toContain('FY-100001');
    const form = /<form[^>]*>/.exec(text)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/pay/test/${session.id}"`);
    expect(hidden(text, 'intent')).toBe('test-payment');
    expect(text).toContain('Pay with 3-D Secure');
  });

  it('?step=challenge: the 3-D Secure challenge open', async () => {
    const { text } = await documentOf(`/pay/test/${session.id}?step=challenge`, {
      sessions: [session],
    });
    expect(text).toContain('3-D Secure check');
    expect(text).not.toContain('Pay with 3-D Secure');
  });

  it('an unknown session is the 404 page', async () => {
    const { status, text } = await documentOf('/pay/test/ts_unknown0000', { sessions: [session] });
    expect(status).toBe(404);
    expect(text).toContain(messages.notFound.heading);
  });
});
