import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../api/domain/messages';
import { checkoutTexts } from '../app/features/checkout/texts';
import { launchBrowser, waitForHydration, watchConsole } from './browser';
import {
  cartLink,
  checkoutForm,
  customer,
  fillCart,
  fillCheckoutForm,
  notProblems,
  serverCart,
  type OilSize,
} from './checkoutSteps';

/**
 * Checkout and the built-in test payment provider (issue 15), in the production build: the cart,
 * the checkout form, the provider's page, the webhook the provider sends, the page that waits
 * for it, the success page, the confirmation e-mail and the order page it links to. Every test
 * has a fresh browser context, so a fresh cart.
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
let browser: Browser;

type PricedSize = OilSize & { price: number };
let oil500: PricedSize;
let oil900: PricedSize;

beforeAll(async () => {
  browser = await launchBrowser();
  const query = '{ oil: oils(limit: -1) { id title sizes { id title price } } }';
  const res = await fetch(`${baseURL}/api/graphql?query=${encodeURIComponent(query)}`, {
    headers: { accept: 'application/json' },
  });
  const body = (await res.json()) as {
    data: {
      oil: { id: string; title: string; sizes: { id: string; title: string; price: number }[] }[];
    };
  };
  const kerosene = body.data.oil.find((product) => product.title === 'Kerosene Heating Oil');
  const size = (title: string): PricedSize => {
    const found = kerosene?.sizes.find((s) => s.title === title);
    if (!kerosene || !found) throw new Error(`Kerosene ${title} is not in the seeded catalogue.`);
    return { productId: Number(kerosene.id), attributeId: Number(found.id), price: found.price };
  };
  oil500 = size('500 Litres');
  oil900 = size('900 Litres');
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  return { context, page, problems };
}

const labels = messages.checkout.labels;

/** /checkout with a filled form, Pay securely pressed: the provider's page. */
async function payFromCheckout(page: Page) {
  const form = checkoutForm(page);
  await form.waitFor();
  await fillCheckoutForm(form);
  await form.getByRole('button', { name: messages.checkout.pay }).click();
  await page.waitForURL(/\/pay\/test\/[^/?]+$/);
  await waitForHydration(page);
  await page.getByRole('article', { name: 'Pay Fuelyard' }).waitFor();
}

