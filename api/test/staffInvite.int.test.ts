import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { auditLog, mailOutbox, users } from '../db/schema';
import { staffInviteLimit, staffInviteTexts, type AdminStaffMember } from '../domain/staffInvite';
import { createLogger } from '../logger';
import { crossSiteMessage } from '../middleware/crossSite';
import { adminNotFoundMessage } from '../routes/admin';
import { createMailer, type Mailer } from '../services/mail/mailer';
import { createMailWorker, type MailWorker } from '../services/mail/worker';
import { promoteAndSignIn, signUp } from './accounts';
import { createTestDatabase, testConfig, usingPostgres, type TestDatabase } from './harness';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from './smtpPeer';

/**
 * Staff invite staff from the back office (issue 32, item 12): POST /api/admin/staff e-mails a
 * single-use link (the password-reset mechanism `staff:create` uses) through the outbox to a real
 * SMTP peer on loopback, against a shop listening on loopback whose PUBLIC_URL is its own address,
 * so the e-mailed link is followed for real. A new PGlite with migrations and seed takes about 2 s
 * idle (several times that on a loaded CI box): generous hook timeouts.
 */
const slow = 60_000;
const waitForMail = { timeout: 15_000, interval: 20 };

let tdb: TestDatabase;
let server: Server;
let shopUrl: string;
let smtp: SmtpPeer;
let mailer: Mailer;
let worker: MailWorker;
/** Every log line the shop wrote. */
const logLines: string[] = [];

type Agent = ReturnType<typeof request.agent>;
let staff: Agent;
let staffEmail: string;
const password = 'a long enough passphrase';
let counter = 0;

const db = () => tdb.handle.db;

function newAddress(kind: string): string {
  counter += 1;
  return `${kind}${counter}.${Date.now()}@example.com`;
}

async function signedUpCustomer(): Promise<{ agent: Agent; email: string }> {
  const email = newAddress('customer');
  const agent = request.agent(shopUrl);
  await signUp(agent, shopUrl, db(), { fullName: 'Casey Customer', email, password });
  return { agent, email };
}

/** A new member of staff, signed in (made the way the first one is: `staff:create`'s core). */
async function signedInStaff(): Promise<{ agent: Agent; email: string }> {
  const made = await signedUpCustomer();
  await promoteAndSignIn(made.agent, shopUrl, db(), made.email, password);
  return made;
}

const invite = (agent: Agent, body: unknown) =>
  agent
    .post('/api/admin/staff')
    .set('Origin', shopUrl)
    .send(body as object);

const invitationSubject = 'You are invited to the Fuelyard back office';

/** The invitation e-mails received over SMTP for `to` (not their account's other e-mails). */
const mailsTo = (to: string): ReceivedMail[] =>
  smtp.received.filter(
    (mail) =>
      mail.envelope.to.includes(to) && mail.parsed.headers.get('subject') === invitationSubject,
  );

async function receivedInvitation(to: string, count = 1): Promise<ReceivedMail> {
  await vi.waitFor(() => expect(mailsTo(to)).toHaveLength(count), waitForMail);
  const mail = mailsTo(to)[count - 1];
  if (!mail) throw new Error(`No invitation for ${to}`);
  return mail;
}

/** The set-password link of an invitation e-mail (its text part). */
function linkIn(mail: ReceivedMail): URL {
  const found = /(\S+\/user\/password-reset\?token=[A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  if (!found?.[1]) throw new Error('The invitation has no set-password link');
  return new URL(found[1]);
}

async function userRow(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email));
  return row;
}

async function setPassword(link: URL, newPassword: string) {
  return request(shopUrl)
    .post('/api/auth/reset-password')
    .set('Origin', shopUrl)
    .send({ token: link.searchParams.get('token'), password: newPassword });
}

