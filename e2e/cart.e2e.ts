import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../api/domain/messages';
import { colors } from '../ui/theme/tokens';
import { launchBrowser, waitForHydration, watchConsole } from './browser';

const baseURL = inject('baseURL');
let browser: Browser;

interface Choice {
  type: 'coal' | 'oil' | 'woodpellet' | 'other';
  productId: number;
  attributeId: number;
  title: string;
  size: string;
  price: number;
}

/** Two coal bags from the seeded catalogue, read the way the site reads it (GraphQL). */
let first: Choice;
let second: Choice;

beforeAll(async () => {
  browser = await launchBrowser();
  const query =
    '{ coal: coalCategories(limit: -1) { coals(limit: -1) { id title sizes { id title price } } } }';
  const res = await fetch(`${baseURL}/api/graphql?query=${encodeURIComponent(query)}`, {
    headers: { accept: 'application/json' },
  });
  const body = (await res.json()) as {
    data: {
      coal: {
        coals: {
          id: string;
          title: string;
          sizes: { id: string; title: string; price: number }[];
        }[];
      }[];
    };
  };
  const coal: Choice[] = [];
  const seen = new Set<string>();
  for (const category of body.data.coal) {
    for (const product of category.coals) {
      const size = product.sizes[0];
      if (!size || seen.has(product.id)) continue;
      seen.add(product.id);
      coal.push({
        type: 'coal',
        productId: Number(product.id),
        attributeId: Number(size.id),
        title: product.title,
        size: size.title,
        price: size.price,
      });
    }
  }
  const [a, b] = coal;
  if (!a || !b) throw new Error('The seeded catalogue has fewer than two coal products.');
  [first, second] = [a, b];
});
afterAll(async () => {
  await browser.close();
});

/**
 * Console problems, less the browser's own log line for a refusal the test expects (Chromium logs
 * every 4xx answer to fetch as "Failed to load resource").
 */
function unexpected(problems: { text: () => string }[], ...expected: number[]): string[] {
  return problems
    .map((m) => m.text())
    .filter(
      (text) =>
        !expected.some((status) =>
          text.startsWith(
            `Failed to load resource: the server responded with a status of ${status} `,
          ),
        ),
    );
}

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

/** A cart call from the page (with its cookie), as the order form will make it. */
async function callCart(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; message: string }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { message: string };
      return { status: res.status, message: json.message };
    },
    { method, path, body },
  );
}

const addItem = (page: Page, choice: Choice, quantity: number) =>
  callCart(page, 'POST', '/api/cart/items', {
    type: choice.type,
    productId: choice.productId,
    attributeId: choice.attributeId,
    quantity,
  });

async function reload(page: Page) {
  await page.reload();
  await waitForHydration(page);
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: messages.postcode.modalTitle });
const postcodeField = (page: Page) =>
  dialogOf(page).getByRole('textbox', { name: messages.postcode.label });
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart(, \d+ items?)?$/ });

/** Opens the Set Postcode dialog the way the site does: an add with no postcode, then a load. */
async function addWithoutPostcode(page: Page, quantity = 2) {
  const refused = await addItem(page, first, quantity);
  expect(refused).toEqual({ status: 428, message: messages.cart.postcodeRequired });
  await reload(page);
  await dialogOf(page).waitFor();
  // The page came with the server's dialog; the script's modal takes its place once its code has
  // loaded (after the page has hydrated). Typed before that, text would go to the server's form.
  await page.locator('[data-static-postcode]').waitFor({ state: 'detached' });
}

