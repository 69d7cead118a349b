/**
 * Reconciliation: when no webhook has come, the shop asks the provider (`retrieve`) where the
 * order's latest payment session stands, and a final answer goes through the same event path as a
 * webhook, under the provider's own event id for that outcome; the webhook, when it does come, is
 * then a replay. The provider's word is the only thing that can mark an order paid here too.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, paymentSessions } from '../../db/schema';
import { isAwaitingPayment, isOrderStatus, type OrderStatus } from '../../domain/order';
import type { Logger } from '../../logger';
import type { ApplyResult } from './events';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider } from './types';

export type ReconcileCheck =
  /** No such order. */
  | 'not_found'
  /** The order is no longer awaiting payment: the provider was not asked. */
  | 'final'
  /** The order has no payment session with the active provider. */
  | 'no_session'
  /** The provider has nothing final yet. */
  | 'pending'
  /** The provider could not be reached (after bounded retries): nothing changed. */
  | 'unavailable'
  /** The provider's final answer went through the event path (see `applied`). */
  | 'answered';

export interface ReconcileResult {
  orderId: string;
  check: ReconcileCheck;
  /** The order's status afterwards (null for an unknown order). */
  status: OrderStatus | null;
  /** What the provider's answer did, when it had one. */
  applied?: ApplyResult;
}

export interface ReconcilerDeps {
  db: Database;
  provider: PaymentProvider;
  logger: Logger;
  applyEvent: (event: PaymentEvent) => Promise<ApplyResult>;
}

export interface Reconciler {
  reconcileOrder(orderId: string): Promise<ReconcileResult>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function orderState(
  db: Database,
  orderId: string,
): Promise<{ status: OrderStatus; provider: string } | null> {
  const [row] = await db
    .select({ status: orders.status, provider: orders.provider })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row && isOrderStatus(row.status) ? { status: row.status, provider: row.provider } : null;
}

export function createReconciler({ db, provider, logger, applyEvent }: ReconcilerDeps): Reconciler {
  async function reconcileOrder(orderId: string): Promise<ReconcileResult> {
    if (!uuidPattern.test(orderId)) return { orderId, check: 'not_found', status: null };
    const order = await orderState(db, orderId);
    if (order === null) return { orderId, check: 'not_found', status: null };
    const { status } = order;
    if (!isAwaitingPayment(status)) return { orderId, check: 'final', status };
    if (order.provider !== provider.name) {
      // Made with another provider (PAYMENT_PROVIDER changed since): it cannot be asked from
      // here, and the order may have been paid there, so it is never expired unasked.
      logger.warn(
        { orderId, orderProvider: order.provider },
        'reconciliation: the order was made with another payment provider; order unchanged',
      );
      return { orderId, check: 'unavailable', status };
    }
    const [session] = await db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.provider, provider.name)))
      .orderBy(desc(paymentSessions.attempt))
      .limit(1);
    if (!session) return { orderId, check: 'no_session', status };

    let answer: Awaited<ReturnType<PaymentProvider['retrieve']>>;
    try {
      answer = await provider.retrieve({
        sessionId: session.providerSessionId,
        reference: session.reference,
        orderId,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      logger.warn(
        { orderId, sessionId: session.providerSessionId, err: error },
        'reconciliation: the payment provider could not be asked; order unchanged',
      );
      return { orderId, check: 'unavailable', status };
    }
    if (answer.status === 'pending') return { orderId, check: 'pending', status };

    const applied = await applyEvent({
      id: answer.eventId || `reconciled_${session.providerSessionId}_${answer.status}`,
      type: answer.status,
      orderId,
      sessionId: session.providerSessionId,
      reference: session.reference,
      amount: answer.amount,
      currency: answer.currency,
    });
    logger.info(
      { orderId, answer: answer.status, outcome: applied.outcome },
      'reconciliation: the provider answered',
    );
    return {
      orderId,
      check: 'answered',
      status: (await orderState(db, orderId))?.status ?? null,
      applied,
    };
  }
  return { reconcileOrder };
}
