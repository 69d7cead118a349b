import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPence } from '../api/domain/money';
import { launchBrowser } from './browser';
import { kerosene500, notProblems, openHydrated, payAsGuest, type OilSize } from './checkoutSteps';
import { ensureStaffPassword, signInAsStaff } from './staffSession';

/**
 * Refunds the customer can see (issue 32, item 10), in Chromium against the production build: a
 * delivered order gets £10 back, then the rest, through the back office; the customer's order
 * page shows each refund with its amount and day, and what was paid net; the e-mail of the full
 * refund does not call the delivered order cancelled.
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const staff = inject('staff');
// Measured at about 5 s (a checkout, a payment, two refunds, three pages); room for a slow machine.
const TEST_TIMEOUT_MS = 90_000;

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

/** A page at `path` in a new desktop-sized context, hydrated, its console watched. */
const open = (path: string) => openHydrated(browser, contexts, `${baseURL}${path}`);

/** A guest order paid through the test provider's signed webhook, from the customer's browser. */
function paidOrder(page: Page) {
  return payAsGuest(page, oil500, {
    fullName: 'Niamh Quinn',
    email: `refunds.${Date.now()}@example.com`,
    addressLine1: '9 Ormeau Road',
    instructions: '',
  });
}

/** A back-office call from the signed-in staff page (same origin, its session cookie). */
async function staffCall(
  page: Page,
  path: string,
  body: unknown,
  key?: string,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ path, body, key }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { path, body, key },
  );
}

/** The text of the e-mail file whose Message-ID starts so, quoted-printable decoded. */
async function emailText(messageIdStart: string): Promise<string> {
  const mailDir = join(dataDir, 'mail');
  const find = async () => {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    const name = names.find((n) => n.startsWith(messageIdStart) && n.endsWith('.eml'));
    return name ? readFile(join(mailDir, name), 'utf8') : '';
  };
  await expect.poll(find, { timeout: 30_000, interval: 250 }).not.toBe('');
  const raw = (await find()).replace(/=\r?\n/g, '');
  return Buffer.from(
    raw.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

describe('refunds on the customer’s order page, in Chromium', () => {
  it(
    'a £10 partial refund and then the rest: each with its amount and day, the net paid, and an e-mail worded for a delivered order',
    async () => {
      const customer = await open('/cart');
      const order = await paidOrder(customer.page);

      const back = await open('/');
      await signInAsStaff(back.page, baseURL, staff.email);
      const orderApi = `/api/admin/orders/${order.id}`;
      for (const status of ['out_for_delivery', 'delivered']) {
        expect((await staffCall(back.page, `${orderApi}/status`, { status })).status).toBe(200);
      }
      const partial = await staffCall(
        back.page,
        `${orderApi}/refunds`,
        { amount: '10.00', reason: 'Short delivery' },
        `e2e-partial-${order.id}`,
      );
      expect(partial.status).toBe(201);
      const rest = await staffCall(back.page, `${orderApi}/refunds`, {}, `e2e-rest-${order.id}`);
      expect(rest.status).toBe(201);
      const fullRefund = (rest.body as { refund: { id: string; createdAt: string } }).refund;
      const partialRefund = (partial.body as { refund: { createdAt: string } }).refund;

      // The customer opens the order with the link's token.
      const { page, problems } = await open(`/order/${order.id}?token=${order.token}`);
      const receipt = page.getByRole('article', { name: `Order ${order.number}` });
      await receipt.waitFor();
      const lines = receipt.getByRole('table', { name: /Items ordered/ });
      const remainder = order.total - 1000;
      // Each refund: its day (UK time) and its amount, oldest first.
      const partialDay = day.format(new Date(partialRefund.createdAt));
      const restDay = day.format(new Date(fullRefund.createdAt));
      const refundRow = (name: string) => lines.getByRole('row', { name, exact: true });
      await refundRow(`Refunded on ${partialDay} -£10.00`).waitFor();
      await refundRow(`Refunded on ${restDay} -${formatPence(remainder)}`).waitFor();
      await expect(
        lines.getByRole('row', { name: /^Refunded on / }).allTextContents(),
      ).resolves.toEqual([
        expect.stringContaining('-£10.00'),
        expect.stringContaining(`-${formatPence(remainder)}`),
      ]);
      await expect(lines.getByRole('row', { name: /Total paid/ }).textContent()).resolves.toContain(
        formatPence(order.total),
      );
      await expect(lines.getByRole('row', { name: /Net paid/ }).textContent()).resolves.toContain(
        '£0.00',
      );
      expect(notProblems(problems)).toEqual([]);

      // The full refund's e-mail: the order was delivered, so it is not "cancelled".
      const mail = await emailText(`order-refund-${fullRefund.id}@`);
      expect(mail).toContain(`We have refunded ${formatPence(remainder)} of your order`);
      expect(mail).toContain(
        `With the earlier refunds, all of the ${formatPence(order.total)} you paid has now been refunded.`,
      );
      expect(mail).not.toContain('cancelled');
    },
    TEST_TIMEOUT_MS,
  );
});
