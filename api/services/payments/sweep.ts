/**
 * Abandoned orders. An order still awaiting payment (pending_payment or payment_failed) that is
 * older than PAYMENT_SESSION_TTL_MINUTES, and whose payment sessions have all run out, is first
 * reconciled with the provider (a payment whose webhook never came is found and applied), and
 * then, when the provider has nothing final for it, expired. An order the provider cannot be asked
 * about is left for the next sweep: it may have been paid.
 */
import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { positiveInteger } from '../../db/raw';
import { orders } from '../../db/schema';
import { canMoveOrder, isOrderStatus } from '../../domain/order';
import { releaseDelivery } from '../delivery/bookings';
import type { Logger } from '../../logger';
import { createPeriodicJob } from '../periodic';
import type { ReconcileResult } from './reconcile';

export interface OrderSweepOptions {
  /** Orders looked at per batch (default 50). */
  batch?: number;
  /** Batches per sweep (default 4), so one sweep is bounded; the next one carries on. */
  maxBatches?: number;
}

export interface OrderSweepResult {
  /** Orders looked at. */
  checked: number;
  /** Orders the provider's answer settled (paid, failed, cancelled or expired by it). */
  answered: number;
  /** Orders expired by the sweep (the provider had nothing final). */
  expired: number;
  /** Orders left because the provider could not be asked. */
  unavailable: number;
}

export interface SweepDeps {
  db: Database;
  logger: Logger;
  ttlMinutes: number;
  reconcileOrder: (orderId: string) => Promise<ReconcileResult>;
  /** More work for each sweep, after the orders (the late payments' refunds left behind). */
  afterSweep?: () => Promise<void>;
}

/** Moves an order that is still awaiting payment to `expired`, under its row lock. */
export async function expireOrder(db: Database, orderId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order || !isOrderStatus(order.status) || !canMoveOrder(order.status, 'expired')) {
      return false;
    }
    await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    await releaseDelivery(tx, [orderId]);
    return true;
  });
}

export async function sweepAbandonedOrders(
  { db, logger, ttlMinutes, reconcileOrder, afterSweep }: SweepDeps,
  options: OrderSweepOptions = {},
): Promise<OrderSweepResult> {
  const batch = positiveInteger(options.batch ?? 50, 'batch');
  const maxBatches = positiveInteger(options.maxBatches ?? 4, 'maxBatches');
  const ttl = positiveInteger(ttlMinutes, 'ttlMinutes');
  const result: OrderSweepResult = { checked: 0, answered: 0, expired: 0, unavailable: 0 };
  // Keyset paging: an order left as it was (provider unavailable) is not looked at twice.
  let after: { createdAt: Date; id: string } | null = null;
  for (let round = 0; round < maxBatches; round += 1) {
    const rows: { id: string; createdAt: Date }[] = await db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ['pending_payment', 'payment_failed']),
          lt(orders.createdAt, sql`now() - make_interval(mins => ${ttl}::integer)`),
          // A session still open (a newer attempt) keeps the order alive.
          // (Written out: drizzle leaves columns unqualified here, which would be ambiguous.)
          sql`not exists (select 1 from payment_sessions s
            where s.order_id = "orders"."id" and s.expires_at > now())`,
          after
            ? or(
                gt(orders.createdAt, after.createdAt),
                and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batch);
    for (const row of rows) {
      result.checked += 1;
      const reconciled = await reconcileOrder(row.id);
      if (reconciled.check === 'unavailable') result.unavailable += 1;
      else if (reconciled.check === 'answered') result.answered += 1;
      if (
        (reconciled.check === 'pending' || reconciled.check === 'no_session') &&
        (await expireOrder(db, row.id))
      ) {
        result.expired += 1;
        logger.info({ orderId: row.id }, 'abandoned order expired');
      }
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  await afterSweep?.();
  return result;
}

export interface OrderSweeper {
  /** The first sweep runs `firstDelayMs` after this, then every `intervalMs`. */
  start(): void;
  /** No sweep starts after this; resolves when the one running (if any) has finished. */
  stop(): Promise<void>;
  /** One sweep now; never throws (a failure is logged and counted as nothing done). */
  sweep(): Promise<OrderSweepResult>;
}

const nothing: OrderSweepResult = { checked: 0, answered: 0, expired: 0, unavailable: 0 };

/**
 * Runs `sweepAbandonedOrders` now and then. Every process may run one: reconciling is idempotent
 * (the event path de-duplicates) and expiring re-checks the status under the order's row lock.
 * The timer is unref'd, so it never keeps a process alive.
 */
export function createOrderSweeper(
  deps: SweepDeps,
  options: { intervalMs?: number; firstDelayMs?: number } & OrderSweepOptions = {},
): OrderSweeper {
  const intervalMs = positiveInteger(options.intervalMs ?? 300_000, 'intervalMs');
  const firstDelayMs = options.firstDelayMs ?? 30_000;
  const sweepOptions: OrderSweepOptions = {
    ...(options.batch === undefined ? {} : { batch: options.batch }),
    ...(options.maxBatches === undefined ? {} : { maxBatches: options.maxBatches }),
  };
  const job = createPeriodicJob({
    intervalMs,
    firstDelayMs,
    work: async () => {
      const result = await sweepAbandonedOrders(deps, sweepOptions);
      if (result.checked > 0) deps.logger.info(result, 'abandoned orders swept');
      return result;
    },
    failed: (error) => {
      deps.logger.error({ err: error }, 'sweeping abandoned orders failed');
      return nothing;
    },
  });
  return { start: job.start, stop: job.stop, sweep: job.run };
}
