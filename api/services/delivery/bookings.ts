/**
 * Delivery room in the database: the zones' calendars (delivery_calendars, or the built-in
 * defaults), each day's room (delivery_days) and what each order holds (delivery_bookings).
 *
 * No day is ever booked over its capacity. Booking is one conditional UPDATE per zone
 * (`booked + amount <= capacity`, and the day not closed): PostgreSQL re-checks the condition
 * on the row it waited for, so racing buyers for the last room get exactly the capacity between
 * them, in any number of processes, and the table's check constraint stands behind it. Room is
 * given back by marking the booking released and taking its amount off the day in the same
 * transaction, so a day's `booked` is always the sum of its held bookings.
 */
import { and, asc, between, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  deliveryBookings,
  deliveryCalendars,
  deliveryDays,
  orders,
  shippingZones,
} from '../../db/schema';
import {
  defaultZoneCalendar,
  offerDays,
  type DeliveryNeed,
  type DeliveryOffer,
  type ZoneCalendar,
} from '../../domain/deliveryBooking';
import {
  addDays,
  londonNow,
  weekdays,
  type IsoDay,
  type Weekday,
} from '../../domain/deliveryCalendar';

/** A zone as the catalogue snapshot has it. */
export interface BookableZone {
  id: number;
  title: string;
}

/** One zone's part of an order's booking. */
export interface ZoneNeed {
  zoneId: number;
  zoneTitle: string;
  amount: number;
  calendar: ZoneCalendar;
}

function isWeekday(value: string): value is Weekday {
  return (weekdays as readonly string[]).includes(value);
}

/**
 * The zones an order needs, with their calendars: each need's zone found among `zones` by title
 * (a need whose zone the shop does not have is left out: nothing to book there).
 */
export async function zoneNeeds(
  db: Database,
  zones: readonly BookableZone[],
  needs: readonly DeliveryNeed[],
): Promise<ZoneNeed[]> {
  const found = needs.flatMap((need) => {
    const zone = zones.find((z) => z.title.toLowerCase() === need.zoneTitle);
    return zone ? [{ zone, need }] : [];
  });
  if (found.length === 0) return [];
  const rows = await db
    .select()
    .from(deliveryCalendars)
    .where(
      inArray(
        deliveryCalendars.zoneId,
        found.map(({ zone }) => zone.id),
      ),
    );
  return found
    .map(({ zone, need }) => {
      const row = rows.find((r) => r.zoneId === zone.id);
      const calendar: ZoneCalendar = row
        ? {
            weekdays: row.weekdays.filter(isWeekday),
            cutoff: row.cutoff,
            leadDays: row.leadDays,
            horizonDays: row.horizonDays,
            dailyCapacity: row.dailyCapacity,
            closedOnBankHolidays: row.closedOnBankHolidays,
            prioritySurcharge: row.prioritySurcharge,
          }
        : defaultZoneCalendar(need.zoneTitle);
      return { zoneId: zone.id, zoneTitle: need.zoneTitle, amount: need.amount, calendar };
    })
    .sort((a, b) => a.zoneId - b.zoneId);
}

/**
 * The days an order needing `zones` can have when placed at `instant`, with their room: one
 * bounded query per zone over the horizon (at most 366 days).
 */
export async function deliveryOffer(
  db: Database,
  zones: readonly ZoneNeed[],
  instant: Date,
): Promise<DeliveryOffer> {
  const today = londonNow(instant).day;
  const rooms = await Promise.all(
    zones.map(async (zone) => {
      const rows = await db
        .select({
          day: deliveryDays.day,
          capacity: deliveryDays.capacity,
          booked: deliveryDays.booked,
          closed: deliveryDays.closed,
        })
        .from(deliveryDays)
        .where(
          and(
            eq(deliveryDays.zoneId, zone.zoneId),
            between(deliveryDays.day, today, addDays(today, zone.calendar.horizonDays)),
          ),
        )
        .orderBy(asc(deliveryDays.day))
        .limit(400);
      const byDay = new Map(rows.map((row) => [row.day, row]));
      return {
        calendar: zone.calendar,
        amount: zone.amount,
        roomOn: (day: IsoDay) => {
          const row = byDay.get(day);
          if (!row) return zone.calendar.dailyCapacity;
          return row.closed ? 0 : row.capacity - row.booked;
        },
      };
    }),
  );
  return offerDays(rooms, instant);
}

/**
 * Takes the order's room on `day` in every zone it needs, in zone order (so two orders never
 * wait for each other's rows crosswise). False when a zone has no room left that day (or it is
 * closed): the caller rolls its transaction back, and what this took goes with it.
 */
