/**
 * A customer moves the delivery day of their paid order (issue 34, item 6), from the order page:
 * until the cut-off on the day before the day it has, to another day it could be offered now that
 * has room. The rules and texts here are shared by the API (the authority:
 * api/services/orders/deliveryDayChange.ts) and the order page. Pure: no Node, Koa or database.
 */
import { deliveryMessages } from './deliveryMessages';
import type { OfferedDay } from './deliveryBooking';
import { addDays, dayInWords, londonNow, parseClockTime, type IsoDay } from './deliveryCalendar';
import type { OrderStatus } from './order';
import { officePhones } from './site';

/** The order page's form, posted without script (api/ssr/forms/orders.ts reads the same names). */
export const deliveryDayForm = {
  /** The hidden `intent` of the form. */
  intent: 'changeDeliveryDay',
  /** The radio group of days: the ISO day chosen (`YYYY-MM-DD`). */
  field: 'deliveryDay',
} as const;

/** The last moment an order's day can change: the cut-off (`HH:MM`, London) on the day before. */
export interface ChangeDeadline {
  day: IsoDay;
  time: string;
}

/**
 * What GET /api/orders/{id}/delivery-days answers (`deliveryDays`), and the order page shows:
 * the order's day, whether it can move now (and why not), until when, and the days it can move to.
 */
export interface OrderDeliveryDays {
  /** The day the order has (ISO), or null for an order without one. */
  current: IsoDay | null;
  canChange: boolean;
  /** Why the day cannot change (the 409's message), or null when it can. */
  reason: string | null;
  /** The cut-off on the day before `current`, or null without a day. */
  changeBy: ChangeDeadline | null;
  /**
   * The days the order can move to now, earliest first, each with whether it has room: the days
   * checkout would offer it (its standard delivery days); empty when its day cannot change.
   */
  days: OfferedDay[];
}

const phones = officePhones();

/** "Friday 11 December 2026". */
const inWords = (day: IsoDay) => dayInWords(day, { year: true });

/**
 * Every text of the change, the API's answers and the order page's section. Not in the spec
 * (issue 34 gives the success notice's form).
 */
export const orderDeliveryDayTexts = {
  /** GET /api/orders/{id}/delivery-days. */
  loaded: 'The delivery days this order can move to.',
  /** PUT /api/orders/{id}/delivery-day: the day changed (the notice after the form, too). */
  changed: (day: IsoDay) => `Your delivery day is now ${inWords(day)}.`,
  /** The same day again: nothing changed. */
  unchanged: (day: IsoDay) => `Your delivery day is still ${inWords(day)}.`,
  /** 400: not a day, or not one this order can have now (a weekend, a bank holiday, too far). */
  invalid: deliveryMessages.deliveryDayInvalid,
  /** 409: the day chosen has no room left; the next free day (checkout's wording). */
  full: (day: IsoDay, next: IsoDay) =>
    deliveryMessages.deliveryDayFull(dayInWords(day), dayInWords(next)),
  /** 409: the day chosen has no room left, and no other day has. */
  noOtherDay: (day: IsoDay, current: IsoDay) =>
    `${dayInWords(day)} is now fully booked, and no other delivery day has room: your order stays on ${inWords(current)}. If that day does not suit you, please call the office on ${phones}.`,
  /** 409: the order is not (or no longer) waiting for its delivery, by its status. */
  notPaid: (status: OrderStatus): string => {
    switch (status) {
      case 'pending_payment':
      case 'payment_failed':
        return 'The delivery day can be changed once the order is paid.';
      case 'out_for_delivery':
        return 'Your order is out for delivery: its day can no longer be changed.';
      case 'delivered':
        return 'Your order has been delivered: its day can no longer be changed.';
      case 'needs_review':
        return `We are checking this order. To change its delivery day, please call the office on ${phones}.`;
      case 'cancelled':
      case 'expired':
      case 'refunded':
      case 'paid':
        return 'This order has no delivery to change.';
    }
  },
  /**
   * 409: the order paid for priority (next-day) delivery: moving it would waste the surcharge or
   * need it refunded, which is for the office to arrange.
   */
  priority: `Your order has priority delivery. To change its day, please call the office on ${phones}.`,
  /** 409: a paid order without a day booked online. */
  noDay: `This order has no delivery day booked online. Please call the office on ${phones} to arrange your delivery.`,
  /** 409: the cut-off on the day before has passed. */
  tooLate: (day: IsoDay, by: ChangeDeadline) =>
    `It is too late to change the delivery day online: a delivery on ${inWords(day)} could be changed until ${by.time} on ${dayInWords(by.day)}. Please call the office on ${phones}.`,

  // The order page's section.
  heading: 'Change delivery day',
  /** Under the heading: the order's day and until when it can change. */
  intro: (day: IsoDay, by: ChangeDeadline) =>
    `Your order is booked for ${inWords(day)}. You can change the day until ${by.time} on ${dayInWords(by.day)}.`,
  label: 'New delivery day',
  button: 'Change day',
  /** The note on the order's own day. */
  yourDay: 'Your day',
  /** The note on a day without room. */
  fullNote: 'Full',
  /** The section's answer could not be had (network, or not the API's). */
  failed: 'We could not change the delivery day. Please check your connection and try again.',
} as const;

/** The earliest of the zones' cut-offs (`HH:MM`), or null for none. */
function earliestCutoff(cutoffs: readonly string[]): string | null {
  let earliest: string | null = null;
  for (const cutoff of cutoffs) {
    if (earliest === null || parseClockTime(cutoff) < parseClockTime(earliest)) earliest = cutoff;
  }
  return earliest;
}

/**
 * The last moment the order's day `day` can change: the earliest cut-off of the zones it is
 * booked in, on the day before. The day before counts whether or not the lorries run on it (the
 * rule `earliestDeliveryDay` books by). Null without a cut-off (no zone).
 */
export function changeDeadline(day: IsoDay, cutoffs: readonly string[]): ChangeDeadline | null {
  const time = earliestCutoff(cutoffs);
  return time === null ? null : { day: addDays(day, -1), time };
}

/** Whether `instant` is before the deadline on the Europe/London clock (GMT or BST). */
export function isBeforeDeadline(deadline: ChangeDeadline, instant: Date): boolean {
  const now = londonNow(instant);
  if (now.day !== deadline.day) return now.day < deadline.day;
  return now.minutes < parseClockTime(deadline.time);
}

/** What decides whether an order's day can change. */
export interface ChangeableOrder {
  status: OrderStatus;
  deliveryDay: IsoDay | null;
  /** The order paid for priority (next-day) delivery. */
  priority: boolean;
  /** The cut-offs of the zones the order holds room in (none: it holds no room). */
  cutoffs: readonly string[];
}

/**
 * Why the order's day cannot change at `instant` (the 409's message), or null when it can: it
 * must be paid (not out for delivery, delivered, refunded, being checked…), not for priority
 * delivery, hold room on a day, and the cut-off on the day before that day must not have passed.
 */
export function changeRefusal(order: ChangeableOrder, instant: Date): string | null {
  if (order.status !== 'paid') return orderDeliveryDayTexts.notPaid(order.status);
  if (order.priority) return orderDeliveryDayTexts.priority;
  const deadline =
    order.deliveryDay === null ? null : changeDeadline(order.deliveryDay, order.cutoffs);
  if (order.deliveryDay === null || deadline === null) return orderDeliveryDayTexts.noDay;
  if (!isBeforeDeadline(deadline, instant)) {
    return orderDeliveryDayTexts.tooLate(order.deliveryDay, deadline);
  }
  return null;
}
