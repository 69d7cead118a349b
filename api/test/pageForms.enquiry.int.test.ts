import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { enquiries, mailOutbox, rateLimits } from '../db/schema';
import { messages } from '../domain/messages';
import { noticeCookieName } from '../domain/pageForms';
import { createLogger } from '../logger';
import { realAppRuntime, signedInCustomer } from './appEntry';
import { createTestDatabase, testConfig, usingPostgres, type TestDatabase } from './harness';

/**
 * The header, the side navigation and the wholesale enquiry before and without JavaScript
 * (DESIGN.md, Rendering), through HTTP against the real app's server rendering: the enquiry form
 * posted to its page (api/ssr/forms/enquiry.ts), the `?wsm` and `?menu` targets rendered open in
 * the first HTML, and the signed-in customer's Logout as a form.
 */
const origin = 'http://shop.test';
const slow = 120_000;

let db: TestDatabase;
let shop: ReturnType<ReturnType<typeof createApp>['callback']>;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = createApp({
    config: testConfig({ PUBLIC_URL: origin, ENQUIRY_RATE_LIMIT: '1000' }),
    database: db.handle,
    logger: createLogger('silent'),
    ssr: await realAppRuntime(),
  }).callback();
}, slow);
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  const { db: handle } = db.handle;
  await handle.delete(mailOutbox);
  await handle.delete(enquiries);
  await handle.delete(rateLimits);
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function cookiesOf(res: request.Response): string[] {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? (raw as string[]) : [];
}

/** The page's HTML without React's text separators. */
const textOf = (res: request.Response) => res.text.replace(/<!-- -->/g, '');

const valid = {
  name: 'Aoife Murphy',
  email: 'aoife@murphyfuels.co.uk',
  address: '3 Quay Street, Newry BT35 6AA',
  companyName: 'Murphy Fuels',
  telephone: '028 3026 1234',
  telephone2: '',
  message: 'Please quote for 20 pallets of smokeless coal.',
};

const empty = {
  name: '',
  email: '',
  address: '',
  companyName: '',
  telephone: '',
  telephone2: '',
  message: '',
};

/** SPEC §5: every message of an empty enquiry. */
const emptyMessages = [
  messages.enquiry.nameRequired,
  messages.enquiry.emailRequired,
  messages.enquiry.addressRequired,
  messages.enquiry.companyRequired,
  messages.enquiry.telephoneRequired,
  messages.enquiry.messageRequired,
];

