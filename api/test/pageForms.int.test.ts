import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../app';
import { users } from '../db/schema';
import { noticeCookieName } from '../domain/pageForms';
import { createLogger } from '../logger';
import { crossSiteMessage } from '../middleware/crossSite';
import { sessionCookieName } from '../routes/auth';
import { formMessages } from '../ssr/forms/formBridge';
import { realAppRuntime, signedInCustomer } from './appEntry';
import { createTestDatabase, testConfig, usingPostgres, type TestDatabase } from './harness';

/**
 * Forms posted to pages without JavaScript (api/ssr/forms): the bridge itself, through HTTP
 * against the real app's server rendering. Each feature's forms have their own tests.
 */
const origin = 'http://shop.test';
const slow = 120_000;
const password = 'a long enough pass phrase 9';

let db: TestDatabase;
let shop: ReturnType<ReturnType<typeof createApp>['callback']>;
let email: string;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = createApp({
    config: testConfig({ PUBLIC_URL: origin }),
    database: db.handle,
    logger: createLogger('silent'),
    ssr: await realAppRuntime(),
  }).callback();
  let userId: string;
  ({ email, userId } = await signedInCustomer(db, { password }));
  await db.handle.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}, slow);
afterAll(async () => {
  await db?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function cookiesOf(res: request.Response): string[] {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? (raw as string[]) : [];
}

describe(`forms posted to pages (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'a login posted without JavaScript signs in and redirects (303), the notice shown once',
    async () => {
      const res = await request(shop)
        .post('/user/login?redirect=%2Forder')
        .type('form')
        .send(form({ intent: 'login', email, password }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/login?redirect=%2Forder');
      const cookies = cookiesOf(res);
      const session = cookies.find((c) => c.startsWith(`${sessionCookieName}=`));
      expect(session).toBeDefined();
      const notice = cookies.find((c) => c.startsWith(`${noticeCookieName}=`));
      expect(notice).toMatch(/httponly/i);
      const jar = [session, notice].map((c) => String(c).split(';')[0]).join('; ');
      const page = await request(shop).get('/').set('Cookie', jar);
      expect(page.status).toBe(200);
      expect(page.text).toContain('data-server-notices');
      // Shown once: the cookie is cleared with the page that showed it.
      expect(cookiesOf(page).some((c) => c.startsWith(`${noticeCookieName}=;`))).toBe(true);
    },
    slow,
  );

  it(
    'a refused login renders the page again with the message and the e-mail, never the password',
    async () => {
      const res = await request(shop)
        .post('/user/login')
        .type('form')
        .send(form({ intent: 'login', email, password: 'not the password at all' }));
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('Invalid email or password');
      expect(res.text).toContain('data-server-notices');
      expect(res.text).not.toContain('not the password at all');
    },
    slow,
  );

  it('refuses a form from another site (403), before reading it', async () => {
    const res = await request(shop)
      .post('/user/login')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(form({ intent: 'login', email, password }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(crossSiteMessage);
    expect(cookiesOf(res).some((c) => c.startsWith(`${sessionCookieName}=`))).toBe(false);
  });

  it(
    "without Origin and Sec-Fetch-Site, another site's Referer is refused (403) and changes nothing; the site's own, or none, is accepted",
    async () => {
      const account = await signedInCustomer(db, { password });
      const phoneOf = async () => {
        const [row] = await db.handle.db
          .select({ phone: users.phone })
          .from(users)
          .where(eq(users.id, account.userId));
        return row?.phone;
      };
      const details = (phone: string) =>
        form({ intent: 'accountDetails', fullName: 'Ciara Quinn', email: account.email, phone });
      // As a browser (or a proxy) that drops Origin sends it: the page it came from, nothing else.
      const post = (referer: string | null, phone: string) => {
        const req = request(shop).post('/user/account').set('Cookie', account.cookie).type('form');
        if (referer !== null) req.set('Referer', referer);
        return req.send(details(phone));
      };
      const before = await phoneOf();
      // Another site; the site's name under another scheme or port; not a URL at all.
      for (const referer of [
        'http://evil.example/x',
        'https://shop.test/user/account',
        'http://shop.test:8080/user/account',
        'http://shop.test.evil.example/',
        'not a url',
      ]) {
        const refused = await post(referer, '028 9032 0001');
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(crossSiteMessage);
      }
      expect(await phoneOf()).toBe(before);

      const own = await post(`${origin}/user/account?tab=details`, '028 9032 0002');
      expect(own.status).toBe(303);
      expect(await phoneOf()).toBe('028 9032 0002');
      // No Referer at all (a privacy tool took it out): accepted.
      const none = await post(null, '028 9032 0003');
      expect(none.status).toBe(303);
      expect(await phoneOf()).toBe('028 9032 0003');
    },
    slow,
  );

  it('takes only form-encoded bodies on pages (415), and /api stays JSON-only', async () => {
    const json = await request(shop).post('/user/login').send({ intent: 'login', email, password });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(formMessages.mediaType);
    const api = await request(shop)
      .post('/api/auth/local')
      .type('form')
      .send(form({ email, password }));
    expect(api.status).toBe(415);
  });

  it('refuses an unknown intent, or a form posted to a page it is not on (400)', async () => {
    const unknown = await request(shop)
      .post('/user/login')
      .type('form')
      .send(form({ intent: 'x' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(formMessages.unknown);
    const elsewhere = await request(shop)
      .post('/about')
      .type('form')
      .send(form({ intent: 'login', email, password }));
    expect(elsewhere.status).toBe(400);
  });

  it('refuses a body over the limit (413) and too many fields (400)', async () => {
    const big = await request(shop)
      .post('/user/login')
      .type('form')
      .send(form({ intent: 'login', email: 'x'.repeat(20_000) }));
    expect(big.status).toBe(413);
    const many = await request(shop)
      .post('/user/login')
      .type('form')
      .send(Array.from({ length: 100 }, (_, i) => `f${i}=1`).join('&'));
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(formMessages.tooManyFields);
  });
});
