import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bankHolidayOn, dayInWords, weekdayOf } from '../api/domain/deliveryCalendar';
import { messages } from '../api/domain/messages';
import { checkoutTexts } from '../app/features/checkout';
import { launchBrowser, waitForHydration } from './browser';
import {
  checkoutForm,
  customer,
  fillCart,
  fillCheckoutForm,
  kerosene500,
  notProblems,
  openHydrated,
  type OilSize,
} from './checkoutSteps';
import { emailTo } from './mailbox';
import { ensureStaffPassword, signInAsStaff } from './staffSession';

/**
 * Delivery days in Chromium against the production build, on the server's own clock (issue 34):
 * the checkout page offers weekdays only, never a bank holiday, and a full day greyed out; priority
 * delivery adds its surcharge as its own line and its day is on the success page, the e-mail and
 * the order page; staff close a day and the customer's order moves to the next day, with its
 * e-mail. Staff changes are to later days of the horizon and are undone at the end.
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const staff = inject('staff');
// Measured at about 4–6 s each (checkout, payment, e-mails); room for a slow machine.
const TEST_TIMEOUT_MS = 120_000;

let browser: Browser;
let oil500: OilSize;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  oil500 = await kerosene500(baseURL);
  await ensureStaffPassword(baseURL, staff);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser.close();
});

const open = (path: string) => openHydrated(browser, contexts, `${baseURL}${path}`);

/** An e-mail as written (quoted-printable): soft line breaks joined, bytes decoded. */
function decoded(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The standard days the checkout page offers: each radio's value and whether it is disabled. */
async function offeredDays(page: Page) {
  const days = checkoutForm(page).getByRole('radiogroup', {
    name: checkoutTexts.deliveryDay.label,
  });
  await days.waitFor();
  return days.locator('input[type="radio"]').evaluateAll((inputs) =>
    inputs.map((input) => ({
      day: (input as HTMLInputElement).value,
      disabled: (input as HTMLInputElement).disabled,
    })),
  );
}

/** A signed-in staff page, for the back office's API. */
async function staffPage(): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  contexts.push(context);
  const page = await context.newPage();
  await signInAsStaff(page, baseURL, staff.email);
  return page;
}

async function oilZoneId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/admin/zones');
    const body = (await res.json()) as { zones: { id: number; title: string }[] };
    return body.zones.find((zone) => zone.title === 'oil')?.id ?? -1;
  });
}

