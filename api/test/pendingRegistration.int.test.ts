import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema';
import { messages } from '../domain/messages';
import { authAnswers } from '../domain/authAnswers';
import { mailPerAddressFactor } from '../routes/auth';
import { tokenMailedTo } from './accounts';
import { shop, type Agent } from './checkoutFixtures';
import { createTestApp, usingPostgres, type TestApp } from './harness';

/**
 * Issue 46, the account items, over HTTP against the real app (PGlite, and PostgreSQL in
 * `npm run test:postgres`):
 * 1. a password chosen by someone who never proved the mailbox never becomes the account's;
 * 2. a confirmation link cannot swap the session of a browser signed in to another account;
 * 3. mail to an address nobody has confirmed carries no text the requester chose;
 * 5. the per-address bound counts failures and e-mails sent, never a customer's success.
 * argon2id is CPU-heavy and the machine may be busy: each test has its own generous timeout.
 */
const slow = 60_000;
const m = messages.auth;

let t: TestApp;
beforeAll(async () => {
  // The default LOGIN_RATE_LIMIT (10 per 900 s) and one client address per test (TRUST_PROXY),
  // so every request of a test comes from one shared address, as behind a carrier's NAT.
  t = await createTestApp({ env: { PUBLIC_URL: shop, TRUST_PROXY: 'true' } });
}, slow);
afterAll(async () => {
  await t?.close();
}, slow);

const db = () => t.db.handle.db;
let counter = 0;
const newEmail = (name: string) => `${name}${(counter += 1)}.${Date.now()}@example.com`;
let addresses = 0;
/** A client address of the test's own (198.18.0.0/15 is for benchmarking: nobody's). */
const newAddress = () => `198.18.${Math.floor((addresses += 1) / 250)}.${(addresses % 250) + 1}`;

/** A browser at client address `ip`: its own cookie jar. */
function browser(ip: string) {
  const agent: Agent = request.agent(t.app.callback());
  const post = (path: string, body: object) =>
    agent.post(path).set('Origin', shop).set('X-Forwarded-For', ip).send(body);
  const get = (path: string) => agent.get(path).set('X-Forwarded-For', ip);
  return { agent, post, get };
}

/** The e-mails to `email` about `topic`, oldest first. */
async function mailsTo(email: string, topic: string) {
  const rows = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.topic, topic)));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The link tokens of every confirmation e-mail to `email`, oldest first. */
async function linksTo(email: string): Promise<string[]> {
  return (await mailsTo(email, 'email_verification')).map(
    (mail) => /token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '',
  );
}

