import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailVerificationTokens,
  mailOutbox,
  passwordResetTokens,
  sessions,
  users,
} from '../db/schema';
import { messages } from '../domain/messages';
import { authAnswers } from '../domain/authAnswers';
import { crossSiteMessage } from '../middleware/crossSite';
import type { SessionUser } from '../domain/auth';
import { site } from '../domain/site';
import type { ServerEntry } from '../domain/ssr';
import { sessionCookieName } from '../routes/auth';
import { inviteStaff } from '../services/admin/staff';
import { createLoginThrottle, progressiveDelayMs } from '../services/auth/loginThrottle';
import { createAuthService } from '../services/auth/service';
import type { SsrRuntime } from '../ssr/runtime';
import { tokenMailedTo } from './accounts';
import { agentFor, shop, type Agent } from './checkoutFixtures';
import { createTestApp, testConfig, usingPostgres, type TestApp } from './harness';

/**
 * Customer accounts over HTTP against the real app and database (issue 16). argon2id is CPU-heavy
 * and the machine may be busy: every test has its own generous timeout.
 */
const slow = 60_000;
const m = messages.auth;

let t: TestApp;
/** Every response body seen, to prove none holds a token or a hash. */
const bodies: string[] = [];
/** Every secret seen (cookie values, reset tokens, stored hashes). */
const secrets = new Set<string>();

beforeAll(async () => {
  // A high login limit here: the limit itself is tested on a database of its own below.
  t = await createTestApp({ env: { PUBLIC_URL: shop, LOGIN_RATE_LIMIT: '1000' } });
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

const db = () => t.db.handle.db;

function record(res: request.Response): request.Response {
  bodies.push(res.text);
  const cookie = sessionCookieOf(res);
  if (cookie) secrets.add(cookie);
  return res;
}

/** The session cookie's Set-Cookie line, or undefined. */
function setCookieLine(res: request.Response): string | undefined {
  const header = res.headers['set-cookie'] as unknown;
  const lines = Array.isArray(header) ? (header as string[]) : [];
  return lines.find((line) => line.startsWith(`${sessionCookieName}=`));
}

function sessionCookieOf(res: request.Response): string | undefined {
  const line = setCookieLine(res);
  const value = line?.slice(sessionCookieName.length + 1).split(';')[0];
  return value === '' ? undefined : value;
}

const post = (agent: Agent, path: string, body: object = {}) =>
  agent.post(path).set('Origin', shop).send(body).then(record);

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `customer${counter}.${Date.now()}@example.com`;
}

/** The link's token in the newest e-mail to `email` about `topic` (kept as a secret). */
async function mailedToken(email: string, topic: string, page = 'verify-email'): Promise<string> {
  const token = await tokenMailedTo(db(), email, topic, page);
  secrets.add(token);
  return token;
}

/** The e-mails to `email` about `topic`. */
async function mailsTo(email: string, topic: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email.toLowerCase()), eq(mailOutbox.topic, topic)));
}

/**
 * POST /api/auth/verify-email, as the page the e-mailed link opens does: the link's token and its
 * password (the registration's, or the account's for a change of address).
 */
const verify = (agent: Agent, token: string, password: string) =>
  post(agent, '/api/auth/verify-email', { token, password });

/**
 * A new account, signed in on `agent`: registers (the uniform "check your email", no session),
 * then follows the link e-mailed to the address. `res` is the answer that logged in.
 */
async function register(
  agent: Agent = agentFor(t),
  overrides: { fullName?: string; email?: string; password?: string } = {},
) {
  const body = {
    fullName: 'Niamh O’Neill',
    email: newEmail(),
    password: 'correct horse battery staple',
    ...overrides,
  };
  const registered = await post(agent, '/api/auth/local/register', body);
  expect(registered.status).toBe(200);
  expect(registered.body).toEqual({ code: 200, message: m.registerCheckEmail });
  expect(sessionCookieOf(registered)).toBeUndefined();
  const res = await verify(
    agent,
    await mailedToken(body.email, 'email_verification'),
    body.password,
  );
  expect(res.status).toBe(200);
  return { agent, ...body, res };
}

const me = (agent: Agent) => agent.get('/api/users/me').then(record);

