import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationTokens, orders, users } from '../db/schema';
import { messages } from '../domain/messages';
import { authAnswers } from '../domain/authAnswers';
import { noticeCookieName } from '../domain/pageForms';
import { sessionCookieName } from '../routes/auth';
import { tokenMailedTo } from './accounts';
import { realAppRuntime, signedInCustomer } from './appEntry';
import { placeOilOrder, shop } from './checkoutFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * The account forms posted to their pages without JavaScript (api/ssr/forms/auth.ts), through
 * HTTP against the real app's server rendering: each form's HTML, its success (303, its effect and
 * its notice on the next page) and its refusal (the page again, the API's status and message, what
 * was typed kept, never a password).
 */
const slow = 120_000;
const m = messages.auth;
const password = 'a long enough pass phrase 9';

let t: TestApp;
let shopApp: ReturnType<TestApp['app']['callback']>;

beforeAll(async () => {
  t = await createTestApp({
    ssr: await realAppRuntime(),
    env: { PUBLIC_URL: shop, LOGIN_RATE_LIMIT: '1000' },
  });
  shopApp = t.app.callback();
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

const db = () => t.db.handle.db;
let counter = 0;
const newEmail = (name: string) => `${name}${(counter += 1)}.${Date.now()}@example.com`;

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The page's HTML with React's text separators taken out. */
const textOf = (res: request.Response) => res.text.replace(/<!-- -->/g, '');

function cookiesOf(res: request.Response): string[] {
  const raw = res.headers['set-cookie'] as unknown;
  return Array.isArray(raw) ? (raw as string[]) : [];
}

/** The `name=value` pair of a cookie the answer set, or undefined. */
function cookieSet(res: request.Response, name: string): string | undefined {
  return cookiesOf(res)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
}

/** A form posted to a page as a browser without JavaScript does (same-origin). */
function post(path: string, fields: Record<string, string>, cookie?: string) {
  const req = request(shopApp).post(path).set('Origin', shop).type('form');
  if (cookie) req.set('Cookie', cookie);
  return req.send(new URLSearchParams(fields).toString());
}

function get(path: string, cookie?: string) {
  const req = request(shopApp).get(path);
  if (cookie) req.set('Cookie', cookie);
  return req;
}

/** A 303's next page, opened with its notice (and `cookie`): the notice is in its HTML. */
async function expectNoticeNext(res: request.Response, notice: string, cookie?: string) {
  expect(res.status).toBe(303);
  const carried = cookieSet(res, noticeCookieName);
  expect(carried).toBeDefined();
  const jar = [cookie, carried].filter(Boolean).join('; ');
  const next = await get(String(res.headers.location), jar);
  expect(next.status).toBe(200);
  expect(textOf(next)).toContain(html(notice));
  return next;
}

/** A refusal: the same page again (HTML) with the API's status and message. */
function expectRefused(res: request.Response, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(textOf(res)).toContain('data-server-notices');
  expect(textOf(res)).toContain(html(message));
}

/** The `<form …>` opening tags of the page's forms with this intent. */
function formsWithIntent(page: string, intent: string): string[] {
  const forms = page.match(/<form\b[^>]*>[\s\S]*?<\/form>/g) ?? [];
  return forms
    .filter((form) => form.includes(`name="intent" value="${intent}"`))
    .map((form) => /^<form\b[^>]*>/.exec(form)?.[0] ?? '');
}

/** The page has exactly one form with this intent: posted (never GET) to `action`. */
function expectPostForm(page: string, intent: string, action: string) {
  const forms = formsWithIntent(page, intent);
  expect(forms).toHaveLength(1);
  expect(forms[0]).toContain('method="post"');
  expect(forms[0]).toContain(`action="${html(action)}"`);
  // HTML attribute names are case-insensitive (React writes `noValidate`).
  expect(forms[0]).toMatch(/\snovalidate[\s=>]/i);
}

/** An account of its own, its address confirmed, signed in by `cookie`. */
async function customer(): Promise<{ userId: string; email: string; cookie: string }> {
  const account = await signedInCustomer(t.db, { password });
  await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.userId));
  return account;
}

async function userRow(userId: string) {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  return row;
}

async function userByEmail(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email));
  return row;
}

/** Whether `cookie` signs in (GET /api/users/me). */
async function signsIn(cookie: string): Promise<boolean> {
  const me = await get('/api/users/me', cookie);
  return me.status === 200;
}

