/**
 * A customer moves their paid order's delivery day from the order page (issue 34, item 6;
 * the rules are api/domain/orderDeliveryDay.ts). The room moves in ONE transaction, with the
 * order's row locked: the old day's room is given back and the new day's taken through the booking
 * functions checkout uses (api/services/delivery/bookings.ts), so no day is ever over its capacity
 * and each day's `booked` stays the sum of its held bookings. A day without room rolls all of it
 * back. The audit log records the change and the customer's confirmation is queued in the outbox,
 * both in the same transaction.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { retryOnConflict } from '../../db/failures';
import { auditLog, deliveryDays, orders } from '../../db/schema';
import type { AuditEntity } from '../../domain/admin';
import { isIsoDay, type IsoDay } from '../../domain/deliveryCalendar';
import { messages } from '../../domain/messages';
import { isOrderStatus } from '../../domain/order';
import {
  changeDeadline,
  changeRefusal,
  deliveryDayForm,
  orderDeliveryDayTexts as texts,
  type OrderDeliveryDays,
} from '../../domain/orderDeliveryDay';
import { site } from '../../domain/site';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import {
  bookDelivery,
  deliveryOffer,
  releaseDelivery,
  orderZones,
  type ZoneNeed,
} from '../delivery/bookings';
import { messageIdDomain } from '../enquiry/service';
import { queueCustomerMailOnce } from '../mail/outbox';
import { deriveOrderToken, orderTokenSecret } from './accessToken';
import { shownEmail } from './anonymised';
import { renderDeliveryDayChosen } from './deliveryDayEmail';
import { orderLink } from './emails';
import type { OrderRow } from './orderView';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The audit log's actor for a change the customer made themselves (the log's actors are staff
 * e-mail addresses, or a marker for what was not done by staff; never the customer's address).
 */
export const customerActorEmail = 'customer (order page)';

/** How the customer reached the order: its access token (link or cookie), or their account. */
export type OrderAccessRoute = 'token' | 'account';

export interface DeliveryDayChangeDeps {
  db: Database;
  mail: { from: string; maxAttempts: number };
  /** The origin of the order link in the customer's e-mail (`config.linkOrigin`, PUBLIC_URL). */
  linkOrigin: string;
  mailWorker?: { nudge(): void } | undefined;
  /** The clock the cut-off and the days on offer are read by (tests fix it); the real time. */
  now?: () => Date;
}

/** What a change did. */
export interface DeliveryDayChanged {
  /** The order as it now stands. */
  order: OrderRow;
  /** False for the same day again: nothing was written. */
  changed: boolean;
  /** The day the order has now. */
  day: IsoDay;
}

/** Thrown inside the transaction to roll it back: the new day had no room left. */
class NoRoom extends Error {
  constructor(
    readonly zones: readonly ZoneNeed[],
    readonly current: IsoDay,
  ) {
    super('The delivery day has no room left.');
  }
}

function refusal(error: typeof BadRequestError | typeof ConflictError, message: string) {
  return new error(message, {
    errors: [message],
    extra: { fieldErrors: { [deliveryDayForm.field]: message } },
  });
}

