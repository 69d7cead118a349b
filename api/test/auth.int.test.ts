import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens, sessions, users } from '../db/schema';
import { messages } from '../domain/messages';
import { crossSiteMessage } from '../middleware/crossSite';
import type { SessionUser } from '../domain/auth';
import { site } from '../domain/site';
import type { ServerEntry } from '../domain/ssr';
import { sessionCookieName } from '../routes/auth';
import { createAuthService } from '../services/auth/service';
import type { SsrRuntime } from '../ssr/runtime';
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
  const res = await post(agent, '/api/auth/local/register', body);
  expect(res.status).toBe(201);
  return { agent, ...body, res };
}

const me = (agent: Agent) => agent.get('/api/users/me').then(record);

describe(`customer accounts (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'register → me → logout → me answers 401',
    async () => {
      const { agent, email, res } = await register();
      expect(res.body).toEqual({
        code: 201,
        message: m.registered,
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
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 409, message: m.emailTaken });
      expect(sessionCookieOf(again)).toBeUndefined();
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
        const res2 = await post(agentFor(secure), '/api/auth/local/register', {
          fullName: 'Secure Person',
          email: newEmail(),
          password: 'a secure passphrase',
        });
        expect(res2.status).toBe(201);
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
      const changed = await agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ email: newAddress.toUpperCase(), currentPassword: password })
        .then(record);
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ user: { email: newAddress, fullName: 'Niamh Quinn' } });

      const signedOut = await agentFor(t)
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ fullName: 'X' });
      expect(signedOut.status).toBe(401);
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
    // The defaults: 10 attempts per account and per address in any 900 s.
    limited = await createTestApp({ env: { PUBLIC_URL: shop } });
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
});

describe('the sweep of expired sessions and reset tokens', () => {
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
});

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

async function idOf(email: string): Promise<string> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? '00000000-0000-0000-0000-000000000000';
}
