import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import request from 'supertest';
import type { Database } from '../db/client';
import {
  deliveryBookings,
  deliveryDays,
  orders,
  paymentSessions,
  shippingZones,
} from '../db/schema';
import { signedTestWebhook, testWebhookSecret } from '../services/payments/test/provider';
import type { TestApp } from './harness';

/**
 * What the delivery-day suites share: the two zones' ids, a day's room set and read as staff
 * and checkout leave it, the room an order holds, and the test provider's signed webhook for an
 * order's latest payment session.
 */

/** The demo catalogue's zones: the tankers (`oil`) and the lorries (`northern-ireland`). */
export async function deliveryZoneIds(
  db: Database,
): Promise<{ oilZone: number; lorryZone: number }> {
  const zones = await db.select().from(shippingZones).limit(50);
  const oilZone = zones.find((z) => z.title === 'oil')?.id;
  const lorryZone = zones.find((z) => z.title === 'northern-ireland')?.id;
  if (oilZone === undefined || lorryZone === undefined) {
    throw new Error('The demo catalogue has no oil or northern-ireland zone.');
  }
  return { oilZone, lorryZone };
}

/** Sets a day's capacity (making its row, as staff will), and whether it is closed. */
export async function setDayRoom(
  db: Database,
  zoneId: number,
  day: string,
  capacity: number,
  closed = false,
): Promise<void> {
  await db
    .insert(deliveryDays)
    .values({ zoneId, day, capacity, closed })
    .onConflictDoUpdate({
      target: [deliveryDays.zoneId, deliveryDays.day],
      set: { capacity, closed },
    });
}

/** A day's row (capacity, booked, closed), or undefined before anything touched it. */
export async function dayRoom(db: Database, zoneId: number, day: string) {
  const [row] = await db
    .select()
    .from(deliveryDays)
    .where(and(eq(deliveryDays.zoneId, zoneId), eq(deliveryDays.day, day)));
  return row;
}

/** The room the order holds now, per zone (zone order). */
export async function heldBookings(db: Database, orderId: string) {
  return db
    .select({
      zoneId: deliveryBookings.zoneId,
      day: deliveryBookings.day,
      amount: deliveryBookings.amount,
    })
    .from(deliveryBookings)
    .where(and(eq(deliveryBookings.orderId, orderId), isNull(deliveryBookings.releasedAt)))
    .orderBy(asc(deliveryBookings.zoneId))
    .limit(10);
}

export async function orderById(db: Database, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('No such order');
  return row;
}

/**
 * The test provider's signed webhook for the order's latest payment session, posted to the shop:
 * its HTTP status and the outcome the shop recorded.
 */
export async function sendPaymentEvent(
  t: TestApp,
  orderId: string,
  type: 'payment.succeeded' | 'payment.failed' = 'payment.succeeded',
): Promise<{ status: number; outcome: string }> {
  const db = t.db.handle.db;
  const [session] = await db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId))
    .orderBy(desc(paymentSessions.attempt))
    .limit(1);
  if (!session) throw new Error('No payment session');
  const signed = signedTestWebhook(await testWebhookSecret(db), {
    id: `evt_${randomUUID()}`,
    type,
    data: {
      sessionId: session.providerSessionId,
      orderId,
      amount: session.amount,
      currency: 'GBP',
    },
  });
  const res = await request(t.app.callback())
    .post('/api/payments/webhooks/test')
    .set(signed.headers)
    // The exact bytes that were signed (a string is sent as it is).
    .send(signed.rawBody.toString('utf8'));
  return { status: res.status, outcome: String((res.body as { outcome?: unknown }).outcome) };
}
