import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../api/domain/messages';
import { authTexts } from '../app/features/auth/texts';
import { verifyTexts } from '../app/features/auth/verifyTexts';
import { checkoutTexts } from '../app/features/checkout/texts';
import { launchBrowser } from './browser';
import { customer, fillCheckoutForm } from './checkoutSteps';

/**
 * The site with JavaScript disabled in Chromium (DESIGN.md, Rendering: progressive enhancement).
 * Every journey completes with plain links and forms posted to the server: the purchase from
 * postcode to the e-mailed order link, the account from registration to a password reset, and
 * the wholesale enquiry with the spec's messages. Nowhere does the site say it needs JavaScript.
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const slow = 120_000;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser.close();
});

/** A fresh browser with JavaScript disabled, at a phone's width. */
async function noScriptPage(): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  contexts.push(context);
  return context.newPage();
}

/** Goes to `path` and checks the page works as it is: no "JavaScript required" anywhere. */
async function visit(page: Page, path: string): Promise<void> {
  const res = await page.goto(`${baseURL}${path}`);
  expect(res?.status(), path).toBeLessThan(400);
  await expectNoScriptNeeded(page);
}

async function expectNoScriptNeeded(page: Page): Promise<void> {
  const text = (await page.locator('body').innerText()).toLowerCase();
  expect(text).not.toMatch(/javascript (is )?(required|needed)|enable javascript/);
}

