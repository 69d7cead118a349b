import type { Locator, Page } from 'playwright';
import { expect } from 'vitest';
import { messages } from '../api/domain/messages';
import { checkoutTexts } from '../app/features/checkout/texts';

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
  instructions: 'Tank at the back of the house, side gate code 1234',
};

/** Fills the checkout form as the customer above, terms accepted. */
export async function fillCheckoutForm(form: Locator): Promise<void> {
  const labels = messages.checkout.labels;
  await form.getByRole('textbox', { name: labels.fullName }).fill(customer.fullName);
  await form.getByRole('textbox', { name: labels.email }).fill(customer.email);
  await form.getByRole('textbox', { name: labels.phone }).fill(customer.phone);
  await form.getByRole('textbox', { name: labels.addressLine1 }).fill(customer.addressLine1);
  await form.getByRole('textbox', { name: labels.town }).fill(customer.town);
  await form.getByRole('textbox', { name: labels.instructions }).fill(customer.instructions);
  await form.getByText(labels.acceptTerms).click();
}

/** Console lines a refused or 4xx request leaves that are not problems of the page. */
export const notProblems = (problems: { text(): string }[]) =>
  problems.map((m) => m.text()).filter((text) => !text.startsWith('Failed to load resource'));
