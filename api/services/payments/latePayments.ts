/**
 * Late payments: money a provider took for an order that is no longer awaiting payment because
 * it was cancelled (a newer checkout of the same cart replaced it) or expired. The shop never keeps
 * it:
 * 1. In the event's own transaction (events.ts) the payment is recorded as a refund that is due:
 *    a `refunds` row with status `due` and the request key `late-payment:{payment session id}`, so
 *    every event about the same payment (Worldpay's authorized and sentForSettlement, a replay, a
 *    reconciliation) records it once.
 * 2. Right after the commit it is refunded automatically through the provider (`refund`, with the
 *    idempotency key `fuelyard-refund-{row id}`, the same for every try). The customer is told:
 *    "we refunded your payment for cancelled order …".
 * 3. When the provider refuses or cannot be reached, the row becomes `staff`: the back office
 *    lists it (GET /api/admin/late-payments) with a one-click refund (POST …/{id}/refund) that
 *    goes the same way, and the customer is told that the payment will be refunded. The sweeper
 *    retries `due` rows that an interrupted process left behind.
 * Every step is audited (entity `order`). The order's own status and refundedAmount are left as
 * they are: the order stays cancelled or expired (forward only), and the money is not the order's.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, like, lt, sql } from 'drizzle-orm';
import type { MailConfig } from '../../config';
import type { Database } from '../../db/client';
import { auditLog, orders, paymentSessions, refunds } from '../../db/schema';
import { formatPence } from '../../domain/money';
import { site } from '../../domain/site';
import { ConflictError, NotFoundError } from '../../errors';
import type { Logger } from '../../logger';
import { messageIdDomain } from '../enquiry/service';
import { queueCustomerMailOnce } from '../mail/outbox';
import { moneyBackEmail } from '../orders/emails';
import { PaymentProviderError, type PaymentProvider } from './types';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The request key of a late payment's refund row: one per payment session. */
export const latePaymentKeyPrefix = 'late-payment:';

/** Who made a refund: a staff member, or null for the shop itself (automatic). */
export interface LatePaymentActor {
  id: string;
  email: string;
}

/** The audit log's actor for what the shop does by itself. */
export const automaticActorEmail = 'automatic (payments)';

/** `due`: to be refunded automatically; `staff`: the automatic refund failed, staff must act. */
export type LatePaymentStatus = 'due' | 'pending' | 'staff' | 'succeeded';

/** One late payment, as the back office lists it. */
export interface LatePaymentView {
  id: string;
  orderId: string;
  orderNumber: string;
  orderStatus: string;
  fullName: string;
  amount: number;
  status: LatePaymentStatus;
  provider: string;
  receivedAt: string;
  updatedAt: string;
}

export interface LatePaymentDeps {
  db: Database;
  logger: Logger;
  provider: PaymentProvider;
  mail: Pick<MailConfig, 'from' | 'maxAttempts'>;
  mailWorker?: { nudge(): void } | undefined;
}

/**
 * Records a payment taken for a cancelled or expired order as a refund that is due, in the
 * event's transaction. Returns the new row's id, or null when this payment was recorded before (or
 * cannot be refunded through the provider: not GBP, no amount, no session, which the caller logs).
 */
