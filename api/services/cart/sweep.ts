/**
 * Deleting abandoned carts. A cart's cookie lasts `cartLifetimeDays` from the visitor's last change
 * to the cart, and every change sets the row's updated_at; a cart not changed for longer than that
 * can no longer be reached by anyone, so it (and its lines, on delete cascade) is deleted.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteInBatches, positiveInteger } from '../../db/raw';
import type { Logger } from '../../logger';
import { createPeriodicJob } from '../periodic';

/** How long a cart (and its cookie) lives after its last change. */
export const cartLifetimeDays = 30;

export interface SweepOptions {
  /** Carts whose last change is older than this many days go (default `cartLifetimeDays`). */
  olderThanDays?: number;
  /** Carts per statement: each batch is its own short transaction. */
  batch?: number;
  /** Batches per sweep, so one sweep is bounded too; the next sweep carries on. */
  maxBatches?: number;
}

const defaultBatch = 500;
const defaultMaxBatches = 20;

/**
 * Deletes carts not changed for longer than `olderThanDays`, oldest first, in batches of `batch`
 * (at most `maxBatches` of them), and returns how many went. Safe with several processes at once:
 * each batch locks its carts with SKIP LOCKED, so two sweeps take different carts, and a cart that
 * a visitor's request holds (every cart write locks the row first) is left alone. A cart changed
 * after the batch read it is re-checked under the lock and kept.
 */
export async function sweepStaleCarts(db: Database, options: SweepOptions = {}): Promise<number> {
  const days = positiveInteger(options.olderThanDays ?? cartLifetimeDays, 'olderThanDays');
  // carts_updated_idx serves the inner select; cart_items_line_uq (cart_id first) the cascade.
  return deleteInBatches(
    db,
    (batch) => sql`
      delete from carts where id in (
        select id from carts
        where updated_at < now() - make_interval(days => ${days}::integer)
        order by updated_at
        limit ${batch}
        for update skip locked)
      returning 1 as gone`,
    { batch: options.batch ?? defaultBatch, maxBatches: options.maxBatches ?? defaultMaxBatches },
  );
}

export interface CartSweeper {
  /** The first sweep runs `firstDelayMs` after this, then every `intervalMs`. */
  start(): void;
  /** No sweep starts after this; resolves when the one running (if any) has finished. */
  stop(): Promise<void>;
  /** One sweep now (tests, or an operator's script); never throws, returns how many went. */
  sweep(): Promise<number>;
}

export interface CartSweeperOptions extends SweepOptions {
  db: Database;
  logger: Logger;
  /** Default one hour. */
  intervalMs?: number;
  /** Default one minute, so that start-up is not slowed by it. */
  firstDelayMs?: number;
}

/**
 * Runs `sweepStaleCarts` now and then in this process. Every process may run one: their sweeps
 * never wait for or fail on each other. The timer is unref'd, so it never keeps a process alive.
 */
export function createCartSweeper(options: CartSweeperOptions): CartSweeper {
  const { db, logger } = options;
  const intervalMs = positiveInteger(options.intervalMs ?? 3_600_000, 'intervalMs');
  const firstDelayMs = options.firstDelayMs ?? 60_000;
  const sweepOptions: SweepOptions = {
    ...(options.olderThanDays === undefined ? {} : { olderThanDays: options.olderThanDays }),
    ...(options.batch === undefined ? {} : { batch: options.batch }),
    ...(options.maxBatches === undefined ? {} : { maxBatches: options.maxBatches }),
  };
  const job = createPeriodicJob({
    intervalMs,
    firstDelayMs,
    work: async () => {
      const started = performance.now();
      const deleted = await sweepStaleCarts(db, sweepOptions);
      if (deleted > 0) {
        logger.info(
          { deleted, ms: Math.round(performance.now() - started) },
          'stale carts deleted',
        );
      }
      return deleted;
    },
    failed: (error) => {
      logger.error({ err: error }, 'sweeping stale carts failed');
      return 0;
    },
  });
  return { start: job.start, stop: job.stop, sweep: job.run };
}