/** The <form> elements of a page whose hidden intent is `intent`, as HTML. */
function formsWithIntent(html: string, intent: string): string[] {
  return [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
    .map((match) => match[0])
    .filter((markup) => markup.includes(`name="intent" value="${intent}"`));
}

describe(`the enquiry form without JavaScript (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'is a method="post" form to its own page, with its intent and no native validation',
    async () => {
      const res = await request(shop).get('/contact');
      expect(res.status).toBe(200);
      const [enquiry, ...others] = formsWithIntent(res.text, 'enquiry');
      expect(others).toHaveLength(0);
      expect(enquiry).toMatch(/^<form\b[^>]*\bmethod="post"/);
      expect(enquiry).toMatch(/^<form\b[^>]*\baction="\/contact"/);
      expect(enquiry).toMatch(/^<form\b[^>]*\bnoValidate=""/i);
      for (const name of Object.keys(valid)) expect(enquiry).toContain(`name="${name}"`);
      expect(enquiry).not.toMatch(/\brequired\b|\bpattern=/);
    },
    slow,
  );

  it(
    'sends a valid enquiry: 303 back to the page, "Email sent!" once, the enquiry and its mail stored',
    async () => {
      const res = await request(shop)
        .post('/contact')
        .type('form')
        .send(form({ intent: 'enquiry', ...valid }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/contact');
      const notice = cookiesOf(res).find((c) => c.startsWith(`${noticeCookieName}=`));
      expect(notice).toBeDefined();

      const stored = await db.handle.db.select().from(enquiries);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        name: valid.name,
        email: valid.email,
        address: valid.address,
        companyName: valid.companyName,
        telephone: valid.telephone,
        message: valid.message,
      });
      const mail = await db.handle.db.select().from(mailOutbox);
      expect(mail).toHaveLength(1);
      expect(mail[0]?.status).toBe('pending');

      const page = await request(shop)
        .get('/contact')
        .set('Cookie', String(notice).split(';')[0] ?? '');
      expect(page.status).toBe(200);
      expect(textOf(page)).toContain(messages.enquiry.sent);
      expect(page.text).toContain('data-server-notices');
    },
    slow,
  );

  it(
    'refuses an empty enquiry: the page again (400) with every message of SPEC §5',
    async () => {
      const res = await request(shop)
        .post('/contact')
        .type('form')
        .send(form({ intent: 'enquiry', ...empty }));
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = textOf(res);
      expect(html).toContain('data-server-notices');
      for (const message of emptyMessages) expect(html).toContain(message);
      // The form is there again, its fields marked (as after pressing Send with script).
      const [enquiry] = formsWithIntent(res.text, 'enquiry');
      expect(enquiry).toBeDefined();
      expect(enquiry).toContain('aria-invalid="true"');
      expect(await db.handle.db.select().from(enquiries)).toHaveLength(0);
      expect(await db.handle.db.select().from(mailOutbox)).toHaveLength(0);
    },
    slow,
  );

  it(
    'keeps what was typed after a refusal (never the honeypot), with the field messages',
    async () => {
      const res = await request(shop)
        .post('/contact')
        .type('form')
        .send(
          form({
            intent: 'enquiry',
            ...empty,
            name: 'Aoife Murphy',
            email: 'not an address',
            message: 'Twenty pallets, please.',
          }),
        );
      expect(res.status).toBe(400);
      const html = textOf(res);
      expect(html).toContain(messages.enquiry.emailInvalid);
      expect(html).toContain(messages.enquiry.addressRequired);
      // Not "Name required." (a part of "Company Name required.", which is there).
      expect(html).not.toMatch(/(?<!Company )Name required\./);
      const [enquiry = ''] = formsWithIntent(res.text, 'enquiry');
      expect(enquiry).toMatch(
        /name="name"[^>]*value="Aoife Murphy"|value="Aoife Murphy"[^>]*name="name"/,
      );
      expect(enquiry).toMatch(
        /name="email"[^>]*value="not an address"|value="not an address"[^>]*name="email"/,
      );
      expect(enquiry).toMatch(
        /<textarea[^>]*name="message"[^>]*>Twenty pallets, please\.<\/textarea>/,
      );
    },
    slow,
  );

  it(
    'discards a filled honeypot as the API does: a success with no notice, nothing stored',
    async () => {
      const res = await request(shop)
        .post('/contact')
        .type('form')
        .send(form({ intent: 'enquiry', ...valid, telephone2: '028 0000 0000' }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/contact');
      expect(cookiesOf(res).some((c) => c.startsWith(`${noticeCookieName}=`))).toBe(false);
      expect(await db.handle.db.select().from(enquiries)).toHaveLength(0);
    },
    slow,
  );
});

describe('the enquiry modal (`?wsm`) without JavaScript', () => {
  it(
    'is in the first HTML: the panel, the contact details, the form posting to ?wsm, a Close link',
    async () => {
      const res = await request(shop).get('/faqs?wsm');
      expect(res.status).toBe(200);
      const html = textOf(res);
      expect(html).toContain('data-static-modal');
      expect(html).toContain(messages.enquiry.modalTitle);
      expect(html).toContain(messages.enquiry.modalIntro);
      const [enquiry = ''] = formsWithIntent(res.text, 'enquiry');
      expect(enquiry).toMatch(/^<form\b[^>]*\bmethod="post"/);
      expect(enquiry).toMatch(/^<form\b[^>]*\baction="\/faqs\?wsm"/);
      expect(res.text).toMatch(/<a\b[^>]*href="\/faqs"[^>]*aria-label="Close"/);
      // Without `wsm`, no panel.
      const plain = await request(shop).get('/faqs');
      expect(plain.text).not.toContain('data-static-modal');
    },
    slow,
  );

  it(
    'sends from the modal: back to the page without wsm (other parameters kept), with the notice',
    async () => {
      const page = '/products/wholesale/coal/bagged/uk?category=best-sellers&wsm';
      const res = await request(shop)
        .post(page)
        .type('form')
        .send(form({ intent: 'enquiry', ...valid }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/products/wholesale/coal/bagged/uk?category=best-sellers');
      expect(cookiesOf(res).some((c) => c.startsWith(`${noticeCookieName}=`))).toBe(true);
      expect(await db.handle.db.select().from(enquiries)).toHaveLength(1);
    },
    slow,
  );

  it(
    'a refusal shows the modal again, with every message and the typed values',
    async () => {
      const res = await request(shop)
        .post('/faqs?wsm')
        .type('form')
        .send(form({ intent: 'enquiry', ...empty, companyName: 'Murphy Fuels' }));
      expect(res.status).toBe(400);
      const html = textOf(res);
      expect(html).toContain('data-static-modal');
      for (const message of emptyMessages.filter((m) => m !== messages.enquiry.companyRequired)) {
        expect(html).toContain(message);
      }
      const [enquiry = ''] = formsWithIntent(res.text, 'enquiry');
      expect(enquiry).toMatch(/^<form\b[^>]*\baction="\/faqs\?wsm"/);
      expect(enquiry).toContain('value="Murphy Fuels"');
    },
    slow,
  );
});

describe('the header without JavaScript', () => {
  it(
    'the Menu button is a link to ?menu, which renders the side navigation open with a Close link',
    async () => {
      const plain = await request(shop).get('/faqs');
      expect(plain.status).toBe(200);
      expect(plain.text).toMatch(/<a\b[^>]*href="\/faqs\?menu"[^>]*role="button"/);
      expect(plain.text).not.toContain('data-static-side-panel');

      const res = await request(shop).get('/faqs?menu');
      expect(res.status).toBe(200);
      const html = textOf(res);
      expect(html).toContain('data-static-side-panel');
      const panel = html.slice(html.indexOf('data-static-side-panel'));
      for (const href of [
        '/products/wholesale/best-sellers/uk',
        '/products/wholesale/coal/bulk',
        '/products/wholesale/oil',
        '/products/industrial-fuel',
        '/products/domestic/oil',
        '/contact',
      ]) {
        expect(panel).toContain(`href="${href}"`);
      }
      expect(panel).toMatch(/<a\b[^>]*href="\/faqs"[^>]*aria-label="Close"/);
      expect(res.text).toMatch(
        /<a\b[^>]*href="\/faqs\?menu"[^>]*role="button"[^>]*aria-expanded="true"/,
      );
    },
    slow,
  );

  it(
    'the drop-downs, cart, phones and e-mail are plain links in the first HTML',
    async () => {
      const res = await request(shop).get('/about');
      expect(res.status).toBe(200);
      // The primary navigation's drop-downs are native disclosures with their links.
      expect(res.text).toMatch(/<details\b[^>]*>\s*<summary\b[^>]*>[\s\S]*?Wholesale Fuel/);
      expect(res.text).toContain('href="/products/wholesale/oil"');
      expect(res.text).toMatch(/<a\b[^>]*href="\/cart"/);
      expect(res.text).toMatch(/<a\b[^>]*href="tel:/);
      expect(res.text).toMatch(/<a\b[^>]*href="mailto:/);
    },
    slow,
  );

  it(
    'a signed-in customer\'s menu opens natively, with Logout as a method="post" form to the page',
    async () => {
      const { cookie } = await signedInCustomer(db);
      const res = await request(shop).get('/about').set('Cookie', cookie);
      expect(res.status).toBe(200);
      const html = textOf(res);
      expect(html).toMatch(/<summary\b[^>]*>[\s\S]*?Hi, Customer \d+!/);
      const [logout = '', ...others] = formsWithIntent(res.text, 'logout');
      expect(others).toHaveLength(0);
      expect(logout).toMatch(/^<form\b[^>]*\bmethod="post"/);
      expect(logout).toMatch(/^<form\b[^>]*\baction="\/about"/);
      expect(logout).toMatch(/<button\b[^>]*type="submit"[^>]*>Logout<\/button>/);
      expect(html).toContain('href="/order"');
    },
    slow,
  );
});
