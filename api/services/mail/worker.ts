import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
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
}

export interface MailWorker {
  /** Starts polling; the first look is immediate. */
  start(): void;
  /** Stops polling and waits for the message being sent, if any. */
  stop(): Promise<void>;
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

const interval = (ms: number) => sql`${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;

/**
 * The transactional outbox's sender. A message is claimed in a short transaction (`FOR UPDATE SKIP
 * LOCKED`, so several workers never claim the same row), marked `sending` with a lease, and the
 * transaction commits before SMTP is touched. Then it is marked `sent`, or rescheduled with
 * exponential backoff, or `failed` once its attempts are used up. A worker that dies mid-send
 * leaves the row `sending`; when the lease runs out any worker takes it over. Delivery is
 * therefore at least once, and a repeat carries the same Message-ID so it can be recognised.
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
  const random = options.random ?? Math.random;

  let state: 'new' | 'started' | 'stopped' = 'new';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let looking: Promise<void> | undefined;
  let lookAgain = false;
  const inFlight = new Set<Promise<number>>();

  type Claim = { kind: 'none' } | { kind: 'expired' } | { kind: 'claimed'; row: MailRow };

  async function claim(): Promise<Claim> {
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
            // A worker died (or hung) mid-send: its lease has run out.
            and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return { kind: 'none' };
      if (due.attempts >= due.maxAttempts) {
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
        return { kind: 'expired' };
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
      return row ? { kind: 'claimed', row } : { kind: 'none' };
    });
  }

  /** This claim's row, if no other worker has taken it over since. */
  const stillOurs = (row: MailRow) =>
    and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, row.attempts),
    );

  async function deliver(row: MailRow): Promise<boolean> {
    const context = { messageId: row.messageId, topic: row.topic, attempt: row.attempts };
    let response: string;
    try {
      response = await mailer.send({
        messageId: row.messageId,
        to: row.to,
        replyTo: row.replyTo,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
    } catch (error) {
      const lastError = describeMailError(error);
      const exhausted = row.attempts >= row.maxAttempts;
      const delayMs = retryDelayMs(row.attempts, backoff, random);
      const updated = await db
        .update(mailOutbox)
        .set({
          status: exhausted ? 'failed' : 'pending',
          lockedUntil: null,
          lastError,
          ...(exhausted ? {} : { nextAttemptAt: sql`now() + ${interval(delayMs)}` }),
        })
        .where(stillOurs(row))
        .returning({ id: mailOutbox.id });
      if (updated.length === 0) {
        logger.warn(context, 'mail attempt failed after its lease was taken over; outcome ignored');
      } else if (exhausted) {
        logger.error({ ...context, err: error }, 'mail failed: no attempts left');
      } else {
        logger.warn({ ...context, lastError, retryInMs: delayMs }, 'mail not sent; will retry');
      }
      return false;
    }
    const updated = await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null })
      .where(stillOurs(row))
      .returning({ id: mailOutbox.id });
    if (updated.length === 0) {
      logger.warn(context, 'mail sent after its lease was taken over; it may arrive twice');
    } else {
      logger.info({ ...context, via: mailer.kind, response }, 'mail sent');
    }
    return true;
  }

  async function drainNow(): Promise<number> {
    let sent = 0;
    while (state !== 'stopped') {
      const next = await claim();
      if (next.kind === 'none') break;
      if (next.kind === 'expired') continue;
      if (await deliver(next.row)) sent += 1;
      else break;
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
    async stop() {
      state = 'stopped';
      if (timer) clearTimeout(timer);
      timer = undefined;
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
