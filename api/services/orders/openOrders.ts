import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { OrderStatus } from '../../domain/order';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Order statuses that still need the customer's name, address and phone: the goods are owed
 * (paid, out for delivery) or staff are looking into the payment (needs_review). While a
 * customer has one, their account is not deleted (deleting it would anonymise the order).
 */
export const statusesHoldingDeletion: readonly OrderStatus[] = [
  'paid',
  'out_for_delivery',
  'needs_review',
];

/** Statuses an order can still move on from (a payment that arrives, staff sending it out). */
const unsettled: readonly OrderStatus[] = ['pending_payment', ...statusesHoldingDeletion];

/** At most this many of a customer's unsettled orders are locked and named. */
const maxLocked = 500;

/**
 * The numbers of the customer's orders that hold back deleting their account (oldest first),
 * in `tx`, which goes on to delete the account when there are none. The customer's unsettled
 * orders are locked (FOR UPDATE) until `tx` ends, so no payment or staff action moves one of them
 * on between this check and the anonymising: one that was moving on is waited for and read again.
 */
export async function ordersHoldingDeletion(tx: Tx, customerId: string): Promise<string[]> {
  const rows = await tx
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), inArray(orders.status, [...unsettled])))
    // The ones that hold deletion back first, so the limit never hides one of them.
    .orderBy(sql`${orders.status} = 'pending_payment'`, asc(orders.createdAt), asc(orders.number))
    .limit(maxLocked)
    .for('update');
  return rows.filter((row) => statusesHoldingDeletion.includes(row.status)).map((r) => r.number);
}
