/**
 * Payment attempts: a provider session per attempt at paying an order, recorded in
 * payment_sessions. The session is made after the order is committed (a provider call never runs
 * inside a database transaction); the attempt number comes from the table, and two attempts that
 * race for one number are settled by its UNIQUE (order_id, attempt): the loser takes the next one.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderLines, orders, paymentSessions } from '../../db/schema';
import { isAwaitingPayment, isOrderStatus } from '../../domain/order';
import { ConflictError, NotFoundError } from '../../errors';
import type { Logger } from '../../logger';
import type { PaymentProvider, SessionLine } from './types';

export interface StartSessionInput {
  orderId: string;
  /**
   * The site's origin ("https://shop.example"): the provider's page sends the browser back to
   * `{origin}/checkout/process?order={id}`, or to `{origin}/checkout?payment=cancelled` on cancel.
   */
  origin: string;
}

export interface StartedSession {
  orderId: string;
  attempt: number;
  /** The provider's session id. */
  sessionId: string;
  /** Unique per attempt and provider: `{order number}-{attempt}`, e.g. FY-100001-1. */
  reference: string;
  /** Where the browser goes to pay (for the test provider, /pay/test/{sessionId}). */
  redirectUrl: string;
  amount: number;
  currency: string;
  expiresAt: Date;
}

export interface SessionDeps {
  db: Database;
  provider: PaymentProvider;
  ttlMinutes: number;
  /** Closes the sessions of orders that must no longer be paid (`cancelOrderSessions`). */
  cancelSessions?: (orderIds: readonly string[]) => Promise<void>;
}

/**
 * Closes, at the provider, every recorded session of these orders (they were cancelled: a newer
 * checkout of the same cart replaced them). Sessions are closed in parallel; a provider that
 * cannot close one, or cannot be reached, is logged and left to the late-payment path.
 */
export async function cancelOrderSessions(
  { db, provider, logger }: { db: Database; provider: PaymentProvider; logger: Logger },
  orderIds: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await db
    .select({
      orderId: paymentSessions.orderId,
      providerSessionId: paymentSessions.providerSessionId,
      reference: paymentSessions.reference,
    })
    .from(paymentSessions)
    .where(
      and(
        inArray(paymentSessions.orderId, [...orderIds]),
        eq(paymentSessions.provider, provider.name),
      ),
    )
    .limit(100);
  await Promise.all(
    rows.map(async (row) => {
      try {
        const outcome = await provider.cancelSession({
          sessionId: row.providerSessionId,
          reference: row.reference,
          orderId: row.orderId,
        });
        logger.info(
          { orderId: row.orderId, outcome },
          'payment session of a cancelled order closed',
        );
      } catch (error) {
        logger.warn(
          { orderId: row.orderId, err: error },
          'the payment session of a cancelled order could not be closed; a payment on it will be refunded',
        );
      }
    }),
  );
}

/** How many times a lost race for an attempt number is retried. */
const maxRaces = 5;