/** PUT /api/admin/delivery-days/{zone}/{day} as staff: the answer's status and body. */
async function changeDay(page: Page, zone: number, day: string, change: object) {
  return page.evaluate(
    async ({ zone, day, change }) => {
      const res = await fetch(`/api/admin/delivery-days/${zone}/${day}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(change),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { zone, day, change },
  );
}

describe('delivery days in Chromium', () => {
  it(
    'offers weekdays only, never a bank holiday, a full day greyed out; priority delivery shows its surcharge and its day everywhere',
    async () => {
      const staffTab = await staffPage();
      const zone = await oilZoneId(staffTab);
      const { page, problems } = await open('/');
      await fillCart(page, oil500);
      await page.goto(`${baseURL}/checkout`);
      await waitForHydration(page);
      const before = await offeredDays(page);
      expect(before.length).toBeGreaterThan(5);
      for (const { day } of before) {
        expect(['sat', 'sun'], day).not.toContain(weekdayOf(day));
        expect(bankHolidayOn(day), day).toBeUndefined();
      }

      // Staff fill the last day offered: the page shows it, and it cannot be chosen.
      const full = before.at(-1)?.day ?? '';
      const listing = await staffTab.evaluate(
        async ({ zone, full }) =>
          (await (
            await fetch(`/api/admin/delivery-days?zone=${zone}&from=${full}&days=1`)
          ).json()) as {
            days: { capacity: number; booked: number }[];
          },
        { zone, full },
      );
      const capacity = listing.days[0]?.capacity ?? 0;
      expect(
        (await changeDay(staffTab, zone, full, { capacity: listing.days[0]?.booked ?? 0 })).status,
      ).toBe(200);
      await page.reload();
      await waitForHydration(page);
      expect((await offeredDays(page)).find((d) => d.day === full)).toEqual({
        day: full,
        disabled: true,
      });
      await expect(
        page.getByRole('radio', { name: `${dayInWords(full)}, Full` }).isDisabled(),
      ).resolves.toBe(true);
      expect((await changeDay(staffTab, zone, full, { capacity })).status).toBe(200);

      // Priority delivery: its box, its line and the new total.
      const form = checkoutForm(page);
      await fillCheckoutForm(form);
      const priorityLabel = form.getByText(/^Priority delivery: next day, /);
      // "Priority delivery: next day, Tuesday 1 December, for £25.00 more"
      const priorityDay = /next day, (\w+ \d+ \w+),/.exec(
        (await priorityLabel.textContent()) ?? '',
      )?.[1];
      expect(priorityDay).toMatch(/^\w+day \d+ \w+$/);
      await priorityLabel.click();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect
        .poll(() => summary.textContent())
        .toContain('Priority delivery (next day)£25.00');
      await expect(summary.textContent()).resolves.toContain('£330.00');
      await form.getByRole('button', { name: messages.checkout.pay }).click();
      await page.waitForURL(/\/pay\/test\/[^/?]+$/);
      await waitForHydration(page);
      const panel = page.getByRole('article', { name: 'Pay Fuelyard' });
      await expect(panel.textContent()).resolves.toContain('£330.00');
      await panel.getByRole('button', { name: 'Pay', exact: true }).click();

      await page.waitForURL(/\/checkout\/success\?order=/);
      const number = page.locator('[data-order-number]');
      await number.waitFor();
      const orderNumber = (await number.getAttribute('data-order-number')) ?? '';
      const success = (await page.getByText(/^We will deliver on/).textContent()) ?? '';
      expect(success).toMatch(
        new RegExp(`^We will deliver on ${priorityDay ?? 'no day'} \\d{4}\\.`),
      );

      const mail = await emailTo(dataDir, customer.email, `order ${orderNumber} confirmed`);
      const text = decoded(mail);
      expect(text).toContain('Priority delivery (next day): £25.00');
      expect(text).toContain(`we deliver on ${priorityDay ?? 'no day'}`);

      await page.getByRole('link', { name: checkoutTexts.success.viewOrder }).click();
      const receipt = page.getByRole('article', { name: `Order ${orderNumber}` });
      await receipt.waitFor();
      await expect(receipt.textContent()).resolves.toContain(`Delivery day${priorityDay ?? ''}`);
      await expect(
        receipt.getByRole('row', { name: /Priority delivery \(next day\)/ }).textContent(),
      ).resolves.toContain('£25.00');
      expect(notProblems(problems)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'staff close a day: the order booked on it moves to the next day with room, and its customer is e-mailed',
    async () => {
      const staffTab = await staffPage();
      const zone = await oilZoneId(staffTab);
      const { page } = await open('/');
      await fillCart(page, oil500);
      await page.goto(`${baseURL}/checkout`);
      await waitForHydration(page);
      const offered = (await offeredDays(page)).filter((d) => !d.disabled);
      // A day late in the horizon (and the ones after it), so other files' orders do not meet it.
      const day = offered.at(-3)?.day ?? '';
      const next = offered.at(-2)?.day ?? '';
      const email = `cold-snap.${Date.now()}@example.com`;
      await page.goto(`${baseURL}/`);
      const order = await payAsGuestOn(page, day, email);

      const closed = await changeDay(staffTab, zone, day, { closed: true });
      expect(closed.status).toBe(200);
      expect(closed.body.moved).toEqual([
        expect.objectContaining({ number: order.number, from: day, to: next, emailed: true }),
      ]);
      const mail = await emailTo(dataDir, email, 'Your delivery day has changed');
      expect(decoded(mail)).toContain(
        `Your new delivery day is ${dayInWords(next, { year: true })}.`,
      );
      expect((await changeDay(staffTab, zone, day, { closed: false })).status).toBe(200);
    },
    TEST_TIMEOUT_MS,
  );
});

/** `payAsGuest` for a chosen standard day (the page's cart cookie, the test provider's payment). */
async function payAsGuestOn(page: Page, day: string, email: string) {
  await fillCart(page, oil500);
  return page.evaluate(
    async ({ day, email }) => {
      const summary = (await (await fetch('/api/checkout')).json()) as {
        summary: { total: number };
      };
      const placed = await fetch('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          fullName: 'Niamh Quinn',
          email,
          phone: '028 9032 1234',
          addressLine1: '9 Antrim Road',
          addressLine2: '',
          town: 'Belfast',
          postcode: 'BT1 1AA',
          instructions: '',
          domesticUse: false,
          acceptTerms: true,
          expectedTotal: summary.summary.total,
          deliveryDay: day,
        }),
      });
      const body = (await placed.json()) as {
        order: { id: string; number: string };
        redirectUrl: string;
      };
      const sessionId = body.redirectUrl.split('/').pop() ?? '';
      const paid = await fetch(`/api/payments/test/sessions/${sessionId}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: 'pay' }),
      });
      if (!paid.ok) throw new Error(`The test payment answered ${paid.status}`);
      return body.order;
    },
    { day, email },
  );
}
