import type { Page } from 'playwright';
import { messages } from '../api/domain/messages';
import { authTexts } from '../app/features/auth';
import { waitForHydration } from './browser';

/**
 * The one staff user global-setup made (`staff:create`), shared by the files that use the back
 * office. Its one-time link sets this password once, whichever file runs first; the others sign
 * in with it (a second use of the link would be refused, and a new reset would end the sessions
 * of a file running before).
 */
export const staffPassword = 'staff passphrase for tests';

/** Sets the staff password through the one-time link, unless a file before did. */
export async function ensureStaffPassword(
  baseURL: string,
  staff: { email: string; token: string },
): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signedIn = await post('/api/auth/local', { email: staff.email, password: staffPassword });
  if (signedIn.ok) return;
  const reset = await post('/api/auth/reset-password', {
    token: staff.token,
    password: staffPassword,
  });
  if (reset.status !== 200) throw new Error(`Setting the staff password answered ${reset.status}`);
}

/** Signs in through the shop's own login page, as staff do, and lands on the back office. */
export async function signInAsStaff(page: Page, baseURL: string, email: string): Promise<void> {
  const labels = messages.auth.labels;
  await page.goto(`${baseURL}/user/login?redirect=${encodeURIComponent('/admin')}`);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: authTexts.login.formLabel });
  await form.getByRole('textbox', { name: labels.email }).fill(email);
  await form.getByLabel(labels.password, { exact: true }).fill(staffPassword);
  await form.getByRole('button', { name: authTexts.login.submit }).click();
  await page.waitForURL(`${baseURL}/admin`);
  await page.getByRole('heading', { name: 'Back office', level: 1 }).waitFor();
}
