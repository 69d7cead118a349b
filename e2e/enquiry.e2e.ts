import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../api/domain/messages';
import { site } from '../api/domain/site';
import { launchBrowser, waitForHydration, watchConsole } from './browser';

/**
 * The wholesale enquiry (SPEC §2, §4, §5) in the production build. The API allows 5 enquiries
 * per 10 minutes per address and every test here shares one, so only one test sends a valid
 * enquiry to the server; refusals and network failures are played by page.route().
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const seven = [
  'Name required.',
  'Email required.',
  'Valid email required.',
  'Address required.',
  'Company Name required.',
  'Contact No. required.',
  'Enquiry required.',
];

const placeholders = messages.enquiry.placeholders;

async function open(path: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    viewport,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  // The history length as each document starts, before any script of ours runs.
  await page.addInitScript(() => {
    (window as unknown as { historyAtStart: number }).historyAtStart = window.history.length;
  });
  const problems = watchConsole(page);
  const enquiries: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/enquiries') enquiries.push(request.method());
  });
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  return { context, page, problems, enquiries };
}

const historyAtStart = (page: Page) =>
  page.evaluate(() => (window as unknown as { historyAtStart: number }).historyAtStart);
const historyLength = (page: Page) => page.evaluate(() => window.history.length);

/** The notifications showing, top to bottom (each one is an alertdialog). */
const toasts = (page: Page) => page.getByRole('alertdialog').allTextContents();

const box = (scope: Locator | Page, field: keyof typeof placeholders) =>
  scope.getByRole('textbox', { name: placeholders[field], exact: true });

async function fill(
  scope: Locator | Page,
  values: Partial<Record<keyof typeof placeholders, string>>,
) {
  for (const [field, value] of Object.entries(values)) {
    await box(scope, field as keyof typeof placeholders).fill(value);
  }
}

const sample = {
  name: 'Ciarán O’Neill',
  email: 'ciaran@oneillfuels.co.uk',
  address: '12 Market Street, Armagh BT61 7BX',
  companyName: "O'Neill Fuels",
  telephone: '028 3752 1234',
  message: 'Please quote for 10 pallets of smokeless ovals.',
};

async function openModal(viewport?: { width: number; height: number }) {
  const opened = await open('/?wsm', viewport);
  const dialog = opened.page.getByRole('dialog', { name: messages.enquiry.modalTitle });
  await dialog.waitFor();
  return { ...opened, dialog };
}

