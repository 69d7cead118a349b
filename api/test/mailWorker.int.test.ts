import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createLogger } from '../logger';
import { createMailer, type Mailer, type OutgoingMail } from '../services/mail/mailer';
import {
  createMailWorker,
  leaseMarginMs,
  type MailWorker,
  type MailWorkerOptions,
} from '../services/mail/worker';
import { createTestDatabase, usingPostgres, type TestDatabase } from './harness';
import { startSmtpPeer } from './smtpPeer';

/** The outbox worker against a real database, with scripted mailers instead of SMTP. */

const logger = createLogger('silent');
let tdb: TestDatabase;
const workers: MailWorker[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await tdb.close();
});
beforeEach(async () => {
  await tdb.handle.db.delete(mailOutbox);
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});

interface ScriptedMailer extends Mailer {
  calls: OutgoingMail[];
}

function mailer(
  send: (mail: OutgoingMail) => Promise<string> = async () => '250 OK',
): ScriptedMailer {
  const calls: OutgoingMail[] = [];
  return {
    kind: 'smtp',
    calls,
    send: (mail) => {
      calls.push(mail);
      return send(mail);
    },
    close: () => undefined,
  };
}

/** A send that waits until the test releases it. */
function gate() {
  let release!: (outcome: Error | null) => void;
  const done = new Promise<string>((resolve, reject) => {
    release = (outcome) => (outcome ? reject(outcome) : resolve('250 OK (late)'));
  });
  return { done, release };
}

function worker(options: Partial<MailWorkerOptions> & { mailer: Mailer }): MailWorker {
  const created = createMailWorker({ db: tdb.handle.db, logger, ...options });
  workers.push(created);
  return created;
}

async function queue(
  overrides: Partial<PgInsertValue<typeof mailOutbox>> = {},
): Promise<{ id: string; messageId: string }> {
  const id = randomUUID();
  const messageId = `<test-${id}@fuelyard.test>`;
  await tdb.handle.db.insert(mailOutbox).values({
    id,
    messageId,
    to: 'shop@fuelyard.test',
    replyTo: 'buyer@example.org',
    subject: 'Wholesale enquiry – Fuelyard',
    html: '<p>Hello</p>',
    text: 'Hello',
    topic: 'test',
    ...overrides,
  });
  return { id, messageId };
}

async function row(id: string) {
  const [found] = await tdb.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error(`outbox row ${id} is gone`);
  return found;
}

const inPast = sql`now() - interval '1 second'`;
const inFuture = sql`now() + interval '1 hour'`;

