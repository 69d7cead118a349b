import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { withDeadline } from '../../deadline';
import type { Logger } from '../../logger';
import type { Mailer } from './mailer';

export interface MailWorkerOptions {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** How often to look for due messages when nobody nudges (default 5 s). */
  pollIntervalMs?: number;
  /** How long a claimed message is reserved; a worker that dies loses it after this (default 2 min). */
  leaseMs?: number;
  /** First retry delay; it doubles per attempt (default 5 s). */
  retryBaseMs?: number;
  /** Longest retry delay (default 1 h). */
  retryMaxMs?: number;
  /** Jitter source, replaceable in tests (default Math.random). */
  random?: () => number;
  /**
   * Recording an outcome (the row becoming `sent`, or rescheduled) is retried after a database
   * error: first after this delay, doubling up to `recordRetryMaxMs` (defaults 100 ms and 5 s).
   */
  recordRetryBaseMs?: number;
  recordRetryMaxMs?: number;
  /**
   * The monotonic clock (ms) the lease's window and stop()'s deadline are reckoned by (default
   * performance.now). Tests drive it, so that where the window closes is not a race with a timer.
   */
  now?: () => number;
}

export interface StopOptions {
  /**
   * How long an outcome that is being recorded may still be retried (default: until the retry
   * window ends, shortly before the lease runs out). Give the shutdown timeout, less a margin.
   */
  withinMs?: number;
}

export interface MailWorker {
  /** Starts polling; the first look is immediate. */
  start(): void;
  /**
   * Claims nothing more and waits for the message being sent, if any, and for its outcome to be
   * recorded (retried within `withinMs`; given up with an error log after that).
   */
  stop(options?: StopOptions): Promise<void>;
  /** Asks for a look as soon as possible (a message was just queued). Never waits for SMTP. */
  nudge(): void;
  /**
   * Sends every message that is due now, one at a time, stopping at the first failure (the next
   * look retries). Resolves with the number sent. Safe to run beside other workers.
   */
  drain(): Promise<number>;
}

type MailRow = typeof mailOutbox.$inferSelect;

/**
 * The delay before retry number `attempt` (1-based): base × 2^(attempt−1), capped, with "equal
 * jitter" (half fixed, half random) so that many messages failing together do not retry together.
 */
export function retryDelayMs(
  attempt: number,
  { baseMs, maxMs }: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** What is kept of a failure: the SMTP code and text, never more than 1000 characters. */
export function describeMailError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 1000);
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  const tags = [code, responseCode].filter(
    (tag) => typeof tag === 'string' || typeof tag === 'number',
  );
  return `${tags.length > 0 ? `[${tags.join(' ')}] ` : ''}${error.message}`.slice(0, 1000);
}

/**
 * How much of the lease is kept back after the last try at recording an outcome: a tenth of it, at
 * most 5 s. The retry window ends this long before the lease can have run out, so no other worker
 * can have taken the row over (and sent it again) while this one still holds an outcome for it.
 */
export function leaseMarginMs(leaseMs: number): number {
  return Math.min(5_000, Math.round(leaseMs / 10));
}

/** Remembered accepted-but-unrecorded messages, per worker (see `unrecorded` below). */
const maxRemembered = 1_000;

