import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import type { Config } from '../config';
import { enquiries, mailOutbox, rateLimits } from '../db/schema';
import { enquiryLabels } from '../domain/enquiry';
import { site } from '../domain/site';
import { createLogger } from '../logger';
import { createMailer, type Mailer } from '../services/mail/mailer';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from '../services/mail/worker';
import { createTestDatabase, testConfig, type TestDatabase } from './harness';
import { parseMail, startSmtpPeer, type SmtpPeer } from './smtpPeer';

const logger = createLogger('silent');
let tdb: TestDatabase;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await tdb.close();
});
beforeEach(async () => {
  const { db } = tdb.handle;
  await db.delete(mailOutbox);
  await db.delete(enquiries);
  await db.delete(rateLimits);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Fast retries for tests; the lease is long unless a test is about leases. */
const fastWorker: Partial<MailWorkerOptions> = {
  pollIntervalMs: 25,
  leaseMs: 60_000,
  retryBaseMs: 20,
  retryMaxMs: 100,
};

interface Rig {
  app: Koa;
  config: Config;
  mailer: Mailer;
  worker: MailWorker;
}

/** An app wired to its own mailer and worker, closed after the test. */
function rig(env: Record<string, string>, worker: Partial<MailWorkerOptions> = fastWorker): Rig {
  const config = testConfig(env);
  const mailer = createMailer(config.mail, logger);
  const mailWorker = createMailWorker({ db: tdb.handle.db, mailer, logger, ...worker });
  cleanups.push(async () => {
    await mailWorker.stop();
    mailer.close();
  });
  const app = createApp({ config, database: tdb.handle, logger, mailWorker });
  return { app, config, mailer, worker: mailWorker };
}

async function peer(): Promise<SmtpPeer> {
  const smtp = await startSmtpPeer();
  cleanups.push(() => smtp.close());
  return smtp;
}

const waitLong = { timeout: 15_000, interval: 20 };

const valid = {
  name: 'Aoife Murphy',
  email: 'aoife@murphyfuels.co.uk',
  // One line: the form's Address is an <input>, and no field but the Enquiry takes line breaks.
  address: '3 Quay Street, Newry BT35 6AA',
  companyName: 'Murphy Fuels',
  telephone: '028 3026 1234',
  telephone2: '',
  message: 'Please quote for 20 pallets of smokeless coal.',
};

const post = (app: Koa, body: unknown) =>
  request(app.callback())
    .post('/api/enquiries')
    .set('Content-Type', 'application/json')
    .send(
      // supertest sends objects as JSON; strings as they are.
      typeof body === 'string' ? body : (body as object),
    );

async function outbox() {
  return tdb.handle.db.select().from(mailOutbox);
}

describe('POST /api/enquiries', () => {
  it('stores a valid enquiry and the e-mail arrives over SMTP, escaped', async () => {
    const smtp = await peer();
    const { app, worker } = rig({ SMTP_URL: smtp.url });
    worker.start();

    const res = await post(app, {
      ...valid,
      message: 'Hello <script>alert("x")</script>\nSecond line & more',
    }).set('User-Agent', 'EnquiryTest/1.0');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'Email sent!' });

    const [stored] = await tdb.handle.db.select().from(enquiries);
    expect(stored).toMatchObject({
      name: 'Aoife Murphy',
      email: 'aoife@murphyfuels.co.uk',
      address: '3 Quay Street, Newry BT35 6AA',
      companyName: 'Murphy Fuels',
      telephone: '028 3026 1234',
      message: 'Hello <script>alert("x")</script>\nSecond line & more',
      userAgent: 'EnquiryTest/1.0',
    });
    expect(stored?.ip).toMatch(/127\.0\.0\.1|::1/);
    const messageId = `<enquiry-${stored?.id}@fuelyard.co.uk>`;

    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), waitLong);
    const [mail] = smtp.received;
    const headers = mail?.parsed.headers;
    expect(headers?.get('subject')).toBe('Wholesale enquiry – Fuelyard');
    expect(headers?.get('to')).toBe(site.email);
    expect(headers?.get('from')).toBe('Fuelyard <no-reply@fuelyard.co.uk>');
    expect(headers?.get('reply-to')).toBe('aoife@murphyfuels.co.uk');
    expect(headers?.get('message-id')).toBe(messageId);
    expect(mail?.envelope).toEqual({ from: 'no-reply@fuelyard.co.uk', to: [site.email] });

    const html = mail?.parsed.html ?? '';
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      'Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>\nSecond line &amp; more',
    );
    expect(html).toContain('<strong>Company Name:</strong> Murphy Fuels');
    expect(html).toContain('<strong>Address:</strong> 3 Quay Street, Newry BT35 6AA');
    expect(mail?.parsed.text).toContain('Telephone: 028 3026 1234');

    await vi.waitFor(async () => {
      const [row] = await outbox();
      expect(row).toMatchObject({ status: 'sent', attempts: 1, messageId, topic: 'enquiry' });
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.topicId).toBe(stored?.id);
    }, waitLong);
  });

  it('keeps the e-mail queued while the server answers 421, then delivers it once', async () => {
    const smtp = await peer();
    smtp.mode = 'tempfail';
    const { app, worker } = rig({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '1000' });
    worker.start();

    expect((await post(app, valid)).body).toEqual({ code: 200, message: 'Email sent!' });
    // At least two refused attempts: the first, and a retry after the backoff.
    await vi.waitFor(async () => {
      const [row] = await outbox();
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
      expect(row?.lastError).toContain('421');
    }, waitLong);
    // Between attempts the message is back in the queue, never given up on.
    await vi.waitFor(async () => {
      const [row] = await outbox();
      expect(row?.status).toBe('pending');
      expect(row?.lastError).toMatch(/421 .*Service not available/);
    }, waitLong);
    expect(smtp.received).toHaveLength(0);

    smtp.mode = 'accept';
    worker.nudge();
    await vi.waitFor(async () => {
      const [row] = await outbox();
      expect(row?.status).toBe('sent');
    }, waitLong);
    // A further look finds nothing due: the message was delivered exactly once.
    expect(await worker.drain()).toBe(0);
    const [row] = await outbox();
    expect(smtp.received.map((m) => m.parsed.headers.get('message-id'))).toEqual([row?.messageId]);
  });

  it('loses nothing when the worker dies mid-send: another takes over after the lease', async () => {
    const smtp = await peer();
    smtp.mode = 'stall';
    const leaseMs = 400;
    const first = rig({ SMTP_URL: smtp.url }, { ...fastWorker, leaseMs });
    first.worker.start();

    expect((await post(first.app, valid)).status).toBe(200);
    // The first worker has handed the message over and is waiting for an answer that never comes:
    // from the database's point of view it is a worker that died mid-send.
    await vi.waitFor(() => expect(smtp.stalled).toBe(1), waitLong);
    const [claimed] = await outbox();
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });

    smtp.mode = 'accept';
    const second = rig({ SMTP_URL: smtp.url }, { ...fastWorker, leaseMs });
    second.worker.start();
    await vi.waitFor(async () => {
      const [row] = await outbox();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    }, waitLong);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.parsed.headers.get('message-id')).toBe(claimed?.messageId);

    // The first worker finally hears back (a failure): its late outcome must change nothing.
    smtp.releaseStalled();
    await first.worker.stop();
    const [after] = await outbox();
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });
    expect(after?.lastError).toBeNull();
    expect(smtp.received).toHaveLength(1);
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const smtp = await peer();
    const { app, worker } = rig({ SMTP_URL: smtp.url });
    const res = await post(app, { ...valid, telephone2: '028 9000 0000' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'Email sent!' });
    // Even a bot's invalid form gets the same answer: nothing tells it what was caught.
    const sloppy = await post(app, { telephone2: 'x' });
    expect(sloppy.body).toEqual({ code: 200, message: 'Email sent!' });

    expect(await tdb.handle.db.select().from(enquiries)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    expect(await worker.drain()).toBe(0);
    expect(smtp.attempts).toBe(0);
  });

  it('refuses the 6th request in the window with 429 and Retry-After, before validating', async () => {
    const { app } = rig({});
    for (let i = 0; i < 5; i += 1) {
      const res = await post(app, {});
      expect(res.status).toBe(400);
    }
    const res = await post(app, valid);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: 429,
      message:
        'Too many enquiries from your connection. Please try again in a few minutes or phone our office.',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The refused request stored nothing.
    expect(await tdb.handle.db.select().from(enquiries)).toHaveLength(0);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const direct = rig({});
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) {
      const res = await post(direct.app, {}).set('X-Forwarded-For', `198.51.100.${i}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('behind a trusted proxy, counts each client by the left-most X-Forwarded-For entry', async () => {
    const proxied = rig({ TRUST_PROXY: 'true' });
    const from = (client: string) =>
      post(proxied.app, {}).set('X-Forwarded-For', `${client}, 10.0.0.2`);
    for (let i = 0; i < 5; i += 1) expect((await from('203.0.113.7')).status).toBe(400);
    expect((await from('203.0.113.7')).status).toBe(429);
    expect((await from('203.0.113.8')).status).toBe(400);

    const res = await post(proxied.app, valid).set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(200);
    const [stored] = await tdb.handle.db.select().from(enquiries);
    expect(stored?.ip).toBe('203.0.113.9');
  });

  it('answers 400 with all seven messages for an empty body', async () => {
    const { app } = rig({});
    const res = await post(app, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: 'Name required.',
      errors: [
        'Name required.',
        'Email required.',
        'Valid email required.',
        'Address required.',
        'Company Name required.',
        'Contact No. required.',
        'Enquiry required.',
      ],
    });
    // A body that is not a JSON object is refused by the API's body parser, before validation.
    const list = await post(app, '[1, 2]');
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ code: 400, message: 'Send a JSON object.' });
  });

  it('answers 400 "Valid email required." for a badly formed email, and names a long field', async () => {
    const { app } = rig({});
    const bad = await post(app, { ...valid, email: 'aoife@murphyfuels' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 400,
      message: 'Valid email required.',
      errors: ['Valid email required.'],
    });
    const long = await post(app, { ...valid, message: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      code: 400,
      message: 'Enquiry is too long: please keep it to 5000 characters or fewer.',
      errors: ['Enquiry is too long: please keep it to 5000 characters or fewer.'],
    });
    const huge = await post(app, { ...valid, message: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);
    expect(await tdb.handle.db.select().from(enquiries)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  const fields = ['name', 'email', 'address', 'companyName', 'telephone', 'message'] as const;
  const labels = enquiryLabels;

  /** Nothing was stored, queued or delivered. */
  async function expectNothingKept(worker: MailWorker, smtp: SmtpPeer) {
    expect(await tdb.handle.db.select().from(enquiries)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
    expect(await worker.drain()).toBe(0);
    expect(smtp.attempts).toBe(0);
  }

  // PostgreSQL refuses a NUL in text: before the schema refused it, this was a 500.
  it.each(fields)(
    'answers 400, not 500, for a NUL in %s, and keeps and mails nothing',
    async (field) => {
      const smtp = await peer();
      const { app, worker } = rig({ SMTP_URL: smtp.url });
      const value = valid[field];
      const res = await post(app, {
        ...valid,
        [field]: `${value.slice(0, 3)}\u0000${value.slice(3)}`,
      });
      const message = `${labels[field]} contains characters that are not allowed.`;
      const errors = field === 'email' ? ['Valid email required.', message] : [message];
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: errors[0], errors });
      await expectNothingKept(worker, smtp);
    },
  );

  it('answers 400 for an escape code or a lone surrogate, and keeps nothing', async () => {
    const smtp = await peer();
    const { app, worker } = rig({ SMTP_URL: smtp.url });
    const escape = await post(app, { ...valid, companyName: 'Murphy \u001b[2J Fuels' });
    expect(escape.status).toBe(400);
    expect(escape.body).toEqual({
      code: 400,
      message: 'Company Name contains characters that are not allowed.',
      errors: ['Company Name contains characters that are not allowed.'],
    });
    // JSON can carry a lone half of a surrogate pair; UTF-8 (and PostgreSQL) cannot.
    const lone = await post(
      app,
      JSON.stringify({ ...valid, message: 'Quote please' }).replace('please', 'please \\ud83d'),
    );
    expect(lone.status).toBe(400);
    expect(lone.body).toEqual({
      code: 400,
      message: 'Enquiry contains characters that are not allowed.',
      errors: ['Enquiry contains characters that are not allowed.'],
    });
    await expectNothingKept(worker, smtp);
  });

  it.each(['name', 'address', 'companyName', 'telephone'] as const)(
    'answers 400 for a "Bcc:" line in %s, and keeps and mails nothing',
    async (field) => {
      const smtp = await peer();
      const { app, worker } = rig({ SMTP_URL: smtp.url });
      const message = `${labels[field]} must be on one line.`;
      for (const forged of ['\nBcc: x@y', '\r\nBcc: x@y', '\rEmail: x@y', '\u2028Bcc: x@y']) {
        const res = await post(app, { ...valid, [field]: `${valid[field]}${forged}` });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 400, message, errors: [message] });
      }
      await expectNothingKept(worker, smtp);
    },
  );

  it('keeps a "Bcc:" line typed in the enquiry inside the message: indented, no extra recipient', async () => {
    const smtp = await peer();
    const { app, worker } = rig({ SMTP_URL: smtp.url });
    const res = await post(app, {
      ...valid,
      message: 'Quote please\r\nBcc: evil@example.org\rEmail: evil@example.org',
    });
    expect(res.status).toBe(200);
    const [stored] = await tdb.handle.db.select().from(enquiries);
    // Line breaks are stored as LF.
    expect(stored?.message).toBe('Quote please\nBcc: evil@example.org\nEmail: evil@example.org');

    expect(await worker.drain()).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.envelope.to).toEqual([site.email]);
    expect(mail?.parsed.headers.has('bcc')).toBe(false);
    expect(mail?.parsed.text?.trimEnd()).toBe(
      [
        'Name: Aoife Murphy',
        'Email: aoife@murphyfuels.co.uk',
        'Address: 3 Quay Street, Newry BT35 6AA',
        'Company Name: Murphy Fuels',
        'Telephone: 028 3026 1234',
        'Message: Quote please',
        '  Bcc: evil@example.org',
        '  Email: evil@example.org',
      ].join('\n'),
    );
    expect(mail?.parsed.html).toContain(
      '<strong>Message:</strong> Quote please<br>\nBcc: evil@example.org<br>\nEmail: evil@example.org</p>',
    );
  });

  it('commits the enquiry and its e-mail together or not at all', async () => {
    const { app } = rig({});
    // Make the outbox refuse the row: the enquiry written just before it must roll back.
    await tdb.handle.db.execute(
      sql`alter table mail_outbox add constraint test_refuse check (topic <> 'enquiry')`,
    );
    cleanups.push(async () => {
      await tdb.handle.db.execute(sql`alter table mail_outbox drop constraint test_refuse`);
    });
    const res = await post(app, valid);
    expect(res.status).toBe(500);
    expect((res.body as { code: number }).code).toBe(500);
    expect(await tdb.handle.db.select().from(enquiries)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('writes an .eml file to DATA_DIR/mail when no SMTP_URL is set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-mail-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { app, worker, mailer } = rig({ DATA_DIR: dataDir });
    expect(mailer.kind).toBe('file');
    worker.start();

    expect((await post(app, valid)).status).toBe(200);
    const mailDir = join(dataDir, 'mail');
    await vi.waitFor(
      () => expect(readdirSync(mailDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1),
      waitLong,
    );
    const [file] = readdirSync(mailDir);
    const raw = readFileSync(join(mailDir, file ?? ''), 'utf8');
    expect(raw).toContain('\r\n');
    const parsed = parseMail(raw);
    const [row] = await outbox();
    expect(file).toBe(`${row?.messageId.slice(1, -1)}.eml`);
    expect(parsed.headers.get('message-id')).toBe(row?.messageId);
    expect(parsed.headers.get('subject')).toBe('Wholesale enquiry – Fuelyard');
    expect(parsed.headers.get('to')).toBe(site.email);
    expect(parsed.headers.get('reply-to')).toBe(valid.email);
    expect(parsed.html).toContain('<strong>Name:</strong> Aoife Murphy');
    await vi.waitFor(async () => expect((await outbox())[0]?.status).toBe('sent'), waitLong);
  });

  it('sends to MAIL_TO from MAIL_FROM when they are set', async () => {
    const smtp = await peer();
    const { app, config } = rig({
      SMTP_URL: smtp.url,
      MAIL_TO: 'sales@example.org, depot@example.org',
      MAIL_FROM: 'Fuelyard Website <web@shop.example.org>',
    });
    // No worker was started: the message waits in the outbox until someone drains it.
    expect((await post(app, valid)).status).toBe(200);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', to: 'sales@example.org, depot@example.org' });
    expect(row?.messageId).toMatch(/^<enquiry-[0-9a-f-]{36}@shop\.example\.org>$/);

    const mailer = createMailer(config.mail, logger);
    const sender = createMailWorker({ db: tdb.handle.db, mailer, logger });
    cleanups.push(async () => {
      await sender.stop();
      mailer.close();
    });
    expect(await sender.drain()).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.envelope).toEqual({
      from: 'web@shop.example.org',
      to: ['sales@example.org', 'depot@example.org'],
    });
    expect(mail?.parsed.headers.get('from')).toBe('Fuelyard Website <web@shop.example.org>');
    const [sent] = await tdb.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.id ?? ''));
    expect(sent?.status).toBe('sent');
  });
});
