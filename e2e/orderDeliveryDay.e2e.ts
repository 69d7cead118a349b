import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayInWords } from '../api/domain/deliveryCalendar';
import { deliveryDayForm, orderDeliveryDayTexts as texts } from '../api/domain/orderDeliveryDay';
import { launchBrowser } from './browser';
import { kerosene500, notProblems, openHydrated, payAsGuest, type OilSize } from './checkoutSteps';

/**
 * "Change delivery day" on the order page (issue 34, item 6), in Chromium against the production
 * build, on the server's own clock: a guest's paid order is booked for its earliest standard
 * day, which is always before the cut-off on the day before it, so its day can change. With
 * script the change is made in place; without it the form posts to the page, which comes back
 * with the notice.
 */
const baseURL = inject('baseURL');
// Measured at about 3 s each (a checkout, a payment, two page loads); room for a slow machine.
const TEST_TIMEOUT_MS = 90_000;

let browser: Browser;
let oil500: OilSize;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  oil500 = await kerosene500(baseURL);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser.close();
});

const open = (path: string) => openHydrated(browser, contexts, `${baseURL}${path}`);

function paidOrder(page: Page) {
  return payAsGuest(page, oil500, {
    fullName: 'Orla Kane',
    email: `delivery-day.${Date.now()}@example.com`,
    addressLine1: '3 Lisburn Road',
    instructions: '',
  });
}

const sectionOf = (page: Page) => page.getByRole('region', { name: texts.heading });

/** The day the form has chosen, and the first other day that can be chosen. */
async function days(section: Locator): Promise<{ current: string; other: string }> {
  const radios = section.locator(`input[name="${deliveryDayForm.field}"]`);
  const current = await section
    .locator(`input[name="${deliveryDayForm.field}"]:checked`)
    .getAttribute('value');
  const other = await radios.evaluateAll(
    (inputs, chosen) =>
      inputs
        .map((input) => input as HTMLInputElement)
        .find((input) => !input.disabled && input.value !== chosen)?.value ?? null,
    current,
  );
  if (!current || !other) throw new Error('The form offers no other day.');
  return { current, other };
}

/** Chooses a day by its card (the radio itself is visually hidden). */
async function choose(section: Locator, day: string): Promise<void> {
  await section.locator(`label:has(input[value="${day}"])`).click();
}

describe('"Change delivery day" on the order page, in Chromium', () => {
  it(
    'with script: another day chosen and "Change day" pressed moves the order in place, with a notification',
    async () => {
      const customer = await open('/cart');
      const order = await paidOrder(customer.page);
      const { page, problems } = await open(`/order/${order.id}?token=${order.token}`);
      const section = sectionOf(page);
      await section.waitFor();
      const { other } = await days(section);
      let documents = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) documents += 1;
      });

      await choose(section, other);
      await section.getByRole('button', { name: texts.button }).click();
      await page.getByRole('alertdialog', { name: texts.changed(other) }).waitFor();
      const receipt = page.getByRole('article', { name: `Order ${order.number}` });
      await expect.poll(() => receipt.textContent()).toContain(dayInWords(other, { year: true }));
      await expect(
        section.locator(`input[name="${deliveryDayForm.field}"]:checked`).getAttribute('value'),
      ).resolves.toBe(other);
      // In place: the document was not loaded again.
      expect(documents).toBe(0);
      expect(notProblems(problems)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'without script: the form posts to the order page, which comes back with the notice and the new day',
    async () => {
      const customer = await open('/cart');
      const order = await paidOrder(customer.page);
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${baseURL}/order/${order.id}?token=${order.token}`);
      const section = sectionOf(page);
      const { other } = await days(section);

      await choose(section, other);
      await Promise.all([
        page.waitForEvent('framenavigated'),
        section.getByRole('button', { name: texts.button }).click(),
      ]);
      await page.waitForLoadState('load');
      expect(page.url()).toBe(`${baseURL}/order/${order.id}?token=${order.token}`);
      await expect(page.locator('[data-server-notices]').textContent()).resolves.toContain(
        texts.changed(other),
      );
      await expect(
        sectionOf(page)
          .locator(`input[name="${deliveryDayForm.field}"]:checked`)
          .getAttribute('value'),
      ).resolves.toBe(other);
    },
    TEST_TIMEOUT_MS,
  );
});