describe(`customer accounts (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'register → the e-mailed link → me → logout → me answers 401',
    async () => {
      const { agent, email, res } = await register();
      expect(res.body).toEqual({
        code: 200,
        message: m.verified,
        user: {
          id: expect.any(String) as string,
          fullName: 'Niamh O’Neill',
          email,
          phone: null,
          addressLine1: null,
          addressLine2: null,
          town: null,
          postcode: null,
          role: 'customer',
        },
      });
      const cookie = sessionCookieOf(res);
      expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const signedIn = await me(agent);
      expect(signedIn.status).toBe(200);
      expect((signedIn.body as { user: { email: string } }).user.email).toBe(email);
      expect(signedIn.headers['cache-control']).toBe('no-store');

      const out = await post(agent, '/api/auth/logout');
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ code: 200, message: messages.loggedOut });
      expect(setCookieLine(out)).toMatch(/^fuelyard_session=;/);

      const after = await me(agent);
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ code: 401, message: m.notSignedIn });
      // The old cookie no longer opens anything: its row is gone.
      const replay = await request(t.app.callback())
        .get('/api/users/me')
        .set('Cookie', `${sessionCookieName}=${cookie ?? ''}`);
      expect(replay.status).toBe(401);
      expect(
        await db()
          .select()
          .from(sessions)
          .where(eq(sessions.id, sha256(cookie ?? ''))),
      ).toEqual([]);
    },
    slow,
  );

  it(
    'stores an argon2id hash (m=19456, t=2) and the e-mail lower-cased; one account per e-mail',
    async () => {
      const email = newEmail();
      await register(agentFor(t), { email: email.toUpperCase() });
      const [row] = await db().select().from(users).where(eq(users.email, email));
      expect(row?.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      secrets.add(row?.passwordHash ?? '');

      const again = await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Someone Else',
        email: ` ${email.replace('customer', 'Customer')} `,
        password: 'another long passphrase',
      });
      expect(again.status).toBe(200);
      expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
      expect((await db().select().from(users).where(eq(users.email, email)))[0]?.fullName).toBe(
        'Niamh O’Neill',
      );
    },
    slow,
  );

  it(
    'registration answers alike for a new and an existing address; the existing one is told by e-mail (item 8)',
    async () => {
      const { email, password } = await register();
      const fresh = newEmail();
      const existing = await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Mallory Prober',
        email,
        password: 'a probing passphrase',
      });
      const created = await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Brand New',
        email: fresh,
        password: 'a probing passphrase',
      });
      expect(existing.status).toBe(created.status);
      expect(existing.body).toEqual(created.body);
      expect(existing.body).toEqual({ code: 200, message: m.registerCheckEmail });
      expect(sessionCookieOf(existing)).toBeUndefined();
      expect(sessionCookieOf(created)).toBeUndefined();

      // The existing account is unchanged and its owner is told, with the login and
      // forgotten-password pages (no token: anybody can make us send this).
      const told = await mailsTo(email, 'register_existing');
      expect(told).toHaveLength(1);
      expect(told[0]?.subject).toContain(authAnswers.registerExistingSubject);
      expect(told[0]?.text).toContain(`${shop}/user/login`);
      expect(told[0]?.text).toContain(`${shop}/user/password-forgot`);
      expect(told[0]?.text).not.toMatch(/token=/);
      expect(await mailsTo(email, 'email_verification')).toHaveLength(1);
      expect((await post(agentFor(t), '/api/auth/local', { email, password })).status).toBe(200);
      const probe = await post(agentFor(t), '/api/auth/local', {
        email,
        password: 'a probing passphrase',
      });
      expect(probe.status).toBe(401);

      // The new address got a link and nothing else; its account waits for it.
      expect(await mailsTo(fresh, 'register_existing')).toEqual([]);
      const link = (await mailsTo(fresh, 'email_verification'))[0];
      expect(link?.text).toContain(`${shop}/user/verify-email?token=`);
      expect(link?.html).toContain(`${shop}/user/verify-email?token=`);
      const [pending] = await db().select().from(users).where(eq(users.email, fresh));
      expect(pending?.emailVerifiedAt).toBeNull();
    },
    slow,
  );

  it(
    'an unverified account cannot log in, told so only with the right password; the link confirms it once',
    async () => {
      const email = newEmail();
      const password = 'a pending passphrase';
      await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Pending Person',
        email,
        password,
      });
      const wrong = await post(agentFor(t), '/api/auth/local', {
        email,
        password: 'not it at all',
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ message: m.invalidCredentials });
      const right = await post(agentFor(t), '/api/auth/local', { email, password });
      expect(right.status).toBe(403);
      expect(right.body).toEqual({ code: 403, message: m.emailNotVerified });
      expect(sessionCookieOf(right)).toBeUndefined();
      // A new link was sent; both work until one is used.
      expect(await mailsTo(email, 'email_verification')).toHaveLength(2);
      const token = await mailedToken(email, 'email_verification');

      // A GET never confirms (mail scanners open links): there is no such route.
      const get = await agentFor(t).get(`/api/auth/verify-email?token=${token}`);
      expect([404, 405]).toContain(get.status);
      const [still] = await db().select().from(users).where(eq(users.email, email));
      expect(still?.emailVerifiedAt).toBeNull();

      const agent = agentFor(t);
      const ok = await verify(agent, token, password);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ code: 200, message: m.verified, user: { email } });
      expect((await me(agent)).status).toBe(200);
      const again = await verify(agentFor(t), token, password);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: 400, message: m.verifyInvalid });
      // The other link went with the first use.
      const rows = await db()
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.email, email));
      expect(rows.every((row) => row.usedAt !== null)).toBe(true);
      expect(rows.some((row) => row.tokenHash === token)).toBe(false);
      expect((await post(agentFor(t), '/api/auth/local', { email, password })).status).toBe(200);

      const junk = await verify(agentFor(t), 'A'.repeat(43), password);
      expect(junk.body).toMatchObject({ code: 400, message: m.verifyInvalid });
      const missing = await post(agentFor(t), '/api/auth/verify-email', {});
      expect(missing.body).toMatchObject({ code: 400, message: m.verifyTokenRequired });
    },
    slow,
  );

  it(
    'each registration of a pending address has its own link, which confirms only with its own password',
    async () => {
      const email = newEmail();
      const squattersPassword = 'the squatters passphrase';
      const ownersPassword = 'the owners own passphrase';
      await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Squatter',
        email,
        password: squattersPassword,
      });
      const squattersLink = await mailedToken(email, 'email_verification');
      const owner = await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Real Owner',
        email,
        password: ownersPassword,
      });
      expect(owner.body).toEqual({ code: 200, message: m.registerCheckEmail });
      expect(await mailsTo(email, 'register_existing')).toEqual([]);
      const ownersLink = await mailedToken(email, 'email_verification');
      // Each link with the other's password: refused, and the link stays good.
      const crossed = await verify(agentFor(t), ownersLink, squattersPassword);
      expect(crossed.status).toBe(400);
      expect(crossed.body).toMatchObject({ code: 400, message: authAnswers.verifyWrongPassword });
      expect(sessionCookieOf(crossed)).toBeUndefined();
      expect((await verify(agentFor(t), squattersLink, ownersPassword)).status).toBe(400);
      const agent = agentFor(t);
      expect((await verify(agent, ownersLink, ownersPassword)).status).toBe(200);
      expect((await me(agent)).body).toMatchObject({ user: { fullName: 'Real Owner', email } });
      // The squatter's link died with the owner's confirmation.
      expect((await verify(agentFor(t), squattersLink, squattersPassword)).status).toBe(400);
      const squatter = await post(agentFor(t), '/api/auth/local', {
        email,
        password: squattersPassword,
      });
      expect(squatter.status).toBe(401);
      expect(
        (
          await post(agentFor(t), '/api/auth/local', {
            email,
            password: ownersPassword,
          })
        ).status,
      ).toBe(200);
    },
    slow,
  );

  it(
    'a password reset link proves the address of an unverified account',
    async () => {
      const email = newEmail();
      await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Forgetful',
        email,
        password: 'a forgotten passphrase',
      });
      await post(agentFor(t), '/api/auth/forgot-password', { email });
      const token = await mailedToken(email, 'password_reset', 'password-reset');
      const reset = await post(agentFor(t), '/api/auth/reset-password', {
        token,
        password: 'a remembered passphrase',
      });
      expect(reset.status).toBe(200);
      const [row] = await db().select().from(users).where(eq(users.email, email));
      expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
      const login = await post(agentFor(t), '/api/auth/local', {
        email,
        password: 'a remembered passphrase',
      });
      expect(login.status).toBe(200);
    },
    slow,
  );

  it(
    'promotion to staff ends the sessions of an existing account and clears its password: only the invite link sets one (item 1)',
    async () => {
      // Someone registered (and could use) the address before the operator promotes it.
      const { agent: squatter, email, password } = await register();
      const otherBrowser = agentFor(t);
      expect((await post(otherBrowser, '/api/auth/local', { email, password })).status).toBe(200);
      await post(agentFor(t), '/api/auth/forgot-password', { email });
      const squattersReset = await mailedToken(email, 'password_reset', 'password-reset');

      const invite = await inviteStaff(db(), email, shop);
      expect(invite.created).toBe(false);

      // The open sessions are gone: no back office, no account.
      expect((await squatter.get('/api/admin/summary')).status).toBe(404);
      expect((await me(squatter)).status).toBe(401);
      expect((await me(otherBrowser)).status).toBe(401);
      expect(invite.sessionsEnded).toBe(2);
      // The old password no longer works, nor does a reset link asked for before.
      const old = await post(agentFor(t), '/api/auth/local', { email, password });
      expect(old.status).toBe(401);
      const [row] = await db().select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ role: 'staff', passwordHash: '!' });
      const stale = await post(agentFor(t), '/api/auth/reset-password', {
        token: squattersReset,
        password: 'the squatters new passphrase',
      });
      expect(stale.status).toBe(400);
      // A registration of the address now changes nothing (staff are never replaced).
      const again = await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Squatter',
        email,
        password: 'yet another squatter pass',
      });
      expect(again.body).toEqual({ code: 200, message: m.registerCheckEmail });
      const [after] = await db().select().from(users).where(eq(users.email, email));
      expect(after?.passwordHash).toBe('!');

      // The invite link sets the password, and that logs in to the back office.
      const token = new URL(invite.link).searchParams.get('token') ?? '';
      secrets.add(token);
      const set = await post(agentFor(t), '/api/auth/reset-password', {
        token,
        password: 'the real staff passphrase',
      });
      expect(set.status).toBe(200);
      const staff = agentFor(t);
      const login = await post(staff, '/api/auth/local', {
        email,
        password: 'the real staff passphrase',
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ user: { email, role: 'staff' } });
      expect((await staff.get('/api/admin/summary')).status).toBe(200);
    },
    slow,
  );

  it(
    'promotion of a pending pre-registration: its password and its link never work',
    async () => {
      const email = newEmail();
      const password = 'the squatters passphrase';
      await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'Squatter',
        email,
        password,
      });
      const link = await mailedToken(email, 'email_verification');
      const invite = await inviteStaff(db(), email, shop);
      expect(invite).toMatchObject({ created: false, sessionsEnded: 0 });
      expect((await verify(agentFor(t), link, password)).status).toBe(400);
      expect((await post(agentFor(t), '/api/auth/local', { email, password })).status).toBe(401);
    },
    slow,
  );

  it(
    'refuses a bad registration form with the messages, and the common passwords',
    async () => {
      const empty = await post(agentFor(t), '/api/auth/local/register', {});
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({
        code: 400,
        message: m.fullNameRequired,
        errors: [m.fullNameRequired, m.emailRequired, m.passwordRequired],
      });
      const bad = await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'A B',
        email: 'not-an-email',
        password: 'short',
      });
      expect(bad.body).toMatchObject({
        errors: [m.emailInvalid, m.passwordTooShort(8)],
        fieldErrors: { email: m.emailInvalid, password: m.passwordTooShort(8) },
      });
      const tooLong = await post(agentFor(t), '/api/auth/local/register', {
        fullName: 'A B',
        email: newEmail(),
        password: 'x'.repeat(129),
      });
      expect(tooLong.body).toMatchObject({ message: m.passwordTooLong(128) });
      for (const common of ['password1', 'BaseBall', 'qwertyuiop', '1qaz2wsx']) {
        const res = await post(agentFor(t), '/api/auth/local/register', {
          fullName: 'A B',
          email: newEmail(),
          password: common,
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          message: m.passwordTooCommon,
          fieldErrors: { password: m.passwordTooCommon },
        });
      }
    },
    slow,
  );

  it(
    'a wrong password and an unknown e-mail get the same status and body; login is case-blind',
    async () => {
      const { email, password } = await register();
      const wrong = await post(agentFor(t), '/api/auth/local', {
        email,
        password: 'not the password at all',
      });
      const unknown = await post(agentFor(t), '/api/auth/local', {
        email: newEmail(),
        password: 'not the password at all',
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body).toEqual({
        code: 401,
        message: m.invalidCredentials,
        errors: [m.invalidCredentials],
      });
      expect(sessionCookieOf(wrong)).toBeUndefined();

      const agent = agentFor(t);
      const ok = await post(agent, '/api/auth/local', { email: email.toUpperCase(), password });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ code: 200, message: m.signedIn, user: { email } });
      expect((await me(agent)).status).toBe(200);

      const missing = await post(agentFor(t), '/api/auth/local', { email: '', password: '' });
      expect(missing.body).toMatchObject({
        code: 400,
        errors: [m.emailRequired, m.passwordRequired],
      });
    },
    slow,
  );

  it(
    'a login makes a new session id and ends the one the browser had',
    async () => {
      const { agent, email, password, res } = await register();
      const first = sessionCookieOf(res) ?? '';
      const again = await post(agent, '/api/auth/local', { email, password });
      const second = sessionCookieOf(again) ?? '';
      expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second).not.toBe(first);
      expect(
        await db()
          .select()
          .from(sessions)
          .where(eq(sessions.id, sha256(first))),
      ).toEqual([]);
      expect(
        await db()
          .select()
          .from(sessions)
          .where(eq(sessions.id, sha256(second))),
      ).toHaveLength(1);
    },
    slow,
  );

  it(
    'sets the cookie HttpOnly, SameSite=Lax, Path=/; Secure with COOKIE_SECURE=true',
    async () => {
      const { res } = await register();
      const line = setCookieLine(res) ?? '';
      expect(line).toMatch(/; path=\//);
      expect(line).toMatch(/; samesite=lax/);
      expect(line).toMatch(/; httponly/);
      expect(line).toMatch(/; expires=/);
      expect(line).not.toMatch(/; secure/);

      const secure = await createTestApp({
        db: t.db,
        env: { PUBLIC_URL: shop, COOKIE_SECURE: 'true', LOGIN_RATE_LIMIT: '1000' },
      });
      try {
        const email = newEmail();
        await post(agentFor(secure), '/api/auth/local/register', {
          fullName: 'Secure Person',
          email,
          password: 'a secure passphrase',
        });
        const res2 = await verify(
          agentFor(secure),
          await mailedToken(email, 'email_verification'),
          'a secure passphrase',
        );
        expect(res2.status).toBe(200);
        const line2 = setCookieLine(res2) ?? '';
        expect(line2).toMatch(/; secure/);
        expect(line2).toMatch(/; httponly/);
        expect(line2).toMatch(/; samesite=lax/);
      } finally {
        await secure.close();
      }
    },
    slow,
  );

  it(
    'a session expires when idle, and slides on while in use',
    async () => {
      const { agent, res } = await register();
      const id = sha256(sessionCookieOf(res) ?? '');
      // In use: seen 10 minutes ago, so this request moves it on (and sends the cookie again).
      const earlier = new Date(Date.now() - 10 * 60 * 1000);
      const soon = new Date(Date.now() + 60 * 60 * 1000);
      await db()
        .update(sessions)
        .set({ lastSeenAt: earlier, expiresAt: soon })
        .where(eq(sessions.id, id));
      const used = await me(agent);
      expect(used.status).toBe(200);
      expect(setCookieLine(used)).toMatch(/; httponly/);
      const [moved] = await db().select().from(sessions).where(eq(sessions.id, id));
      expect(moved?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
      expect(moved?.lastSeenAt.getTime()).toBeGreaterThan(earlier.getTime());

      // Idle past its expiry: signed out, and the dead cookie is cleared.
      await db()
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, id));
      const idle = await me(agent);
      expect(idle.status).toBe(401);
      expect(setCookieLine(idle)).toMatch(/^fuelyard_session=;/);
    },
    slow,
  );

  describe('password forgotten and reset', () => {
    async function outboxFor(email: string) {
      return db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.topic, 'password_reset')));
    }

    function tokenIn(text: string): string {
      const match = /\/user\/password-reset\?token=([A-Za-z0-9_-]{43})/.exec(text);
      if (!match?.[1]) throw new Error('No reset link in the e-mail');
      secrets.add(match[1]);
      return match[1];
    }

    it(
      'answers a known and an unknown e-mail alike; only the known one gets an e-mail',
      async () => {
        const { email } = await register();
        const unknownEmail = newEmail();
        const known = await post(agentFor(t), '/api/auth/forgot-password', { email });
        const unknown = await post(agentFor(t), '/api/auth/forgot-password', {
          email: unknownEmail,
        });
        expect(known.status).toBe(200);
        expect(unknown.status).toBe(known.status);
        expect(unknown.body).toEqual(known.body);
        expect(known.body).toEqual({ code: 200, message: m.forgotSent });

        const mails = await outboxFor(email);
        expect(mails).toHaveLength(1);
        expect(mails[0]?.text).toContain(`${shop}/user/password-reset?token=`);
        expect(mails[0]?.html).toContain(`${shop}/user/password-reset?token=`);
        expect(await outboxFor(unknownEmail)).toEqual([]);
        // Only the token's hash is stored.
        const token = tokenIn(mails[0]?.text ?? '');
        const rows = await db().select().from(passwordResetTokens);
        expect(rows.some((row) => row.tokenHash === sha256(token))).toBe(true);
        expect(rows.some((row) => row.tokenHash === token)).toBe(false);
      },
      slow,
    );

    it(
      'the token works once, ends every session, and the new password logs in',
      async () => {
        const { agent: first, email, password } = await register();
        const second = agentFor(t);
        expect((await post(second, '/api/auth/local', { email, password })).status).toBe(200);
        await post(agentFor(t), '/api/auth/forgot-password', { email });
        const token = tokenIn((await outboxFor(email))[0]?.text ?? '');

        const common = await post(agentFor(t), '/api/auth/reset-password', {
          token,
          password: 'password1',
        });
        expect(common.body).toMatchObject({ code: 400, message: m.passwordTooCommon });

        const reset = await post(agentFor(t), '/api/auth/reset-password', {
          token,
          password: 'a brand new passphrase',
        });
        expect(reset.status).toBe(200);
        expect(reset.body).toEqual({ code: 200, message: m.resetDone });
        expect((await me(first)).status).toBe(401);
        expect((await me(second)).status).toBe(401);

        const again = await post(agentFor(t), '/api/auth/reset-password', {
          token,
          password: 'yet another passphrase',
        });
        expect(again.status).toBe(400);
        expect(again.body).toMatchObject({ code: 400, message: m.resetInvalid });

        const old = await post(agentFor(t), '/api/auth/local', { email, password });
        expect(old.status).toBe(401);
        const fresh = await post(agentFor(t), '/api/auth/local', {
          email,
          password: 'a brand new passphrase',
        });
        expect(fresh.status).toBe(200);
      },
      slow,
    );

    it(
      'an expired token, a made-up one and a missing one are refused',
      async () => {
        const { email, password } = await register();
        await post(agentFor(t), '/api/auth/forgot-password', { email });
        const token = tokenIn((await outboxFor(email))[0]?.text ?? '');
        await db()
          .update(passwordResetTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(passwordResetTokens.tokenHash, sha256(token)));
        const expired = await post(agentFor(t), '/api/auth/reset-password', {
          token,
          password: 'a brand new passphrase',
        });
        expect(expired.status).toBe(400);
        expect(expired.body).toMatchObject({ message: m.resetInvalid });
        const madeUp = await post(agentFor(t), '/api/auth/reset-password', {
          token: 'A'.repeat(43),
          password: 'a brand new passphrase',
        });
        expect(madeUp.body).toMatchObject({ code: 400, message: m.resetInvalid });
        const missing = await post(agentFor(t), '/api/auth/reset-password', {
          password: 'a brand new passphrase',
        });
        expect(missing.body).toMatchObject({ code: 400, message: m.tokenRequired });
        // The password did not change.
        expect((await post(agentFor(t), '/api/auth/local', { email, password })).status).toBe(200);
      },
      slow,
    );
  });

  it(
    'change-password needs the current one, ends the other sessions and keeps this browser in',
    async () => {
      const { agent, email, password } = await register();
      const other = agentFor(t);
      await post(other, '/api/auth/local', { email, password });
      const wrong = await post(agent, '/api/auth/change-password', {
        currentPassword: 'not it at all',
        password: 'a brand new passphrase',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        message: m.currentPasswordWrong,
        fieldErrors: { currentPassword: m.currentPasswordWrong },
      });
      const ok = await post(agent, '/api/auth/change-password', {
        currentPassword: password,
        password: 'a brand new passphrase',
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ code: 200, message: m.passwordChanged, user: { email } });
      expect((await me(agent)).status).toBe(200);
      expect((await me(other)).status).toBe(401);
      const signedOut = await post(agentFor(t), '/api/auth/change-password', {
        currentPassword: password,
        password: 'whatever else long',
      });
      expect(signedOut.status).toBe(401);
    },
    slow,
  );

  it(
    'PATCH /api/users/me saves name, phone and address; an e-mail change needs the password',
    async () => {
      const { agent, email, password } = await register();
      const saved = await agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({
          fullName: 'Niamh Quinn',
          phone: '028 9032 1234',
          addressLine1: '7 Donegall Square',
          town: 'Belfast',
          postcode: 'bt1 1aa',
        })
        .then(record);
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        code: 200,
        message: m.updated,
        user: {
          fullName: 'Niamh Quinn',
          email,
          phone: '028 9032 1234',
          addressLine1: '7 Donegall Square',
          addressLine2: null,
          town: 'Belfast',
          postcode: 'BT11AA',
        },
      });
      const badPhone = await agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ phone: '12' })
        .then(record);
      expect(badPhone.body).toMatchObject({ code: 400, fieldErrors: { phone: m.phoneInvalid } });

      const newAddress = newEmail();
      const noPassword = await agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ email: newAddress })
        .then(record);
      expect(noPassword.body).toMatchObject({ code: 400, message: m.currentPasswordRequired });
      const wrongPassword = await agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ email: newAddress, currentPassword: 'not it at all' })
        .then(record);
      expect(wrongPassword.body).toMatchObject({ code: 400, message: m.currentPasswordWrong });
      const other = agentFor(t);
      expect((await post(other, '/api/auth/local', { email, password })).status).toBe(200);
      const asked = await agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ email: newAddress.toUpperCase(), currentPassword: password })
        .then(record);
      expect(asked.status).toBe(200);
      // Nothing changes until the link sent to the new address is followed.
      expect(asked.body).toMatchObject({
        code: 200,
        message: m.emailChangeSent,
        user: { email, fullName: 'Niamh Quinn' },
      });
      expect((await me(agent)).body).toMatchObject({ user: { email } });
      const token = await mailedToken(newAddress, 'email_change');
      // The change's link asks for the account's password too.
      const guessed = await verify(agent, token, 'not it at all');
      expect(guessed.body).toMatchObject({ code: 400, message: authAnswers.verifyWrongPassword });
      const confirmed = await verify(agent, token, password);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({
        user: { email: newAddress, fullName: 'Niamh Quinn' },
      });
      expect((await me(agent)).body).toMatchObject({ user: { email: newAddress } });
      // Every other session ended; the old address is told, and no longer logs in.
      expect((await me(other)).status).toBe(401);
      expect(await mailsTo(email, 'email_changed')).toHaveLength(1);
      expect((await post(agentFor(t), '/api/auth/local', { email, password })).status).toBe(401);
      expect(
        (await post(agentFor(t), '/api/auth/local', { email: newAddress, password })).status,
      ).toBe(200);
      expect((await verify(agentFor(t), token, password)).status).toBe(400);

      const signedOut = await agentFor(t)
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ fullName: 'X' });
      expect(signedOut.status).toBe(401);
    },
    slow,
  );

  it(
    'an e-mail change to an address with an account answers as for a free one, and tells its owner (item 8)',
    async () => {
      const taken = await register();
      const { agent, email, password } = await register();
      const free = newEmail();
      const toTaken = await agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ email: taken.email, currentPassword: password })
        .then(record);
      const toFree = await agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ email: free, currentPassword: password })
        .then(record);
      expect(toTaken.status).toBe(toFree.status);
      expect(toTaken.body).toEqual(toFree.body);
      expect(toTaken.body).toMatchObject({
        code: 200,
        message: m.emailChangeSent,
        user: { email },
      });
      // The owner of the taken address is told; nothing there can move this account to it.
      const told = await mailsTo(taken.email, 'email_change_taken');
      expect(told).toHaveLength(1);
      expect(told[0]?.text).not.toMatch(/token=/);
      expect(await mailsTo(taken.email, 'email_change')).toEqual([]);
      expect((await me(agent)).body).toMatchObject({ user: { email } });
      expect((await me(taken.agent)).body).toMatchObject({ user: { email: taken.email } });
    },
    slow,
  );

  it(
    'DELETE /api/users/me needs the password, anonymises the account and signs out',
    async () => {
      const { agent, email, password } = await register();
      const id = await idOf(email);
      const wrong = await agent
        .delete('/api/users/me')
        .set('Origin', shop)
        .send({ currentPassword: 'not it at all' })
        .then(record);
      expect(wrong.status).toBe(400);
      const gone = await agent
        .delete('/api/users/me')
        .set('Origin', shop)
        .send({ currentPassword: password })
        .then(record);
      expect(gone.status).toBe(200);
      expect(gone.body).toEqual({ code: 200, message: m.accountDeleted });
      expect((await me(agent)).status).toBe(401);
      expect((await post(agentFor(t), '/api/auth/local', { email, password })).status).toBe(401);
      const [row] = await db().select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({
        email: `deleted-${id}@deleted.invalid`,
        fullName: '',
        phone: null,
        addressLine1: null,
        passwordHash: '!',
      });
      expect(row?.deletedAt).toBeInstanceOf(Date);
      expect(await db().select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
      // The e-mail is free again.
      await register(agentFor(t), { email });
    },
    slow,
  );

  it(
    'refuses a foreign Origin on every state-changing account request (403)',
    async () => {
      const { agent } = await register();
      const foreign = 'https://evil.example';
      const attempts: request.Test[] = [
        agent
          .post('/api/auth/local')
          .set('Origin', foreign)
          .send({ email: 'a@b.co', password: 'x' }),
        agent
          .post('/api/auth/local/register')
          .set('Origin', foreign)
          .send({ fullName: 'A', email: newEmail(), password: 'long enough pass' }),
        agent.post('/api/auth/logout').set('Origin', foreign).send({}),
        agent.post('/api/auth/forgot-password').set('Origin', foreign).send({ email: 'a@b.co' }),
        agent
          .post('/api/auth/reset-password')
          .set('Origin', foreign)
          .send({ token: 'A'.repeat(43), password: 'long enough pass' }),
        agent
          .post('/api/auth/change-password')
          .set('Origin', foreign)
          .send({ currentPassword: 'x', password: 'long enough pass' }),
        agent.patch('/api/users/me').set('Origin', foreign).send({ fullName: 'Mallory' }),
        agent.delete('/api/users/me').set('Origin', foreign).send({ currentPassword: 'x' }),
        agent.post(`/api/orders/${crypto.randomUUID()}/claim`).set('Origin', foreign).send({}),
      ];
      for (const attempt of attempts) {
        const res = await attempt;
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 403, message: crossSiteMessage });
      }
      // Still signed in, name unchanged.
      expect((await me(agent)).body).toMatchObject({ user: { fullName: 'Niamh O’Neill' } });
    },
    slow,
  );

  it(
    'server rendering gets the signed-in user (context.user), so the first HTML shows them',
    async () => {
      const entry: ServerEntry = {
        render: async (_req, context) => ({
          type: 'document',
          status: 200,
          head: '',
          html: `<script type="application/json" id="user">${JSON.stringify(await context.user())}</script>`,
        }),
        sitemap: async () => [],
      };
      const ssr: SsrRuntime = {
        template: async () =>
          '<html><head><!--app-head--></head><body><!--app-html--></body></html>',
        entry: async () => entry,
        assets: (_ctx, next) => next(),
      };
      const rendered = await createTestApp({
        db: t.db,
        ssr,
        env: { PUBLIC_URL: shop, LOGIN_RATE_LIMIT: '1000' },
      });
      try {
        const shown = (text: string) =>
          JSON.parse(
            /id="user">(.*)<\/script>/.exec(text)?.[1] ?? 'undefined',
          ) as SessionUser | null;
        const agent = agentFor(rendered);
        expect(shown((await agent.get('/')).text)).toBeNull();
        const { email } = await register(agent);
        const page = record(await agent.get('/'));
        expect(page.status).toBe(200);
        expect(shown(page.text)).toMatchObject({ email, fullName: 'Niamh O’Neill' });
        await post(agent, '/api/auth/logout');
        expect(shown((await agent.get('/')).text)).toBeNull();
      } finally {
        await rendered.close();
      }
    },
    slow,
  );

  it('no response body held a token or a hash', () => {
    expect(bodies.length).toBeGreaterThan(20);
    expect(secrets.size).toBeGreaterThan(5);
    for (const body of bodies) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(/passwordHash|password_hash|tokenHash/);
      for (const secret of secrets) {
        expect(body).not.toContain(secret);
        expect(body).not.toContain(sha256(secret));
      }
    }
  });
});

describe(`login rate limit (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let limited: TestApp;
  beforeAll(async () => {
    // The defaults: 10 attempts per address and 10 failures per account in any 900 s. Behind a
    // trusted proxy, so a test can come from several addresses (X-Forwarded-For).
    limited = await createTestApp({ env: { PUBLIC_URL: shop, TRUST_PROXY: 'true' } });
  }, slow);
  afterAll(async () => {
    await limited?.close();
  }, slow);

  it(
    '20 failed logins: the first 10 get 401, the rest 429 with Retry-After',
    async () => {
      const statuses: number[] = [];
      let last: request.Response | undefined;
      for (let i = 0; i < 20; i++) {
        last = await agentFor(limited)
          .post('/api/auth/local')
          .set('Origin', shop)
          .send({ email: 'victim@example.com', password: `guess number ${i}` });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array<number>(10).fill(429));
      expect(last?.body).toMatchObject({ code: 429, message: m.tooManyAttempts });
      const retryAfter = Number(last?.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(900);
    },
    slow,
  );

  const from = (address: string, path: string, body: object) =>
    agentFor(limited)
      .post(path)
      .set('Origin', shop)
      .set('X-Forwarded-For', address)
      .send(body)
      .then(record);

  it(
    '10 failures from 10 addresses do not lock the owner out: a fresh address gets in after a short delay, the failing ones get 429 (item 9)',
    async () => {
      const email = `owner.${Date.now()}@example.com`;
      const password = 'the owners passphrase';
      const home = '198.51.100.7';
      expect(
        (await from(home, '/api/auth/local/register', { fullName: 'Owner', email, password }))
          .status,
      ).toBe(200);
      const [mail] = await limited.db.handle.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.topic, 'email_verification')));
      const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
      secrets.add(token);
      expect((await from(home, '/api/auth/verify-email', { token, password })).status).toBe(200);

      // Someone guesses from 10 addresses, one guess each.
      for (let i = 1; i <= 10; i++) {
        const guess = await from(`203.0.113.${i}`, '/api/auth/local', {
          email,
          password: `guess number ${i}`,
        });
        expect(guess.status).toBe(401);
      }
      // The owner, from their own address, gets in: after a progressive delay, not a 429.
      const started = Date.now();
      const owner = await from(home, '/api/auth/local', { email, password });
      expect(owner.status).toBe(200);
      expect(owner.body).toMatchObject({ code: 200, user: { email } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);

      // An address that has failed for this account is refused, even with the right password.
      const failedBefore = await from('203.0.113.1', '/api/auth/local', { email, password });
      expect(failedBefore.status).toBe(429);
      expect(failedBefore.body).toMatchObject({ code: 429, message: m.tooManyAttempts });
      expect(Number(failedBefore.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // A new address may guess once (delayed), then it is refused too.
      const fresh = await from('203.0.113.50', '/api/auth/local', { email, password: 'guess 11' });
      expect(fresh.status).toBe(401);
      const freshAgain = await from('203.0.113.50', '/api/auth/local', { email, password });
      expect(freshAgain.status).toBe(429);
      // Another account is not affected at all.
      const elsewhere = await from('203.0.113.1', '/api/auth/local', {
        email: `someone.else.${Date.now()}@example.com`,
        password: 'whatever it is',
      });
      expect(elsewhere.status).toBe(401);
    },
    slow,
  );

  it(
    'the per-account delay doubles with each failure beyond the limit, up to its cap, on a timer',
    async () => {
      const waits: number[] = [];
      const throttle = createLoginThrottle(limited.db.handle.db, {
        limit: 3,
        windowSeconds: 900,
        baseDelayMs: 100,
        maxDelayMs: 400,
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      const account = `throttled.${Date.now()}@example.com`;
      for (let i = 0; i < 8; i++) {
        const gate = await throttle.enter(account, `addr-${i}`);
        expect(gate.allowed).toBe(true);
        await throttle.failed(account, `addr-${i}`);
      }
      expect(waits).toEqual([100, 200, 400, 400, 400]);
      expect(await throttle.enter(account, 'addr-0')).toMatchObject({ allowed: false });
      expect(await throttle.enter(`other.${account}`, 'addr-0')).toEqual({
        allowed: true,
        delayedMs: 0,
      });
      expect(progressiveDelayMs(9, 10, 250, 4000)).toBe(0);
      expect(progressiveDelayMs(10, 10, 250, 4000)).toBe(250);
      expect(progressiveDelayMs(13, 10, 250, 4000)).toBe(2000);
      expect(progressiveDelayMs(1000, 10, 250, 4000)).toBe(4000);
    },
    slow,
  );
});

describe('the sweep of expired sessions, tokens and unconfirmed registrations', () => {
  it(
    'deletes expired sessions and used or expired reset tokens, in bounded batches, and nothing live',
    async () => {
      const live = await register();
      const stale = await register();
      const liveId = await idOf(live.email);
      const staleId = await idOf(stale.email);
      const past = new Date(Date.now() - 60_000);
      const future = new Date(Date.now() + 3_600_000);
      await db().update(sessions).set({ expiresAt: past }).where(eq(sessions.userId, staleId));
      await db()
        .insert(passwordResetTokens)
        .values([
          { tokenHash: sha256(`used-${liveId}`), userId: liveId, expiresAt: future, usedAt: past },
          { tokenHash: sha256(`expired-${liveId}`), userId: liveId, expiresAt: past },
          { tokenHash: sha256(`valid-${liveId}`), userId: liveId, expiresAt: future },
        ]);
      const auth = createAuthService({ db: db(), config: testConfig(), site });
      // One row per statement: the batches carry on until none is left.
      expect(await auth.sweep({ batch: 1, maxBatches: 10 })).toBeGreaterThanOrEqual(3);
      expect(await db().select().from(sessions).where(eq(sessions.userId, staleId))).toEqual([]);
      expect(await db().select().from(sessions).where(eq(sessions.userId, liveId))).toHaveLength(1);
      const tokens = await db()
        .select({ hash: passwordResetTokens.tokenHash })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, liveId));
      expect(tokens).toEqual([{ hash: sha256(`valid-${liveId}`) }]);
      // The live session still works.
      expect((await live.agent.get('/api/users/me')).status).toBe(200);
    },
    slow,
  );

  it(
    'deletes registrations never confirmed 7 days after their last change, and no other account',
    async () => {
      const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
      const pending = async (age: number) => {
        const email = newEmail();
        await post(agentFor(t), '/api/auth/local/register', {
          fullName: 'Never Confirmed',
          email,
          password: 'an unconfirmed passphrase',
        });
        await db()
          .update(users)
          .set({ updatedAt: days(age) })
          .where(eq(users.email, email));
        return email;
      };
      const old = await pending(8);
      const recent = await pending(6);
      const confirmed = await register();
      await db()
        .update(users)
        .set({ updatedAt: days(30) })
        .where(eq(users.email, confirmed.email));
      const staffEmail = newEmail();
      await inviteStaff(db(), staffEmail, shop);
      await db()
        .update(users)
        .set({ updatedAt: days(30) })
        .where(eq(users.email, staffEmail));

      const auth = createAuthService({ db: db(), config: testConfig(), site });
      expect(await auth.sweep()).toBeGreaterThanOrEqual(1);
      const left = async (email: string) =>
        (await db().select().from(users).where(eq(users.email, email))).length;
      expect(await left(old)).toBe(0);
      expect(await left(recent)).toBe(1);
      expect(await left(confirmed.email)).toBe(1);
      expect(await left(staffEmail)).toBe(1);
      // Its link died with it; the address is free for a new registration.
      await register(agentFor(t), { email: old });
    },
    slow,
  );
});

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

async function idOf(email: string): Promise<string> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? '00000000-0000-0000-0000-000000000000';
}
