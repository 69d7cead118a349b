import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../api/domain/messages';
import { authTexts } from '../app/features/auth/texts';
import { verifyTexts } from '../app/features/auth/verifyTexts';
import { checkoutTexts } from '../app/features/checkout/texts';
import { launchBrowser, waitForHydration } from './browser';

/**
 * Customer accounts (issue 16) in the production build: register and confirm the address by the
 * e-mailed link, the greeting, logout, the order history behind login, the guest-only pages, the
 * password reset by e-mail, and login and register by keyboard only. Each test has a fresh
 * browser context (a fresh session).
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser.close();
});

const labels = messages.auth.labels;
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${counter++}@example.co.uk`;
const password = 'turf smoke on the lough';

async function open(path: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  return { context, page };
}

const greeting = (page: Page, fullName: string) =>
  page.getByRole('button', { name: `Hi, ${fullName}!` });

/**
 * Registers as a customer does: the form answers "check your email" (nobody is signed in yet);
 * the link in the e-mail opens the confirmation page, whose button confirms and logs in.
 */
async function register(page: Page, fullName: string, email: string) {
  await page.goto(`${baseURL}/user/register`);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: authTexts.register.formLabel });
  await form.getByRole('textbox', { name: labels.fullName }).fill(fullName);
  await form.getByRole('textbox', { name: labels.email }).fill(email);
  await form.getByLabel(labels.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: authTexts.register.submit }).click();
  await page.getByText(messages.auth.registerCheckEmail).first().waitFor();
  await expect(page.getByRole('link', { name: 'Customer Login' }).count()).resolves.toBe(1);
  await confirmEmail(page, email);
  await greeting(page, fullName).waitFor();
}

/**
 * Opens the confirmation link e-mailed to `email`, checks it names that address, and confirms with
 * the password chosen when registering.
 */
async function confirmEmail(page: Page, email: string) {
  await page.goto(await linkFor(email, 'verify-email'));
  await waitForHydration(page);
  // The page keeps the token and takes it out of the address; opening it confirmed nothing.
  await page.waitForURL(`${baseURL}/user/verify-email`);
  await page.getByText(verifyTexts.confirms(email)).waitFor();
  const form = page.getByRole('form', { name: authTexts.verify.formLabel });
  await form.getByLabel(labels.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: authTexts.verify.submit }).click();
  await page.waitForURL(`${baseURL}/user/account`);
}

