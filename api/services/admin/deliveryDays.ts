/**
 * The back office's cold-snap tools (issue 34, docs/admin.md "Delivery days and capacity"): each
 * day's room in a zone, a day's capacity, closing and opening a day, and the zone's calendar.
 *
 * Closing a day moves the orders holding room on it, oldest booking first, each to the next
 * delivery day with room in every zone it needs, through the booking functions checkout uses
 * (api/services/delivery/bookings.ts), in one transaction with the day's rows locked. An order
 * that finds no such day keeps its room on the closed day (nothing is overbooked and no room is
 * lost; staff see it in the answer and the audit log). Moved customers who have paid are e-mailed
 * through the outbox in the same transaction.
 */
import { and, asc, between, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { retryOnConflict } from '../../db/failures';
import {
  deliveryBookings,
  deliveryCalendars,
  deliveryDays,
  orders,
  shippingZones,
} from '../../db/schema';
import {
  deliveryDayTexts as texts,
  deliveryUnitOf,
  maxMovesPerRequest,
  movableStatuses,
  orderedWeekdays,
  type AdminCalendarChange,
  type AdminDayChange,
  type AdminDeliveryCalendar,
  type AdminDeliveryDay,
  type AdminDeliveryDays,
  type AdminMovedOrder,
  type AdminUnmovedOrder,
  type DeliveryCalendarForm,
  type DeliveryDayChange,
} from '../../domain/adminDeliveryDays';
import type { ZoneCalendar } from '../../domain/deliveryBooking';
import {
  addDays,
  bankHolidayOn,
  dayInWords,
  deliveryDaysBetween,
  londonNow,
  type IsoDay,
} from '../../domain/deliveryCalendar';
import { isOrderStatus, type OrderStatus } from '../../domain/order';
import { site } from '../../domain/site';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import {
  bookDelivery,
  deliveryOffer,
  releaseDelivery,
  orderZones,
  zoneNeeds,
  type BookableZone,
  type ZoneNeed,
} from '../delivery/bookings';
import { messageIdDomain } from '../enquiry/service';
import { queueCustomerMailOnce } from '../mail/outbox';
import { deriveOrderToken, orderTokenSecret } from '../orders/accessToken';
import { shownEmail } from '../orders/anonymised';
import { orderLink } from '../orders/emails';
import { audit, type Actor, type Tx } from './audit';
import { renderDeliveryDayChanged } from './emails';

export interface AdminDeliveryDaysDeps {
  db: Database;
  mail: { from: string; maxAttempts: number };
  /** The origin of the order links in the customers' e-mails (`config.linkOrigin`). */
  linkOrigin: string;
  mailWorker?: { nudge(): void } | undefined;
  /** The clock "today" is read from (tests fix it); the real time when left out. */
  now?: () => Date;
}

/** How many days with room a moved order tries when others are booking them at the same time. */
const moveTries = 5;

/** Thrown inside a savepoint to roll it back: the order found no day with room. */
class NoRoom extends Error {
  constructor() {
    super('No delivery day with room.');
  }
}

type DayRow = typeof deliveryDays.$inferSelect;

function calendarOf(calendar: ZoneCalendar): AdminDeliveryCalendar {
  return {
    weekdays: [...calendar.weekdays],
    cutoff: calendar.cutoff,
    leadDays: calendar.leadDays,
    horizonDays: calendar.horizonDays,
    dailyCapacity: calendar.dailyCapacity,
    closedOnBankHolidays: calendar.closedOnBankHolidays ?? true,
  };
}

function statusOf(value: string): OrderStatus {
  return isOrderStatus(value) ? value : 'needs_review';
}

export function adminDeliveryDays({
  db,
  mail,
  linkOrigin,
  mailWorker,
  now = () => new Date(),
}: AdminDeliveryDaysDeps) {
  const domain = messageIdDomain(mail.from);

  async function zoneOf(tx: Database | Tx, zoneId: number): Promise<BookableZone> {
    const [zone] = await tx
      .select({ id: shippingZones.id, title: shippingZones.title })
      .from(shippingZones)
      .where(eq(shippingZones.id, zoneId));
    if (!zone) throw new NotFoundError(texts.noSuchZone);
    return zone;
  }

  /** The zone's calendar (its own, or the built-in one), as checkout books by it. */
  async function calendarFor(tx: Database | Tx, zone: BookableZone): Promise<ZoneCalendar> {
    const [need] = await zoneNeeds(
      tx,
      [zone],
      [{ zoneTitle: zone.title.toLowerCase(), amount: 1 }],
    );
    if (!need) throw new Error(`The zone ${zone.id} has no calendar.`);
    return need.calendar;
  }

  async function hasOwnCalendar(tx: Database | Tx, zoneId: number): Promise<boolean> {
    const [row] = await tx
      .select({ zoneId: deliveryCalendars.zoneId })
      .from(deliveryCalendars)
      .where(eq(deliveryCalendars.zoneId, zoneId));
    return row !== undefined;
  }

  /** Held bookings per day of the zone, from `first` to `last`. */
  async function ordersPerDay(
    tx: Database | Tx,
    zoneId: number,
    first: IsoDay,
    last: IsoDay,
  ): Promise<Map<IsoDay, number>> {
    const rows = await tx
      .select({ day: deliveryBookings.day, n: count() })
      .from(deliveryBookings)
      .where(
        and(
          eq(deliveryBookings.zoneId, zoneId),
          between(deliveryBookings.day, first, last),
          isNull(deliveryBookings.releasedAt),
        ),
      )
      .groupBy(deliveryBookings.day)
      .limit(400);
    return new Map(rows.map((row) => [row.day, row.n]));
  }

  function dayView(
    day: IsoDay,
    row: Pick<DayRow, 'capacity' | 'booked' | 'closed'> | undefined,
    calendar: ZoneCalendar,
    delivers: boolean,
    orderCount: number,
  ): AdminDeliveryDay {
    const capacity = row?.capacity ?? calendar.dailyCapacity;
    const booked = row?.booked ?? 0;
    const closed = row?.closed ?? false;
    return {
      day,
      inWords: dayInWords(day, { year: true }),
      delivers,
      bankHoliday: bankHolidayOn(day)?.name ?? null,
      capacity,
      booked,
      free: closed ? 0 : Math.max(capacity - booked, 0),
      closed,
      orders: orderCount,
    };
  }

  /** Runs `work` in a transaction, again when PostgreSQL gave up on it for a deadlock. */
  function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return retryOnConflict(() => db.transaction(work));
  }

  /** Books the order on `day` in a savepoint: false (and nothing kept) when a zone has no room. */
  async function bookIn(tx: Tx, orderId: string, day: IsoDay, zones: readonly ZoneNeed[]) {
    try {
      return await tx.transaction(async (savepoint) => {
        if (!(await bookDelivery(savepoint, orderId, day, zones))) throw new NoRoom();
        return true;
      });
    } catch (error) {
      if (error instanceof NoRoom) return false;
      throw error;
    }
  }

  /**
   * Moves one order off the closed `day`: gives back all the room it holds and books the first
   * day after `day` with room in every zone it needs, among the days a customer ordering now
   * could choose. The new day, or null when none has room: then the savepoint is rolled back and
   * the order keeps its room on the closed day.
   */
  async function moveOrder(
    tx: Tx,
    orderId: string,
    day: IsoDay,
    instant: Date,
  ): Promise<IsoDay | null> {
    const zones = await orderZones(tx, orderId);
    try {
      return await tx.transaction(async (savepoint) => {
        await releaseDelivery(savepoint, [orderId]);
        const offer = await deliveryOffer(savepoint, zones, instant);
        const candidates = offer.days.filter((d) => d.free && d.day > day).map((d) => d.day);
        for (const candidate of candidates.slice(0, moveTries)) {
          if (await bookIn(savepoint, orderId, candidate, zones)) return candidate;
        }
        throw new NoRoom();
      });
    } catch (error) {
      if (error instanceof NoRoom) return null;
      throw error;
    }
  }

  /**
   * Moves the orders holding room on the closed `day` of `zone`, oldest booking first (at most
   * `maxMovesPerRequest`; `more` when others are left): each to its next day with room, its
   * customer e-mailed when paid, its move audited; the ones that stay are reported and audited.
   */
  async function moveDayOrders(
    tx: Tx,
    actor: Actor,
    zone: BookableZone,
    day: IsoDay,
    instant: Date,
    tokenSecret: string,
  ): Promise<{ moved: AdminMovedOrder[]; notMoved: AdminUnmovedOrder[]; more: boolean }> {
    const moved: AdminMovedOrder[] = [];
    const notMoved: AdminUnmovedOrder[] = [];
    const held = await tx
      .select({
        orderId: orders.id,
        number: orders.number,
        status: orders.status,
        email: orders.email,
        fullName: orders.fullName,
      })
      .from(deliveryBookings)
      .innerJoin(orders, eq(orders.id, deliveryBookings.orderId))
      .where(
        and(
          eq(deliveryBookings.zoneId, zone.id),
          eq(deliveryBookings.day, day),
          isNull(deliveryBookings.releasedAt),
        ),
      )
      .orderBy(asc(deliveryBookings.createdAt), asc(orders.number))
      .limit(maxMovesPerRequest + 1);
    for (const order of held.slice(0, maxMovesPerRequest)) {
      const status = statusOf(order.status);
      const movable = movableStatuses.includes(status);
      const to = movable ? await moveOrder(tx, order.orderId, day, instant) : null;
      if (to === null) {
        const reason = movable ? 'no_room' : 'dispatched';
        notMoved.push({
          orderId: order.orderId,
          number: order.number,
          status,
          day,
          reason,
          message: movable ? texts.noRoom(order.number) : texts.dispatched(order.number),
        });
        await audit(
          tx,
          actor,
          'order',
          order.orderId,
          'delivery_day_not_moved',
          { deliveryDay: day },
          { deliveryDay: day, closedDay: day, zone: zone.title, reason },
        );
        continue;
      }
      const email = shownEmail(order.email);
      const emailed = status === 'paid' && email !== '';
      if (emailed) {
        const link = orderLink(
          linkOrigin,
          order.orderId,
          deriveOrderToken(tokenSecret, order.orderId),
        );
        await queueCustomerMailOnce(
          tx,
          { domain, maxAttempts: mail.maxAttempts },
          {
            kind: 'order-delivery-day-changed',
            key: `${order.orderId}-${day}-${to}`,
            to: email,
            orderId: order.orderId,
            email: renderDeliveryDayChanged(order, { from: day, to }, link, site),
          },
        );
      }
      await audit(
        tx,
        actor,
        'order',
        order.orderId,
        'delivery_day',
        { deliveryDay: day },
        { deliveryDay: to, closedDay: day, zone: zone.title, emailed },
      );
      moved.push({ orderId: order.orderId, number: order.number, status, from: day, to, emailed });
    }
    return { moved, notMoved, more: held.length > maxMovesPerRequest };
  }

  return {
    /** GET /api/admin/delivery-days: `span` days of the zone from `from` (today in London). */
    async days(zoneId: number, from: IsoDay | undefined, span: number): Promise<AdminDeliveryDays> {
      const zone = await zoneOf(db, zoneId);
      const calendar = await calendarFor(db, zone);
      const customCalendar = await hasOwnCalendar(db, zoneId);
      const today = londonNow(now()).day;
      const first = from ?? today;
      const last = addDays(first, span - 1);
      const rows = await db
        .select()
        .from(deliveryDays)
        .where(and(eq(deliveryDays.zoneId, zoneId), between(deliveryDays.day, first, last)))
        .orderBy(asc(deliveryDays.day))
        .limit(400);
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const counts = await ordersPerDay(db, zoneId, first, last);
      const delivering = new Set(deliveryDaysBetween(calendar, first, last));
      const days = Array.from({ length: span }, (_, i) => {
        const day = addDays(first, i);
        return dayView(day, byDay.get(day), calendar, delivering.has(day), counts.get(day) ?? 0);
      });
      return {
        zone,
        unit: deliveryUnitOf(zone.title),
        calendar: calendarOf(calendar),
        customCalendar,
        today,
        days,
      };
    },

    /**
     * PUT /api/admin/delivery-days/:zoneId/:day: closes or opens the day, and sets its capacity
     * (never below what is booked on it: 409). Closing moves the day's orders (see above).
     */
    async changeDay(
      actor: Actor,
      zoneId: number,
      day: IsoDay,
      change: DeliveryDayChange,
    ): Promise<AdminDayChange> {
      const instant = now();
      if (day < londonNow(instant).day) {
        const message = texts.dayPassed(day);
        throw new BadRequestError(message, { errors: [message] });
      }
      const zone = await zoneOf(db, zoneId);
      const unit = deliveryUnitOf(zone.title);
      // Read outside the transaction (it may create the secret on first use).
      const tokenSecret = change.closed === true ? await orderTokenSecret(db) : '';

      const result = await inTransaction(async (tx) => {
        const calendar = await calendarFor(tx, zone);
        // Every zone's row of the day, in zone order (as bookDelivery takes them), so no order
        // of another zone is booked on it or given back while its orders move.
        await tx
          .select({ zoneId: deliveryDays.zoneId })
          .from(deliveryDays)
          .where(eq(deliveryDays.day, day))
          .orderBy(asc(deliveryDays.zoneId))
          .limit(100)
          .for('update');
        await tx
          .insert(deliveryDays)
          .values({ zoneId, day, capacity: calendar.dailyCapacity })
          .onConflictDoNothing();
        const where = and(eq(deliveryDays.zoneId, zoneId), eq(deliveryDays.day, day));
        const [before] = await tx.select().from(deliveryDays).where(where).for('update');
        if (!before) throw new Error('The delivery day row was not written.');

        if (change.closed !== undefined && change.closed !== before.closed) {
          await tx.update(deliveryDays).set({ closed: change.closed }).where(where);
        }
        const { moved, notMoved, more } =
          change.closed === true
            ? await moveDayOrders(tx, actor, zone, day, instant, tokenSecret)
            : { moved: [], notMoved: [], more: false };

        if (change.capacity !== undefined) {
          const [current] = await tx.select().from(deliveryDays).where(where);
          const booked = current?.booked ?? 0;
          if (change.capacity < booked) {
            const message = texts.belowBooked(day, booked, unit);
            throw new ConflictError(message, {
              errors: [message],
              extra: { fieldErrors: { capacity: message } },
            });
          }
          await tx.update(deliveryDays).set({ capacity: change.capacity }).where(where);
        }

        const [after] = await tx.select().from(deliveryDays).where(where);
        if (!after) throw new Error('The delivery day row went away.');
        const changed =
          after.capacity !== before.capacity || after.closed !== before.closed || moved.length > 0;
        if (changed || notMoved.length > 0) {
          const state = (row: DayRow) => ({
            zone: zone.title,
            day,
            capacity: row.capacity,
            booked: row.booked,
            closed: row.closed,
          });
          const action =
            change.closed === true
              ? 'close'
              : change.closed === false && before.closed
                ? 'open'
                : 'capacity';
          await audit(tx, actor, 'delivery_day', `${zoneId}/${day}`, action, state(before), {
            ...state(after),
            moved: moved.map(({ number, from, to }) => ({ number, from, to })),
            notMoved: notMoved.map(({ number, reason }) => ({ number, reason })),
          });
        }
        const counts = await ordersPerDay(tx, zoneId, day, day);
        const delivering = deliveryDaysBetween(calendar, day, day).length > 0;
        return {
          view: dayView(day, after, calendar, delivering, counts.get(day) ?? 0),
          moved,
          notMoved,
          more,
          wasClosed: before.closed,
        };
      });

      if (result.moved.some((order) => order.emailed)) mailWorker?.nudge();
      let message = texts.changed(day);
      if (change.closed === true) {
        message = texts.closed(day, result.moved.length, result.notMoved.length, result.more);
      } else if (change.closed === false && result.wasClosed) {
        message = texts.opened(day);
      }
      return {
        code: 200,
        message,
        day: result.view,
        moved: result.moved,
        notMoved: result.notMoved,
        more: result.more,
      };
    },

    /** PUT /api/admin/delivery-calendars/:zoneId: the zone's calendar (checked by the route). */
    async setCalendar(
      actor: Actor,
      zoneId: number,
      form: DeliveryCalendarForm,
    ): Promise<AdminCalendarChange> {
      const calendar = await db.transaction(async (tx) => {
        const zone = await zoneOf(tx, zoneId);
        const current = await calendarFor(tx, zone);
        const before = { ...calendarOf(current), custom: await hasOwnCalendar(tx, zoneId) };
        const values = {
          weekdays: orderedWeekdays(form.weekdays),
          cutoff: form.cutoff,
          leadDays: form.leadDays,
          horizonDays: form.horizonDays,
          dailyCapacity: form.dailyCapacity,
          closedOnBankHolidays: form.closedOnBankHolidays,
        };
        await tx
          .insert(deliveryCalendars)
          // A zone's first calendar keeps the priority surcharge it had (the built-in one's);
          // this form does not set it, so a saved calendar's stays as it is.
          .values({ zoneId, prioritySurcharge: current.prioritySurcharge, ...values })
          .onConflictDoUpdate({
            target: deliveryCalendars.zoneId,
            set: { ...values, updatedAt: new Date() },
          });
        const after = calendarOf(await calendarFor(tx, zone));
        await audit(tx, actor, 'zone', zoneId, 'calendar', before, { ...after, custom: true });
        return after;
      });
      return { code: 200, message: texts.calendarSaved, calendar, customCalendar: true };
    },
  };
}

export type AdminDeliveryDaysService = ReturnType<typeof adminDeliveryDays>;