describe(`account forms posted without JavaScript (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'every account page renders its forms as method="post" to itself, with the intent field',
    async () => {
      const login = textOf(await get('/user/login?redirect=%2Forder'));
      expectPostForm(login, 'login', '/user/login?redirect=%2Forder');
      expect(login).toMatch(/<input[^>]*name="email"/);
      expect(login).toMatch(/<input[^>]*name="password"/);

      const register = textOf(await get('/user/register'));
      expectPostForm(register, 'register', '/user/register');
      for (const name of ['fullName', 'email', 'password']) {
        expect(register).toMatch(new RegExp(`<input[^>]*name="${name}"`));
      }

      const forgot = textOf(await get('/user/password-forgot'));
      expectPostForm(forgot, 'forgotPassword', '/user/password-forgot');
      expect(forgot).toMatch(/<input[^>]*name="email"/);

      // A link's token goes in a hidden field, not in the address the form posts to.
      const reset = textOf(await get('/user/password-reset?token=tok-reset-123'));
      expectPostForm(reset, 'resetPassword', '/user/password-reset');
      expect(reset).toContain('name="token" value="tok-reset-123"');
      expect(reset).toMatch(/<input[^>]*name="password"/);

      // A dead link says so at once, rather than asking for a password (the live one's form is
      // in the verify test below).
      const verify = textOf(await get('/user/verify-email?token=tok-verify-123'));
      expect(formsWithIntent(verify, 'verifyEmail')).toEqual([]);
      expect(verify).toContain(html(m.verifyInvalid));

      const { cookie } = await customer();
      const account = textOf(await get('/user/account', cookie));
      expectPostForm(account, 'accountDetails', '/user/account');
      expectPostForm(account, 'changePassword', '/user/account');
      expectPostForm(account, 'deleteAccount', '/user/account');
      for (const name of ['fullName', 'email', 'phone', 'addressLine1', 'town', 'postcode']) {
        expect(account).toMatch(new RegExp(`<input[^>]*name="${name}"`));
      }
      expect(account).toMatch(/<input[^>]*name="currentPassword"/);
      expect(account).toMatch(/<input[^>]*name="password"/);
      // No account form is a GET form.
      expect(account).not.toMatch(/<form\b[^>]*method="get"/i);
    },
    slow,
  );

  it(
    'login: a refusal keeps the e-mail and never shows the password; success signs in',
    async () => {
      const { email } = await customer();
      const refused = await post('/user/login', {
        intent: 'login',
        email,
        password: 'typed wrong pass 77',
      });
      expectRefused(refused, 401, m.invalidCredentials);
      expect(textOf(refused)).toContain(`value="${email}"`);
      expect(refused.text).not.toContain('typed wrong pass 77');

      const ok = await post('/user/login', { intent: 'login', email, password });
      expect(ok.status).toBe(303);
      expect(ok.headers.location).toBe('/login');
      const session = cookieSet(ok, sessionCookieName);
      expect(session && (await signsIn(session))).toBe(true);
    },
    slow,
  );

  it(
    'register: check your email (303, notice), the account waiting for its link; a refusal keeps name and e-mail',
    async () => {
      const email = newEmail('register');
      const refused = await post('/user/register?redirect=%2Fcart', {
        intent: 'register',
        fullName: '',
        email,
        password: 'typed secret pass 88',
      });
      expectRefused(refused, 400, m.fullNameRequired);
      expect(textOf(refused)).toContain(`value="${email}"`);
      expect(refused.text).not.toContain('typed secret pass 88');
      expect(await userByEmail(email)).toBeUndefined();

      const refusedName = await post('/user/register', {
        intent: 'register',
        fullName: 'Aoife Kept',
        email: 'not an address',
        password,
      });
      expectRefused(refusedName, 400, m.emailInvalid);
      expect(textOf(refusedName)).toContain('value="Aoife Kept"');

      const ok = await post('/user/register?redirect=%2Fcart', {
        intent: 'register',
        fullName: 'Aoife Byrne',
        email,
        password,
      });
      expect(ok.headers.location).toBe('/user/register?redirect=%2Fcart');
      expect(cookieSet(ok, sessionCookieName)).toBeUndefined();
      await expectNoticeNext(ok, m.registerCheckEmail);
      const row = await userByEmail(email);
      expect(row?.emailVerifiedAt).toBeNull();
      // The name waits with the registration's link until the mailbox's owner confirms it.
      expect(row?.fullName).toBe('');
      const [link] = await db()
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.userId, row?.id ?? ''));
      expect(link?.fullName).toBe('Aoife Byrne');
      await tokenMailedTo(db(), email, 'email_verification');
    },
    slow,
  );

  it(
    'verify e-mail: the page names the address; the hidden token and its own password confirm and log in (303 to the account page); a wrong password, another account signed in, or a bad link is refused',
    async () => {
      const email = newEmail('verify');
      const registered = await post('/user/register', {
        intent: 'register',
        fullName: 'Niamh Confirm',
        email,
        password,
      });
      expect(registered.status).toBe(303);
      const token = await tokenMailedTo(db(), email, 'email_verification');

      // The page says which address the link confirms, and asks for the password.
      const page = textOf(await get(`/user/verify-email?token=${token}`));
      expectPostForm(page, 'verifyEmail', '/user/verify-email');
      expect(page).toContain(`name="token" value="${token}"`);
      expect(page).toMatch(/<input[^>]*name="password"/);
      expect(page).toContain(html(`This link confirms the email address ${email}.`));

      const wrong = 'x'.repeat(43);
      const refused = await post('/user/verify-email', {
        intent: 'verifyEmail',
        token: wrong,
        password,
      });
      expectRefused(refused, 400, m.verifyInvalid);
      expect(cookieSet(refused, sessionCookieName)).toBeUndefined();

      const guessed = await post('/user/verify-email', {
        intent: 'verifyEmail',
        token,
        password: 'not the password at all',
      });
      expectRefused(guessed, 400, authAnswers.verifyWrongPassword);
      expect(cookieSet(guessed, sessionCookieName)).toBeUndefined();
      // The form is there again (its token with it), though the address had none.
      expectPostForm(textOf(guessed), 'verifyEmail', '/user/verify-email');
      expect(textOf(guessed)).not.toContain(password);

      // A browser signed in to another account: told, nothing confirmed, its session kept.
      const other = await customer();
      const elsewhere = await post(
        '/user/verify-email',
        { intent: 'verifyEmail', token, password },
        other.cookie,
      );
      expectRefused(elsewhere, 409, authAnswers.verifySignedInAsOther);
      expect(cookieSet(elsewhere, sessionCookieName)).toBeUndefined();
      expect(await signsIn(other.cookie)).toBe(true);
      expect((await userByEmail(email))?.emailVerifiedAt).toBeNull();

      const ok = await post('/user/verify-email', { intent: 'verifyEmail', token, password });
      expect(ok.headers.location).toBe('/user/account');
      const session = cookieSet(ok, sessionCookieName);
      expect(session).toBeDefined();
      const account = await expectNoticeNext(ok, m.verified, session);
      expect(textOf(account)).toContain(`value="${email}"`);
      expect((await userByEmail(email))?.emailVerifiedAt).not.toBeNull();
    },
    slow,
  );

  it(
    'forgot and reset password: the link is sent (notice), the new password is set with the hidden token, then log in',
    async () => {
      const { email, cookie } = await customer();
      const refused = await post('/user/password-forgot', {
        intent: 'forgotPassword',
        email: 'kept-but-invalid',
      });
      expectRefused(refused, 400, m.emailInvalid);
      expect(textOf(refused)).toContain('value="kept-but-invalid"');

      const sent = await post('/user/password-forgot', { intent: 'forgotPassword', email });
      expect(sent.headers.location).toBe('/user/password-forgot');
      await expectNoticeNext(sent, m.forgotSent);
      const token = await tokenMailedTo(db(), email, 'password_reset', 'password-reset');

      const tooShort = await post('/user/password-reset', {
        intent: 'resetPassword',
        token,
        password: 'Zq7xKp',
      });
      expectRefused(tooShort, 400, m.passwordTooShort(8));
      expect(tooShort.text).not.toContain('Zq7xKp');
      // The page keeps the form (and its link's token), though the address has no token.
      expectPostForm(textOf(tooShort), 'resetPassword', '/user/password-reset');
      expect(tooShort.text).toContain(`name="token" value="${token}"`);

      const fresh = 'a brand new pass phrase 10';
      const ok = await post('/user/password-reset', {
        intent: 'resetPassword',
        token,
        password: fresh,
      });
      expect(ok.headers.location).toBe('/user/login');
      await expectNoticeNext(ok, m.resetDone);
      // Every session ended; the new password logs in.
      expect(await signsIn(cookie)).toBe(false);
      const login = await post('/user/login', { intent: 'login', email, password: fresh });
      expect(login.status).toBe(303);

      const used = await post('/user/password-reset', {
        intent: 'resetPassword',
        token,
        password: 'yet another pass phrase 11',
      });
      expectRefused(used, 400, m.resetInvalid);
    },
    slow,
  );

  it(
    'account details: saved (303, notice); a refusal keeps what was typed, and an e-mail change asks for the password',
    async () => {
      const { userId, email, cookie } = await customer();
      const details = {
        intent: 'accountDetails',
        fullName: 'Saoirse Kelly',
        email,
        phone: '028 9032 1234',
        addressLine1: '7 Donegall Square',
        addressLine2: '',
        town: 'Belfast',
        postcode: 'BT1 1AA',
      };
      const refused = await post('/user/account', { ...details, phone: 'not a phone' }, cookie);
      expectRefused(refused, 400, m.phoneInvalid);
      expect(textOf(refused)).toContain('value="Saoirse Kelly"');
      expect(textOf(refused)).toContain('value="not a phone"');
      expect((await userRow(userId))?.fullName).not.toBe('Saoirse Kelly');

      const changed = newEmail('changed');
      const noPassword = await post(
        '/user/account',
        { ...details, email: changed, currentPassword: '' },
        cookie,
      );
      expectRefused(noPassword, 400, m.currentPasswordRequired);
      // The new address is kept, so the page shows the password field the change needs.
      expect(textOf(noPassword)).toContain(`value="${changed}"`);
      expect(textOf(noPassword)).toMatch(/<input[^>]*name="currentPassword"/);

      const ok = await post('/user/account', details, cookie);
      expect(ok.headers.location).toBe('/user/account');
      await expectNoticeNext(ok, m.updated, cookie);
      const row = await userRow(userId);
      expect(row).toMatchObject({ fullName: 'Saoirse Kelly', town: 'Belfast', email });
    },
    slow,
  );

  it(
    'change password: a wrong current password is refused; success keeps this browser signed in',
    async () => {
      const { email, cookie } = await customer();
      const wrong = await post(
        '/user/account',
        {
          intent: 'changePassword',
          currentPassword: 'typed wrong current 5',
          password: 'a new pass phrase 12',
        },
        cookie,
      );
      expectRefused(wrong, 400, m.currentPasswordWrong);
      expect(wrong.text).not.toContain('typed wrong current 5');
      expect(wrong.text).not.toContain('a new pass phrase 12');

      const fresh = 'a new pass phrase 12';
      const ok = await post(
        '/user/account',
        { intent: 'changePassword', currentPassword: password, password: fresh },
        cookie,
      );
      expect(ok.headers.location).toBe('/user/account');
      const session = cookieSet(ok, sessionCookieName);
      expect(session && (await signsIn(session))).toBe(true);
      await expectNoticeNext(ok, m.passwordChanged, session);
      const login = await post('/user/login', { intent: 'login', email, password: fresh });
      expect(login.status).toBe(303);
    },
    slow,
  );

  it(
    'delete account: the password is checked; success signs out and goes home with the notice',
    async () => {
      const { userId, cookie } = await customer();
      const wrong = await post(
        '/user/account',
        { intent: 'deleteAccount', currentPassword: 'typed wrong current 6' },
        cookie,
      );
      expectRefused(wrong, 400, m.currentPasswordWrong);
      expect(wrong.text).not.toContain('typed wrong current 6');
      expect((await userRow(userId))?.deletedAt).toBeNull();

      const ok = await post(
        '/user/account',
        { intent: 'deleteAccount', currentPassword: password },
        cookie,
      );
      expect(ok.headers.location).toBe('/');
      expect(cookieSet(ok, sessionCookieName)).toBe(`${sessionCookieName}=`);
      await expectNoticeNext(ok, m.accountDeleted);
      expect((await userRow(userId))?.deletedAt).not.toBeNull();
      expect(await signsIn(cookie)).toBe(false);
    },
    slow,
  );

  it(
    'claim order: the hidden token adds a guest order to the account; a wrong token changes nothing',
    async () => {
      const { userId, cookie } = await customer();
      const placed = await placeOilOrder(t);
      const page = `/order/${placed.order.id}`;
      const wrong = await post(page, { intent: 'claimOrder', token: 'not-the-token' }, cookie);
      expect(wrong.status).toBe(404);
      const [before] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
      expect(before?.customerId).toBeNull();

      const ok = await post(page, { intent: 'claimOrder', token: placed.orderToken }, cookie);
      expect(ok.status).toBe(303);
      expect(ok.headers.location).toBe(page);
      expect(cookieSet(ok, noticeCookieName)).toBe(
        `${noticeCookieName}=${encodeURIComponent(messages.order.claimed)}`,
      );
      const [after] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
      expect(after?.customerId).toBe(userId);
    },
    slow,
  );

  it(
    'logout, posted to any page: the session ends, then the login page with the logged-out notice',
    async () => {
      const { cookie } = await customer();
      const ok = await post('/about', { intent: 'logout' }, cookie);
      expect(ok.headers.location).toBe('/user/login');
      expect(cookieSet(ok, sessionCookieName)).toBe(`${sessionCookieName}=`);
      await expectNoticeNext(ok, m.loggedOut);
      expect(await signsIn(cookie)).toBe(false);
      // Signed out already: the same way out.
      const again = await post('/products/industrial-fuel', { intent: 'logout' });
      expect(again.status).toBe(303);
      expect(again.headers.location).toBe('/user/login');
    },
    slow,
  );

  it('an account form posted to another page is not one (400)', async () => {
    const { cookie } = await customer();
    const res = await post(
      '/about',
      { intent: 'deleteAccount', currentPassword: password },
      cookie,
    );
    expect(res.status).toBe(400);
    expect(await signsIn(cookie)).toBe(true);
  });
});