async function logout(page: Page, fullName: string) {
  await greeting(page, fullName).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${baseURL}/user/login`);
}

async function login(page: Page, email: string, pw = password) {
  const form = page.getByRole('form', { name: authTexts.login.formLabel });
  await form.getByRole('textbox', { name: labels.email }).fill(email);
  await form.getByLabel(labels.password, { exact: true }).fill(pw);
  await form.getByRole('button', { name: authTexts.login.submit }).click();
}

describe('customer accounts', () => {
  it('register → the header greets the customer; Logout → the notice on /user/login', async () => {
    const { page } = await open('/');
    await expect(page.getByRole('link', { name: 'Customer Login' }).count()).resolves.toBe(1);
    await register(page, 'Siobhan Doherty', uniqueEmail('siobhan'));
    await expect(page.getByRole('link', { name: 'Customer Login' }).count()).resolves.toBe(0);
    // The session survives a reload, and the server's HTML already greets (no flash).
    const html = await (await page.request.get(`${baseURL}/`)).text();
    expect(html.replace(/<!-- -->/g, '')).toContain('Hi, Siobhan Doherty!');
    await greeting(page, 'Siobhan Doherty').click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Your orders', 'Your account', 'Logout']);
    await page.keyboard.press('Escape');
    await logout(page, 'Siobhan Doherty');
    await page.getByRole('alertdialog').getByText('You have been logged out.').waitFor();
    await page.getByRole('link', { name: 'Customer Login' }).waitFor();
  });

  it('/order signed out → login → back on /order, listing the orders placed while signed in', async () => {
    const email = uniqueEmail('ciaran');
    const { page } = await open('/');
    await register(page, 'Ciaran McAllister', email);
    // An order placed while signed in: the checkout form is pre-filled with the account.
    const status = await page.evaluate(async () => {
      const send = (method: string, path: string, body: unknown) =>
        fetch(path, {
          method,
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      await send('PUT', '/api/cart/postcode', { postcode: 'BT11AA' });
      const q = '{ oil: oils(limit: -1) { id title sizes { id title price } } }';
      const res = await fetch(`/api/graphql?query=${encodeURIComponent(q)}`);
      const { data } = (await res.json()) as {
        data: { oil: { id: string; title: string; sizes: { id: string; title: string }[] }[] };
      };
      const oil = data.oil.find((o) => o.title === 'Kerosene Heating Oil');
      const size = oil?.sizes.find((s) => s.title === '500 Litres');
      const added = await send('POST', '/api/cart/items', {
        type: 'oil',
        productId: Number(oil?.id),
        attributeId: Number(size?.id),
        quantity: 1,
      });
      return added.status;
    });
    expect(status).toBeLessThan(300);
    await page.goto(`${baseURL}/checkout`);
    await waitForHydration(page);
    const form = page.getByRole('form', { name: checkoutTexts.formLabel });
    await expect(
      form.getByRole('textbox', { name: messages.checkout.labels.fullName }).inputValue(),
    ).resolves.toBe('Ciaran McAllister');
    await expect(
      form.getByRole('textbox', { name: messages.checkout.labels.email }).inputValue(),
    ).resolves.toBe(email);
    await form.getByRole('textbox', { name: messages.checkout.labels.phone }).fill('028 9032 1234');
    await form
      .getByRole('textbox', { name: messages.checkout.labels.addressLine1 })
      .fill('12 Main Street');
    await form.getByRole('textbox', { name: messages.checkout.labels.town }).fill('Belfast');
    await form.getByText(messages.checkout.labels.acceptTerms).click();
    await form.getByRole('button', { name: messages.checkout.pay }).click();
    await page.waitForURL(/\/pay\/test\/[^/?]+$/);

    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await logout(page, 'Ciaran McAllister');
    await page.goto(`${baseURL}/order`);
    await page.waitForURL(`${baseURL}/user/login?redirect=%2Forder`);
    await waitForHydration(page);
    await login(page, email);
    await page.waitForURL(`${baseURL}/order`);
    const orders = page.getByRole('table', { name: authTexts.orders.pageTitle });
    await orders.waitFor();
    expect(await orders.getByRole('row').count()).toBe(2);
  });

  it('a signed-in visit to /user/login goes home; a foreign redirect is never followed', async () => {
    const { page } = await open('/');
    await register(page, 'Aoife Murphy', uniqueEmail('aoife'));
    await page.goto(`${baseURL}/user/login`);
    await page.waitForURL(`${baseURL}/`);
    await page.goto(`${baseURL}/login?redirect=%2F%2Fevil.example`);
    await page.waitForURL(`${baseURL}/`);
  });

  it('forgot → the e-mail → the link → a new password → login', async () => {
    const email = uniqueEmail('reset');
    const { page } = await open('/');
    await register(page, 'Reset Person', email);
    await logout(page, 'Reset Person');
    await page.getByRole('link', { name: authTexts.login.forgotLink }).click();
    await page.waitForURL(`${baseURL}/user/password-forgot`);
    const forgot = page.getByRole('form', { name: authTexts.forgot.formLabel });
    await forgot.getByRole('textbox', { name: labels.email }).fill(email);
    await forgot.getByRole('button', { name: authTexts.forgot.submit }).click();
    await page.getByText(messages.auth.forgotSent).first().waitFor();

    const link = await linkFor(email, 'password-reset');
    await page.goto(link);
    await waitForHydration(page);
    // The page keeps the token and takes it out of the address (history, shares, Referer).
    await page.waitForURL(`${baseURL}/user/password-reset`);
    const reset = page.getByRole('form', { name: authTexts.reset.formLabel });
    await reset.getByLabel(labels.newPassword, { exact: true }).fill('a brand new passphrase');
    await reset.getByRole('button', { name: authTexts.reset.submit }).click();
    await page.waitForURL(`${baseURL}/user/login`);
    await login(page, email, 'a brand new passphrase');
    await greeting(page, 'Reset Person').waitFor();
  });

  it('account: new name in the header, a changed password, then deletion signs out for good', async () => {
    const email = uniqueEmail('account');
    const { page } = await open('/');
    await register(page, 'Orla Quinn', email);
    await greeting(page, 'Orla Quinn').click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await page.waitForURL(`${baseURL}/user/account`);
    const t = authTexts.account;

    const details = page.getByRole('form', { name: t.details });
    await details.getByRole('textbox', { name: labels.fullName }).fill('Orla Quinn-Byrne');
    await details.getByRole('button', { name: t.save }).click();
    await greeting(page, 'Orla Quinn-Byrne').waitFor();

    const change = page.getByRole('form', { name: t.passwordTitle });
    await change.getByLabel(labels.currentPassword, { exact: true }).fill(password);
    await change.getByLabel(labels.newPassword, { exact: true }).fill('peat fire by the shore');
    await change.getByRole('button', { name: t.changePassword }).click();
    await page.getByText(t.passwordChanged).first().waitFor();
    await logout(page, 'Orla Quinn-Byrne');
    await login(page, email, 'peat fire by the shore');
    await greeting(page, 'Orla Quinn-Byrne').waitFor();

    await page.goto(`${baseURL}/user/account`);
    await waitForHydration(page);
    const remove = page.getByRole('form', { name: t.deleteTitle });
    await remove.getByLabel(t.deleteConfirm, { exact: true }).fill('peat fire by the shore');
    await remove.getByRole('button', { name: t.deleteButton }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole('link', { name: 'Customer Login' }).waitFor();
    // The account is gone: its e-mail and password no longer sign in.
    await page.goto(`${baseURL}/user/login`);
    await waitForHydration(page);
    await login(page, email, 'peat fire by the shore');
    await page.getByText(messages.auth.invalidCredentials).first().waitFor();
    await expect(page.getByRole('link', { name: 'Customer Login' }).count()).resolves.toBe(1);
  });

  it('a guest order is claimed into an account from its order page, with its token', async () => {
    const { page } = await open('/');
    // A guest checks out (through the API, from the page, so the same cart cookie is used).
    const placed = await page.evaluate(async () => {
      const send = (method: string, path: string, body: unknown, headers = {}) =>
        fetch(path, {
          method,
          headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      await send('PUT', '/api/cart/postcode', { postcode: 'BT11AA' });
      const q = '{ oil: oils(limit: -1) { id title sizes { id title price } } }';
      const res = await fetch(`/api/graphql?query=${encodeURIComponent(q)}`);
      const { data } = (await res.json()) as {
        data: { oil: { id: string; title: string; sizes: { id: string; title: string }[] }[] };
      };
      const oil = data.oil.find((o) => o.title === 'Kerosene Heating Oil');
      const size = oil?.sizes.find((s) => s.title === '500 Litres');
      await send('POST', '/api/cart/items', {
        type: 'oil',
        productId: Number(oil?.id),
        attributeId: Number(size?.id),
        quantity: 1,
      });
      // The total the checkout page would show: the API takes the order only at that total.
      const summary = (await (await fetch('/api/checkout')).json()) as {
        summary: { total: number };
      };
      const checkout = await send(
        'POST',
        '/api/checkout',
        {
          expectedTotal: summary.summary.total,
          fullName: 'Guest Person',
          email: 'guest.person@example.co.uk',
          phone: '028 9032 1234',
          addressLine1: '3 Shore Road',
          addressLine2: '',
          town: 'Belfast',
          postcode: 'BT11AA',
          instructions: '',
          domesticUse: false,
          acceptTerms: true,
        },
        { 'Idempotency-Key': `claim-${Date.now()}` },
      );
      return (await checkout.json()) as {
        order: { id: string; number: string };
        orderToken: string;
      };
    });
    expect(placed.order.number).toMatch(/^FY-\d+$/);

    await register(page, 'Claire Keenan', uniqueEmail('claire'));
    await page.goto(`${baseURL}/order/${placed.order.id}?token=${placed.orderToken}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: authTexts.claim.button }).click();
    await page.getByText(messages.order.claimed).first().waitFor();

    await page.goto(`${baseURL}/order`);
    await waitForHydration(page);
    const orders = page.getByRole('table', { name: authTexts.orders.pageTitle });
    await orders.waitFor();
    await orders.getByRole('cell', { name: placed.order.number }).waitFor();

    // Its owner opens it without the token, in a new tab (which holds no token).
    const tab = await page.context().newPage();
    await tab.goto(`${baseURL}/order/${placed.order.id}`);
    await waitForHydration(tab);
    await tab.getByText(placed.order.number).first().waitFor();
    await tab.close();
  });

  it('keyboard only: register, then log out and log in', async () => {
    const email = uniqueEmail('keys');
    const { page } = await open('/user/register');
    const form = page.getByRole('form', { name: authTexts.register.formLabel });
    await form.getByRole('textbox', { name: labels.fullName }).focus();
    await page.keyboard.type('Keyboard Person');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByText(messages.auth.registerCheckEmail).first().waitFor();
    // The e-mailed link's page: its password, then Enter, by keyboard too.
    await page.goto(await linkFor(email, 'verify-email'));
    await waitForHydration(page);
    await page.waitForURL(`${baseURL}/user/verify-email`);
    const confirm = page
      .getByRole('form', { name: authTexts.verify.formLabel })
      .getByLabel(labels.password, { exact: true });
    await confirm.focus();
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/user/account`);
    await greeting(page, 'Keyboard Person').waitFor();

    await greeting(page, 'Keyboard Person').focus();
    await page.keyboard.press('ArrowUp');
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/user/login`);
    await waitForHydration(page);

    const login = page.getByRole('form', { name: authTexts.login.formLabel });
    await login.getByRole('textbox', { name: labels.email }).focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/`);
    await greeting(page, 'Keyboard Person').waitFor();
  });
});

/** The `/user/<page>?token=…` link of an e-mail to `email` in DATA_DIR/mail. */
async function linkFor(
  email: string,
  linkPage: 'password-reset' | 'verify-email',
): Promise<string> {
  const mailDir = join(dataDir, 'mail');
  for (let attempt = 0; attempt < 100; attempt++) {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const raw = await readFile(join(mailDir, name), 'utf8');
      if (!raw.includes(email)) continue;
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = new RegExp(`https?://[^\\s"<>]*/user/${linkPage}\\?token=[A-Za-z0-9_-]+`).exec(
        unfolded,
      );
      if (match) return match[0].replace(/^https?:\/\/[^/]+/, baseURL);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${linkPage} e-mail for ${email}`);
}