export async function bookDelivery(
  tx: Database,
  orderId: string,
  day: IsoDay,
  zones: readonly ZoneNeed[],
): Promise<boolean> {
  for (const zone of [...zones].sort((a, b) => a.zoneId - b.zoneId)) {
    await tx
      .insert(deliveryDays)
      .values({ zoneId: zone.zoneId, day, capacity: zone.calendar.dailyCapacity })
      .onConflictDoNothing();
    const taken = await tx
      .update(deliveryDays)
      .set({ booked: sql`${deliveryDays.booked} + ${zone.amount}` })
      .where(
        and(
          eq(deliveryDays.zoneId, zone.zoneId),
          eq(deliveryDays.day, day),
          eq(deliveryDays.closed, false),
          sql`${deliveryDays.booked} + ${zone.amount} <= ${deliveryDays.capacity}`,
        ),
      )
      .returning({ zoneId: deliveryDays.zoneId });
    if (taken.length === 0) return false;
    await tx
      .insert(deliveryBookings)
      .values({ orderId, zoneId: zone.zoneId, day, amount: zone.amount })
      .onConflictDoUpdate({
        target: [deliveryBookings.orderId, deliveryBookings.zoneId],
        set: { day, amount: zone.amount, releasedAt: null },
      });
  }
  await tx
    .update(orders)
    .set({ deliveryDay: day, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  return true;
}

/**
 * Gives back the room these orders hold (cancelled, expired, payment failed, refunded). The order
 * keeps its `delivery_day` as the day it had; an order holding nothing changes nothing.
 */
export async function releaseDelivery(tx: Database, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await tx
    .update(deliveryBookings)
    .set({ releasedAt: sql`now()` })
    .where(
      and(inArray(deliveryBookings.orderId, [...orderIds]), isNull(deliveryBookings.releasedAt)),
    )
    .returning({
      zoneId: deliveryBookings.zoneId,
      day: deliveryBookings.day,
      amount: deliveryBookings.amount,
    });
  // In (zone, day) order, as bookDelivery takes rows.
  released.sort((a, b) => a.zoneId - b.zoneId || a.day.localeCompare(b.day));
  for (const booking of released) {
    await tx
      .update(deliveryDays)
      .set({ booked: sql`${deliveryDays.booked} - ${booking.amount}` })
      .where(and(eq(deliveryDays.zoneId, booking.zoneId), eq(deliveryDays.day, booking.day)));
  }
}

/** Whether the order holds room (a booking not released). */
export async function holdsDelivery(tx: Database, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ orderId: deliveryBookings.orderId })
    .from(deliveryBookings)
    .where(and(eq(deliveryBookings.orderId, orderId), isNull(deliveryBookings.releasedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * The zones an order holds room in now (`released: false`) or held room in before it was given
 * back (`released: true`), with their calendars and the room it takes in each: what moving or
 * re-booking the order needs. Zone order.
 */
export async function orderZones(
  tx: Database,
  orderId: string,
  released = false,
): Promise<ZoneNeed[]> {
  const rows = await tx
    .select({
      zoneId: deliveryBookings.zoneId,
      amount: deliveryBookings.amount,
      title: shippingZones.title,
    })
    .from(deliveryBookings)
    .innerJoin(shippingZones, eq(shippingZones.id, deliveryBookings.zoneId))
    .where(
      and(
        eq(deliveryBookings.orderId, orderId),
        released ? isNotNull(deliveryBookings.releasedAt) : isNull(deliveryBookings.releasedAt),
      ),
    )
    .orderBy(asc(deliveryBookings.zoneId))
    .limit(20);
  return zoneNeeds(
    tx,
    rows.map((r) => ({ id: r.zoneId, title: r.title })),
    rows.map((r) => ({ zoneTitle: r.title.toLowerCase(), amount: r.amount })),
  );
}

/** How many free days re-booking tries before it gives up (other buyers racing for them). */
const rebookTries = 5;

/**
 * An order paid after its room was given back (its payment had failed): books its day again when
 * it still can, else the earliest free day. Answers the day, or null when no day within the
 * horizon has room (the caller puts the order in front of staff). An order that holds its room,
 * or never had any, answers its day unchanged.
 */
export async function rebookDelivery(
  tx: Database,
  orderId: string,
  instant: Date,
): Promise<IsoDay | null> {
  const [order] = await tx
    .select({ deliveryDay: orders.deliveryDay })
    .from(orders)
    .where(eq(orders.id, orderId));
  const day = order?.deliveryDay ?? null;
  if (await holdsDelivery(tx, orderId)) return day;
  const zones = await orderZones(tx, orderId, true);
  if (zones.length === 0) return day;
  const offer = await deliveryOffer(tx, zones, instant);
  const free = offer.days.filter((d) => d.free).map((d) => d.day);
  const candidates =
    day !== null && free.includes(day) ? [day, ...free.filter((d) => d !== day)] : free;
  for (const candidate of candidates.slice(0, rebookTries)) {
    if (await bookDelivery(tx, orderId, candidate, zones)) return candidate;
  }
  return null;
}