async function staffList(agent: Agent): Promise<AdminStaffMember[]> {
  const res = await agent.get('/api/admin/staff');
  expect(res.status).toBe(200);
  return (res.body as { staff: AdminStaffMember[] }).staff;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  smtp = await startSmtpPeer();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503);
    res.end();
  };
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig({
    PUBLIC_URL: shopUrl,
    SMTP_URL: smtp.url,
    LOGIN_RATE_LIMIT: '1000',
    LOG_LEVEL: 'info',
  });
  const logger = createLogger('info', {}, { write: (line: string) => logLines.push(line) });
  mailer = createMailer(config.mail, logger);
  worker = createMailWorker({
    db: db(),
    mailer,
    logger,
    pollIntervalMs: 25,
    retryBaseMs: 20,
    retryMaxMs: 100,
  });
  worker.start();
  handler = createApp({ config, database: tdb.handle, logger, mailWorker: worker }).callback();
  const first = await signedInStaff();
  staff = first.agent;
  staffEmail = first.email;
}, slow);

afterAll(async () => {
  await worker?.stop();
  mailer?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await smtp?.close();
  await tdb?.close();
}, slow);

describe(`inviting staff from the back office (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'staff invite a colleague: the e-mailed link (from PUBLIC_URL) works once, sets the password and makes them staff',
    async () => {
      const email = newAddress('Colleague.');
      // A forged Host must not choose where the link points.
      const res = await invite(staff, { email: `  ${email.toUpperCase()}  ` }).set(
        'Host',
        'evil.example',
      );
      const address = email.toLowerCase();
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        code: 201,
        message: staffInviteTexts.invited(address),
        outcome: 'invited',
        member: { email: address, status: 'invited' },
      });
      // The link is in the e-mail only: never in the answer.
      expect(JSON.stringify(res.body)).not.toMatch(/token|password-reset/);

      const mail = await receivedInvitation(address);
      expect(mail.parsed.text).toContain(staffEmail);
      const link = linkIn(mail);
      expect(link.origin).toBe(shopUrl);
      expect(link.pathname).toBe('/user/password-reset');
      expect(mail.parsed.html).toContain(`href="${link.href}"`);
      expect(`${mail.raw}`).not.toContain('evil.example');

      // Until the link is used, no password works.
      const early = await request(shopUrl)
        .post('/api/auth/local')
        .set('Origin', shopUrl)
        .send({ email: address, password });
      expect(early.status).toBe(401);

      const colleaguePassword = 'the colleague chose this one';
      expect((await setPassword(link, colleaguePassword)).status).toBe(200);
      // Single use.
      expect((await setPassword(link, 'yet another long passphrase')).status).toBe(400);

      const colleague = request.agent(shopUrl);
      const login = await colleague
        .post('/api/auth/local')
        .set('Origin', shopUrl)
        .send({ email: address, password: colleaguePassword });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ email: address, role: 'staff' });
      expect((await colleague.get('/api/admin/summary')).status).toBe(200);

      const listed = (await staffList(staff)).find((member) => member.email === address);
      expect(listed).toMatchObject({ status: 'active' });

      const row = await userRow(address);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, row?.id ?? '')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry).toMatchObject({
        actorEmail: staffEmail,
        action: 'invite',
        before: null,
        after: { email: address, role: 'staff' },
      });

      // The link and the invitee's address are in no log line.
      const logs = logLines.join('');
      expect(logs).toContain('/api/admin/staff');
      expect(logs).not.toContain(link.searchParams.get('token') ?? '');
      expect(logs).not.toContain(address);
    },
    slow,
  );

  it('says so for an address that is already staff, and changes nothing (no e-mail, no sign-out)', async () => {
    const colleague = await signedInStaff();
    const before = await userRow(colleague.email);
    const queued = (await db().select().from(mailOutbox)).length;
    const res = await invite(staff, { email: colleague.email });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 409,
      message: staffInviteTexts.alreadyStaff(colleague.email),
    });
    expect(await userRow(colleague.email)).toEqual(before);
    expect((await db().select().from(mailOutbox)).length).toBe(queued);
    expect((await colleague.agent.get('/api/admin/summary')).status).toBe(200);
  });

  it(
    'promotes a customer: their sessions end and old password stops working until the invitation is used; an invitation not yet used can be sent again, replacing the first',
    async () => {
      const customer = await signedUpCustomer();
      expect((await customer.agent.get('/api/users/me')).status).toBe(200);
      const res = await invite(staff, { email: customer.email });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        outcome: 'promoted',
        message: staffInviteTexts.promoted(customer.email),
      });
      expect((await customer.agent.get('/api/users/me')).status).toBe(401);
      const old = await request(shopUrl)
        .post('/api/auth/local')
        .set('Origin', shopUrl)
        .send({ email: customer.email, password });
      expect(old.status).toBe(401);
      const first = linkIn(await receivedInvitation(customer.email));
      expect((await staffList(staff)).find((m) => m.email === customer.email)).toMatchObject({
        status: 'invited',
      });

      const again = await invite(staff, { email: customer.email });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        code: 200,
        outcome: 'reinvited',
        message: staffInviteTexts.reinvited(customer.email),
      });
      const second = linkIn(await receivedInvitation(customer.email, 2));
      expect((await setPassword(first, 'the first link must not work')).status).toBe(400);
      expect((await setPassword(second, 'the second link works once')).status).toBe(200);
      expect((await userRow(customer.email))?.role).toBe('staff');
    },
    slow,
  );

  it('is not there for anonymous visitors and customers (the ordinary 404), who invite nobody', async () => {
    const customer = await signedUpCustomer();
    const email = newAddress('sneaky');
    for (const agent of [request.agent(shopUrl), customer.agent]) {
      const res = await invite(agent, { email });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: adminNotFoundMessage });
      expect((await agent.get('/api/admin/staff')).status).toBe(404);
    }
    expect(await userRow(email)).toBeUndefined();
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
  });

  it('refuses a bad address, a form post, an oversized body and another site, with a plain message and nothing made', async () => {
    const before = (await db().select().from(users)).length;
    const cases: [unknown, string][] = [
      [{}, staffInviteTexts.emailRequired],
      [{ email: '   ' }, staffInviteTexts.emailRequired],
      [{ email: 'not-an-address' }, staffInviteTexts.emailFormat],
      [{ email: 'anne@example' }, staffInviteTexts.emailFormat],
      [{ email: `${'a'.repeat(250)}@example.com` }, staffInviteTexts.emailFormat],
      [{ email: ['a@example.com'] }, staffInviteTexts.emailFormat],
      // The API's pipeline takes JSON objects only.
      [[], 'Send a JSON object.'],
    ];
    for (const [body, message] of cases) {
      const res = await invite(staff, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body).toMatchObject({ code: 400, message });
    }
    const form = await staff
      .post('/api/admin/staff')
      .set('Origin', shopUrl)
      .type('form')
      .send('email=form%40example.com');
    expect(form.status).toBe(415);
    const huge = await invite(staff, { email: 'big@example.com', padding: 'x'.repeat(64 * 1024) });
    expect(huge.status).toBe(413);

    const foreign = await staff
      .post('/api/admin/staff')
      .set('Origin', 'https://evil.example')
      .send({ email: 'csrf@example.com' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 403, message: crossSiteMessage });
    const crossSite = await staff
      .post('/api/admin/staff')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: 'csrf@example.com' });
    expect(crossSite.status).toBe(403);

    expect((await db().select().from(users)).length).toBe(before);
    for (const to of ['form@example.com', 'big@example.com', 'csrf@example.com']) {
      expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, to))).toEqual([]);
    }
  });

  it('bounds the invitations each member of staff sends (429 with Retry-After)', async () => {
    const sender = await signedInStaff();
    for (let n = 0; n < staffInviteLimit; n += 1) {
      expect((await invite(sender.agent, { email: newAddress('bulk') })).status).toBe(201);
    }
    const over = newAddress('over');
    const refused = await invite(sender.agent, { email: over });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, message: staffInviteTexts.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await userRow(over)).toBeUndefined();
    // Another member of staff is not held up by it.
    expect((await invite(staff, { email: newAddress('other') })).status).toBe(201);
  });
});
