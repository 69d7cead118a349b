import { and, asc, eq } from 'drizzle-orm';
import { validate as uuidValidate } from 'uuid';
import type { Database } from '../../db/client';
import { orderLines, orders, refunds } from '../../db/schema';
import { isProductType } from '../../domain/catalogue';
import {
  isOrderStatus,
  type OrderLineView,
  type OrderRefundView,
  type OrderView,
  type VatRate,
} from '../../domain/order';
import { storedVatBreakdown, vatRates } from '../../domain/vat';
import { shownEmail } from './anonymised';

/**
 * An order as its holder sees it (GET /api/orders/{id}, the order page, the e-mails): the snapshot
 * made at checkout, never recomputed from the catalogue. The VAT breakdown is the lines' VAT per
 * rate plus the delivery's (see `storedVatBreakdown`).
 */
export type OrderRow = typeof orders.$inferSelect;

function vatRate(value: number): VatRate {
  return value === vatRates.standard ? vatRates.standard : vatRates.reduced;
}

/** The order's lines, in the cart's order. */
export async function loadOrderLines(db: Database, orderId: string): Promise<OrderLineView[]> {
  const rows = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.ordering), asc(orderLines.id));
  return rows.map((row) => ({
    productId: row.productId,
    sizeId: row.sizeId,
    type: isProductType(row.type) ? row.type : 'other',
    title: row.title,
    sizeTitle: row.sizeTitle,
    unitPrice: row.unitPrice,
    quantity: row.quantity,
    lineTotal: row.lineTotal,
    vatRate: vatRate(row.vatRate),
    vatAmount: row.vatAmount,
  }));
}

/**
 * The money the provider gave back on the order, oldest first: refunds still pending at the
 * provider, or refused by it, are not money back and are not shown.
 */
export async function loadOrderRefunds(db: Database, orderId: string): Promise<OrderRefundView[]> {
  const rows = await db
    .select({ amount: refunds.amount, createdAt: refunds.createdAt })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(100);
  return rows.map((row) => ({ amount: row.amount, refundedAt: row.createdAt.toISOString() }));
}

/**
 * The view of a stored order, its lines and its refunds. A deleted customer's order shows no
 * e-mail address (its stored one is the anonymised placeholder, no one's address).
 */
export function orderViewOf(
  order: OrderRow,
  lines: OrderLineView[],
  refundsMade: OrderRefundView[],
): OrderView {
  return {
    id: order.id,
    number: order.number,
    status: isOrderStatus(order.status) ? order.status : 'needs_review',
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    deliveryDay: order.deliveryDay,
    fullName: order.fullName,
    email: shownEmail(order.email),
    phone: order.phone,
    addressLine1: order.addressLine1,
    addressLine2: order.addressLine2,
    town: order.town,
    postcode: order.postcode,
    tankLocation: order.tankLocation,
    tankAccess: order.tankAccess,
    instructions: order.instructions,
    domesticUse: order.domesticUse,
    lines,
    subtotal: order.subtotal,
    deliveryCharge: order.deliveryCharge,
    ...(order.prioritySurcharge > 0 ? { prioritySurcharge: order.prioritySurcharge } : {}),
    vatAdjustment: order.vatAdjustment,
    vatBreakdown: storedVatBreakdown({
      lines,
      // The surcharge's VAT is the delivery's: at the goods' rate.
      deliveryCharge: order.deliveryCharge + order.prioritySurcharge,
      vatAdjustment: order.vatAdjustment,
      vatTotal: order.vatTotal,
    }),
    vatTotal: order.vatTotal,
    total: order.total,
    currency: 'GBP',
    refunds: refundsMade,
    inAccount: order.customerId !== null,
  };
}

/** The whole view of a stored order (its lines and refunds read). */
export async function viewOfOrder(db: Database, order: OrderRow): Promise<OrderView> {
  const [lines, refundsMade] = await Promise.all([
    loadOrderLines(db, order.id),
    loadOrderRefunds(db, order.id),
  ]);
  return orderViewOf(order, lines, refundsMade);
}

/** The order row by id; undefined for an unknown or malformed id (never throws for a bad id). */
export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  if (!uuidValidate(id)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, id.toLowerCase()));
  return row;
}

/** The whole view of an order by id, or null. */
export async function loadOrderView(db: Database, id: string): Promise<OrderView | null> {
  const order = await findOrder(db, id);
  return order ? viewOfOrder(db, order) : null;
}
