/**
 * The one path every payment outcome takes, whether a provider's webhook brought it or
 * reconciliation asked for it. In ONE transaction:
 * 1. the event is recorded in payment_events; its primary key (provider, event id) makes a replay
 *    do nothing (and a replay racing the first delivery waits for it, then does nothing);
 * 2. the order is found (by the event's order id, else through the payment session it names) and
 *    locked (SELECT … FOR UPDATE);
 * 3. amount and currency must equal the order's: a mismatch moves the order to `needs_review`
 *    with an error log, never to `paid`;
 * 4. the status moves only forward (canMoveOrder): a "failed" after "paid" changes nothing, and a
 *    failure of an earlier attempt does not touch the attempt the customer is on;
 * 5. on paid: paidAt is set, the cart the order came from is emptied, and the confirmation to the
 *    customer and the notice to the shop are queued in the mail outbox.
 * Nothing is answered before the commit; a database failure rejects (answered 503, so the
 * provider retries).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { MailConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  cartItems,
  mailOutbox,
  orderLines,
  orders,
  paymentEvents,
  paymentSessions,
} from '../../db/schema';
import { canMoveOrder, isOrderStatus, type OrderStatus, type VatRate } from '../../domain/order';
import { site } from '../../domain/site';
import { rebookDelivery, releaseDelivery } from '../delivery/bookings';
import type { Logger } from '../../logger';
import { messageIdDomain } from '../enquiry/service';
import { deriveOrderToken, orderTokenSecret } from '../orders/accessToken';
import {
  orderLink,
  renderNewOrderNotice,
  renderOrderConfirmation,
  type EmailOrder,
} from '../orders/emails';
import { recordLatePayment } from './latePayments';
import type { PaymentEvent, PaymentEventType } from './types';

/** What an event did. */
export type ApplyOutcome =
  /** The order moved (to paid, payment_failed, cancelled or expired). */
  | 'applied'
  /** This provider event was handled before: nothing happened. */
  | 'replay'
  /**
   * Recorded; the order's status stays as it is (already there, or further on, or an older
   * attempt). A retried order whose new attempt failed too gives its delivery room back.
   */
  | 'ignored'
  /** Amount or currency differ from the order's: the order awaits staff. */
  | 'needs_review'
  /** Money was taken for an order that is closed (expired, cancelled, under review): refund it. */
  | 'late_payment'
  /** Recorded; no order matches it. */
  | 'unknown_order'
  /** Recorded and acknowledged; an event of a kind that moves no order (settled, refunded). */
  | 'recorded'
  /** Verified, of a kind the shop does not act on (nothing recorded). */
  | 'unhandled';

export interface ApplyResult {
  outcome: ApplyOutcome;
  orderId: string | null;
  /** The order's status after the event (when an order was found). */
  status?: OrderStatus;
  /**
   * A late payment (money for a cancelled or expired order) recorded by this event as a refund
   * that is due (latePayments.ts): the caller refunds it once the event has committed.
   */
  latePaymentId?: string;
}

export interface EventDeps {
  db: Database;
  logger: Logger;
  /** The active adapter's name: events are de-duplicated per provider. */
  provider: string;
  mail: Pick<MailConfig, 'from' | 'maxAttempts'>;
  ordersMailTo: string[];
  /**
   * The origin of the order link in the confirmation e-mail: `config.linkOrigin` (PUBLIC_URL), never
   * a request's Host header.
   */
  linkOrigin: string;
  mailWorker?: { nudge(): void } | undefined;
  /** The clock a re-booked delivery day is chosen by; the real time when left out. */
  now?: () => Date;
}

