import { asc, eq } from 'drizzle-orm';
import { validate as uuidValidate } from 'uuid';
import type { Database } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { isProductType } from '../../domain/catalogue';
import {
  isOrderStatus,
  type OrderLineView,
  type OrderView,
  type VatRate,
} from '../../domain/order';
import { storedVatBreakdown, vatRates } from '../../domain/vat';

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

/** The view of a stored order and its lines. */
export function orderViewOf(order: OrderRow, lines: OrderLineView[]): OrderView {
  return {
    id: order.id,
    number: order.number,
    status: isOrderStatus(order.status) ? order.status : 'needs_review',
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    fullName: order.fullName,
    email: order.email,
    phone: order.phone,
    addressLine1: order.addressLine1,
    addressLine2: order.addressLine2,
    town: order.town,
    postcode: order.postcode,
    instructions: order.instructions,
    domesticUse: order.domesticUse,
    lines,
    subtotal: order.subtotal,
    deliveryCharge: order.deliveryCharge,
    vatAdjustment: order.vatAdjustment,
    vatBreakdown: storedVatBreakdown({
      lines,
      deliveryCharge: order.deliveryCharge,
      vatAdjustment: order.vatAdjustment,
      vatTotal: order.vatTotal,
    }),
    vatTotal: order.vatTotal,
    total: order.total,
    currency: 'GBP',
  };
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
  return order ? orderViewOf(order, await loadOrderLines(db, order.id)) : null;
}