export async function recordLatePayment(
  tx: Tx,
  input: {
    provider: string;
    orderId: string;
    orderStatus: string;
    paymentSessionId: string | null;
    amount: number | null;
    currency: string | null;
  },
): Promise<string | null> {
  const { amount, paymentSessionId } = input;
  if (
    paymentSessionId === null ||
    amount === null ||
    !Number.isSafeInteger(amount) ||
    amount <= 0 ||
    input.currency?.toUpperCase() !== 'GBP'
  ) {
    return null;
  }
  const id = randomUUID();
  const inserted = await tx
    .insert(refunds)
    .values({
      id,
      orderId: input.orderId,
      amount,
      reason: `Payment received after the order was ${input.orderStatus}`,
      status: 'due',
      provider: input.provider,
      requestKey: `${latePaymentKeyPrefix}${paymentSessionId}`,
      createdBy: null,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  if (inserted.length === 0) return null;
  await tx.insert(auditLog).values({
    actorId: null,
    actorEmail: automaticActorEmail,
    entity: 'order',
    entityId: input.orderId,
    action: 'late_payment',
    before: null,
    after: { refund: id, amount, orderStatus: input.orderStatus },
  });
  return id;
}

function latePaymentEmail(
  order: { number: string; fullName: string; status: string },
  amount: number,
  refunded: boolean,
): { subject: string; html: string; text: string } {
  const what = order.status === 'expired' ? 'expired' : 'cancelled';
  const subject = refunded
    ? `${site.companyName}: we refunded your payment for ${what} order ${order.number}`
    : `${site.companyName}: your payment for ${what} order ${order.number} will be refunded`;
  const phone = site.offices[0].phone;
  const body = refunded
    ? `We refunded your payment of ${formatPence(amount)} for ${what} order ${order.number}. That order was ${what} before the payment reached us, so nothing will be delivered for it and you have not been charged for it.`
    : `We received a payment of ${formatPence(amount)} for ${what} order ${order.number}. That order was ${what} before the payment reached us, so nothing will be delivered for it. Our staff will refund the payment in full; you do not need to do anything.`;
  return moneyBackEmail(subject, order.fullName, body, phone);
}

function isLateStatus(value: string): value is LatePaymentStatus {
  return ['due', 'pending', 'staff', 'succeeded'].includes(value);
}

export interface LatePayments {
  /** Refunds a late payment now (automatic when `actor` is null). */
  refund(
    refundId: string,
    actor: LatePaymentActor | null,
  ): Promise<{ payment: LatePaymentView; replay: boolean }>;
  /** Starts the automatic refund of a just-recorded late payment in the background. */
  refundInBackground(refundId: string): void;
  /** Resolves when no background refund is running (tests, shutdown). */
  idle(): Promise<void>;
  /** Refunds `due` rows left behind (an interrupted process); the sweeper calls it. */
  retryDue(options?: { olderThanMs?: number; limit?: number }): Promise<number>;
  /** The late payments, those awaiting staff first. */
  list(options?: { limit?: number }): Promise<LatePaymentView[]>;
  /** How many wait for staff (the back office's summary). */
  awaitingStaff(): Promise<number>;
}

/** The refund failed: the provider refused it or could not be reached (502 for staff). */
export class LatePaymentRefundFailed extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The payment provider did not make the refund.', options);
    this.name = 'LatePaymentRefundFailed';
  }
}

/** What a late payment's view is read from: its refund row and its order. */
const viewColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  orderNumber: orders.number,
  orderStatus: orders.status,
  fullName: orders.fullName,
  amount: refunds.amount,
  status: refunds.status,
  provider: refunds.provider,
  receivedAt: refunds.createdAt,
  updatedAt: refunds.updatedAt,
};
type ViewRow = { [K in keyof typeof viewColumns]: (typeof viewColumns)[K]['_']['data'] };