/** The first link in a mail to `email` that goes to `path` (e-mail goes to DATA_DIR/mail). */
async function mailedLink(email: string, path: RegExp): Promise<string> {
  const mailDir = join(dataDir, 'mail');
  for (let attempt = 0; attempt < 100; attempt++) {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const raw = await readFile(join(mailDir, name), 'utf8');
      if (!raw.includes(email)) continue;
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      for (const match of unfolded.matchAll(/https?:\/\/[^\s"<>]+/g)) {
        const url = new URL(match[0]);
        if (path.test(url.pathname)) return `${baseURL}${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${email} with a link to ${path.source}`);
}

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${counter++}@example.co.uk`;
const labels = messages.auth.labels;

/** The order form of the first product card on the page (a form posted to the page). */
const firstCard = (page: Page) =>
  page
    .locator('form[method="post"]')
    .filter({ has: page.getByRole('button', { name: messages.orderForm.addToCart }) })
    .first();

describe('a purchase without JavaScript', () => {
  it(
    'set a postcode, add coal and oil, change a line, check out as a guest, pay, see the order',
    async () => {
      const page = await noScriptPage();
      // The Set Postcode dialog, rendered by the server on the page that asks for it.
      await visit(page, '/products/domestic/bagged-coal?postcode');
      const dialog = page.getByRole('dialog', { name: messages.postcode.modalTitle });
      await dialog
        .getByRole('textbox', { name: messages.postcode.label, exact: true })
        .fill('BT1 1AA');
      await dialog.getByRole('button', { name: messages.postcode.submit, exact: true }).click();
      await page.getByText(messages.postcode.set).first().waitFor();

      await visit(page, '/products/domestic/bagged-coal');
      await firstCard(page).getByRole('button', { name: messages.orderForm.addToCart }).click();
      await page.getByText(messages.cart.added).first().waitFor();
      await visit(page, '/products/domestic/oil');
      await firstCard(page).getByRole('button', { name: messages.orderForm.addToCart }).click();
      await page.getByText(messages.cart.added).first().waitFor();

      await visit(page, '/cart');
      const more = page.getByRole('button', { name: /^One more / }).first();
      const line = page.getByRole('group', { name: /^Quantity: / }).first();
      const before = Number(await line.locator('output').textContent());
      await more.click();
      await expect
        .poll(async () =>
          Number(
            await page
              .getByRole('group', { name: /^Quantity: / })
              .first()
              .locator('output')
              .textContent(),
          ),
        )
        .toBe(before + 1);

      await visit(page, '/checkout');
      const form = page.getByRole('form', { name: checkoutTexts.formLabel });
      await fillCheckoutForm(form);
      const email = uniqueEmail('guest');
      await form.getByRole('textbox', { name: messages.checkout.labels.email }).fill(email);
      await form.getByRole('button', { name: messages.checkout.pay, exact: true }).click();
      await page.waitForURL(/\/pay\/test\//);
      await expectNoScriptNeeded(page);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      // The webhook settles the order; the page says so when asked again (no script polls it).
      await page.waitForURL(/\/checkout\/(process|success)\?/);
      for (let attempt = 0; attempt < 50 && !page.url().includes('/checkout/success'); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const again = page.getByRole('link', { name: checkoutTexts.process.checkAgain });
        if ((await again.count()) > 0) await again.first().click();
      }
      expect(page.url()).toContain('/checkout/success');
      const number = /FY-\d+/.exec(await page.locator('main').innerText())?.[0];
      expect(number).toBeDefined();
      await page.getByText(checkoutTexts.success.title).first().waitFor();

      // The e-mailed link opens the order in another browser, still without script.
      const other = await noScriptPage();
      await other.goto(await mailedLink(email, /^\/order\/[^/]+$/));
      await other.getByText(String(number)).first().waitFor();
      // The oil tank's answers, posted without script, are on the order.
      await other.getByText(`Where: ${customer.tankLocation}`).waitFor();
      await expectNoScriptNeeded(other);
    },
    slow,
  );
});

describe('accounts without JavaScript', () => {
  it(
    'register, confirm, see the greeting, log out, log in, forget and reset the password',
    async () => {
      const page = await noScriptPage();
      const fullName = 'Ciarán Byrne';
      const email = uniqueEmail('noscript');
      const password = 'peat smoke over the glens';

      await visit(page, '/user/register');
      const register = page.getByRole('form', { name: authTexts.register.formLabel });
      await register.getByRole('textbox', { name: labels.fullName }).fill(fullName);
      await register.getByRole('textbox', { name: labels.email }).fill(email);
      await register.getByLabel(labels.password, { exact: true }).fill(password);
      await register.getByRole('button', { name: authTexts.register.submit }).click();
      await page.getByText(messages.auth.registerCheckEmail).first().waitFor();
      expect(page.url()).not.toContain(password);

      await page.goto(await mailedLink(email, /^\/user\/verify-email$/));
      await page.getByText(verifyTexts.confirms(email)).waitFor();
      await page.getByLabel(labels.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: authTexts.verify.submit }).click();
      await page.getByText(messages.greeting(fullName)).first().waitFor();

      await logOut(page, fullName);
      await visit(page, '/user/login');
      await logIn(page, email, password);
      await page.getByText(messages.greeting(fullName)).first().waitFor();
      await logOut(page, fullName);

      await visit(page, '/user/password-forgot');
      const forgot = page.getByRole('form', { name: authTexts.forgot.formLabel });
      await forgot.getByRole('textbox', { name: labels.email }).fill(email);
      await forgot.getByRole('button', { name: authTexts.forgot.submit }).click();
      await page.getByText(messages.auth.forgotSent).first().waitFor();

      const newPassword = 'basalt columns at dawn';
      await page.goto(await mailedLink(email, /^\/user\/password-reset$/));
      const reset = page.getByRole('form', { name: authTexts.reset.formLabel });
      await reset.getByLabel(labels.newPassword, { exact: true }).fill(newPassword);
      await reset.getByRole('button', { name: authTexts.reset.submit }).click();
      await page.waitForURL(/\/user\/login/);
      await logIn(page, email, newPassword);
      await page.getByText(messages.greeting(fullName)).first().waitFor();
      await expectNoScriptNeeded(page);
    },
    slow,
  );
});

describe('the wholesale enquiry without JavaScript', () => {
  it(
    'an empty enquiry shows each spec message; a filled one is sent',
    async () => {
      const page = await noScriptPage();
      await visit(page, '/contact');
      const form = page.getByRole('form', { name: messages.enquiry.formLabel });
      await form.getByRole('button', { name: messages.enquiry.send, exact: true }).click();
      const e = messages.enquiry;
      for (const text of [
        e.nameRequired,
        e.emailRequired,
        e.addressRequired,
        e.companyRequired,
        e.telephoneRequired,
        e.messageRequired,
      ]) {
        await expect(page.getByText(text, { exact: true }).count(), text).resolves.toBeGreaterThan(
          0,
        );
      }
      const placeholders = e.placeholders;
      const refused = page.getByRole('form', { name: e.formLabel });
      await refused
        .getByRole('textbox', { name: placeholders.name, exact: true })
        .fill('Róisín Kelly');
      await refused
        .getByRole('textbox', { name: placeholders.email, exact: true })
        .fill(uniqueEmail('trade'));
      await refused
        .getByRole('textbox', { name: placeholders.address, exact: true })
        .fill('1 Quay Road, Larne');
      await refused
        .getByRole('textbox', { name: placeholders.companyName, exact: true })
        .fill('Kelly Fuels Ltd');
      await refused
        .getByRole('textbox', { name: placeholders.telephone, exact: true })
        .fill('028 2827 0000');
      await refused
        .getByRole('textbox', { name: placeholders.message, exact: true })
        .fill('Two pallets of briquettes a month, please.');
      await refused.getByRole('button', { name: e.send, exact: true }).click();
      await page.getByText(e.sent).first().waitFor();
      await expectNoScriptNeeded(page);
    },
    slow,
  );
});

async function logIn(page: Page, email: string, password: string): Promise<void> {
  const login = page.getByRole('form', { name: authTexts.login.formLabel });
  await login.getByRole('textbox', { name: labels.email }).fill(email);
  await login.getByLabel(labels.password, { exact: true }).fill(password);
  await login.getByRole('button', { name: authTexts.login.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
}

/** The header's logout: the greeting opens the user menu (a disclosure), whose form posts. */
async function logOut(page: Page, fullName: string): Promise<void> {
  await page.getByText(messages.greeting(fullName)).first().click();
  await page.getByRole('button', { name: messages.logout }).first().click();
  await page.getByText(authTexts.loggedOut).first().waitFor();
}