export async function startPaymentSession(
  { db, provider, ttlMinutes, cancelSessions }: SessionDeps,
  { orderId, origin }: StartSessionInput,
): Promise<StartedSession> {
  for (let race = 0; race < maxRaces; race += 1) {
    const [order] = await db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        total: orders.total,
        deliveryCharge: orders.deliveryCharge,
        vatAdjustment: orders.vatAdjustment,
        currency: orders.currency,
        email: orders.email,
        fullName: orders.fullName,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw new NotFoundError('No such order.');
    if (!isOrderStatus(order.status) || !isAwaitingPayment(order.status)) {
      throw new ConflictError('This order can no longer be paid.');
    }
    const lines = await orderLinesOf(db, order);
    const [last] = await db
      .select({ attempt: sql<number>`coalesce(max(${paymentSessions.attempt}), 0)::integer` })
      .from(paymentSessions)
      .where(eq(paymentSessions.orderId, order.id));
    const attempt = Number(last?.attempt ?? 0) + 1;
    const reference = `${order.number}-${attempt}`;
    const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
    let session: Awaited<ReturnType<PaymentProvider['createSession']>>;
    try {
      session = await provider.createSession({
        order: {
          id: order.id,
          number: order.number,
          amount: order.total,
          currency: 'GBP',
          email: order.email,
          fullName: order.fullName,
        },
        lines,
        attempt,
        reference,
        returnUrl: `${origin}/checkout/process?order=${encodeURIComponent(order.id)}`,
        declinedUrl: `${origin}/checkout?payment=declined`,
        cancelUrl: `${origin}/checkout?payment=cancelled`,
        expiredUrl: `${origin}/checkout?payment=expired`,
        expiresAt,
      });
    } catch (error) {
      // A provider that refuses a reference it has seen (the test provider does) refuses the
      // loser of a race for the attempt number: go round again when the attempt is now taken.
      if (await attemptTaken(db, order.id, attempt)) continue;
      throw error;
    }
    const inserted = await db
      .insert(paymentSessions)
      .values({
        id: randomUUID(),
        orderId: order.id,
        provider: provider.name,
        attempt,
        providerSessionId: session.sessionId,
        reference,
        amount: order.total,
        currency: order.currency,
        redirectUrl: session.redirectUrl,
        expiresAt: session.expiresAt,
      })
      .onConflictDoNothing()
      .returning({ id: paymentSessions.id });
    if (inserted.length === 1) {
      // A newer checkout of the cart may have cancelled the order while the provider was asked;
      // it closed the sessions it saw then, which did not include this one: close it here.
      const [now] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id));
      if (!now || !isOrderStatus(now.status) || !isAwaitingPayment(now.status)) {
        await cancelSessions?.([order.id]);
        throw new ConflictError('This order can no longer be paid.');
      }
      return {
        orderId: order.id,
        attempt,
        sessionId: session.sessionId,
        reference,
        redirectUrl: session.redirectUrl,
        amount: order.total,
        currency: order.currency,
        expiresAt: session.expiresAt,
      };
    }
    // Another request took this attempt number meanwhile; its session is the one in use, and the
    // provider session just made is never shown to anyone (it expires unused).
  }
  throw new ConflictError('The payment could not be started. Please try again.');
}

/** An order has at most this many lines (the cart's bound); more is not read. */
const maxOrderLines = 200;

/**
 * The order's lines as the customer saw them when placing it (their snapshot), then the delivery
 * charge and any VAT adjustment. A line whose total is not its unit price times its quantity
 * (none is today) goes as one item of its total, so the sum is always the order's.
 */
async function orderLinesOf(
  db: Database,
  order: { id: string; deliveryCharge: number; vatAdjustment: number },
): Promise<SessionLine[]> {
  const rows = await db
    .select({
      title: orderLines.title,
      sizeTitle: orderLines.sizeTitle,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      lineTotal: orderLines.lineTotal,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.ordering, orderLines.id)
    .limit(maxOrderLines);
  const lines: SessionLine[] = rows.map((row) => {
    const name = row.sizeTitle ? `${row.title} (${row.sizeTitle})` : row.title;
    return row.unitPrice * row.quantity === row.lineTotal
      ? { name, unitAmount: row.unitPrice, quantity: row.quantity }
      : { name: `${row.quantity} × ${name}`, unitAmount: row.lineTotal, quantity: 1 };
  });
  if (order.deliveryCharge > 0) {
    lines.push({ name: 'Delivery', unitAmount: order.deliveryCharge, quantity: 1 });
  }
  if (order.vatAdjustment > 0) {
    lines.push({
      name: 'VAT at 20% (no domestic-use declaration)',
      unitAmount: order.vatAdjustment,
      quantity: 1,
    });
  }
  return lines;
}

async function attemptTaken(db: Database, orderId: string, attempt: number): Promise<boolean> {
  const rows = await db
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.attempt, attempt)));
  return rows.length > 0;
}

/** The order's latest attempt with this provider, or null. */
export async function latestPaymentSession(
  db: Database,
  provider: string,
  orderId: string,
): Promise<StartedSession | null> {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.provider, provider)))
    .orderBy(desc(paymentSessions.attempt))
    .limit(1);
  return row ? startedSessionOf(row) : null;
}

/** A stored payment session as the provider adapters know it. */
export function startedSessionOf(row: typeof paymentSessions.$inferSelect): StartedSession {
  return {
    orderId: row.orderId,
    attempt: row.attempt,
    sessionId: row.providerSessionId,
    reference: row.reference,
    redirectUrl: row.redirectUrl,
    amount: row.amount,
    currency: row.currency,
    expiresAt: row.expiresAt,
  };
}
