import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  auditLog,
  orderLines,
  orderNotes,
  orders,
  paymentSessions,
  refunds,
} from '../../db/schema';
import {
  adminTexts,
  nextDeliveryStatus,
  productTypes,
  refundableStatuses,
  statusLabels,
  type ProductType,
} from '../../domain/admin';
import type { AdminOrder, AdminOrderRow, AdminRefund, OrderSort } from '../../domain/adminApi';
import { formatPence } from '../../domain/money';
import {
  canMoveOrder,
  declarationAnswer,
  isOrderStatus,
  type OrderStatus,
} from '../../domain/order';
import { displayPostcode, outwardCode } from '../../domain/postcode';
import { site } from '../../domain/site';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { releaseDelivery } from '../delivery/bookings';
import type { Logger } from '../../logger';
import { messageIdDomain } from '../enquiry/service';
import { queueCustomerMailOnce } from '../mail/outbox';
import { deriveOrderToken, orderTokenSecret } from '../orders/accessToken';
import { shownEmail } from '../orders/anonymised';
import { orderLink } from '../orders/emails';
import { PaymentProviderError, type PaymentProvider } from '../payments/types';
import { audit, auditEntryOf, written, type Actor, type Tx } from './audit';
import { csvFile } from './csv';
import { renderOutForDelivery, renderRefunded, type RenderedEmail } from './emails';

/** The provider refused or could not be reached: nothing was refunded (502). */
export class RefundFailedError extends AppError {
  constructor(options?: { cause?: unknown }) {
    super(502, adminTexts.refundFailed, { errors: [adminTexts.refundFailed], ...options });
  }
}

