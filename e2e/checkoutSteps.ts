import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { expect } from 'vitest';
import { messages } from '../api/domain/messages';
import { checkoutTexts } from '../app/features/checkout/texts';
import { waitForHydration, watchConsole } from './browser';

/** Steps of a checkout in the browser, shared by the payment providers' end-to-end tests. */

export interface OilSize {
  productId: number;
  attributeId: number;
}

/** Fills the cart through the cart API, with the page's cookie: BT1 1AA is in the oil zone. */
export async function fillCart(page: Page, size: OilSize, quantity = 1): Promise<void> {
  const answers = await page.evaluate(
    async ({ size, quantity }) => {
      const send = async (method: string, path: string, body: unknown) => {
        const res = await fetch(path, {
          method,
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return res.status;
      };
      return [
        await send('PUT', '/api/cart/postcode', { postcode: 'BT11AA' }),
        await send('POST', '/api/cart/items', {
          type: 'oil',
          productId: size.productId,
          attributeId: size.attributeId,
          quantity,
        }),
      ];
    },
    { size: { productId: size.productId, attributeId: size.attributeId }, quantity },
  );
  expect(answers[1]).toBe(200);
}

/** The cart as the server has it, read from the page (with its cookie). */
export async function serverCart(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/cart', { headers: { accept: 'application/json' } });
    return ((await res.json()) as { cart: { count: number; total: number; postcode: string } })
      .cart;
  });
}

export const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart(, \d+ items?)?$/ });
export const checkoutForm = (page: Page) =>
  page.getByRole('form', { name: checkoutTexts.formLabel });

export const customer = {
  fullName: 'Siobhán McAllister',
  email: 'siobhan@example.com',
  phone: '028 9032 1234',
  addressLine1: '12 Main Street',
  town: 'Belfast',
  tankLocation: 'At the back of the house',
  tankAccess: 'Side gate, code 1234',
  instructions: 'Please ring the bell when you arrive',
};

/**
 * Fills the checkout form as the customer above, terms accepted; the oil tank's two fields too
 * when the form asks them (a cart with oil).
 */
export async function fillCheckoutForm(form: Locator): Promise<void> {
  const labels = messages.checkout.labels;
  await form.getByRole('textbox', { name: labels.fullName }).fill(customer.fullName);
  await form.getByRole('textbox', { name: labels.email }).fill(customer.email);
  await form.getByRole('textbox', { name: labels.phone }).fill(customer.phone);
  await form.getByRole('textbox', { name: labels.addressLine1 }).fill(customer.addressLine1);
  await form.getByRole('textbox', { name: labels.town }).fill(customer.town);
  const tankLocation = form.getByRole('textbox', { name: labels.tankLocation });
  if ((await tankLocation.count()) > 0) {
    await tankLocation.fill(customer.tankLocation);
    await form.getByRole('textbox', { name: labels.tankAccess }).fill(customer.tankAccess);
  }
  await form.getByRole('textbox', { name: labels.instructions }).fill(customer.instructions);
  await form.getByText(labels.acceptTerms).click();
}

/** Console lines a refused or 4xx request leaves that are not problems of the page. */
export const notProblems = (problems: { text(): string }[]) =>
  problems.map((m) => m.text()).filter((text) => !text.startsWith('Failed to load resource'));

/** The seeded Kerosene Heating Oil, 500 Litres, as the catalogue's GraphQL names it. */
/** Who the guest is in `payAsGuest`: the rest of the checkout form is a Belfast BT1 1AA order. */
export interface GuestDetails {
  fullName: string;
  email: string;
  addressLine1: string;
  instructions: string;
}

/**
 * A guest order of one `size` to BT1 1AA, placed from the customer's browser (its cart cookie)
 * at the total the checkout page would show, and paid through the test provider, whose signed
 * webhook marks it paid.
 */
export async function payAsGuest(
  page: Page,
  size: OilSize,
  guest: GuestDetails,
): Promise<{ id: string; number: string; total: number; token: string }> {
  await fillCart(page, size);
  return page.evaluate(async (guest) => {
    const summary = (await (await fetch('/api/checkout')).json()) as { summary: { total: number } };
    const placed = await fetch('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        ...guest,
        phone: '028 9032 1234',
        addressLine2: '',
        town: 'Belfast',
        postcode: 'BT1 1AA',
        domesticUse: false,
        acceptTerms: true,
        expectedTotal: summary.summary.total,
      }),
    });
    const body = (await placed.json()) as {
      order: { id: string; number: string; total: number };
      orderToken: string;
      redirectUrl: string;
    };
    const sessionId = body.redirectUrl.split('/').pop() ?? '';
    const paid = await fetch(`/api/payments/test/sessions/${sessionId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'pay' }),
    });
    if (!paid.ok) throw new Error(`The test payment answered ${paid.status}`);
    return { ...body.order, token: body.orderToken };
  }, guest);
}

export async function kerosene500(baseURL: string): Promise<OilSize> {
  const query = '{ oil: oils(limit: -1) { id title sizes { id title } } }';
  const res = await fetch(`${baseURL}/api/graphql?query=${encodeURIComponent(query)}`, {
    headers: { accept: 'application/json' },
  });
  const body = (await res.json()) as {
    data: { oil: { id: string; title: string; sizes: { id: string; title: string }[] }[] };
  };
  const kerosene = body.data.oil.find((product) => product.title === 'Kerosene Heating Oil');
  const size = kerosene?.sizes.find((s) => s.title === '500 Litres');
  if (!kerosene || !size) throw new Error('Kerosene 500 Litres is not in the seeded catalogue.');
  return { productId: Number(kerosene.id), attributeId: Number(size.id) };
}

/**
 * A page at `path` in a new desktop-sized context (service worker blocked), hydrated, with its
 * console watched. The context joins `contexts`, for the file's afterAll to close.
 */
export async function openHydrated(
  browser: Browser | undefined,
  contexts: BrowserContext[],
  url: string,
) {
  if (!browser) throw new Error('The browser did not start.');
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  contexts.push(context);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(url);
  await waitForHydration(page);
  return { context, page, problems };
}

/** The order's status as the server has it, asked with this tab's order token. */
export async function orderStatus(page: Page, orderId: string) {
  return page.evaluate(async (id) => {
    const token = sessionStorage.getItem(`fuelyard.orderToken.${id}`) ?? '';
    const res = await fetch(`/api/orders/${encodeURIComponent(id)}`, {
      headers: { accept: 'application/json', 'x-order-token': token },
      cache: 'no-store',
    });
    return ((await res.json()) as { order?: { status: string } }).order?.status ?? res.status;
  }, orderId);
}