describe(`pending registrations (issue 46, ${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'item 1: the attacker who registers first and last cannot sign in; the owner ends signed in with their own password',
    async () => {
      const victim = newEmail('victim');
      const attackersPassword = 'the attackers planted phrase';
      const ownersPassword = 'the owners very own phrase';
      const attacker = browser(newAddress());
      const owner = browser(newAddress());
      const poll = () =>
        attacker.post('/api/auth/local', { email: victim, password: attackersPassword });

      // The attacker registers the address first and polls the login.
      expect(
        (
          await attacker.post('/api/auth/local/register', {
            fullName: 'Attacker',
            email: victim,
            password: attackersPassword,
          })
        ).status,
      ).toBe(200);
      const before = await poll();
      expect(before.status).toBe(403);
      expect(before.body).toEqual({ code: 403, message: m.emailNotVerified });

      // The owner registers: the attacker's poll answers exactly as before (no signal to act on).
      expect(
        (
          await owner.post('/api/auth/local/register', {
            fullName: 'Real Owner',
            email: victim,
            password: ownersPassword,
          })
        ).status,
      ).toBe(200);
      const after = await poll();
      expect({ status: after.status, body: after.body as unknown }).toEqual({
        status: before.status,
        body: before.body as unknown,
      });
      // The owner's password answers the same way: their registration is open too.
      const ownersTry = await owner.post('/api/auth/local', {
        email: victim,
        password: ownersPassword,
      });
      expect(ownersTry.status).toBe(403);

      // The attacker registers again, last: 200, as ever.
      expect(
        (
          await attacker.post('/api/auth/local/register', {
            fullName: 'Attacker',
            email: victim,
            password: attackersPassword,
          })
        ).status,
      ).toBe(200);

      // The owner's mailbox holds every link. The newest is the attacker's: with the owner's
      // password it confirms nothing, and the owner's own link still works.
      const links = await linksTo(victim);
      expect(links.length).toBeGreaterThanOrEqual(4);
      const newest = links.at(-1) ?? '';
      const wrong = await owner.post('/api/auth/verify-email', {
        token: newest,
        password: ownersPassword,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 400, message: authAnswers.verifyWrongPassword });
      let confirmed: request.Response | undefined;
      for (const token of links) {
        const res = await owner.post('/api/auth/verify-email', { token, password: ownersPassword });
        if (res.status === 200) {
          confirmed = res;
          break;
        }
      }
      expect(confirmed?.body).toMatchObject({
        code: 200,
        message: m.verified,
        user: { email: victim, fullName: 'Real Owner' },
      });
      // Signed in (confirmation signs in), the owner saves an address and a phone.
      const saved = await owner.agent.patch('/api/users/me').set('Origin', shop).send({
        fullName: 'Real Owner',
        email: victim,
        phone: '028 9000 0000',
        addressLine1: '5 Bridge Street',
        town: 'Coleraine',
        postcode: 'BT52 1AA',
      });
      expect(saved.status).toBe(200);

      // The attacker's password does not open the account, nor do the attacker's links.
      expect((await poll()).status).toBe(401);
      for (const token of links) {
        const res = await attacker.post('/api/auth/verify-email', {
          token,
          password: attackersPassword,
        });
        expect(res.status).toBe(400);
      }
      expect((await attacker.get('/api/users/me')).status).toBe(401);
      // The owner's password does, from anywhere.
      const again = await browser(newAddress()).post('/api/auth/local', {
        email: victim,
        password: ownersPassword,
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ user: { phone: '028 9000 0000', town: 'Coleraine' } });
    },
    slow,
  );

  it(
    'item 1: a pending account row holds no password and no name of the registrants',
    async () => {
      const email = newEmail('pending');
      const someone = browser(newAddress());
      await someone.post('/api/auth/local/register', {
        fullName: 'Whoever',
        email,
        password: 'some pending passphrase',
      });
      const [row] = await db().select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ passwordHash: '!', fullName: '', emailVerifiedAt: null });
    },
    slow,
  );

  it(
    'item 2: a link opened in a browser signed in to another account confirms nothing and keeps that session',
    async () => {
      // The victim is signed in to their own account.
      const victimEmail = newEmail('signedin');
      const victimPassword = 'the victims own phrase';
      const victim = browser(newAddress());
      await victim.post('/api/auth/local/register', {
        fullName: 'Victim',
        email: victimEmail,
        password: victimPassword,
      });
      const victimsLink = await tokenMailedTo(db(), victimEmail, 'email_verification');
      expect(
        (
          await victim.post('/api/auth/verify-email', {
            token: victimsLink,
            password: victimPassword,
          })
        ).status,
      ).toBe(200);

      // The attacker registers an address of their own and sends the victim its link, with the
      // password (the strongest form of the trick).
      const attackersEmail = newEmail('attacker');
      const attackersPassword = 'the attackers phrase';
      const attacker = browser(newAddress());
      await attacker.post('/api/auth/local/register', {
        fullName: 'Attacker',
        email: attackersEmail,
        password: attackersPassword,
      });
      const token = await tokenMailedTo(db(), attackersEmail, 'email_verification');
      const res = await victim.post('/api/auth/verify-email', {
        token,
        password: attackersPassword,
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 409, message: authAnswers.verifySignedInAsOther });
      expect(res.headers['set-cookie']).toBeUndefined();
      // Still the victim, and the attacker's account is still unconfirmed.
      expect((await victim.get('/api/users/me')).body).toMatchObject({
        user: { email: victimEmail },
      });
      const [pending] = await db().select().from(users).where(eq(users.email, attackersEmail));
      expect(pending?.emailVerifiedAt).toBeNull();
      // Its owner (signed out) can still use it.
      expect(
        (await attacker.post('/api/auth/verify-email', { token, password: attackersPassword }))
          .status,
      ).toBe(200);
    },
    slow,
  );

  it(
    'item 3: the confirmation and e-mail change messages to an unconfirmed address carry no text of the requester',
    async () => {
      const phishing =
        'Customer. URGENT: your account is locked, verify at https://fuelyard-secure.example/login now';
      const target = newEmail('phished');
      const sender = browser(newAddress());
      expect(
        (
          await sender.post('/api/auth/local/register', {
            fullName: phishing,
            email: target,
            password: 'the phishers passphrase',
          })
        ).status,
      ).toBe(200);
      const [confirm] = await mailsTo(target, 'email_verification');
      expect(confirm).toBeDefined();
      for (const body of [confirm?.text ?? '', confirm?.html ?? '']) {
        expect(body).not.toContain('URGENT');
        expect(body).not.toContain('fuelyard-secure');
        expect(body).toMatch(/^(<p>)?Hello,/);
      }

      // An account renamed to the same text asks to move to another address.
      const ownEmail = newEmail('renamer');
      const password = 'the renamers passphrase';
      await sender.post('/api/auth/local/register', {
        fullName: 'Renamer',
        email: ownEmail,
        password,
      });
      const link = await tokenMailedTo(db(), ownEmail, 'email_verification');
      expect((await sender.post('/api/auth/verify-email', { token: link, password })).status).toBe(
        200,
      );
      const renamed = await sender.agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ fullName: phishing, email: ownEmail });
      expect(renamed.status).toBe(200);
      const second = newEmail('phished');
      const asked = await sender.agent
        .patch('/api/users/me')
        .set('Origin', shop)
        .send({ fullName: phishing, email: second, currentPassword: password });
      expect(asked.status).toBe(200);
      const [change] = await mailsTo(second, 'email_change');
      expect(change).toBeDefined();
      for (const body of [change?.text ?? '', change?.html ?? '']) {
        expect(body).not.toContain('URGENT');
        expect(body).not.toContain('fuelyard-secure');
      }
    },
    slow,
  );
});

describe(`the per-address bound counts what an attacker needs (issue 46 item 5, ${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'three customers behind one address each register, confirm, log in, forget, reset and log in again: nobody is refused',
    async () => {
      const shared = newAddress();
      for (let i = 0; i < 3; i++) {
        const email = newEmail('nat');
        const password = `customer ${i} original phrase`;
        const newPassword = `customer ${i} second phrase`;
        const customer = browser(shared);
        const statuses: number[] = [];
        const step = async (path: string, body: object) => {
          const res = await customer.post(path, body);
          statuses.push(res.status);
          return res;
        };
        await step('/api/auth/local/register', { fullName: `Customer ${i}`, email, password });
        const link = await tokenMailedTo(db(), email, 'email_verification');
        await step('/api/auth/verify-email', { token: link, password });
        await step('/api/auth/logout', {});
        await step('/api/auth/local', { email, password });
        await step('/api/auth/forgot-password', { email });
        const reset = await tokenMailedTo(db(), email, 'password_reset', 'password-reset');
        await step('/api/auth/reset-password', { token: reset, password: newPassword });
        await step('/api/auth/local', { email, password: newPassword });
        expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
      }
    },
    slow,
  );

  it(
    'failures still fill the window: after LOGIN_RATE_LIMIT failures the address gets 429, even with the right password',
    async () => {
      const ip = newAddress();
      const email = newEmail('guessed');
      const password = 'the guessed accounts phrase';
      const owner = browser(newAddress());
      await owner.post('/api/auth/local/register', { fullName: 'Guessed', email, password });
      const link = await tokenMailedTo(db(), email, 'email_verification');
      expect((await owner.post('/api/auth/verify-email', { token: link, password })).status).toBe(
        200,
      );
      const guesser = browser(ip);
      const statuses: number[] = [];
      // Failures of every kind count: logins to several accounts, dead links, wrong passwords.
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await guesser.post('/api/auth/local', {
              email: newEmail('nobody'),
              password: `guess ${i}`,
            })
          ).status,
        );
      }
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (
            await guesser.post('/api/auth/verify-email', {
              token: 'A'.repeat(42) + String(i),
              password,
            })
          ).status,
        );
      }
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (
            await guesser.post('/api/auth/reset-password', {
              token: 'B'.repeat(42) + String(i),
              password: 'a brand new passphrase',
            })
          ).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 400, 400, 400, 400, 400, 400]);
      const refused = await guesser.post('/api/auth/local', { email, password });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 429, message: m.tooManyAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Another address is not affected.
      expect(
        (await browser(newAddress()).post('/api/auth/local', { email, password })).status,
      ).toBe(200);
    },
    slow,
  );

  it(
    'e-mails one address may have sent are bounded (registrations to many targets), per target as before',
    async () => {
      const sender = browser(newAddress());
      const bound = 10 * mailPerAddressFactor;
      const statuses: number[] = [];
      for (let i = 0; i <= bound; i++) {
        const res = await sender.post('/api/auth/forgot-password', { email: newEmail('target') });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, bound)).toEqual(Array<number>(bound).fill(200));
      expect(statuses[bound]).toBe(429);
    },
    slow,
  );
});