export interface OrderFilter {
  status?: OrderStatus;
  /** YYYY-MM-DD, UK time, inclusive. */
  from?: string;
  to?: string;
  /** An outward code: "BT7". */
  district?: string;
  type?: ProductType;
  sort: OrderSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** The outward code of the stored postcode ("BT7 1AA" -> "BT7"): all but its last 3 characters. */
const districtSql = sql<string>`left(replace(upper(${orders.postcode}), ' ', ''), greatest(length(replace(${orders.postcode}, ' ', '')) - 3, 0))`;

function ukDayStart(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone 'Europe/London')`;
}

function ukDayEnd(day: string): SQL {
  return sql`((${day}::date + 1)::timestamp at time zone 'Europe/London')`;
}

const sortColumns = {
  created: orders.createdAt,
  number: orders.number,
  total: orders.total,
  status: orders.status,
} as const;

type OrderRowDb = typeof orders.$inferSelect;

/** The district (outward code) of a stored postcode: "BT71NN" -> "BT7". */
function districtOf(postcode: string): string {
  return outwardCode(postcode) ?? displayPostcode(postcode);
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export interface AdminOrdersDeps {
  db: Database;
  logger: Logger;
  /** The active payment adapter (refunds go through it). */
  provider: PaymentProvider;
  mail: { from: string; maxAttempts: number };
  /** The origin of the order links in the customer's e-mails: `config.linkOrigin` (PUBLIC_URL). */
  linkOrigin: string;
  mailWorker?: { nudge(): void } | undefined;
}

/** The most orders one deliveries CSV lists. */
const csvRowLimit = 5000;

export function adminOrders({
  db,
  logger,
  provider,
  mail,
  linkOrigin,
  mailWorker,
}: AdminOrdersDeps) {
  const domain = messageIdDomain(mail.from);

  async function typesOf(ids: string[]): Promise<Map<string, ProductType[]>> {
    const map = new Map<string, ProductType[]>();
    if (ids.length === 0) return map;
    const rows = await db
      .selectDistinct({ orderId: orderLines.orderId, type: orderLines.type })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids));
    for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row.type]);
    return map;
  }

  /** The deliveries CSV of these orders, in their order: one record each, with what to deliver. */
  async function deliveryCsvOf(rows: OrderRowDb[]): Promise<string> {
    const lines = rows.length
      ? await db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderLines.ordering), asc(orderLines.id))
      : [];
    const header = [
      'District',
      'Order',
      'Status',
      'Delivery day',
      'Name',
      'Address',
      'Town',
      'Postcode',
      'Telephone',
      'Deliver',
      'Tank location',
      'Tanker access',
      'Instructions',
    ];
    const out = [header];
    for (const order of rows) {
      const deliver = lines
        .filter((l) => l.orderId === order.id)
        .map((l) => `${l.quantity} x ${l.sizeTitle ? `${l.title} (${l.sizeTitle})` : l.title}`)
        .join('; ');
      out.push([
        districtOf(order.postcode),
        order.number,
        statusLabels[isOrderStatus(order.status) ? order.status : 'needs_review'],
        order.deliveryDay ?? '',
        order.fullName,
        [order.addressLine1, order.addressLine2].filter(Boolean).join(', '),
        order.town,
        displayPostcode(order.postcode),
        order.phone,
        deliver,
        order.tankLocation ?? '',
        order.tankAccess ?? '',
        order.instructions ?? '',
      ]);
    }
    return csvFile(out);
  }

  function rowOf(order: OrderRowDb, types: ProductType[]): AdminOrderRow {
    return {
      id: order.id,
      number: order.number,
      status: isOrderStatus(order.status) ? order.status : 'needs_review',
      createdAt: order.createdAt.toISOString(),
      fullName: order.fullName,
      postcode: displayPostcode(order.postcode),
      district: districtOf(order.postcode),
      total: order.total,
      types: productTypes.filter((t) => types.includes(t)),
    };
  }

  async function load(tx: Tx | Database, id: string): Promise<AdminOrder> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!order) throw new NotFoundError('No such order.');
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.ordering), asc(orderLines.id));
    const notes = await tx
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, id))
      .orderBy(asc(orderNotes.id))
      .limit(500);
    const refundRows = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, id))
      .orderBy(asc(refunds.createdAt))
      .limit(100);
    const history = await tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id))
      .limit(500);
    const status = isOrderStatus(order.status) ? order.status : 'needs_review';
    const refundable = refundableStatuses.includes(status) ? order.total - order.refundedAmount : 0;
    return {
      ...rowOf(order, [...new Set(lines.map((l) => l.type))]),
      // A deleted customer's order: no address (the stored one is no one's).
      email: shownEmail(order.email),
      phone: order.phone,
      addressLine1: order.addressLine1,
      addressLine2: order.addressLine2,
      town: order.town,
      tankLocation: order.tankLocation,
      tankAccess: order.tankAccess,
      instructions: order.instructions,
      deliveryDay: order.deliveryDay,
      prioritySurcharge: order.prioritySurcharge,
      domesticUse: declarationAnswer(order),
      subtotal: order.subtotal,
      deliveryCharge: order.deliveryCharge,
      vatTotal: order.vatTotal,
      refundedAmount: order.refundedAmount,
      paidAt: iso(order.paidAt),
      dispatchedAt: iso(order.dispatchedAt),
      deliveredAt: iso(order.deliveredAt),
      provider: order.provider,
      lines: lines.map((l) => ({
        title: l.title,
        sizeTitle: l.sizeTitle,
        type: l.type,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
      })),
      notes: notes.map((n) => ({
        id: n.id,
        authorEmail: n.authorEmail,
        text: n.text,
        createdAt: n.createdAt.toISOString(),
      })),
      refunds: refundRows.map(refundOf),
      history: history.map(auditEntryOf),
      nextStatus: nextDeliveryStatus(status),
      refundable: Math.max(refundable, 0),
    };
  }

  async function queueMail(
    tx: Tx,
    order: AdminOrder,
    email: RenderedEmail,
    kind: string,
    key: string,
  ) {
    // A deleted customer has no address to write to.
    if (order.email === '') return;
    await queueCustomerMailOnce(
      tx,
      { domain, maxAttempts: mail.maxAttempts },
      { kind, key, to: order.email, orderId: order.id, email },
    );
  }

  /**
   * The session that took the order's money: the latest attempt, unless the order had several,
   * in which case the provider is asked which one succeeded (an earlier attempt may have been
   * paid late). Null when none did.
   */
  async function paidSession(orderId: string) {
    const attempts = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.orderId, orderId))
      .orderBy(desc(paymentSessions.attempt))
      .limit(10);
    if (attempts.length <= 1) return attempts[0] ?? null;
    for (const attempt of attempts) {
      const ref = {
        sessionId: attempt.providerSessionId,
        reference: attempt.reference,
        orderId,
      };
      const found = await provider.retrieve(ref).catch(() => null);
      if (found?.status === 'succeeded') return attempt;
    }
    return null;
  }

  return {
    async list(filter: OrderFilter): Promise<{ orders: AdminOrderRow[]; total: number }> {
      const where = and(
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.from ? sql`${orders.createdAt} >= ${ukDayStart(filter.from)}` : undefined,
        filter.to ? sql`${orders.createdAt} < ${ukDayEnd(filter.to)}` : undefined,
        filter.district ? sql`${districtSql} = ${filter.district.toUpperCase()}` : undefined,
        filter.type
          ? sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.type} = ${filter.type})`
          : undefined,
      );
      const column = sortColumns[filter.sort];
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(filter.dir === 'asc' ? asc(column) : desc(column), desc(orders.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const types = await typesOf(rows.map((r) => r.id));
      return { orders: rows.map((r) => rowOf(r, types.get(r.id) ?? [])), total: total?.n ?? 0 };
    },

    order: (id: string) => load(db, id),

    /** Paid -> out for delivery -> delivered; the customer is told when it goes out. */
    async moveStatus(actor: Actor, id: string, to: OrderStatus): Promise<AdminOrder> {
      // Read outside the transaction (it may create the secret on first use).
      const tokenSecret = await orderTokenSecret(db);
      const after = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!locked) throw new NotFoundError('No such order.');
        const from = isOrderStatus(locked.status) ? locked.status : 'needs_review';
        if (nextDeliveryStatus(from) !== to || !canMoveOrder(from, to)) {
          const message = adminTexts.statusMoveRefused(
            statusLabels[from].toLowerCase(),
            statusLabels[to].toLowerCase(),
          );
          throw new ConflictError(message, { errors: [message] });
        }
        const now = new Date();
        await tx
          .update(orders)
          .set({
            status: to,
            updatedAt: now,
            ...(to === 'out_for_delivery' ? { dispatchedAt: now } : { deliveredAt: now }),
          })
          .where(and(eq(orders.id, id), eq(orders.status, from)));
        const order = await load(tx, id);
        await audit(tx, actor, 'order', id, 'status', { status: from }, { status: to });
        if (to === 'out_for_delivery') {
          await queueMail(
            tx,
            order,
            renderOutForDelivery(
              order,
              orderLink(linkOrigin, order.id, deriveOrderToken(tokenSecret, order.id)),
              site,
            ),
            'order-out-for-delivery',
            id,
          );
        }
        return order;
      });
      if (to === 'out_for_delivery') mailWorker?.nudge();
      return load(db, after.id);
    },

    async addNote(actor: Actor, id: string, text: string): Promise<AdminOrder> {
      await db.transaction(async (tx) => {
        const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
        if (!order) throw new NotFoundError('No such order.');
        const [note] = await tx
          .insert(orderNotes)
          .values({ orderId: id, authorId: actor.id, authorEmail: actor.email, text })
          .returning();
        await audit(tx, actor, 'order', id, 'note', null, { note: note?.text });
      });
      return load(db, id);
    },

    /**
     * Gives money back through the order's payment provider. The amount (default: all that is
     * left) is reserved on the order before the provider is asked, so concurrent refunds can never
     * give back more than was paid; a refused refund frees it again. A repeat of a request (the
     * same Idempotency-Key) answers the refund it made, and the provider sees one key per refund.
     */
    async refund(
      actor: Actor,
      id: string,
      form: { amount: number | null; reason: string },
      requestKey: string,
    ): Promise<{ order: AdminOrder; refund: AdminRefund; replay: boolean }> {
      const reserved = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!order) throw new NotFoundError('No such order.');
        const [earlier] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, id), eq(refunds.requestKey, requestKey)));
        if (earlier) return { refund: earlier, order, replay: true as const };
        const status = isOrderStatus(order.status) ? order.status : 'needs_review';
        if (!refundableStatuses.includes(status)) {
          throw new ConflictError(adminTexts.refundNotPaid, { errors: [adminTexts.refundNotPaid] });
        }
        if (order.provider !== provider.name) {
          const message = `This order was paid through ${order.provider}; this server takes payments through ${provider.name}, so refund it in that provider's dashboard.`;
          throw new ConflictError(message, { errors: [message] });
        }
        const left = order.total - order.refundedAmount;
        if (left <= 0) {
          throw new ConflictError(adminTexts.refundNothingLeft, {
            errors: [adminTexts.refundNothingLeft],
          });
        }
        const amount = form.amount ?? left;
        if (amount <= 0 || amount > left) {
          const message = adminTexts.refundAmountTooLarge(formatPence(left));
          throw new BadRequestError(message, {
            errors: [message],
            extra: { fieldErrors: { amount: message } },
          });
        }
        const [row] = await tx
          .insert(refunds)
          .values({
            id: randomUUID(),
            orderId: id,
            amount,
            reason: form.reason,
            provider: provider.name,
            requestKey,
            createdBy: actor.id,
          })
          .returning();
        await tx
          .update(orders)
          .set({ refundedAmount: order.refundedAmount + amount, updatedAt: new Date() })
          .where(eq(orders.id, id));
        return { refund: written(row), order, replay: false as const, full: amount === left };
      });
      if (reserved.replay) {
        return { order: await load(db, id), refund: refundOf(reserved.refund), replay: true };
      }
      const refundRow = reserved.refund;
      let providerRefundId: string | null = null;
      let failure: unknown = null;
      try {
        const session = await paidSession(id);
        if (!session) throw new PaymentProviderError('The order has no payment session.');
        const result = await provider.refund({
          session: {
            sessionId: session.providerSessionId,
            reference: session.reference,
            orderId: id,
          },
          amount: refundRow.amount,
          currency: 'GBP',
          full: reserved.full,
          idempotencyKey: `fuelyard-refund-${refundRow.id}`,
        });
        providerRefundId = result.refundId;
      } catch (error) {
        failure = error;
      }
      const outcome = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!order) throw new NotFoundError('No such order.');
        if (failure) {
          await tx
            .update(refunds)
            .set({ status: 'failed', updatedAt: new Date() })
            .where(eq(refunds.id, refundRow.id));
          await tx
            .update(orders)
            .set({ refundedAmount: order.refundedAmount - refundRow.amount, updatedAt: new Date() })
            .where(eq(orders.id, id));
          await audit(tx, actor, 'order', id, 'refund_failed', null, {
            refund: refundRow.id,
            amount: refundRow.amount,
          });
          return null;
        }
        const [done] = await tx
          .update(refunds)
          .set({ status: 'succeeded', providerRefundId, updatedAt: new Date() })
          .where(eq(refunds.id, refundRow.id))
          .returning();
        const from = isOrderStatus(order.status) ? order.status : 'needs_review';
        const everything = order.refundedAmount >= order.total;
        if (everything && canMoveOrder(from, 'refunded')) {
          await tx
            .update(orders)
            .set({ status: 'refunded', updatedAt: new Date() })
            .where(eq(orders.id, id));
          // Refunded in full: nothing will be delivered, so its day's room goes back.
          await releaseDelivery(tx, [id]);
        }
        await audit(
          tx,
          actor,
          'order',
          id,
          'refund',
          { status: from, refundedAmount: order.refundedAmount - refundRow.amount },
          {
            status: everything && canMoveOrder(from, 'refunded') ? 'refunded' : from,
            refundedAmount: order.refundedAmount,
            refund: { id: refundRow.id, amount: refundRow.amount, reason: refundRow.reason },
          },
        );
        const view = await load(tx, id);
        await queueMail(
          tx,
          view,
          renderRefunded(
            view,
            { amount: refundRow.amount, full: everything, before: from, paid: order.total },
            site,
          ),
          'order-refund',
          refundRow.id,
        );
        return written(done);
      });
      if (!outcome) {
        logger.warn(
          { orderId: id, refundId: refundRow.id, err: failure },
          'refund refused by the payment provider',
        );
        throw new RefundFailedError({ cause: failure });
      }
      mailWorker?.nudge();
      return { order: await load(db, id), refund: refundOf(outcome), replay: false };
    },

    /** The day's deliveries: orders sent out that day (UK), by district. */
    async deliveriesCsv(day: string): Promise<string> {
      const rows = await db
        .select()
        .from(orders)
        .where(
          and(
            sql`${orders.dispatchedAt} >= ${ukDayStart(day)}`,
            sql`${orders.dispatchedAt} < ${ukDayEnd(day)}`,
          ),
        )
        .orderBy(asc(districtSql), asc(orders.postcode), asc(orders.number))
        .limit(csvRowLimit);
      return deliveryCsvOf(rows);
    },

    /**
     * The driver's run for a booked delivery day: the orders booked for that day, paid and not
     * yet delivered (paid or out for delivery), by postcode then order number.
     */
    async deliveryRunCsv(day: string): Promise<string> {
      const rows = await db
        .select()
        .from(orders)
        .where(
          and(eq(orders.deliveryDay, day), inArray(orders.status, ['paid', 'out_for_delivery'])),
        )
        .orderBy(asc(orders.postcode), asc(orders.number))
        .limit(csvRowLimit);
      return deliveryCsvOf(rows);
    },

    /** Paid orders not yet sent out for delivery. */
    async toDeliver(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.status, 'paid'));
      return row?.n ?? 0;
    },
  };
}

function refundOf(row: typeof refunds.$inferSelect): AdminRefund {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    status: row.status === 'succeeded' || row.status === 'failed' ? row.status : 'pending',
    createdAt: row.createdAt.toISOString(),
  };
}

export type AdminOrders = ReturnType<typeof adminOrders>;
export { productTypes };