describe('mail worker', () => {
  it('sends what is due, once, with the stored fields', async () => {
    const rows = [await queue(), await queue({ replyTo: null }), await queue()];
    const scripted = mailer();
    const w = worker({ mailer: scripted });
    expect(await w.drain()).toBe(3);
    expect(await w.drain()).toBe(0);
    expect(scripted.calls.map((c) => c.messageId).sort()).toEqual(
      rows.map((r) => r.messageId).sort(),
    );
    expect(scripted.calls.find((c) => c.messageId === rows[1]?.messageId)).toEqual({
      messageId: rows[1]?.messageId,
      to: 'shop@fuelyard.test',
      replyTo: null,
      subject: 'Wholesale enquiry – Fuelyard',
      html: '<p>Hello</p>',
      text: 'Hello',
    });
    for (const r of rows) {
      expect(await row(r.id)).toMatchObject({
        status: 'sent',
        attempts: 1,
        lockedUntil: null,
        lastError: null,
      });
    }
  });

  it('leaves mail alone until it is due', async () => {
    await queue({ nextAttemptAt: inFuture });
    const scripted = mailer();
    expect(await worker({ mailer: scripted }).drain()).toBe(0);
    expect(scripted.calls).toHaveLength(0);
  });

  it('reschedules a failure with exponential backoff and keeps the error', async () => {
    const queued = await queue();
    const failing = mailer(async () => {
      throw Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' });
    });
    // random() = 0 takes the low end of the jitter: half of base × 2^(attempt − 1).
    const w = worker({
      mailer: failing,
      retryBaseMs: 600_000,
      retryMaxMs: 86_400_000,
      random: () => 0,
    });
    expect(await w.drain()).toBe(0);
    const after = await row(queued.id);
    expect(after).toMatchObject({
      status: 'pending',
      attempts: 1,
      lockedUntil: null,
      lastError: '[ETIMEDOUT] Greeting never received',
    });
    const wait = async () => {
      const [found] = await tdb.handle.db
        .select({
          seconds: sql<string>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::text`,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, queued.id));
      return Number(found?.seconds);
    };
    const first = await wait();
    expect(first).toBeGreaterThan(280);
    expect(first).toBeLessThanOrEqual(300);

    // Not due yet: nothing is attempted. Made due, the second failure waits twice as long.
    expect(await w.drain()).toBe(0);
    expect(failing.calls).toHaveLength(1);
    await tdb.handle.db
      .update(mailOutbox)
      .set({ nextAttemptAt: inPast })
      .where(eq(mailOutbox.id, queued.id));
    expect(await w.drain()).toBe(0);
    expect((await row(queued.id)).attempts).toBe(2);
    const second = await wait();
    expect(second).toBeGreaterThan(580);
    expect(second).toBeLessThanOrEqual(600);
  });

  it('stops a pass at the first failure (the next look retries)', async () => {
    await queue();
    await queue();
    const failing = mailer(async () => {
      throw new Error('Connection refused');
    });
    expect(await worker({ mailer: failing }).drain()).toBe(0);
    expect(failing.calls).toHaveLength(1);
  });

  it('marks mail failed once its attempts are used up', async () => {
    const queued = await queue({ maxAttempts: 2 });
    const failing = mailer(async () => {
      throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    });
    const w = worker({ mailer: failing });
    await w.drain();
    expect(await row(queued.id)).toMatchObject({ status: 'pending', attempts: 1 });
    await tdb.handle.db
      .update(mailOutbox)
      .set({ nextAttemptAt: inPast })
      .where(eq(mailOutbox.id, queued.id));
    await w.drain();
    expect(await row(queued.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: '[550] Mailbox unavailable',
      lockedUntil: null,
    });
    await tdb.handle.db
      .update(mailOutbox)
      .set({ nextAttemptAt: inPast })
      .where(eq(mailOutbox.id, queued.id));
    expect(await w.drain()).toBe(0);
    expect(failing.calls).toHaveLength(2);
  });

  it('takes over a message whose worker died mid-send once the lease has run out', async () => {
    const queued = await queue({ status: 'sending', attempts: 1, lockedUntil: inPast });
    const scripted = mailer();
    expect(await worker({ mailer: scripted }).drain()).toBe(1);
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('does not touch a message while another worker holds its lease', async () => {
    await queue({ status: 'sending', attempts: 1, lockedUntil: inFuture });
    const scripted = mailer();
    expect(await worker({ mailer: scripted }).drain()).toBe(0);
    expect(scripted.calls).toHaveLength(0);
  });

  it('fails an abandoned last attempt instead of sending it again', async () => {
    const queued = await queue({
      status: 'sending',
      attempts: 3,
      maxAttempts: 3,
      lockedUntil: inPast,
    });
    const scripted = mailer();
    expect(await worker({ mailer: scripted }).drain()).toBe(0);
    expect(scripted.calls).toHaveLength(0);
    const after = await row(queued.id);
    expect(after.status).toBe('failed');
    expect(after.lastError).toMatch(/abandoned/);
  });

  it.each([
    ['succeeds', null],
    ['fails', new Error('Connection reset')],
  ])(
    'ignores the late outcome of a worker whose lease was taken over (it %s)',
    async (_label, outcome) => {
      const queued = await queue();
      const slow = gate();
      const stuck = mailer(() => slow.done);
      const first = worker({ mailer: stuck, leaseMs: 60_000 });
      const firstPass = first.drain();
      await vi.waitFor(() => expect(stuck.calls).toHaveLength(1), {
        timeout: 10_000,
        interval: 10,
      });

      // The lease runs out (set in the past rather than waited for); a second worker takes over.
      await tdb.handle.db
        .update(mailOutbox)
        .set({ lockedUntil: inPast })
        .where(eq(mailOutbox.id, queued.id));
      const second = worker({ mailer: mailer() });
      expect(await second.drain()).toBe(1);
      const sent = await row(queued.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });

      slow.release(outcome);
      await firstPass;
      expect(await row(queued.id)).toEqual(sent);
    },
  );

  it('never lets several workers send one message twice', async () => {
    const queued = await Promise.all(Array.from({ length: 24 }, () => queue()));
    const mailers = [0, 1, 2].map(() =>
      mailer(async () => {
        // Yield so that the workers interleave.
        await new Promise((resolve) => setImmediate(resolve));
        return '250 OK';
      }),
    );
    const passes = await Promise.all(mailers.map((m) => worker({ mailer: m }).drain()));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(24);
    const sentIds = mailers.flatMap((m) => m.calls.map((c) => c.messageId));
    expect(sentIds).toHaveLength(24);
    expect(new Set(sentIds).size).toBe(24);
    const rows = await tdb.handle.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(rows).toHaveLength(queued.length);
  });

  it('sends soon after a nudge, without waiting for the poll interval', async () => {
    const scripted = mailer();
    const w = worker({ mailer: scripted, pollIntervalMs: 3_600_000 });
    w.start();
    const queued = await queue();
    w.nudge();
    await vi.waitFor(async () => expect((await row(queued.id)).status).toBe('sent'), {
      timeout: 10_000,
      interval: 10,
    });
  });

  it('stop() waits for the message in flight and sends nothing more', async () => {
    const slow = gate();
    const scripted = mailer(() => slow.done);
    const w = worker({ mailer: scripted, pollIntervalMs: 3_600_000 });
    w.start();
    const first = await queue();
    w.nudge();
    await vi.waitFor(() => expect(scripted.calls).toHaveLength(1), {
      timeout: 10_000,
      interval: 10,
    });
    const second = await queue();

    let stopped = false;
    const stopping = w.stop().then(() => {
      stopped = true;
    });
    // The send cannot finish before it is released, so stop() cannot have resolved.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    slow.release(null);
    await stopping;
    expect(await row(first.id ?? '')).toMatchObject({ status: 'sent' });
    expect(await row(second.id ?? '')).toMatchObject({ status: 'pending', attempts: 0 });
    expect(scripted.calls).toHaveLength(1);
    w.nudge();
    expect(await w.drain()).toBe(0);
  });
});

/** A logger whose JSON lines are kept, to check what was said (and that nothing personal was). */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const destination = {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  return {
    logger: createLogger('debug', {}, destination),
    lines,
    said: (msg: string) => lines.filter((line) => line.msg === msg),
    /** Nothing from the message itself: addresses, subject or body. */
    expectNoPersonalData() {
      const all = raw.join('\n');
      for (const secret of ['buyer@example.org', 'shop@fuelyard.test', 'Wholesale', 'Hello']) {
        expect(all).not.toContain(secret);
      }
    },
  };
}

/**
 * The test database, except that while `outage.updates > 0` each UPDATE fails (and counts down)
 * as one on a dropped connection does. Claims run in transactions and are not affected.
 */
function flakyDatabase(outage: { updates: number; failed: number }): Database {
  const failing = () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const chain = {
      set: () => chain,
      where: () => chain,
      returning: () => Promise.reject(error),
    };
    return chain;
  };
  return new Proxy(tdb.handle.db, {
    get(target, key, receiver) {
      if (key === 'update' && outage.updates > 0) {
        return () => {
          outage.updates -= 1;
          outage.failed += 1;
          return failing();
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

describe('mail worker during a database outage', () => {
  it('keeps a sent outcome and records it once the database answers, without sending again', async () => {
    const queued = await queue();
    const outage = { updates: 0, failed: 0 };
    const scripted = mailer(async () => {
      outage.updates = 4; // The database goes away while SMTP answers.
      return '250 OK';
    });
    const log = capturingLogger();
    const w = worker({ db: flakyDatabase(outage), mailer: scripted, logger: log.logger });
    expect(await w.drain()).toBe(1);
    expect(outage.failed).toBe(4);
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
    expect(scripted.calls).toHaveLength(1);
    expect(log.said('could not record the mail outcome; retrying')).toHaveLength(1);
    expect(log.said('mail sent')).toHaveLength(1);
    log.expectNoPersonalData();
  });

  it('keeps a failed outcome and records its retry once the database answers', async () => {
    const queued = await queue();
    const outage = { updates: 0, failed: 0 };
    const failing = mailer(async () => {
      outage.updates = 3;
      throw Object.assign(new Error('Service not available'), { responseCode: 421 });
    });
    const w = worker({ db: flakyDatabase(outage), mailer: failing });
    expect(await w.drain()).toBe(0);
    expect(outage.failed).toBe(3);
    expect(await row(queued.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lockedUntil: null,
      lastError: '[421] Service not available',
    });
  });

  it.each([
    ['an attempt is left', 3],
    ['it was the last attempt', 1],
  ])(
    'gives up before the lease runs out, then records instead of resending when it claims the message back (%s)',
    async (_label, maxAttempts) => {
      const queued = await queue({ maxAttempts });
      const outage = { updates: 0, failed: 0 };
      const scripted = mailer(async () => {
        outage.updates = Number.POSITIVE_INFINITY;
        return '250 OK';
      });
      const log = capturingLogger();
      // The worker's clock is driven by the outage: every refused update took 100 ms. So the
      // window closes where the design puts it, not where a timer on a busy machine fires.
      const leaseMs = 1_500;
      const clock = () => outage.failed * 100;
      const w = worker({
        db: flakyDatabase(outage),
        mailer: scripted,
        logger: log.logger,
        leaseMs,
        recordRetryBaseMs: 5,
        recordRetryMaxMs: 10,
        now: clock,
      });
      expect(await w.drain()).toBe(1);
      expect(outage.failed).toBeGreaterThan(1);
      expect(await row(queued.id)).toMatchObject({ status: 'sending', attempts: 1 });
      expect(
        log.said(
          'mail sent but not recorded as sent: the database did not answer in time; ' +
            'it will be sent again when its lease runs out (same Message-ID)',
        ),
      ).toEqual([expect.objectContaining({ level: 50, reason: 'the lease is about to run out' })]);
      // Claimed at 0 on that clock: it retried until the window closed (the lease less its
      // margin) and gave up before the lease ran out, when no other worker can have the row.
      const gaveUpAt = clock();
      expect(gaveUpAt).toBeGreaterThanOrEqual(leaseMs - leaseMarginMs(leaseMs));
      expect(gaveUpAt).toBeLessThan(leaseMs);

      // The database is back and the lease has run out (set, not waited for).
      outage.updates = 0;
      await tdb.handle.db
        .update(mailOutbox)
        .set({ lockedUntil: inPast })
        .where(eq(mailOutbox.id, queued.id));
      await w.drain();
      expect(scripted.calls).toHaveLength(1);
      expect(await row(queued.id)).toMatchObject({
        status: 'sent',
        attempts: maxAttempts === 1 ? 1 : 2,
        lockedUntil: null,
      });
      log.expectNoPersonalData();
    },
  );

  it('stop() ends the retries at its deadline and says so', async () => {
    const queued = await queue();
    const outage = { updates: 0, failed: 0 };
    const scripted = mailer(async () => {
      outage.updates = Number.POSITIVE_INFINITY;
      return '250 OK';
    });
    const log = capturingLogger();
    const w = worker({
      db: flakyDatabase(outage),
      mailer: scripted,
      logger: log.logger,
      leaseMs: 3_600_000,
      pollIntervalMs: 3_600_000,
    });
    w.start();
    await vi.waitFor(() => expect(outage.failed).toBeGreaterThan(1), {
      timeout: 10_000,
      interval: 10,
    });
    // The retry window is most of an hour; stop() bounds it. The test's own timeout proves that.
    await w.stop({ withinMs: 0 });
    expect(
      log.said(
        'mail sent but not recorded as sent: the database did not answer in time; ' +
          'it will be sent again when its lease runs out (same Message-ID)',
      ),
    ).toEqual([expect.objectContaining({ reason: 'shutting down' })]);
    expect(await row(queued.id)).toMatchObject({ status: 'sending' });
  }, 20_000);

  it.skipIf(!usingPostgres)(
    'sends once when the database connections are cut between the SMTP 250 and the update',
    async () => {
      const peer = await startSmtpPeer();
      const smtp = createMailer(
        {
          smtpUrl: peer.url,
          from: 'Fuelyard <no-reply@fuelyard.test>',
          dir: '/nonexistent',
          leaseMs: 60_000,
        },
        logger,
      );
      const serverUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = new URL(tdb.url ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const queued = await queue();
        const log = capturingLogger();
        const w = worker({ mailer: smtp, logger: log.logger, leaseMs: 60_000 });
        // The peer has the message; before it answers 250, the app's connections are cut and new
        // ones refused for a second.
        let terminated = 0;
        let restored: Promise<void> | undefined;
        peer.beforeReply = async () => {
          peer.beforeReply = undefined;
          await admin.query(`alter database "${name}" allow_connections false`);
          const cut = await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
          terminated = cut.rowCount ?? 0;
          restored = new Promise<void>((resolve) => setTimeout(resolve, 1_000)).then(async () => {
            await admin.query(`alter database "${name}" allow_connections true`);
          });
        };
        const firstPass = await w.drain().catch((error: unknown) => error);
        expect(restored).toBeDefined();
        await restored;
        expect(terminated).toBeGreaterThan(0);

        // Whatever the first pass did, a later one after the lease has run out must not resend.
        await tdb.handle.db
          .update(mailOutbox)
          .set({ lockedUntil: inPast })
          .where(eq(mailOutbox.id, queued.id));
        await w.drain();
        expect(peer.received.map((mail) => mail.parsed.headers.get('message-id'))).toEqual([
          queued.messageId,
        ]);
        expect(firstPass).toBe(1);
        expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 1 });
        // The update really did fail at first.
        expect(log.said('could not record the mail outcome; retrying')).toHaveLength(1);
        log.expectNoPersonalData();
      } finally {
        await admin.query(`alter database "${name}" allow_connections true`);
        await admin.end();
        smtp.close();
        await peer.close();
      }
    },
    30_000,
  );
});
