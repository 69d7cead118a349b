import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayInWords } from '../api/domain/deliveryCalendar';
import { messages } from '../api/domain/messages';
import { authTexts } from '../app/features/auth';
import { emailTo } from './mailbox';
import { launchBrowser, waitForHydration, watchConsole } from './browser';
import { kerosene500, notProblems, payAsGuest, type OilSize } from './checkoutSteps';
import { ensureStaffPassword, staffPassword } from './staffSession';

/**
 * The back office (issue 20) in Chromium against the production build: a staff user made by
 * `staff:create` before the server started (e2e/global-setup.ts) sets a password, signs in,
 * changes the 500 L kerosene price and the shop shows it; marks a paid order out for delivery and
 * the customer's e-mail appears; downloads the day's deliveries as CSV. Customers never load the
 * back office's code, and get the ordinary 404 for it.
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const staff = inject('staff');
const TEST_TIMEOUT_MS = 120_000;
const password = staffPassword;

let browser: Browser;
let oil500: OilSize;

beforeAll(async () => {
  browser = await launchBrowser();
  oil500 = await kerosene500(baseURL);
  // The link staff:create printed (the ordinary password reset), unless another file used it.
  await ensureStaffPassword(baseURL, staff);
});
afterAll(async () => {
  await browser.close();
});

async function open(path: string) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  return { context, page, problems, scripts };
}

/** Signs in through the shop's own login page, as staff do. */
async function signInAsStaff(page: Page): Promise<void> {
  const labels = messages.auth.labels;
  await page.goto(`${baseURL}/user/login?redirect=${encodeURIComponent('/admin')}`);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: authTexts.login.formLabel });
  await form.getByRole('textbox', { name: labels.email }).fill(staff.email);
  await form.getByLabel(labels.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: authTexts.login.submit }).click();
  await page.waitForURL(`${baseURL}/admin`);
  await page.getByRole('heading', { name: 'Back office', level: 1 }).waitFor();
}

/** An order paid through the test provider's signed webhook, from a customer's browser. */
async function paidOrder(page: Page): Promise<{ id: string; number: string; email: string }> {
  const email = `delivery.${Date.now()}@example.com`;
  const order = await payAsGuest(page, oil500, {
    fullName: 'Gráinne O’Neill',
    email,
    addressLine1: '4 Lisburn Road',
    instructions: 'Tank behind the garage',
  });
  return { id: order.id, number: order.number, email };
}