export function createLatePayments(deps: LatePaymentDeps): LatePayments {
  const { db, logger, provider, mail } = deps;
  const domain = messageIdDomain(mail.from);
  const running = new Set<Promise<unknown>>();

  async function view(id: string): Promise<LatePaymentView> {
    const [row] = await db
      .select(viewColumns)
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.id, id), like(refunds.requestKey, `${latePaymentKeyPrefix}%`)));
    if (!row) throw new NotFoundError('No such late payment.');
    return toView(row);
  }

  function toView(row: ViewRow): LatePaymentView {
    return {
      ...row,
      status: isLateStatus(row.status) ? row.status : 'staff',
      receivedAt: row.receivedAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function queueMail(
    tx: Tx,
    kind: 'late-payment-refunded' | 'late-payment-received',
    refundId: string,
    orderId: string,
    amount: number,
  ): Promise<void> {
    const [order] = await tx
      .select({
        number: orders.number,
        fullName: orders.fullName,
        status: orders.status,
        email: orders.email,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return;
    const email = latePaymentEmail(order, amount, kind === 'late-payment-refunded');
    await queueCustomerMailOnce(
      tx,
      { domain, maxAttempts: mail.maxAttempts },
      { kind, key: refundId, to: order.email, orderId, email },
    );
  }

  async function auditRow(
    tx: Tx,
    actor: LatePaymentActor | null,
    orderId: string,
    action: string,
    after: unknown,
  ): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? automaticActorEmail,
      entity: 'order',
      entityId: orderId,
      action,
      before: null,
      after: JSON.parse(JSON.stringify(after)) as unknown,
    });
  }

  async function refund(
    refundId: string,
    actor: LatePaymentActor | null,
  ): Promise<{ payment: LatePaymentView; replay: boolean }> {
    // 1. Claim it: due or staff -> pending, under the row lock (one refund at a time per payment).
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, refundId), like(refunds.requestKey, `${latePaymentKeyPrefix}%`)))
        .for('update');
      if (!row) throw new NotFoundError('No such late payment.');
      if (row.status === 'succeeded') return { row, replay: true as const };
      if (row.status === 'pending') {
        throw new ConflictError('This payment is being refunded already.');
      }
      // Someone else's automatic try may have failed for staff to see; an automatic try only
      // takes what is still `due`.
      if (actor === null && row.status !== 'due') return { row, replay: true as const };
      await tx
        .update(refunds)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(eq(refunds.id, refundId));
      return { row, replay: false as const };
    });
    if (claimed.replay) return { payment: await view(refundId), replay: true };
    const row = claimed.row;
    const sessionId = row.requestKey.slice(latePaymentKeyPrefix.length);

    // 2. Ask the provider, outside any transaction.
    let providerRefundId: string | null = null;
    let failure: unknown = null;
    try {
      const [session] = await db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.id, sessionId));
      if (!session) throw new PaymentProviderError('The late payment has no payment session.');
      if (session.provider !== provider.name) {
        throw new PaymentProviderError(
          `The payment was taken through ${session.provider}, not the active ${provider.name}.`,
        );
      }
      const result = await provider.refund({
        session: {
          sessionId: session.providerSessionId,
          reference: session.reference,
          orderId: row.orderId,
        },
        amount: row.amount,
        currency: 'GBP',
        full: true,
        idempotencyKey: `fuelyard-refund-${row.id}`,
      });
      providerRefundId = result.refundId;
    } catch (error) {
      failure = error;
    }

    // 3. Record the outcome, audit it and tell the customer, in one transaction.
    await db.transaction(async (tx) => {
      if (failure === null) {
        await tx
          .update(refunds)
          .set({ status: 'succeeded', providerRefundId, updatedAt: sql`now()` })
          .where(eq(refunds.id, row.id));
        await auditRow(tx, actor, row.orderId, 'late_payment_refund', {
          refund: row.id,
          amount: row.amount,
        });
        await queueMail(tx, 'late-payment-refunded', row.id, row.orderId, row.amount);
      } else {
        await tx
          .update(refunds)
          .set({ status: 'staff', updatedAt: sql`now()` })
          .where(eq(refunds.id, row.id));
        await auditRow(tx, actor, row.orderId, 'late_payment_refund_failed', {
          refund: row.id,
          amount: row.amount,
        });
        // The customer hears once that the money is coming back.
        await queueMail(tx, 'late-payment-received', row.id, row.orderId, row.amount);
      }
    });
    deps.mailWorker?.nudge();
    if (failure !== null) {
      logger.warn(
        { orderId: row.orderId, refundId: row.id, err: failure, automatic: actor === null },
        'late payment: the refund was not made; it waits for staff',
      );
      throw new LatePaymentRefundFailed({ cause: failure });
    }
    logger.info(
      { orderId: row.orderId, refundId: row.id, automatic: actor === null },
      'late payment refunded',
    );
    return { payment: await view(refundId), replay: false };
  }

  function refundInBackground(refundId: string): void {
    const work = refund(refundId, null)
      .catch((error: unknown) => {
        if (!(error instanceof LatePaymentRefundFailed)) {
          logger.error({ refundId, err: error }, 'late payment: the automatic refund failed');
        }
      })
      .finally(() => running.delete(work));
    running.add(work);
  }

  return {
    refund,
    refundInBackground,
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async retryDue({ olderThanMs = 60_000, limit = 20 } = {}) {
      const rows = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.status, 'due'),
            like(refunds.requestKey, `${latePaymentKeyPrefix}%`),
            lt(refunds.createdAt, new Date(Date.now() - olderThanMs)),
          ),
        )
        .orderBy(asc(refunds.createdAt))
        .limit(limit);
      let done = 0;
      for (const row of rows) {
        try {
          await refund(row.id, null);
          done += 1;
        } catch (error) {
          if (!(error instanceof LatePaymentRefundFailed)) throw error;
        }
      }
      return done;
    },
    async list({ limit = 200 } = {}) {
      const rows = await db
        .select(viewColumns)
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(like(refunds.requestKey, `${latePaymentKeyPrefix}%`))
        .orderBy(
          sql`case when ${refunds.status} = 'succeeded' then 1 else 0 end`,
          desc(refunds.createdAt),
        )
        .limit(limit);
      return rows.map(toView);
    },
    async awaitingStaff() {
      const [row] = await db
        .select({ n: sql<number>`count(*)::integer` })
        .from(refunds)
        .where(
          and(
            inArray(refunds.status, ['due', 'staff']),
            like(refunds.requestKey, `${latePaymentKeyPrefix}%`),
          ),
        );
      return Number(row?.n ?? 0);
    },
  };
}