const targetStatus: Record<PaymentEventType, OrderStatus> = {
  succeeded: 'paid',
  failed: 'payment_failed',
  cancelled: 'cancelled',
  expired: 'expired',
};

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function applyPaymentEvent(
  deps: EventDeps,
  event: PaymentEvent,
): Promise<ApplyResult> {
  const { db, logger, provider } = deps;
  const origin = deps.linkOrigin;
  // Read outside the transaction (it may create the secret on first use).
  const tokenSecret = await orderTokenSecret(db);
  let queued = false;
  const result = await db.transaction(async (tx): Promise<ApplyResult> => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.id,
        type: event.type === 'other' ? (event.providerType ?? 'other').slice(0, 64) : event.type,
        amount: event.amount,
        currency: event.currency,
        outcome: 'received',
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { outcome: 'replay', orderId: null };

    const finish = async (outcome: ApplyOutcome, orderId: string | null, status?: OrderStatus) => {
      await tx
        .update(paymentEvents)
        .set({ outcome, orderId })
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.id)));
      return status === undefined ? { outcome, orderId } : { outcome, orderId, status };
    };

    const session = await findSession(tx, provider, event);

    /**
     * Money taken for an order that is closed. For a cancelled or expired order it is recorded as
     * a refund that is due (refunded automatically after the commit, else listed for staff).
     */
    const late = async (orderId: string, current: OrderStatus): Promise<ApplyResult> => {
      const result = await finish('late_payment', orderId, current);
      if (current !== 'cancelled' && current !== 'expired') return result;
      const latePaymentId = await recordLatePayment(tx, {
        provider,
        orderId,
        orderStatus: current,
        paymentSessionId: session?.id ?? null,
        amount: event.amount,
        currency: event.currency,
      });
      return latePaymentId === null ? result : { ...result, latePaymentId };
    };
    const orderId = await findOrderId(tx, event, session);
    if (event.type === 'other') {
      logger.info(
        { eventId: event.id, orderId, providerType: event.providerType },
        'payment event recorded; it moves no order',
      );
      return finish('recorded', orderId);
    }
    if (orderId === null) {
      logger.warn(
        { eventId: event.id, type: event.type },
        'payment event for an unknown order; recorded, nothing changed',
      );
      return finish('unknown_order', null);
    }
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        cartId: orders.cartId,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order || !isOrderStatus(order.status)) return finish('unknown_order', null);
    const current = order.status;
    const log = { eventId: event.id, orderId, type: event.type, from: current };

    // A success must name the order's amount and currency; any other event is checked when it
    // names them (Worldpay's refused and error carry no amount).
    const named = event.amount !== null || event.currency !== null;
    if (
      (event.type === 'succeeded' || named) &&
      (event.amount !== order.total || event.currency?.toUpperCase() !== order.currency)
    ) {
      // The amounts are logged (they are not personal data); the order waits for staff.
      if (canMoveOrder(current, 'needs_review')) {
        await moveOrder(tx, orderId, 'needs_review');
        logger.error(
          { ...log, amount: event.amount, currency: event.currency, expected: order.total },
          'payment amount or currency does not match the order; order needs review',
        );
        return finish('needs_review', orderId, 'needs_review');
      }
      logger.error(
        { ...log, amount: event.amount, currency: event.currency, expected: order.total },
        'payment amount or currency does not match a closed order; nothing changed',
      );
      if (event.type === 'succeeded') return late(orderId, current);
      return finish('ignored', orderId, current);
    }

    const target = targetStatus[event.type];
    if (event.type !== 'succeeded' && session && !(await isLatestSession(tx, session))) {
      // The customer has started another attempt since: an older attempt's failure, cancel or
      // expiry says nothing about it.
      logger.info(log, 'payment event for an earlier attempt; order unchanged');
      return finish('ignored', orderId, current);
    }
    if (target === 'payment_failed' && current === 'payment_failed') {
      // Pay was pressed again after a failure (checkout booked a day's room again) and this
      // attempt failed too: the status stays, the room goes back as it did the first time.
      await releaseDelivery(tx, [orderId]);
      logger.info(log, 'a later payment attempt failed too; its delivery room is given back');
      return finish('ignored', orderId, current);
    }
    if (!canMoveOrder(current, target)) {
      if (event.type === 'succeeded' && current !== 'paid') {
        logger.error(log, 'payment taken for an order that is closed; refund or review it');
        return late(orderId, current);
      }
      logger.info(log, 'payment event does not move the order; unchanged');
      return finish('ignored', orderId, current);
    }

    if (
      target === 'paid' &&
      (await rebookDelivery(tx, orderId, deps.now?.() ?? new Date())) === null
    ) {
      // Its payment had failed, its day's room went back, and no day has room now: staff
      // arrange the delivery with the customer, or refund.
      await moveOrder(tx, orderId, 'needs_review');
      logger.error(log, 'order paid after its delivery day was given back, and no day has room');
      return finish('needs_review', orderId, 'needs_review');
    }
    await moveOrder(tx, orderId, target);
    if (target === 'paid') {
      if (order.cartId) await removeOrderedLines(tx, order.cartId, orderId);
      await queueOrderEmails(tx, deps, orderId, origin, tokenSecret);
      queued = true;
    }
    logger.info({ ...log, to: target }, 'order status changed by payment event');
    return finish('applied', orderId, target);
  });
  if (queued) deps.mailWorker?.nudge();
  return result;
}

