import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../api/domain/messages';
import { authTexts } from '../app/features/auth/texts';
import { launchBrowser, waitForHydration } from './browser';
import { kerosene500 } from './checkoutSteps';
import { startServer, type ServerProcess } from './serverProcess';

/**
 * Every form submitted before its script has arrived (the page's scripts held back): the browser
 * posts it natively, and no value typed into it appears in any URL the browser asks for, in the
 * server's request lines or in its log. A server of its own, logging every request (info).
 */
const slow = 120_000;
let server: ServerProcess;
let dataDir: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-e2e-early-'));
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'info',
    LOGIN_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
  });
  browser = await launchBrowser();
}, slow);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A page whose scripts never arrive (held until the test ends), with its requests recorded. */
async function withoutScripts(): Promise<{
  context: BrowserContext;
  page: Page;
  urls: string[];
  release: () => Promise<void>;
}> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  contexts.push(context);
  const held: Route[] = [];
  let released = false;
  await context.route(/\.js(\?|$)/, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  /** Lets the held scripts (and any asked for later) through. */
  const release = async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
  return { context, page, urls, release };
}

let marks = 0;
/** A value no page or log has by chance: each field gets its own. */
const mark = () => `early${Date.now().toString(36)}x${(marks++).toString(36)}`;

/**
 * Fills every field a visitor types into (text, e-mail, password, phone, textarea) of the form
 * that holds the button named `submit`, then presses it, and waits for the browser's own POST.
 * Returns the values typed.
 */
async function submitEarly(page: Page, submit: string, formName?: RegExp): Promise<string[]> {
  const button = page.getByRole('button', { name: submit, exact: true }).first();
  const form = formName
    ? page.getByRole('form', { name: formName }).first()
    : page.locator('form').filter({ has: button });
  await expect(form.getAttribute('method')).resolves.toBe('post');
  const fields = form.locator(
    [':not([type])', '[type=text]', '[type=email]', '[type=password]', '[type=tel]']
      .map((type) => `input${type}:not([readonly]):visible`)
      .concat('textarea:visible')
      .join(', '),
  );
  const typed: string[] = [];
  for (const field of await fields.all()) {
    const value = mark();
    await field.fill(value);
    typed.push(value);
  }
  expect(typed.length).toBeGreaterThan(0);
  const posted = page.waitForRequest(
    (request) => request.method() === 'POST' && request.isNavigationRequest(),
  );
  await button.click();
  const request = await posted;
  expect(request.postData() ?? '').toContain(typed[0]);
  await page.waitForLoadState('domcontentloaded');
  return typed;
}

function expectNowhere(values: string[], urls: string[]) {
  const log = server.output();
  for (const value of values) {
    for (const url of urls) expect(url, 'a typed value in a URL').not.toContain(value);
    expect(log.includes(value), 'a typed value in the server log').toBe(false);
  }
  expect(urls.some((url) => url.includes('password='))).toBe(false);
}

describe('forms submitted before their scripts arrive', () => {
  it.each([
    ['/user/login', authTexts.login.submit],
    ['/user/register', authTexts.register.submit],
    ['/user/password-forgot', authTexts.forgot.submit],
    ['/user/password-reset?token=not-a-real-token', authTexts.reset.submit],
    ['/contact', messages.enquiry.send],
    ['/products/domestic/bagged-coal?postcode', messages.postcode.submit],
    // A card's Add to Cart shows once a postcode is typed (SPEC §5): the card's form is found by name.
    ['/products/domestic/bagged-coal', messages.orderForm.addToCart, /^Order /],
  ])(
    '%s posts natively and leaks nothing',
    async (path, submit, formName?: RegExp) => {
      const { page, urls } = await withoutScripts();
      await page.goto(`${server.url}${path}`);
      const typed = await submitEarly(page, submit, formName);
      expectNowhere(typed, urls);
    },
    slow,
  );

  it(
    'the checkout form posts natively with a cart, and leaks nothing',
    async () => {
      const { context, page, urls } = await withoutScripts();
      const size = await kerosene500(server.url);
      const json = { headers: { 'content-type': 'application/json', origin: server.url } };
      await context.request.put(`${server.url}/api/cart/postcode`, {
        ...json,
        data: { postcode: 'BT11AA' },
      });
      const added = await context.request.post(`${server.url}/api/cart/items`, {
        ...json,
        data: {
          type: 'oil',
          productId: size.productId,
          attributeId: size.attributeId,
          quantity: 1,
        },
      });
      expect(added.status()).toBe(200);
      await page.goto(`${server.url}/checkout`);
      const typed = await submitEarly(page, messages.checkout.pay);
      expectNowhere(typed, urls);
    },
    slow,
  );

  it(
    'what is typed before the scripts arrive is kept, and is what the hydrated form sends',
    async () => {
      const { page, release } = await withoutScripts();
      await page.goto(`${server.url}/user/login`);
      const form = page.getByRole('form', { name: authTexts.login.formLabel });
      const email = `early.${Date.now()}@example.co.uk`;
      await form.getByRole('textbox', { name: messages.auth.labels.email }).fill(email);
      await form
        .getByLabel(messages.auth.labels.password, { exact: true })
        .fill('not the password');
      await release();
      await waitForHydration(page);
      // The form's machine has the typing: its submit reaches the server's answer, not "required".
      const answer = page.waitForResponse((res) => res.url().endsWith('/api/auth/local'));
      await form.getByRole('button', { name: authTexts.login.submit, exact: true }).click();
      const res = await answer;
      expect(res.status()).toBe(401);
      expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({ email });
      await expect(
        form.getByRole('textbox', { name: messages.auth.labels.email }).inputValue(),
      ).resolves.toBe(email);
    },
    slow,
  );
});
