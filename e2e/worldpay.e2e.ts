import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../api/domain/messages';
import {
  fakeWorldpaySettings,
  startFakeWorldpay,
  type FakeWorldpay,
} from '../api/test/fakeWorldpay';
import { checkoutTexts } from '../app/features/checkout/texts';
import { launchBrowser, waitForHydration } from './browser';
import {
  cartLink,
  checkoutForm,
  fillCart,
  fillCheckoutForm,
  kerosene500,
  notProblems,
  openHydrated,
  orderStatus,
  serverCart,
  type OilSize,
} from './checkoutSteps';
import { startServer, type ServerProcess } from './serverProcess';

/**
 * Checkout with PAYMENT_PROVIDER=worldpay against the loopback fake of Access Worldpay
 * (api/test/fakeWorldpay.ts), in the production build: the browser goes to the fake's hosted page
 * and comes back, and the order is paid only once the signed events arrive, not before. The fake
 * queues its events until the test delivers them. This file starts its own server (the suite's
 * shared one keeps the test provider). Generous limits for a busy 2-core machine; nothing is timed.
 */
const TEST_TIMEOUT_MS = 120_000;

let fake: FakeWorldpay | undefined;
let server: ServerProcess | undefined;
let browser: Browser | undefined;
let dataDir = '';
let baseURL = '';
const contexts: BrowserContext[] = [];

let oil500: OilSize;

beforeAll(async () => {
  const s = fakeWorldpaySettings;
  fake = await startFakeWorldpay({
    username: s.username,
    password: s.password,
    entity: s.entity,
    signing: { keyId: s.keyId, secret: s.secret },
  });
  dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-worldpay-'));
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOGIN_RATE_LIMIT: '1000',
    PAYMENT_PROVIDER: 'worldpay',
    WORLDPAY_API_URL: fake.url,
    WORLDPAY_USERNAME: s.username,
    WORLDPAY_PASSWORD: s.password,
    WORLDPAY_ENTITY: s.entity,
    WORLDPAY_WEBHOOK_SECRET: s.secret,
    WORLDPAY_WEBHOOK_KEY_ID: s.keyId,
  });
  baseURL = server.url;
  fake.setWebhookUrl(`${baseURL}/api/payments/webhooks/worldpay`);
  browser = await launchBrowser();

  oil500 = await kerosene500(baseURL);
}, 120_000);

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await fake?.close();
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

const open = (path: string) => openHydrated(browser, contexts, `${baseURL}${path}`);

/** /checkout with the form filled, Pay securely pressed: the fake's hosted page. */
async function payFromCheckout(page: Page) {
  await page.goto(`${baseURL}/checkout`);
  await waitForHydration(page);
  const form = checkoutForm(page);
  await form.waitFor();
  await fillCheckoutForm(form);
  // Worldpay is a real provider: no test-mode banner.
  await expect(
    page.getByRole('note', { name: checkoutTexts.testMode.title }).count(),
  ).resolves.toBe(0);
  await form.getByRole('button', { name: messages.checkout.pay }).click();
  await page.waitForURL(/\/hpp\/[0-9a-f]+$/);
  expect(new URL(page.url()).origin).toBe(fake?.url);
  await page.getByRole('heading', { name: 'Worldpay' }).waitFor();
  await page.getByText('Amount: £305.00').waitFor();
}

describe('checkout with Worldpay (the loopback fake) in Chromium', () => {
  it(
    'paid: the hosted page, Pay, back on /checkout/process unpaid until the signed events arrive, then success',
    async () => {
      const { context, page, problems } = await open('/cart');
      await fillCart(page, oil500);
      await expect(serverCart(page)).resolves.toMatchObject({ count: 1 });
      const requestsBefore = fake?.pageRequests.length ?? 0;
      await payFromCheckout(page);

      const requests = fake?.pageRequests.slice(requestsBefore) ?? [];
      expect(requests).toHaveLength(1);
      const sent = requests[0]?.body as {
        value: unknown;
        transactionReference: string;
        narrative: { line1: string };
      };
      expect(sent.value).toEqual({ currency: 'GBP', amount: 30500 });
      expect(sent.transactionReference).toMatch(/^FY-\d+-1$/);
      expect(sent.narrative.line1).toBe('Fuelyard');

      // The page's own asks for the order while it waits.
      const checks: string[] = [];
      page.on('response', (res) => {
        if (!/\/api\/orders\/[^/?]+\?waiting=1$/.test(res.url())) return;
        void res
          .json()
          .then((json: { order?: { status: string } }) =>
            checks.push(json.order?.status ?? String(res.status())),
          )
          .catch(() => undefined);
      });
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/checkout\/process\?order=[^&]+$/);
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';
      await waitForHydration(page);

      // Back from the provider, no event yet: the page waits and the order is not paid.
      await page.getByRole('progressbar', { name: checkoutTexts.process.title }).waitFor();
      await page.getByText(checkoutTexts.process.description).waitFor();
      await expect
        .poll(() => checks.length, { timeout: 20_000, interval: 200 })
        .toBeGreaterThanOrEqual(2);
      expect(
        checks.every((status) => status === 'pending_payment'),
        checks.join(),
      ).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/checkout/process');
      await expect(orderStatus(page, orderId)).resolves.toBe('pending_payment');
      await expect(serverCart(page)).resolves.toMatchObject({ count: 1 });

      // Worldpay's signed events: authorized, then sentForSettlement.
      expect(await fake?.deliver()).toEqual([200, 200]);
      await page.waitForURL(/\/checkout\/success\?order=/, { timeout: 30_000 });
      const number = page.locator('[data-order-number]');
      await number.waitFor();
      const orderNumber = (await number.getAttribute('data-order-number')) ?? '';
      expect(orderNumber).toMatch(/^FY-\d+$/);
      expect(sent.transactionReference).toBe(`${orderNumber}-1`);
      await expect(number.textContent()).resolves.toBe(checkoutTexts.success.number(orderNumber));
      await expect(orderStatus(page, orderId)).resolves.toBe('paid');
      await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Cart');
      await expect(serverCart(page)).resolves.toMatchObject({ count: 0 });
      await page.getByRole('img', { name: 'Secure card payments with Worldpay' }).waitFor();
      await expect(
        page.getByRole('note', { name: checkoutTexts.testMode.title }).count(),
      ).resolves.toBe(0);

      expect(notProblems(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'declined: Decline on the hosted page, back on /checkout with the notice, the cart unchanged',
    async () => {
      const { context, page, problems } = await open('/cart');
      await fillCart(page, oil500);
      const before = await serverCart(page);
      expect(before).toMatchObject({ count: 1 });
      await payFromCheckout(page);

      await page.getByRole('button', { name: 'Decline', exact: true }).click();
      await page.waitForURL(`${baseURL}/checkout?payment=declined`);
      await waitForHydration(page);
      const alert = checkoutForm(page).getByRole('alert');
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toBe(checkoutTexts.paymentDeclined);
      await expect(serverCart(page)).resolves.toEqual(before);
      await expect(cartLink(page).getAttribute('aria-label')).resolves.toBe('Cart, 1 item');

      // The refused event arrives later and changes nothing in the cart.
      expect(await fake?.deliver()).toEqual([200]);
      await expect(serverCart(page)).resolves.toEqual(before);

      expect(notProblems(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
