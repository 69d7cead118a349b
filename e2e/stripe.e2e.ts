import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../api/domain/messages';
import { fakeStripeSettings, startStripeFake, type StripeFake } from '../api/test/fakeStripe';
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
 * Checkout with PAYMENT_PROVIDER=stripe against the loopback fake of Stripe's API
 * (api/test/fakeStripe.ts), in the production build, through the official SDK: the browser goes
 * to the fake's hosted Checkout page and comes back to /checkout/process, and the order is paid
 * only once the signed checkout.session.completed arrives, not before. The fake holds the event
 * until the test delivers it. This file starts its own server (the suite's shared one keeps the
 * test provider). Generous limits for a busy 2-core machine; nothing is timed.
 */
const TEST_TIMEOUT_MS = 120_000;

let fake: StripeFake | undefined;
let server: ServerProcess | undefined;
let browser: Browser | undefined;
let dataDir = '';
let baseURL = '';
const contexts: BrowserContext[] = [];

let oil500: OilSize;

beforeAll(async () => {
  // No webhook URL yet: the hosted page makes its event, and the test delivers it.
  fake = await startStripeFake({ ...fakeStripeSettings });
  dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-stripe-'));
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOGIN_RATE_LIMIT: '1000',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_URL: fake.url,
    STRIPE_SECRET_KEY: fakeStripeSettings.secretKey,
    STRIPE_WEBHOOK_SECRET: fakeStripeSettings.webhookSecret,
  });
  baseURL = server.url;
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

/** /checkout with the form filled, Pay securely pressed: the fake's hosted Checkout page. */
async function payFromCheckout(page: Page) {
  await page.goto(`${baseURL}/checkout`);
  await waitForHydration(page);
  const form = checkoutForm(page);
  await form.waitFor();
  await fillCheckoutForm(form);
  // Stripe is a real provider: no test-mode banner.
  await expect(
    page.getByRole('note', { name: checkoutTexts.testMode.title }).count(),
  ).resolves.toBe(0);
  await form.getByRole('button', { name: messages.checkout.pay }).click();
  await page.waitForURL(/\/pay\/cs_test_[A-Za-z0-9]+$/);
  expect(new URL(page.url()).origin).toBe(fake?.url);
  await page.getByRole('heading', { name: 'Pay Fuelyard' }).waitFor();
  await page.getByText('Total: £305.00').waitFor();
}

describe('checkout with Stripe (the loopback fake) in Chromium', () => {
  it(
    'paid: the hosted page, Pay, back on /checkout/process unpaid until the signed webhook arrives, then success',
    async () => {
      const { context, page, problems } = await open('/cart');
      await fillCart(page, oil500);
      await expect(serverCart(page)).resolves.toMatchObject({ count: 1 });
      const requestsBefore = fake?.requests.length ?? 0;
      await payFromCheckout(page);

      const requests = fake?.requests.slice(requestsBefore) ?? [];
      expect(requests).toHaveLength(1);
      expect(requests[0]?.headers['idempotency-key']).toMatch(/^fuelyard-order-.+-attempt-1$/);
      const eventsBefore = fake?.events.length ?? 0;

      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/checkout\/process\?order=[^&]+&session_id=cs_test_/);
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';
      await waitForHydration(page);

      // Back from Stripe's page, no webhook yet: the page waits and the order is not paid.
      await page.getByRole('progressbar', { name: checkoutTexts.process.title }).waitFor();
      await expect(orderStatus(page, orderId)).resolves.toBe('pending_payment');
      await expect(serverCart(page)).resolves.toMatchObject({ count: 1 });

      // Stripe's signed checkout.session.completed.
      const made = fake?.events.slice(eventsBefore) ?? [];
      expect(made.map((event) => event.type)).toEqual(['checkout.session.completed']);
      fake?.setWebhookUrl(`${baseURL}/api/payments/webhooks/stripe`);
      const completed = made[0];
      if (!completed) throw new Error('The fake made no event.');
      await expect(fake?.deliver(completed)).resolves.toBe(200);

      await page.waitForURL(/\/checkout\/success\?order=/, { timeout: 30_000 });
      const number = page.locator('[data-order-number]');
      await number.waitFor();
      const orderNumber = (await number.getAttribute('data-order-number')) ?? '';
      expect(orderNumber).toMatch(/^FY-\d+$/);
      await expect(orderStatus(page, orderId)).resolves.toBe('paid');
      await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Cart');
      await expect(serverCart(page)).resolves.toMatchObject({ count: 0 });
      await page.getByRole('img', { name: 'Secure card payments with Stripe' }).waitFor();

      expect(notProblems(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