describe('the back office in Chromium', () => {
  it(
    'is not there for customers: /admin is the ordinary 404, and no admin code is loaded',
    async () => {
      const { context, page, scripts } = await open('/');
      const res = await page.goto(`${baseURL}/admin`);
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { name: messages.notFound.heading }).waitFor();
      const prices = await page.goto(`${baseURL}/admin/prices`);
      expect(prices?.status()).toBe(404);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((url) => /admin/i.test(url))).toEqual([]);
      // Nor does the service worker fetch it for later.
      const worker = await (await fetch(`${baseURL}/sw.js`)).text();
      expect(worker).toMatch(/assets\/[^"']+\.js/);
      expect(worker).not.toMatch(/assets\/admin-/);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'staff sign in, change the 500 L kerosene price, and the shop page shows it',
    async () => {
      const { context, page, problems, scripts } = await open('/');
      await signInAsStaff(page);
      // The back office's own code, split from the shop's, loads for staff.
      expect(scripts.some((url) => /\/assets\/admin-/.test(url))).toBe(true);
      await page.getByRole('link', { name: 'Prices', exact: true }).click();
      await page.waitForURL(`${baseURL}/admin/prices`);
      const field = page.getByRole('textbox', { name: 'Kerosene Heating Oil – 500 Litres' });
      await field.waitFor();
      const original = await field.inputValue();
      expect(original).toMatch(/^\d+\.\d{2}$/);
      await field.fill('321.09');
      await page.getByRole('button', { name: 'Save prices' }).click();
      await page.getByText('Prices saved.').waitFor();
      // The saved price is dated today (UK time), beside its price per litre.
      const today = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/London',
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        })
          .formatToParts(new Date())
          .map((part) => [part.type, part.value]),
      );
      await page
        .getByText(
          `64.2p per litre · Set on ${today.weekday} ${today.day} ${today.month} ${today.year}`,
          { exact: true },
        )
        .waitFor();

      try {
        const shopper = await open('/products/domestic/oil');
        await shopper.page.getByText('£321.09').first().waitFor();
        await shopper.context.close();
      } finally {
        // Put the seeded price back: the other end-to-end suites expect it.
        await field.fill(original);
        await page.getByRole('button', { name: 'Save prices' }).click();
        await page.getByText('Prices saved.').waitFor();
      }
      expect(notProblems(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'marks a paid order out for delivery (the customer is e-mailed), and downloads the CSV',
    async () => {
      const customer = await open('/cart');
      const order = await paidOrder(customer.page);
      await customer.context.close();

      const { context, page, problems } = await open('/');
      await signInAsStaff(page);
      await page.getByRole('link', { name: 'Orders', exact: true }).click();
      await page.waitForURL(/\/admin\/orders/);
      // The order's number is a real link to it (issue 47), in the row header.
      const link = page.getByRole('rowheader', { name: order.number }).getByRole('link');
      await expect(link.getAttribute('href')).resolves.toBe(`/admin/orders/${order.id}`);
      await link.click();
      await page.waitForURL(`${baseURL}/admin/orders/${order.id}`);
      await page.getByRole('button', { name: 'Mark out for delivery' }).click();
      await page.getByRole('button', { name: 'Mark delivered' }).waitFor();

      const eml = await emailTo(dataDir, order.email, `order ${order.number} is out for delivery`);
      expect(eml).toContain('is on its way to you today');

      await page.goto(`${baseURL}/admin/orders`);
      await waitForHydration(page);
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download deliveries (CSV)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^deliveries-\d{4}-\d{2}-\d{2}\.csv$/);
      const path = await download.path();
      const csv = await readFile(path, 'utf8');
      expect(csv.split('\r\n')[0]).toBe(
        '"District","Order","Status","Delivery day","Name","Address","Town","Postcode","Telephone","Deliver","Tank location","Tanker access","Instructions"',
      );
      const line = csv.split('\r\n').find((l) => l.includes(order.number));
      expect(line).toContain('Kerosene Heating Oil (500 Litres)');
      // The day the order booked at checkout.
      expect(line).toMatch(/,"\d{4}-\d{2}-\d{2}",/);
      expect(line?.startsWith('"BT1",')).toBe(true);
      expect(notProblems(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'delivery days (issue 47): zones by name, nothing to set on a day without delivery, and closing an empty day asks first',
    async () => {
      const { context, page, problems } = await open('/');
      await signInAsStaff(page);
      // A Sunday four weeks on, and the Monday after: no orders booked that far ahead.
      const sunday = new Date();
      sunday.setUTCDate(sunday.getUTCDate() + 28 + ((7 - sunday.getUTCDay()) % 7));
      const iso = (date: Date) => date.toISOString().slice(0, 10);
      const monday = new Date(sunday);
      monday.setUTCDate(sunday.getUTCDate() + 1);
      await page.goto(`${baseURL}/admin/delivery-days?from=${iso(sunday)}`);
      await waitForHydration(page);
      const zone = page.getByRole('button', { name: /Zone/ });
      await expect(zone.textContent()).resolves.toMatch(
        /Northern Ireland \(solid fuel\)|Heating oil/,
      );
      const sundayRow = page.getByRole('row', { name: new RegExp(dayInWords(iso(sunday))) });
      await sundayRow.waitFor();
      await expect(sundayRow.getByRole('button').count()).resolves.toBe(0);
      await expect(sundayRow.getByRole('textbox').count()).resolves.toBe(0);

      const mondayWords = dayInWords(iso(monday));
      await page.getByRole('button', { name: `Close ${mondayWords}` }).click();
      const confirm = page.getByRole('group', { name: new RegExp(mondayWords) });
      await confirm.getByText('It has no orders.', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      // Still open: its Close button is there again.
      await page.getByRole('button', { name: `Close ${mondayWords}` }).waitFor();
      expect(notProblems(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'adds a delivery zone with the shared price rules, then deletes it',
    async () => {
      const { context, page, problems } = await open('/');
      await signInAsStaff(page);
      await page.getByRole('link', { name: 'Zones', exact: true }).click();
      await page.waitForURL(`${baseURL}/admin/zones`);
      await page.getByRole('button', { name: 'Add zone' }).click();
      const form = page.getByRole('form', { name: 'Add a zone' });
      await form.getByRole('textbox', { name: 'Title' }).fill('e2e zone');
      await form.getByRole('textbox', { name: 'Delivery rate' }).fill('twelve');
      await form.getByRole('textbox', { name: 'Minimum order' }).fill('100');
      await form.getByRole('textbox', { name: 'Postcode districts' }).fill('BT98, bt99');
      await form.getByRole('button', { name: 'Add zone' }).click();
      // The same message the API gives: the page checks with the API's own rules first.
      await form.getByText('Enter a price in pounds, such as 12.34.').first().waitFor();
      await form.getByRole('textbox', { name: 'Delivery rate' }).fill('12.50');
      await form.getByRole('button', { name: 'Add zone' }).click();
      await page.getByText('Zone added.').waitFor();
      const row = page.getByRole('row', { name: /e2e zone/ });
      await expect(row.getByText('£12.50').count()).resolves.toBe(1);

      await page.getByRole('button', { name: 'Delete e2e zone' }).click();
      const confirm = page.getByRole('group', { name: 'Delete e2e zone' });
      await confirm.getByRole('button').first().click();
      await page.getByText('Zone deleted.').waitFor();
      await expect(page.getByRole('row', { name: /e2e zone/ }).count()).resolves.toBe(0);
      expect(notProblems(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