export function deliveryDayChanges({
  db,
  mail,
  linkOrigin,
  mailWorker,
  now = () => new Date(),
}: DeliveryDayChangeDeps) {
  const domain = messageIdDomain(mail.from);

  /** The zones the order holds room in, with their calendars and the room it takes in each. */
  const heldZones = (tx: Database, orderId: string): Promise<ZoneNeed[]> => orderZones(tx, orderId);

  /** Why the order's day cannot change now, or null; its deadline; its zones' cut-offs. */
  function stateOf(order: OrderRow, zones: readonly ZoneNeed[], instant: Date) {
    const cutoffs = zones.map((zone) => zone.calendar.cutoff);
    const status = isOrderStatus(order.status) ? order.status : 'needs_review';
    return {
      reason: changeRefusal(
        {
          status,
          deliveryDay: order.deliveryDay,
          priority: order.prioritySurcharge > 0,
          cutoffs,
        },
        instant,
      ),
      changeBy: order.deliveryDay === null ? null : changeDeadline(order.deliveryDay, cutoffs),
      cutoffs,
    };
  }

  /**
   * Takes the rows of the days the change touches, in (zone, day) order, before changing any: two
   * customers swapping days (one Tuesday to Friday, the other Friday to Tuesday) then queue
   * instead of each waiting for the other's row. A day without a row yet is made by the booking.
   */
  async function lockDays(tx: Tx, zones: readonly ZoneNeed[], days: readonly IsoDay[]) {
    await tx
      .select({ zoneId: deliveryDays.zoneId })
      .from(deliveryDays)
      .where(
        and(
          inArray(
            deliveryDays.zoneId,
            zones.map((zone) => zone.zoneId),
          ),
          inArray(deliveryDays.day, [...days]),
        ),
      )
      .orderBy(asc(deliveryDays.zoneId), asc(deliveryDays.day))
      .limit(zones.length * days.length)
      .for('update');
  }

  /** The 409 for a day that filled up: the next free day other than the order's own, if any. */
  async function noRoom(requested: IsoDay, failed: NoRoom, instant: Date): Promise<ConflictError> {
    const offer = await deliveryOffer(db, failed.zones, instant);
    const free = offer.days.filter((d) => d.free && d.day !== failed.current).map((d) => d.day);
    const next = free.find((day) => day > requested) ?? free[0];
    return refusal(
      ConflictError,
      next === undefined
        ? texts.noOtherDay(requested, failed.current)
        : texts.full(requested, next),
    );
  }

  /** One try at the change, in one transaction. */
  async function attempt(
    orderId: string,
    requested: IsoDay,
    via: OrderAccessRoute,
    tokenSecret: string,
  ): Promise<DeliveryDayChanged & { emailed: boolean }> {
    const instant = now();
    try {
      return await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!locked) throw new NotFoundError(messages.order.notFound);
        const zones = await heldZones(tx, orderId);
        const { reason, cutoffs } = stateOf(locked, zones, instant);
        const current = locked.deliveryDay;
        if (reason !== null || current === null) {
          throw refusal(ConflictError, reason ?? texts.noDay);
        }
        if (requested === current) {
          return { order: locked, changed: false, day: current, emailed: false };
        }
        const offer = await deliveryOffer(tx, zones, instant);
        if (!offer.days.some((d) => d.day === requested)) {
          throw refusal(BadRequestError, texts.invalid);
        }

        await lockDays(tx, zones, [current, requested]);
        await releaseDelivery(tx, [orderId]);
        if (!(await bookDelivery(tx, orderId, requested, zones))) throw new NoRoom(zones, current);

        const [entry] = await tx
          .insert(auditLog)
          .values({
            actorId: null,
            actorEmail: customerActorEmail,
            entity: 'order' satisfies AuditEntity,
            entityId: orderId,
            action: 'delivery_day',
            before: { deliveryDay: current },
            after: { deliveryDay: requested, by: 'customer', via },
          })
          .returning({ id: auditLog.id });
        if (!entry) throw new Error('The database returned no row for the audit entry.');
        // A deleted customer's order has no address to write to.
        const email = shownEmail(locked.email);
        if (email !== '') {
          await queueCustomerMailOnce(
            tx,
            { domain, maxAttempts: mail.maxAttempts },
            {
              kind: 'order-delivery-day-chosen',
              // One e-mail per change (the audit entry's id), however often the day moves back.
              key: `${orderId}-${entry.id}`,
              to: email,
              orderId,
              email: renderDeliveryDayChosen(
                locked,
                { from: current, to: requested, changeBy: changeDeadline(requested, cutoffs) },
                orderLink(linkOrigin, orderId, deriveOrderToken(tokenSecret, orderId)),
                site,
              ),
            },
          );
        }
        const [after] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (!after) throw new Error('The order went away while its day changed.');
        return { order: after, changed: true, day: requested, emailed: email !== '' };
      });
    } catch (error) {
      if (error instanceof NoRoom) throw await noRoom(requested, error, instant);
      throw error;
    }
  }

  return {
    /**
     * The order's day, whether it can change now (and why not), until when, and the days it
     * can move to with their room (GET /api/orders/{id}/delivery-days, the order page).
     */
    async options(order: OrderRow): Promise<OrderDeliveryDays> {
      const instant = now();
      // Only a paid order can move: no other is worth reading its bookings for.
      const zones = order.status === 'paid' ? await heldZones(db, order.id) : [];
      const { reason, changeBy } = stateOf(order, zones, instant);
      return {
        current: order.deliveryDay,
        canChange: reason === null,
        reason,
        changeBy,
        days: reason === null ? (await deliveryOffer(db, zones, instant)).days : [],
      };
    },

    /**
     * Moves the order to `requested` (PUT /api/orders/{id}/delivery-day). 400 for anything but a
     * day the order could be offered now; 409 when its day cannot change, or the day has no
     * room left (with the next free day). The same day again changes nothing.
     */
    async change(
      orderId: string,
      requested: unknown,
      via: OrderAccessRoute,
    ): Promise<DeliveryDayChanged> {
      if (!isIsoDay(requested)) throw refusal(BadRequestError, texts.invalid);
      // Read outside the transaction (it may create the secret on first use).
      const tokenSecret = await orderTokenSecret(db);
      const { emailed, ...done } = await retryOnConflict(() =>
        attempt(orderId, requested, via, tokenSecret),
      );
      if (emailed) mailWorker?.nudge();
      return done;
    },
  };
}

export type DeliveryDayChanges = ReturnType<typeof deliveryDayChanges>;
