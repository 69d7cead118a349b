import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { staffInviteTexts } from '../api/domain/staffInvite';
import { adminPageTexts } from '../app/features/admin/texts';
import { emailTo } from './mailbox';
import { launchBrowser, waitForHydration, watchConsole } from './browser';
import { notProblems } from './checkoutSteps';
import { ensureStaffPassword, signInAsStaff } from './staffSession';

/**
 * Inviting a colleague from the back office's Staff page (issue 32, item 12) in Chromium against
 * the production build: the page is in the back office's navigation, checks the address before
 * sending, and after sending shows what was done and lists the colleague as invited; the
 * invitation (with its single-use link from PUBLIC_URL) is the e-mail the worker writes.
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const staff = inject('staff');
const TEST_TIMEOUT_MS = 120_000;
const t = adminPageTexts.staff;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await ensureStaffPassword(baseURL, staff);
});
afterAll(async () => {
  await browser.close();
});

describe('the Staff page in Chromium', () => {
  it(
    'invites a colleague by e-mail: the address is checked, the invitation sent and listed',
    async () => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signInAsStaff(page, baseURL, staff.email);

      const nav = page.getByRole('navigation', { name: adminPageTexts.navLabel });
      await nav.getByRole('link', { name: adminPageTexts.nav.staff }).click();
      await page.waitForURL(`${baseURL}/admin/staff`);
      await waitForHydration(page);
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();
      const table = page.getByRole('grid', { name: t.table }).or(page.getByRole('table'));
      await expect.poll(() => table.first().textContent()).toContain(staff.email);

      const form = page.getByRole('form', { name: t.inviteTitle });
      const field = form.getByRole('textbox', { name: t.email });
      await field.fill('not an address');
      await form.getByRole('button', { name: t.send }).click();
      await form.getByText(staffInviteTexts.emailFormat).waitFor();

      const email = `colleague.${Date.now()}@example.com`;
      await field.fill(email);
      await form.getByRole('button', { name: t.send }).click();
      await page.getByText(staffInviteTexts.invited(email)).waitFor();
      // A fresh, empty form for the next colleague.
      await expect.poll(() => field.inputValue()).toBe('');
      await expect.poll(() => table.first().textContent()).toContain(email);
      expect(await table.first().textContent()).toContain(t.statuses.invited);

      const mail = await emailTo(dataDir, email, 'back office');
      const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(unfolded).toContain(`${baseURL}/user/password-reset?token=`);
      expect(notProblems(problems)).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