const interval = (ms: number) => sql`${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;

/**
 * The transactional outbox's sender. A message is claimed in a short transaction (`FOR UPDATE SKIP
 * LOCKED`, so several workers never claim the same row), marked `sending` with a lease, and the
 * transaction commits before SMTP is touched. Then it is marked `sent`, or rescheduled with
 * exponential backoff, or `failed` once its attempts are used up. A worker that dies mid-send
 * leaves the row `sending`; when the lease runs out any worker takes it over. Delivery is
 * therefore at least once, and a repeat carries the same Message-ID so it can be recognised.
 *
 * Once SMTP has answered, the outcome is known and is not thrown away because the database is
 * briefly unreachable: recording it is retried with backoff (100 ms doubling to 5 s) for as long
 * as the lease surely holds, i.e. until `leaseMarginMs` before it can run out, counted from before
 * the claim. No other worker can take the row over in that window, so a database outage shorter
 * than it never sends a message twice. The window cannot be stretched (extending the lease needs
 * the database); when it closes, the row is left `sending` and will be sent again once its lease
 * runs out, unless this same worker claims it back: it remembers the Message-IDs it saw accepted
 * (the last 1000) and then records them as sent without sending them again.
 *
 * Every claim counts as an attempt (a message that kills its worker cannot loop for ever), and the
 * attempt number is the claim's token: a late outcome from a worker whose lease was taken over
 * changes nothing.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, mailer, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const backoff = { baseMs: options.retryBaseMs ?? 5_000, maxMs: options.retryMaxMs ?? 3_600_000 };
  const recordBackoff = {
    baseMs: options.recordRetryBaseMs ?? 100,
    maxMs: options.recordRetryMaxMs ?? 5_000,
  };
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => performance.now());

  let state: 'new' | 'started' | 'stopped' = 'new';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let looking: Promise<void> | undefined;
  let lookAgain = false;
  const inFlight = new Set<Promise<number>>();
  /** When stop() was given `withinMs`: the end of any outcome still being recorded (monotonic). */
  let stopDeadline = Number.POSITIVE_INFINITY;
  /** Pauses between recording attempts, cut short by stop(). */
  const wakers = new Set<() => void>();
  /**
   * Message-ID → when SMTP accepted it, for messages whose `sent` could not be recorded. If this
   * worker claims one of them again, it records it instead of sending it again.
   */
  const unrecorded = new Map<string, Date>();

  const remember = (messageId: string, acceptedAt: Date) => {
    unrecorded.delete(messageId);
    unrecorded.set(messageId, acceptedAt);
    for (const oldest of unrecorded.keys()) {
      if (unrecorded.size <= maxRemembered) break;
      unrecorded.delete(oldest);
    }
  };

  type Claim =
    { kind: 'none' } | { kind: 'settled' } | { kind: 'claimed'; row: MailRow; leaseEnds: number };

  async function claim(): Promise<Claim> {
    // Taken before the claim's transaction starts, so this is no later than the lease it sets.
    const leaseEnds = now() + leaseMs;
    return db.transaction(async (tx): Promise<Claim> => {
      const [due] = await tx
        .select({
          id: mailOutbox.id,
          attempts: mailOutbox.attempts,
          maxAttempts: mailOutbox.maxAttempts,
          messageId: mailOutbox.messageId,
        })
        .from(mailOutbox)
        .where(
          or(
            and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
            // A worker died (or hung, or could not record its outcome): its lease has run out.
            and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return { kind: 'none' };
      const acceptedAt = unrecorded.get(due.messageId);
      if (due.attempts >= due.maxAttempts) {
        if (acceptedAt) {
          // This worker's last attempt was accepted but could not be recorded: record it now.
          await tx
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: acceptedAt, lockedUntil: null })
            .where(eq(mailOutbox.id, due.id));
          unrecorded.delete(due.messageId);
          logger.info(
            { messageId: due.messageId, attempt: due.attempts },
            'mail sent earlier; recorded now',
          );
          return { kind: 'settled' };
        }
        // Only an abandoned last attempt gets here: give up on it like any other last failure.
        await tx
          .update(mailOutbox)
          .set({
            status: 'failed',
            lockedUntil: null,
            lastError: 'The last attempt was abandoned (its worker stopped mid-send).',
          })
          .where(eq(mailOutbox.id, due.id));
        logger.error(
          { messageId: due.messageId, attempts: due.attempts },
          'mail failed: no attempts left',
        );
        return { kind: 'settled' };
      }
      const [row] = await tx
        .update(mailOutbox)
        .set({
          status: 'sending',
          attempts: sql`${mailOutbox.attempts} + 1`,
          lockedUntil: sql`now() + ${interval(leaseMs)}`,
        })
        .where(eq(mailOutbox.id, due.id))
        .returning();
      return row ? { kind: 'claimed', row, leaseEnds } : { kind: 'none' };
    });
  }

  /** This claim's row, if no other worker has taken it over since. */
  const stillOurs = (row: MailRow) =>
    and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, row.attempts),
    );

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timeout);
        wakers.delete(wake);
        resolve();
      };
      const timeout = setTimeout(wake, ms);
      wakers.add(wake);
    });
  }

  type Recorded = { kind: 'recorded'; rows: number } | { kind: 'gave-up'; reason: string };

  /**
   * Runs `write` (an update guarded by `stillOurs`, resolving with the rows it changed) until it
   * succeeds, retrying database errors with backoff until the lease window closes or stop()'s
   * deadline passes. The first try is always made.
   */
  async function record(
    write: () => Promise<number>,
    leaseEnds: number,
    context: Record<string, unknown>,
  ): Promise<Recorded> {
    const windowEnds = leaseEnds - leaseMarginMs(leaseMs);
    for (let attempt = 1; ; attempt += 1) {
      const until = Math.min(windowEnds, stopDeadline);
      const left = until - now();
      if (attempt > 1 && left <= 0) {
        return {
          kind: 'gave-up',
          reason: until === stopDeadline ? 'shutting down' : 'the lease is about to run out',
        };
      }
      // The first try always gets a fair chance, whatever is left of the window.
      const waitMs = attempt === 1 ? Math.max(left, 1_000) : left;
      try {
        return {
          kind: 'recorded',
          rows: await withDeadline(
            write(),
            waitMs,
            () => new Error(`No answer from the database within ${Math.round(waitMs)} ms`),
          ),
        };
      } catch (error) {
        const delayMs = retryDelayMs(attempt, recordBackoff, random);
        if (attempt === 1) {
          logger.warn(
            { ...context, err: error, windowMs: Math.max(0, Math.round(left)) },
            'could not record the mail outcome; retrying',
          );
        }
        const stillLeft = Math.min(windowEnds, stopDeadline) - now();
        if (stillLeft > 0) await pause(Math.min(delayMs, stillLeft));
      }
    }
  }

  /** Sets `values` on a claimed row while it is still this claim's, retried as `record` does. */
  function recordOnRow(
    row: MailRow,
    values: PgUpdateSetSource<typeof mailOutbox>,
    leaseEnds: number,
    context: Record<string, unknown>,
  ): Promise<Recorded> {
    return record(
      async () =>
        (
          await db
            .update(mailOutbox)
            .set(values)
            .where(stillOurs(row))
            .returning({ id: mailOutbox.id })
        ).length,
      leaseEnds,
      context,
    );
  }

  type Delivery = 'sent' | 'failed' | 'unrecorded';

  async function deliver(row: MailRow, leaseEnds: number): Promise<Delivery> {
    const context = { messageId: row.messageId, topic: row.topic, attempt: row.attempts };
    const acceptedBefore = unrecorded.get(row.messageId);
    let response: string;
    let acceptedAt: Date;
    if (acceptedBefore) {
      // Sent by this worker on an earlier attempt; only its recording failed.
      response = 'accepted on an earlier attempt';
      acceptedAt = acceptedBefore;
    } else {
      try {
        response = await mailer.send({
          messageId: row.messageId,
          to: row.to,
          replyTo: row.replyTo,
          subject: row.subject,
          html: row.html,
          text: row.text,
        });
        acceptedAt = new Date();
      } catch (error) {
        await recordFailure(row, leaseEnds, context, error);
        return 'failed';
      }
    }
    const outcome = await recordOnRow(
      row,
      { status: 'sent', sentAt: acceptedAt, lockedUntil: null },
      leaseEnds,
      context,
    );
    if (outcome.kind === 'gave-up') {
      remember(row.messageId, acceptedAt);
      logger.error(
        { ...context, reason: outcome.reason },
        'mail sent but not recorded as sent: the database did not answer in time; ' +
          'it will be sent again when its lease runs out (same Message-ID)',
      );
      return 'unrecorded';
    }
    unrecorded.delete(row.messageId);
    if (outcome.rows === 0) {
      logger.warn(context, 'mail sent after its lease was taken over; it may arrive twice');
    } else {
      logger.info({ ...context, via: mailer.kind, response }, 'mail sent');
    }
    return 'sent';
  }

  async function recordFailure(
    row: MailRow,
    leaseEnds: number,
    context: Record<string, unknown>,
    error: unknown,
  ): Promise<void> {
    const lastError = describeMailError(error);
    const exhausted = row.attempts >= row.maxAttempts;
    const delayMs = retryDelayMs(row.attempts, backoff, random);
    const outcome = await recordOnRow(
      row,
      {
        status: exhausted ? 'failed' : 'pending',
        lockedUntil: null,
        lastError,
        ...(exhausted ? {} : { nextAttemptAt: sql`now() + ${interval(delayMs)}` }),
      },
      leaseEnds,
      context,
    );
    if (outcome.kind === 'gave-up') {
      logger.error(
        { ...context, lastError, reason: outcome.reason },
        'mail not sent, and the failure could not be recorded; it is retried when its lease runs out',
      );
    } else if (outcome.rows === 0) {
      logger.warn(context, 'mail attempt failed after its lease was taken over; outcome ignored');
    } else if (exhausted) {
      logger.error({ ...context, err: error }, 'mail failed: no attempts left');
    } else {
      logger.warn({ ...context, lastError, retryInMs: delayMs }, 'mail not sent; will retry');
    }
  }

  async function drainNow(): Promise<number> {
    let sent = 0;
    while (state !== 'stopped') {
      const next = await claim();
      if (next.kind === 'none') break;
      if (next.kind === 'settled') continue;
      const delivery = await deliver(next.row, next.leaseEnds);
      if (delivery !== 'failed') sent += 1;
      // A failure, or a database that does not answer: the next look tries again.
      if (delivery !== 'sent') break;
    }
    return sent;
  }

  function drain(): Promise<number> {
    const run = drainNow();
    inFlight.add(run);
    const forget = () => inFlight.delete(run);
    run.then(forget, forget);
    return run;
  }

  function schedule(delayMs: number): void {
    if (state !== 'started') return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(look, delayMs);
    timer.unref();
  }

  function look(): void {
    timer = undefined;
    if (state !== 'started') return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = drain()
      .then(
        () => undefined,
        (error: unknown) => {
          logger.error({ err: error }, 'mail worker could not read the outbox');
        },
      )
      .finally(() => {
        looking = undefined;
        const again = lookAgain;
        lookAgain = false;
        schedule(again ? 0 : pollIntervalMs);
      });
  }

  return {
    start() {
      if (state !== 'new') return;
      state = 'started';
      schedule(0);
    },
    async stop(stopOptions = {}) {
      state = 'stopped';
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (stopOptions.withinMs !== undefined) {
        stopDeadline = Math.min(stopDeadline, now() + Math.max(0, stopOptions.withinMs));
        // A pause between recording attempts ends now, so the next one sees the deadline.
        for (const wake of [...wakers]) wake();
      }
      await Promise.allSettled([...inFlight, looking]);
    },
    nudge() {
      if (state !== 'started') return;
      if (looking) lookAgain = true;
      else schedule(0);
    },
    drain,
  };
}
