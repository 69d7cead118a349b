import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../api/domain/messages';
import { formatPence, multiplyPence } from '../api/domain/money';
import { launchBrowser, waitForHydration, watchConsole } from './browser';

/**
 * The Order Online modal and the order forms on the catalogue pages, in the production build.
 * Every test has a fresh browser context, so a fresh cart.
 */
const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string, viewport = { width: 1280, height: 900 }) {
  const context: BrowserContext = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  return { context, page, problems, scripts };
}

/** The Order Online button that is showing (header on the desktop, side navigation on phones). */
const orderOnline = (page: Page) =>
  page.getByRole('button', { name: messages.orderOnline, exact: true });
const modalOf = (page: Page) => page.getByRole('dialog', { name: messages.orderOnline });
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart(, \d+ items?)?$/ });
const notification = (page: Page, message: string) =>
  page.getByRole('alertdialog', { name: message });
/** A react-aria Select's button, named by its value and then its label. */
const select = (scope: Locator, label: string) =>
  scope.getByRole('button', { name: new RegExp(`${label}$`) });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await select(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openModal(page: Page): Promise<Locator> {
  await orderOnline(page).click();
  const modal = modalOf(page);
  await modal.waitFor();
  return modal;
}

/** The cart as the server has it, read from the page (with its cookie). */
async function serverCart(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/cart', { headers: { accept: 'application/json' } });
    return ((await res.json()) as { cart: { count: number; postcode: string | null } }).cart;
  });
}

async function orderOil(page: Page, modal: Locator, typedPostcode: string) {
  await modal.getByRole('tab', { name: 'Oil' }).click();
  const form = modal.getByRole('form', { name: 'Order Oil' });
  await choose(page, form, 'Product', 'Kerosene Heating Oil');
  await choose(page, form, 'Amount', '500 Litres');
  await expect(form.getByRole('status', { name: 'Price' }).textContent()).resolves.toBe('£305.00');
  await form.getByRole('textbox', { name: 'Postcode' }).fill(typedPostcode);
  await form.getByRole('button', { name: messages.orderForm.addToCart }).click();
  return form;
}

/** The line for a product on /cart: its text includes "Total: £…". */
const cartLine = (page: Page, title: string) => page.getByRole('article', { name: title });