/** The confirmation e-mail for an order, once the mail worker has written it. */
async function confirmationFor(orderNumber: string): Promise<string> {
  const mailDir = join(dataDir, 'mail');
  const find = async () => {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const raw = await readFile(join(mailDir, name), 'utf8');
      // Quoted-printable: join soft line breaks and decode what a URL may hold.
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (text.includes(orderNumber) && /\/order\/[^\s"<>]+\?token=/.test(text)) return text;
    }
    return '';
  };
  await expect.poll(find, { timeout: 30_000, interval: 250 }).toContain(orderNumber);
  return find();
}

describe('checkout with the test payment provider in Chromium', () => {
  it('paid: 500 L of oil, cart, checkout, the test page, Pay, success; badge 0; the e-mail opens the paid order', async () => {
    const { context, page, problems } = await open('/');
    // 500 litres of kerosene through the Order Online modal, to a postcode in the oil zone.
    await page.getByRole('button', { name: messages.orderOnline, exact: true }).click();
    const modal = page.getByRole('dialog', { name: messages.orderOnline });
    await modal.getByRole('tab', { name: 'Oil' }).click();
    const orderForm = modal.getByRole('form', { name: 'Order Oil' });
    for (const [label, option] of [
      ['Product', 'Kerosene Heating Oil'],
      ['Amount', '500 Litres'],
    ] as const) {
      await orderForm.getByRole('button', { name: new RegExp(`${label}$`) }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await orderForm.getByRole('textbox', { name: 'Postcode' }).fill('11AA');
    await orderForm.getByRole('button', { name: messages.orderForm.addToCart }).click();
    await modal.waitFor({ state: 'detached' });
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 1 item');

    await cartLink(page).click();
    await page.waitForURL(`${baseURL}/cart`);
    await page.getByRole('link', { name: messages.cartPage.checkout }).click();
    await page.waitForURL(`${baseURL}/checkout`);
    // The alternative layout, the test banner, the server's summary.
    await page.getByRole('note', { name: checkoutTexts.testMode.title }).waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.textContent()).resolves.toContain('Kerosene Heating Oil, 500 Litres');
    await expect(summary.textContent()).resolves.toContain('£305.00');

    await payFromCheckout(page);
    const panel = page.getByRole('article', { name: 'Pay Fuelyard' });
    await expect(panel.textContent()).resolves.toContain('Test payment – no money is taken');
    await expect(panel.textContent()).resolves.toContain('£305.00');
    await panel.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/checkout\/success\?order=/);
    const number = page.locator('[data-order-number]');
    await number.waitFor();
    const orderNumber = (await number.getAttribute('data-order-number')) ?? '';
    expect(orderNumber).toMatch(/^FY-\d+$/);
    await expect(number.textContent()).resolves.toBe(checkoutTexts.success.number(orderNumber));
    // The paid order emptied the cart: the badge has gone.
    await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Cart');
    await expect(serverCart(page)).resolves.toMatchObject({ count: 0 });

    // The confirmation e-mail holds the order number and a link that opens the paid order.
    const mail = await confirmationFor(orderNumber);
    const link = /https?:\/\/[^\s"<>]+\/order\/[^\s"<>]+\?token=[^\s"<>]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    const reader = await browser.newContext({ serviceWorkers: 'block' });
    const orderPage = await reader.newPage();
    const readerProblems = watchConsole(orderPage);
    await orderPage.goto(link ?? '');
    await waitForHydration(orderPage);
    const receipt = orderPage.getByRole('article', { name: `Order ${orderNumber}` });
    await receipt.waitFor();
    await expect(receipt.textContent()).resolves.toContain('Paid');
    // The oil tank's place and access, asked for the kerosene, are kept for the driver.
    await expect(receipt.textContent()).resolves.toContain(
      `Oil tankWhere: ${customer.tankLocation}Access: ${customer.tankAccess}`,
    );
    await expect(receipt.textContent()).resolves.toContain(customer.instructions);
    await expect(receipt.textContent()).resolves.toContain('VAT number: GB 123 4567 89');
    // The token is taken out of the address once it is kept for the tab.
    await expect.poll(() => new URL(orderPage.url()).search).toBe('');
    expect(readerProblems.map((m) => m.text())).toEqual([]);
    await reader.close();

    // Without the token the order is the site's 404.
    const stranger = await browser.newContext({ serviceWorkers: 'block' });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`${baseURL}${new URL(link ?? '').pathname}`);
    await waitForHydration(strangerPage);
    await strangerPage.getByRole('heading', { name: messages.notFound.heading }).waitFor();
    await stranger.close();

    expect(notProblems(problems)).toEqual([]);
    await context.close();
  });

  it.each([
    ['Decline', [] as string[], checkoutTexts.paymentDeclined],
    ['3-D Secure fail', ['Pay with 3-D Secure'], checkoutTexts.paymentDeclined],
  ])('%s: back on /checkout with the notice, the cart unchanged', async (_name, first, notice) => {
    const { context, page, problems } = await open('/cart');
    await fillCart(page, oil500);
    const before = await serverCart(page);
    await page.goto(`${baseURL}/checkout`);
    await waitForHydration(page);
    await payFromCheckout(page);
    const panel = page.getByRole('article', { name: 'Pay Fuelyard' });
    for (const button of first) await panel.getByRole('button', { name: button }).click();
    if (first.length > 0) {
      await panel.getByRole('group', { name: '3-D Secure check' }).waitFor();
      await panel.getByRole('button', { name: 'Fail', exact: true }).click();
    } else {
      await panel.getByRole('button', { name: 'Decline', exact: true }).click();
    }
    await page.waitForURL(`${baseURL}/checkout?payment=declined`);
    const alert = checkoutForm(page).getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe(notice);
    await expect(serverCart(page)).resolves.toEqual(before);
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 1 item');
    // What was typed is there again (never a card), and Pay again is the same order.
    const form = checkoutForm(page);
    for (const [label, value] of [
      [labels.fullName, customer.fullName],
      [labels.email, customer.email],
      [labels.addressLine1, customer.addressLine1],
      [labels.tankLocation, customer.tankLocation],
      [labels.tankAccess, customer.tankAccess],
      [labels.instructions, customer.instructions],
    ] as const) {
      await expect(form.getByRole('textbox', { name: label }).inputValue()).resolves.toBe(value);
    }
    const placedOrder = async () =>
      (await context.cookies()).find((c) => c.name === 'fuelyard_orders')?.value.split('.')[0];
    const declinedOrder = await placedOrder();
    await form.getByText(labels.acceptTerms).click();
    await form.getByRole('button', { name: messages.checkout.pay }).click();
    await page.waitForURL(/\/pay\/test\/[^/?]+$/);
    await waitForHydration(page);
    await page.getByRole('article', { name: 'Pay Fuelyard' }).waitFor();
    expect(await placedOrder()).toBe(declinedOrder);
    expect(notProblems(problems)).toEqual([]);
    await context.close();
  });

  it('the pages after payment open in any tab of the browser that placed the order, for each of its orders', async () => {
    const { context, page, problems } = await open('/cart');
    await fillCart(page, oil500);
    await page.goto(`${baseURL}/checkout`);
    await waitForHydration(page);
    await payFromCheckout(page);
    // The first order's payment page (its id, as the browser keeps it for the pages after
    // payment); a second checkout in another tab, which is paid.
    const placed = (await context.cookies()).find((c) => c.name === 'fuelyard_orders');
    const firstId = placed?.value.split('.')[0] ?? '';
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    const other = await context.newPage();
    await other.goto(`${baseURL}/checkout`);
    await waitForHydration(other);
    // Other details (the same ones would pay the first order again): a new order.
    const otherForm = checkoutForm(other);
    await fillCheckoutForm(otherForm);
    await otherForm
      .getByRole('textbox', { name: labels.instructions })
      .fill('Please ring the bell.');
    await otherForm.getByRole('button', { name: messages.checkout.pay }).click();
    await other.waitForURL(/\/pay\/test\/[^/?]+$/);
    await waitForHydration(other);
    await other
      .getByRole('article', { name: 'Pay Fuelyard' })
      .getByRole('button', { name: 'Pay', exact: true })
      .click();
    await other.waitForURL(/\/checkout\/success\?order=/);
    const paidUrl = other.url();

    // The paid order's success page, opened anew in a third tab: the thank-you.
    const third = await context.newPage();
    await third.goto(paidUrl);
    await waitForHydration(third);
    await third.getByRole('heading', { level: 1, name: checkoutTexts.success.title }).waitFor();

    // The first order (cancelled by the second checkout): its pages say so, not "Page not found".
    await third.goto(`${baseURL}/checkout/success?order=${firstId}`);
    await waitForHydration(third);
    await third
      .getByRole('heading', { level: 1, name: checkoutTexts.success.unpaid.cancelled?.title })
      .waitFor();
    // Its process page goes where the checkout would after it: the checkout, which sends an
    // empty cart (the second order was paid) on to /cart.
    await third.goto(`${baseURL}/checkout/process?order=${firstId}`);
    await third.waitForURL(`${baseURL}/cart`);
    await expect(
      third.getByRole('heading', { name: messages.notFound.heading }).count(),
    ).resolves.toBe(0);
    expect(notProblems(problems)).toEqual([]);
    await context.close();
  });

  it('Cancel: back on /checkout with "not completed", the cart unchanged', async () => {
    const { context, page, problems } = await open('/cart');
    await fillCart(page, oil500);
    const before = await serverCart(page);
    await page.goto(`${baseURL}/checkout`);
    await waitForHydration(page);
    await payFromCheckout(page);
    await page
      .getByRole('article', { name: 'Pay Fuelyard' })
      .getByRole('button', { name: 'Cancel', exact: true })
      .click();
    await page.waitForURL(/\/checkout(\?.*)?$/);
    await waitForHydration(page);
    const alert = checkoutForm(page).getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe(checkoutTexts.paymentNotCompleted);
    await expect(serverCart(page)).resolves.toEqual(before);
    expect(notProblems(problems)).toEqual([]);
    await context.close();
  });

  it('can be done with the keyboard alone, from the cart to the success page', async () => {
    const { context, page, problems } = await open('/cart');
    await fillCart(page, oil500);
    await page.goto(`${baseURL}/cart`);
    await waitForHydration(page);
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
      });
    const tabTo = async (name: string | RegExp, limit = 80) => {
      for (let i = 0; i < limit; i++) {
        const current = await focusedName();
        if (typeof name === 'string' ? current === name : name.test(current)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${String(name)} (last: ${await focusedName()})`);
    };
    await tabTo(messages.cartPage.checkout);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/checkout`);
    await checkoutForm(page).waitFor();

    const typeInto = async (label: string, text: string) => {
      for (let i = 0; i < 40; i++) {
        const isIt = await page.evaluate(
          (wanted) =>
            (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ===
            wanted,
          label,
        );
        if (isIt) {
          await page.keyboard.type(text);
          return;
        }
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached the ${label} field`);
    };
    await typeInto(labels.fullName, customer.fullName);
    await typeInto(labels.email, customer.email);
    await typeInto(labels.phone, customer.phone);
    await typeInto(labels.addressLine1, customer.addressLine1);
    await typeInto(labels.town, customer.town);
    await typeInto(labels.tankLocation, customer.tankLocation);
    await typeInto(labels.tankAccess, customer.tankAccess);
    await typeInto(labels.instructions, customer.instructions);
    await typeInto(labels.acceptTerms, ' ');
    await expect(
      checkoutForm(page).getByRole('checkbox', { name: labels.acceptTerms }).isChecked(),
    ).resolves.toBe(true);
    await tabTo(messages.checkout.pay);
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/pay\/test\/[^/?]+$/);
    await waitForHydration(page);
    await page.getByRole('article', { name: 'Pay Fuelyard' }).waitFor();
    await tabTo('Pay');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/success\?order=/);
    await page.locator('[data-order-number]').waitFor();
    await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Cart');
    expect(notProblems(problems)).toEqual([]);
    await context.close();
  });

  it('VAT: 3 × 900 L without the declaration shows the 20 % adjustment; with it, it does not', async () => {
    const { context, page, problems } = await open('/cart');
    await fillCart(page, oil900, 3);
    // The cart says, before checkout, that its total depends on the declaration.
    await page.goto(`${baseURL}/cart`);
    const note = await page.locator('[data-declaration-note]').textContent();
    await page.goto(`${baseURL}/checkout`);
    await waitForHydration(page);
    const summary = page.getByRole('region', { name: 'Order summary' });
    const adjustment = 'VAT at 20% (no domestic-use declaration)';
    await expect(summary.textContent()).resolves.toContain(adjustment);
    const withoutTotal = await summary.locator('[data-row="total"] data').textContent();
    expect(note).toContain(messages.cartPage.declarationNote(withoutTotal ?? ''));
    await checkoutForm(page).getByText(labels.domesticUse).click();
    await expect.poll(() => summary.textContent()).not.toContain(adjustment);
    await expect(summary.textContent()).resolves.toContain('Includes VAT at 5%');
    const withTotal = await summary.locator('[data-row="total"] data').textContent();
    // 3 × £535.00 at the catalogue's 5 % price; without the declaration, more.
    expect(withTotal).toBe('£1,605.00');
    expect(withoutTotal).not.toBe(withTotal);
    expect(notProblems(problems)).toEqual([]);
    await context.close();
  });

  it('sends an empty cart from /checkout back to /cart with the reason', async () => {
    const { context, page, problems } = await open('/checkout');
    await page.waitForURL(`${baseURL}/cart`);
    await page.getByRole('alertdialog', { name: messages.cart.empty }).waitFor();
    expect(notProblems(problems)).toEqual([]);
    await context.close();
  });
});