describe('cart and Set Postcode dialog in Chromium', () => {
  it('an add with no postcode opens the dialog; a postcode in NI adds it and goes to /cart', async () => {
    const { context, page, problems } = await open('/');
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart');
    await addWithoutPostcode(page);
    const dialog = dialogOf(page);
    await expect(dialog.textContent()).resolves.toContain(messages.postcode.resetWarning);
    await expect(dialog.textContent()).resolves.toContain(
      messages.postcode.pendingItem(`2 × ${first.title}, ${first.size}`),
    );
    const field = postcodeField(page);
    await field.pressSequentially('bt1 1aa');
    // Normalised as typed.
    await expect(field.inputValue()).resolves.toBe('BT11AA');
    await dialog.getByRole('button', { name: messages.postcode.submit }).click();

    await page.waitForURL(`${baseURL}/cart`);
    await page.getByRole('alertdialog', { name: messages.cart.added }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: first.title }).waitFor();
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 2 items');
    await expect(page.locator('main').textContent()).resolves.toContain('BT1 1AA');

    // The server renders the same cart from the cookie, badge included.
    const html = await (await context.request.get(`${baseURL}/cart`)).text();
    expect(html).toContain(first.title);
    expect(html).toContain('Cart, 2 items');
    expect(html).not.toContain(messages.postcode.modalTitle);
    expect(unexpected(problems, 428)).toEqual([]);
    await context.close();
  });

  it('keeps the dialog open on an invalid postcode', async () => {
    const { context, page, problems } = await open('/about');
    await addWithoutPostcode(page, 1);
    const dialog = dialogOf(page);
    await dialog.getByRole('button', { name: messages.postcode.submit }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe(messages.postcode.required);
    await postcodeField(page).fill('BT1');
    await postcodeField(page).press('Enter');
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
      messages.postcode.invalidModal,
    );
    await expect(postcodeField(page).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(dialog.isVisible()).resolves.toBe(true);
    expect(page.url()).toBe(`${baseURL}/about`);
    expect(unexpected(problems, 428)).toEqual([]);
    await context.close();
  });

  it('refuses the postcode already set, in red, inside the dialog', async () => {
    const { context, page, problems } = await open('/');
    expect(await callCart(page, 'PUT', '/api/cart/postcode', { postcode: 'BT1 1AA' })).toEqual({
      status: 200,
      message: messages.postcode.set,
    });
    await page.goto(`${baseURL}/cart`);
    await waitForHydration(page);
    await page.getByRole('button', { name: messages.cartPage.changePostcode }).click();
    const dialog = dialogOf(page);
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(messages.postcode.current('BT1 1AA'));
    await postcodeField(page).fill('bt11aa');
    await postcodeField(page).press('Enter');
    const notice = dialog.getByRole('alert');
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toBe(messages.postcode.alreadySet);
    await expect(notice.evaluate((el) => getComputedStyle(el).color)).resolves.toBe(
      hexToRgb(colors.danger),
    );
    await expect(dialog.isVisible()).resolves.toBe(true);
    expect(unexpected(problems, 409)).toEqual([]);
    await context.close();
  });

  it('closes with the X, and stays closed after a reload (the waiting item is dropped)', async () => {
    const { context, page, problems } = await open('/');
    await addWithoutPostcode(page);
    await dialogOf(page).getByRole('button', { name: 'Close' }).click();
    await dialogOf(page).waitFor({ state: 'detached' });
    await reload(page);
    await expect(dialogOf(page).count()).resolves.toBe(0);
    const cart = await page.evaluate(async () => {
      const res = await fetch('/api/cart');
      return ((await res.json()) as { cart: { showPostcodeModal: boolean; pendingItem?: unknown } })
        .cart;
    });
    expect(cart.showPostcodeModal).toBe(false);
    expect(cart.pendingItem).toBeUndefined();
    expect(unexpected(problems, 428)).toEqual([]);
    await context.close();
  });

  it('takes one off, removes a line and empties the cart on /cart', async () => {
    const { context, page, problems } = await open('/');
    await callCart(page, 'PUT', '/api/cart/postcode', { postcode: 'BT11AA' });
    expect((await addItem(page, first, 2)).status).toBe(200);
    expect((await addItem(page, second, 1)).status).toBe(200);
    await page.goto(`${baseURL}/cart`);
    await waitForHydration(page);
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 3 items');
    const firstLine = page.getByRole('article', { name: first.title });
    await expect(firstLine.getByRole('status').textContent()).resolves.toBe('2');

    await page.getByRole('button', { name: `One fewer ${first.title}, ${first.size}` }).click();
    await page.getByRole('alertdialog', { name: messages.cart.removed }).first().waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('a[aria-label^="Cart"]')?.getAttribute('aria-label') ===
        'Cart, 2 items',
    );
    await expect(firstLine.getByRole('status').textContent()).resolves.toBe('1');

    await page
      .getByRole('button', { name: `Remove ${second.title}, ${second.size} from your cart` })
      .click();
    await page.getByRole('article', { name: second.title }).waitFor({ state: 'detached' });
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 1 item');

    await page.getByRole('button', { name: messages.cartPage.emptyCart }).click();
    await page.getByRole('heading', { name: messages.cart.empty }).waitFor();
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart');
    await expect(
      page.getByRole('link', { name: messages.cartPage.shopDomestic }).count(),
    ).resolves.toBe(1);
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it('holds checkout back under the minimum order', async () => {
    const { context, page, problems } = await open('/');
    await callCart(page, 'PUT', '/api/cart/postcode', { postcode: 'BT11AA' });
    const cheapest = first.price <= second.price ? first : second;
    expect((await addItem(page, cheapest, 1)).status).toBe(200);
    await page.goto(`${baseURL}/cart`);
    await waitForHydration(page);
    const checkout = page.getByRole('button', { name: messages.cartPage.checkout });
    await expect(checkout.isDisabled()).resolves.toBe(true);
    await expect(page.locator('main').textContent()).resolves.toMatch(
      /The minimum order for delivery to this postcode is £\d+\.\d\d\./,
    );
    await expect(
      page.getByRole('link', { name: messages.cartPage.checkout }).count(),
    ).resolves.toBe(0);
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });
});

describe('a new postcode on an order form, with things in the cart', () => {
  it('asks before emptying the cart: "Keep my cart" keeps it, "Clear cart and add" starts again', async () => {
    const { context, page, problems } = await open('/');
    await callCart(page, 'PUT', '/api/cart/postcode', { postcode: 'BT1 1AA' });
    expect((await addItem(page, first, 2)).status).toBe(200);
    await page.goto(`${baseURL}/products/domestic/bagged-coal`);
    await waitForHydration(page);
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 2 items');

    const form = page.getByRole('form', { name: /^Order / }).first();
    const tryNewPostcode = async () => {
      await form.getByRole('button', { name: messages.postcode.changePostcode }).click();
      const field = form.getByRole('textbox', { name: messages.orderForm.postcode });
      await field.fill('');
      await field.pressSequentially('20 1AA');
      await form.getByRole('button', { name: messages.orderForm.addToCart }).click();
      await form.getByText(messages.postcode.resetWarning).waitFor();
      await expect(form.textContent()).resolves.toContain(
        messages.orderForm.cartHolds(2, 'BT1 1AA'),
      );
    };

    await tryNewPostcode();
    await form.getByRole('button', { name: messages.orderForm.keepCart }).click();
    await form.getByText(messages.postcode.resetWarning).waitFor({ state: 'detached' });
    // Nothing changed: the cart, its postcode and the form's locked field.
    await expect(
      form.getByRole('textbox', { name: messages.orderForm.postcode }).inputValue(),
    ).resolves.toBe('11AA');
    const kept = (await (await context.request.get(`${baseURL}/api/cart`)).json()) as {
      cart: { count: number; postcode: string };
    };
    expect(kept.cart).toMatchObject({ count: 2, postcode: 'BT11AA' });
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 2 items');

    await tryNewPostcode();
    await form.getByRole('button', { name: messages.orderForm.clearCartAndAdd }).click();
    await page.getByRole('alertdialog', { name: messages.cart.added }).waitFor();
    const started = (await (await context.request.get(`${baseURL}/api/cart`)).json()) as {
      cart: { count: number; postcode: string };
    };
    expect(started.cart).toMatchObject({ count: 1, postcode: 'BT201AA' });
    await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 1 item');
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });
});

describe('postcodes the shop cannot deliver to are refused before anything changes', () => {
  it('the order form: not a Northern Ireland postcode, or one the product cannot go to', async () => {
    const { context, page, problems } = await open('/products/domestic/oil');
    const form = page.getByRole('form', { name: /^Order / }).first();
    const field = form.getByRole('textbox', { name: messages.orderForm.postcode });
    await field.pressSequentially('99 9ZZ');
    await form.getByRole('button', { name: messages.orderForm.addToCart }).click();
    await page.getByRole('alertdialog', { name: messages.postcode.invalidOrderForm }).waitFor();

    // BT47 has no tanker: red, and no "Postcode set." beside it.
    await field.fill('');
    await field.pressSequentially('47 1AB');
    await form.getByRole('button', { name: messages.orderForm.addToCart }).click();
    await page.getByRole('alertdialog', { name: messages.cart.cannotDeliver }).waitFor();
    await expect(
      page.getByRole('alertdialog', { name: messages.postcode.set }).count(),
    ).resolves.toBe(0);
    const cart = (await (await context.request.get(`${baseURL}/api/cart`)).json()) as {
      cart: { postcode: string | null; count: number };
    };
    expect(cart.cart).toMatchObject({ postcode: null, count: 0 });
    expect(unexpected(problems, 422)).toEqual([]);
    await context.close();
  });

  it('the Set Postcode dialog: outside Northern Ireland, and a district no lorry serves', async () => {
    const { context, page, problems } = await open('/about');
    await callCart(page, 'PUT', '/api/cart/postcode', { postcode: 'BT1 1AA' });
    expect((await addItem(page, first, 1)).status).toBe(200);
    await page.goto(`${baseURL}/cart`);
    await waitForHydration(page);
    await page.getByRole('button', { name: messages.cartPage.changePostcode }).click();
    const dialog = dialogOf(page);
    await postcodeField(page).fill('SW1A 1AA');
    await dialog.getByRole('button', { name: messages.postcode.submit }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
      messages.postcode.invalidModal,
    );
    await postcodeField(page).fill('BT58 1AA');
    await dialog.getByRole('button', { name: messages.postcode.submit }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe(
      messages.postcode.notServed('BT58 1AA', '028 9649 6010'),
    );
    // The cart keeps its postcode and its line.
    const cart = (await (await context.request.get(`${baseURL}/api/cart`)).json()) as {
      cart: { postcode: string | null; count: number };
    };
    expect(cart.cart).toMatchObject({ postcode: 'BT11AA', count: 1 });
    expect(unexpected(problems, 422)).toEqual([]);
    await context.close();
  });
});

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}