describe('wholesale enquiry modal', () => {
  it('opens from /?wsm, drops wsm by a replace, and closes without touching the history', async () => {
    const { context, page, dialog, problems } = await openModal();
    await page.waitForURL(`${baseURL}/`);
    const start = await historyAtStart(page);
    await expect(historyLength(page)).resolves.toBe(start);

    for (const field of ['name', 'email', 'address', 'companyName', 'telephone'] as const) {
      await expect(box(dialog, field).getAttribute('placeholder')).resolves.toBe(
        placeholders[field],
      );
    }
    await expect(box(dialog, 'message').evaluate((el) => el.tagName)).resolves.toBe('TEXTAREA');
    // Contact No. 2 is there for bots only: no name for assistive technology, not tabbable,
    // not autofilled, and off-screen.
    await expect(
      dialog.getByRole('textbox', { name: placeholders.telephone2 }).count(),
    ).resolves.toBe(0);
    const honeypot = dialog.locator('input[name="telephone2"]');
    await expect(honeypot.getAttribute('tabindex')).resolves.toBe('-1');
    await expect(honeypot.getAttribute('autocomplete')).resolves.toBe('off');
    await expect(honeypot.boundingBox().then((b) => (b ? b.x + b.width : 0))).resolves.toBeLessThan(
      0,
    );
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send.locator('svg').count()).resolves.toBeGreaterThan(0);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseURL}/`);
    await expect(historyLength(page)).resolves.toBe(start);
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it("shows the offices' phones and the e-mail address as links that dial and mail", async () => {
    const { context, dialog } = await openModal();
    for (const office of site.offices) {
      const phone = dialog.getByRole('link', { name: new RegExp(office.phone) });
      await expect(phone.textContent()).resolves.toContain(office.name);
      await expect(phone.getAttribute('href')).resolves.toBe(
        `tel:+44${office.phone.replace(/\D/g, '').slice(1)}`,
      );
    }
    await expect(dialog.getByRole('link', { name: site.email }).getAttribute('href')).resolves.toBe(
      `mailto:${site.email}`,
    );
    await context.close();
  });

  it('on Send shows every message of an empty form, then only the bad email; nothing is sent', async () => {
    const { context, page, dialog, enquiries } = await openModal();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => toasts(page)).toEqual(seven);
    for (const field of [
      'name',
      'email',
      'address',
      'companyName',
      'telephone',
      'message',
    ] as const) {
      await expect(box(dialog, field).getAttribute('aria-invalid')).resolves.toBe('true');
    }

    await fill(dialog, { ...sample, email: 'ciaran@oneillfuels' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => toasts(page)).toEqual(['Valid email required.']);
    await expect(box(dialog, 'email').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(box(dialog, 'name').getAttribute('aria-invalid')).resolves.toBeNull();
    expect(enquiries).toEqual([]);
    await context.close();
  });

  it('on a 390 px phone: the notices never cover the field being filled in, and each closes once its field is right', async () => {
    const { context, page, dialog, problems } = await openModal({ width: 390, height: 844 });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => toasts(page)).toEqual(seven);
    // Is the field under a notice that can be seen?
    const coveredByNotices = (field: Locator) =>
      field.evaluate((input) => {
        const region = document.querySelector('[role="alertdialog"]')?.parentElement;
        if (!region) return false;
        const a = region.getBoundingClientRect();
        const b = input.getBoundingClientRect();
        const overlap =
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return overlap && Number(getComputedStyle(region).opacity) > 0;
      });
    for (const field of ['name', 'email', 'address', 'message'] as const) {
      await box(dialog, field).focus();
      await expect.poll(() => coveredByNotices(box(dialog, field))).toBe(false);
    }
    // Put right, a field's notice closes at once; the others stay until theirs are.
    await box(dialog, 'name').fill(sample.name);
    await expect.poll(() => toasts(page)).toEqual(seven.filter((m) => m !== 'Name required.'));
    await box(dialog, 'email').fill('ciaran@oneillfuels');
    await expect
      .poll(() => toasts(page))
      .toEqual(seven.filter((m) => m !== 'Name required.' && m !== 'Email required.'));
    await box(dialog, 'email').fill(sample.email);
    await expect.poll(() => toasts(page)).toEqual(seven.slice(3));
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it('sends a valid enquiry: "Email sent!", name, email and enquiry cleared, the rest kept, and the e-mail written', async () => {
    const { context, page, dialog, problems } = await openModal();
    const reference = `E2E${Date.now().toString(36)}`;
    await fill(dialog, { ...sample, message: `Quote please, ref ${reference}` });
    const answer = page.waitForResponse(
      (res) =>
        new URL(res.url()).pathname === '/api/enquiries' && res.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Send' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    await expect.poll(() => toasts(page)).toEqual(['Email sent!']);
    await expect(box(dialog, 'name').inputValue()).resolves.toBe('');
    await expect(box(dialog, 'email').inputValue()).resolves.toBe('');
    await expect(box(dialog, 'message').inputValue()).resolves.toBe('');
    await expect(box(dialog, 'address').inputValue()).resolves.toBe(sample.address);
    await expect(box(dialog, 'companyName').inputValue()).resolves.toBe(sample.companyName);
    await expect(box(dialog, 'telephone').inputValue()).resolves.toBe(sample.telephone);

    // Without SMTP_URL the mail worker writes the shop's e-mail to DATA_DIR/mail.
    const mailDir = join(dataDir, 'mail');
    const written = async () => {
      const names = await readdir(mailDir).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.eml'))) {
        const text = await readFile(join(mailDir, name), 'utf8');
        if (text.includes(reference)) return text;
      }
      return '';
    };
    await expect.poll(written, { timeout: 20_000 }).toContain(reference);
    expect(await written()).toContain(sample.telephone);
    expect(problems.map((m) => m.text())).toEqual([]);
    await context.close();
  });

  it('shows a refusal from the server, and a network failure, in red and keeps everything typed', async () => {
    const { context, page, dialog } = await openModal();
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 429, message: messages.enquiry.tooMany }),
      }),
    );
    await fill(dialog, sample);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => toasts(page)).toEqual([messages.enquiry.tooMany]);
    await expect(box(dialog, 'name').inputValue()).resolves.toBe(sample.name);

    await page.unroute('**/api/enquiries');
    await page.route('**/api/enquiries', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => toasts(page))
      .toEqual(['We could not send your enquiry. Please check your connection and try again.']);
    for (const [field, value] of Object.entries(sample)) {
      await expect(box(dialog, field as keyof typeof sample).inputValue()).resolves.toBe(value);
    }
    await expect(dialog.getByRole('button', { name: 'Send' }).isEnabled()).resolves.toBe(true);
    await context.close();
  });

  it('the wholesale call to action opens the modal and keeps the coal category', async () => {
    const path = '/products/wholesale/coal/bagged/uk?category=smokeless-fuels';
    const { context, page } = await open(path);
    const heading = page.getByRole('heading', { level: 1 });
    const before = await heading.textContent();
    await page.getByRole('link', { name: 'send us a wholesale enquiry' }).click();
    const dialog = page.getByRole('dialog', { name: messages.enquiry.modalTitle });
    await dialog.waitFor();
    await page.waitForURL(`${baseURL}${path}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseURL}${path}`);
    await expect(heading.textContent()).resolves.toBe(before);
    await context.close();
  });
});

describe('enquiry form on /contact', () => {
  it('sits under the office details and validates on Send', async () => {
    const { context, page, enquiries } = await open('/contact');
    const section = page.getByRole('region', { name: messages.enquiry.contactHeading });
    await section.getByRole('heading', { level: 2, name: 'Send a wholesale enquiry' }).waitFor();
    await section.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => toasts(page)).toEqual(seven);
    expect(enquiries).toEqual([]);
    await context.close();
  });

  it('sends nothing and shows nothing when Contact No. 2 is filled', async () => {
    const { context, page, enquiries } = await open('/contact');
    const form = page.getByRole('form', { name: messages.enquiry.formLabel });
    await fill(form, sample);
    await form.locator('input[name="telephone2"]').fill('07700 900123');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.getAttribute('data-enquiry-state')).toBe('ready.discarded');
    await expect(toasts(page)).resolves.toEqual([]);
    expect(enquiries).toEqual([]);
    await context.close();
  });
});