interface SessionMatch {
  /** The shop's payment_sessions row. */
  id: string;
  orderId: string;
  attempt: number;
}

async function findSession(
  tx: Tx,
  provider: string,
  event: PaymentEvent,
): Promise<SessionMatch | null> {
  const conditions = [
    event.sessionId ? eq(paymentSessions.providerSessionId, event.sessionId) : undefined,
    event.reference ? eq(paymentSessions.reference, event.reference) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return null;
  const [row] = await tx
    .select({
      id: paymentSessions.id,
      orderId: paymentSessions.orderId,
      attempt: paymentSessions.attempt,
    })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.provider, provider), or(...conditions)))
    .limit(1);
  return row ?? null;
}

async function findOrderId(
  tx: Tx,
  event: PaymentEvent,
  session: SessionMatch | null,
): Promise<string | null> {
  if (session) return session.orderId;
  if (!event.orderId) return null;
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, event.orderId));
  return row?.id ?? null;
}

/**
 * Takes what the order bought out of the cart it came from: each ordered line's quantity comes
 * off the cart's line for the same product and size (a line left with nothing goes). Anything
 * added to the cart after the order was placed stays for the next one.
 */
async function removeOrderedLines(tx: Tx, cartId: string, orderId: string): Promise<void> {
  const bought = await tx
    .select({
      productId: orderLines.productId,
      sizeId: orderLines.sizeId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  for (const line of bought) {
    const sameLine = and(
      eq(cartItems.cartId, cartId),
      eq(cartItems.productId, line.productId),
      line.sizeId === null ? isNull(cartItems.sizeId) : eq(cartItems.sizeId, line.sizeId),
    );
    await tx.delete(cartItems).where(and(sameLine, lte(cartItems.quantity, line.quantity)));
    await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}` })
      .where(and(sameLine, gt(cartItems.quantity, line.quantity)));
  }
}

async function isLatestSession(tx: Tx, session: SessionMatch): Promise<boolean> {
  const [latest] = await tx
    .select({ attempt: paymentSessions.attempt })
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, session.orderId))
    .orderBy(desc(paymentSessions.attempt))
    .limit(1);
  return !latest || latest.attempt === session.attempt;
}

async function moveOrder(tx: Tx, orderId: string, to: OrderStatus): Promise<void> {
  // An order that will not be paid (for now) gives its delivery day's room back.
  if (to === 'payment_failed' || to === 'cancelled' || to === 'expired') {
    await releaseDelivery(tx, [orderId]);
  }
  await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(to === 'paid' ? { paidAt: sql`now()` } : {}),
    })
    .where(eq(orders.id, orderId));
}

async function loadEmailOrder(tx: Tx, orderId: string): Promise<EmailOrder> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error('The order vanished inside its own transaction.');
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.ordering), asc(orderLines.id));
  return {
    ...order,
    lines: lines.map((line) => ({ ...line, vatRate: line.vatRate as VatRate })),
  };
}

async function queueOrderEmails(
  tx: Tx,
  deps: EventDeps,
  orderId: string,
  origin: string,
  tokenSecret: string,
): Promise<void> {
  const order = await loadEmailOrder(tx, orderId);
  const token = deriveOrderToken(tokenSecret, orderId);
  const orderUrl = orderLink(origin, orderId, token);
  const domain = messageIdDomain(deps.mail.from);
  const confirmation = renderOrderConfirmation(order, orderUrl, site);
  const notice = renderNewOrderNotice(order, site);
  // One Message-ID per order and kind: the outbox's unique index keeps it to one e-mail each,
  // whatever happens upstream.
  await tx
    .insert(mailOutbox)
    .values([
      {
        id: randomUUID(),
        messageId: `<order-confirmation-${orderId}@${domain}>`,
        to: order.email,
        replyTo: site.email,
        subject: confirmation.subject,
        html: confirmation.html,
        text: confirmation.text,
        maxAttempts: deps.mail.maxAttempts,
        topic: 'order-confirmation',
        topicId: orderId,
      },
      {
        id: randomUUID(),
        messageId: `<order-notice-${orderId}@${domain}>`,
        to: deps.ordersMailTo.join(', '),
        replyTo: order.email,
        subject: notice.subject,
        html: notice.html,
        text: notice.text,
        maxAttempts: deps.mail.maxAttempts,
        topic: 'order-notice',
        topicId: orderId,
      },
    ])
    .onConflictDoNothing();
}
