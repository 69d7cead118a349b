import { isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { deliveryBookings, deliveryDays } from '../db/schema';

/**
 * The delivery room's invariant, checked after every test that books: no day is booked over its
 * capacity, and each day's `booked` is the sum of the bookings that hold room on it (nothing
 * lost, nothing counted twice). Bounded reads: the test databases hold a few hundred days.
 */
export async function expectRoomConsistent(db: Database): Promise<void> {
  const days = await db.select().from(deliveryDays).limit(5000);
  const held = await db
    .select({
      zoneId: deliveryBookings.zoneId,
      day: deliveryBookings.day,
      total: sql<number>`sum(${deliveryBookings.amount})::int`,
    })
    .from(deliveryBookings)
    .where(isNull(deliveryBookings.releasedAt))
    .groupBy(deliveryBookings.zoneId, deliveryBookings.day)
    .limit(5000);
  for (const day of days) {
    expect(day.booked, `${day.day} in zone ${day.zoneId}`).toBeLessThanOrEqual(day.capacity);
    const sum = held.find((h) => h.zoneId === day.zoneId && h.day === day.day)?.total ?? 0;
    expect(day.booked, `${day.day} in zone ${day.zoneId}: booked vs bookings`).toBe(sum);
  }
  // Every held booking is on a day that has a row (the foreign key), so none is outside `days`.
  expect(held.every((h) => days.some((d) => d.zoneId === h.zoneId && d.day === h.day))).toBe(true);
}