describe('Order Online modal and order forms in Chromium', () => {
  it('loads the modal only when it is wanted', async () => {
    const { context, page, problems, scripts } = await open('/');
    expect(scripts.some((path) => path.includes('OrderOnlineDialog'))).toBe(false);
    await openModal(page);
    expect(scripts.some((path) => path.includes('OrderOnlineDialog'))).toBe(true);
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it('orders 500 litres of kerosene to a postcode in the oil zone', async () => {
    const { context, page, problems } = await open('/');
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart');
    const modal = await openModal(page);
    await expect(
      modal.evaluate((el) => el.getBoundingClientRect().width),
    ).resolves.toBeLessThanOrEqual(500);
    await orderOil(page, modal, '11AA');

    await notification(page, messages.cart.added).waitFor();
    await modal.waitFor({ state: 'detached' });
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 1 item');
    await expect(cartLink(page).textContent()).resolves.toContain('1');
    await expect(serverCart(page)).resolves.toMatchObject({ count: 1, postcode: 'BT11AA' });

    await page.goto(`${baseURL}/cart`);
    await waitForHydration(page);
    const line = cartLine(page, 'Kerosene Heating Oil');
    await expect(line.textContent()).resolves.toContain(`${messages.cartPage.total}: £305.00`);
    // The price comes from the server: it is in the server-rendered page already.
    const html = await (await context.request.get(`${baseURL}/cart`)).text();
    expect(html).toContain('£305.00');
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it('refuses oil to a Northern Ireland postcode outside the oil zone, in red', async () => {
    const { context, page, problems } = await open('/');
    const modal = await openModal(page);
    const form = await orderOil(page, modal, '471AB');
    const refusal = notification(page, messages.cart.cannotDeliver);
    await refusal.waitFor();
    await expect(refusal.getAttribute('data-variant')).resolves.toBe('danger');
    // The modal stays open, with the postcode still open to change.
    await expect(modal.isVisible()).resolves.toBe(true);
    await expect(
      form.getByRole('textbox', { name: 'Postcode' }).getAttribute('readonly'),
    ).resolves.toBeNull();
    // Refused before anything changed: no postcode was set (and no "Postcode set." shown).
    await expect(serverCart(page)).resolves.toMatchObject({ count: 0, postcode: null });
    await expect(notification(page, messages.postcode.set).count()).resolves.toBe(0);
    // The browser logs the refusal's HTTP status (422) itself; nothing else may be logged.
    const refusalLog = 'Failed to load resource: the server responded with a status of 422';
    expect(problems.map((m) => m.text()).filter((text) => !text.startsWith(refusalLog))).toEqual(
      [],
    );
    await context.close();
  });

  it("warns 'Invalid postcode.' for a 5-character postcode and adds nothing", async () => {
    const { context, page, problems } = await open('/');
    const modal = await openModal(page);
    await orderOil(page, modal, '1AA');
    const warning = notification(page, messages.postcode.invalidOrderForm);
    await warning.waitFor();
    await expect(warning.getAttribute('data-variant')).resolves.toBe('warning');
    await expect(modal.isVisible()).resolves.toBe(true);
    await expect(serverCart(page)).resolves.toMatchObject({ count: 0, postcode: null });
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it('orders coal from a category page: the line total is 3 × the unit price', async () => {
    const path = '/products/domestic/bagged-coal?category=smokeless-fuels';
    // The forms are part of the server-rendered page.
    const ssr = await (await fetch(`${baseURL}${path}`)).text();
    expect(ssr).toContain('aria-label="Order Smokeless Ovals"');

    const { context, page, problems } = await open(path);
    const card = page.getByRole('article', { name: 'Smokeless Ovals' });
    const form = card.getByRole('form', { name: 'Order Smokeless Ovals' });
    await expect(select(form, 'Product').count()).resolves.toBe(0);
    const size = (await select(form, 'Size').textContent()) ?? '';
    await choose(page, form, 'Quantity', '3');
    await form.getByRole('textbox', { name: 'Postcode' }).fill('11AA');
    const shown = await form.getByRole('status', { name: 'Price' }).textContent();
    await form.getByRole('button', { name: messages.orderForm.addToCart }).click();
    await notification(page, messages.cart.added).waitFor();
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 3 items');
    // The postcode is locked again after the add.
    await expect(
      form.getByRole('textbox', { name: 'Postcode' }).getAttribute('readonly'),
    ).resolves.not.toBeNull();

    // The unit price as the server has it.
    const unit = await page.evaluate(async (title) => {
      const query =
        '{ coalCategories(limit: -1) { coals(limit: -1) { title sizes { title price } } } }';
      const res = await fetch(`/api/graphql?query=${encodeURIComponent(query)}`);
      const body = (await res.json()) as {
        data: {
          coalCategories: {
            coals: { title: string; sizes: { title: string; price: number }[] }[];
          }[];
        };
      };
      const product = body.data.coalCategories
        .flatMap((c) => c.coals)
        .find((c) => c.title === title);
      return product?.sizes[0] ?? null;
    }, 'Smokeless Ovals');
    if (!unit) throw new Error('Smokeless Ovals is not in the catalogue.');
    expect(size).toContain(unit.title);
    const lineTotal = formatPence(multiplyPence(unit.price, 3));
    expect(shown).toBe(lineTotal);

    await page.goto(`${baseURL}/cart`);
    await waitForHydration(page);
    await expect(cartLine(page, 'Smokeless Ovals').textContent()).resolves.toContain(
      `${messages.cartPage.total}: ${lineTotal}`,
    );
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it('has no order forms on the Ireland wholesale pages', async () => {
    const { context, page, problems } = await open('/products/wholesale/best-sellers/ie');
    await page.getByRole('article', { name: 'Premium House Coal' }).waitFor();
    await expect(page.getByRole('form').count()).resolves.toBe(0);
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it('can be done with the keyboard alone; focus returns to the Order Online button', async () => {
    const { context, page, problems } = await open('/');
    const isOrderOnlineFocused = () =>
      page.evaluate((name) => document.activeElement?.textContent === name, messages.orderOnline);
    for (let presses = 0; presses < 60 && !(await isOrderOnlineFocused()); presses++) {
      await page.keyboard.press('Tab');
    }
    expect(await isOrderOnlineFocused()).toBe(true);
    await page.keyboard.press('Enter');
    const modal = modalOf(page);
    await modal.waitFor();

    // Close button, then the tab list; the arrow keys move to the Oil tab.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe(
      'tab',
    );
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(
      modal.getByRole('tab', { name: 'Oil' }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    const form = modal.getByRole('form', { name: 'Order Oil' });

    // After each choice, wait for the list to close and focus to return to its select before
    // moving on: a Tab pressed while the popover is still closing would land elsewhere.
    const focusedTag = () => page.evaluate(() => document.activeElement?.tagName ?? '');
    const listClosed = () => page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Kerosene Heating Oil' }).waitFor();
    await page.keyboard.press('Enter');
    await listClosed();
    await page.waitForFunction(() => document.activeElement?.tagName === 'BUTTON');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: '500 Litres' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await listClosed();
    await page.waitForFunction(() => document.activeElement?.tagName === 'BUTTON');
    await page.keyboard.press('Tab');
    await expect(focusedTag()).resolves.toBe('INPUT');
    await page.keyboard.type('bt1 1aa');
    await expect(form.getByRole('status', { name: 'Price' }).textContent()).resolves.toBe(
      '£305.00',
    );
    await page.keyboard.press('Enter');

    await notification(page, messages.cart.added).waitFor();
    await modal.waitFor({ state: 'detached' });
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 1 item');
    // react-aria moves focus back once the modal has gone.
    await page.waitForFunction(
      (name) => document.activeElement?.textContent === name,
      messages.orderOnline,
    );
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it.each([390, 1280])(
    'shows all four tab names whole at %i px, nothing scrolled out of the row',
    async (width) => {
      const { context, page, problems } = await open('/', { width, height: 800 });
      if (width < 700) {
        await page.getByRole('button', { name: 'Menu' }).click();
        const panel = page.getByRole('dialog', { name: 'Menu' });
        await panel.getByRole('button', { name: messages.orderOnline }).click();
      } else {
        await orderOnline(page).click();
      }
      const modal = modalOf(page);
      await modal.waitFor();
      const list = modal.getByRole('tablist');
      const fit = await list.evaluate((row) => {
        const box = row.getBoundingClientRect();
        return {
          scrolls: row.scrollWidth > row.clientWidth,
          tabs: [...row.querySelectorAll('[role="tab"]')].map((tab) => {
            const own = tab.getBoundingClientRect();
            return {
              name: tab.textContent,
              inside: own.left >= box.left - 0.5 && own.right <= box.right + 0.5,
              whole: tab.scrollWidth <= tab.clientWidth,
            };
          }),
        };
      });
      expect(fit.scrolls).toBe(false);
      expect(fit.tabs).toEqual(
        ['Coal', 'Wood Pellets', 'Oil', 'Wood & Other Products'].map((name) => ({
          name,
          inside: true,
          whole: true,
        })),
      );
      expect(problems.map((m) => m.text())).toEqual([]);
      await context.close();
    },
  );

  it('sits in the side navigation on small screens', async () => {
    const { context, page, problems } = await open('/', { width: 400, height: 800 });
    await expect(page.getByRole('button', { name: messages.orderOnline }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await panel.waitFor();
    const button = panel.getByRole('button', { name: messages.orderOnline });
    await button.click();
    const modal = modalOf(page);
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    const handle = await button.elementHandle();
    await page.waitForFunction((el) => el === document.activeElement, handle);
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });
});
