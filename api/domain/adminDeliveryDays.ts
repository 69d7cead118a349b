/**
 * The back office's delivery days (issue 34, the cold-snap tools): each day's room in a zone,
 * closing a day (its orders move to the next day with room), changing its capacity, and the
 * zone's calendar. Shared by the API (the authority) and the admin page (instant feedback).
 * Pure: no Node, Koa or database.
 */
import * as yup from 'yup';
import { zoneTitles } from './catalogue';
import {
  checkCalendarSettings,
  dayInWords,
  weekdays,
  type DeliveryCalendarSettings,
  type IsoDay,
  type Weekday,
} from './deliveryCalendar';
import type { OrderStatus } from './order';

/** How many days GET /api/admin/delivery-days lists at most, and by default. */
export const deliveryDaysSpan = { max: 62, default: 28 } as const;

/** The most a day (or a calendar's new day) may hold: litres or drops. */
export const maxDayCapacity = 1_000_000;

/** How many of a closed day's orders one request moves at most (closing it again moves more). */
export const maxMovesPerRequest = 200;

/** What a zone's capacity counts: litres for the tankers (the oil zone), drops for the lorries. */
export type DeliveryUnit = 'litres' | 'drops';

export function deliveryUnitOf(zoneTitle: string): DeliveryUnit {
  return zoneTitle.toLowerCase() === zoneTitles.oil ? 'litres' : 'drops';
}

/** "1,200 litres", "1 litre", "3 drops", "1 drop". */
export function amountInWords(amount: number, unit: DeliveryUnit): string {
  const word = unit === 'litres' ? 'litre' : 'drop';
  return `${amount.toLocaleString('en-GB')} ${word}${amount === 1 ? '' : 's'}`;
}

/** A zone's calendar as the back office shows and sends it. */
export interface AdminDeliveryCalendar {
  weekdays: Weekday[];
  /** HH:MM on the Europe/London clock. */
  cutoff: string;
  leadDays: number;
  horizonDays: number;
  /** What a new day holds: litres (oil) or drops. */
  dailyCapacity: number;
  closedOnBankHolidays: boolean;
}

/** One day of a zone (GET /api/admin/delivery-days). */
export interface AdminDeliveryDay {
  day: IsoDay;
  /** "Tuesday 8 December 2026". */
  inWords: string;
  /** The zone's calendar delivers that day (its weekdays, not a bank holiday when it closes on them). */
  delivers: boolean;
  /** The bank holiday's name, when the day is one in Northern Ireland. */
  bankHoliday: string | null;
  /** The day's own capacity, or the calendar's daily capacity when nothing has been booked yet. */
  capacity: number;
  booked: number;
  /** Room left for new orders: capacity − booked, or 0 when the day is closed. */
  free: number;
  closed: boolean;
  /** How many orders hold room on the day. */
  orders: number;
}

export interface AdminDeliveryDays {
  zone: { id: number; title: string };
  unit: DeliveryUnit;
  calendar: AdminDeliveryCalendar;
  /** False while the zone uses the built-in calendar (no calendar saved for it yet). */
  customCalendar: boolean;
  /** Today in London. */
  today: IsoDay;
  days: AdminDeliveryDay[];
}

/** An order a closed day moved. */
export interface AdminMovedOrder {
  orderId: string;
  number: string;
  status: OrderStatus;
  from: IsoDay;
  to: IsoDay;
  /** The customer was e-mailed (paid orders, with an address). */
  emailed: boolean;
}

/** Why an order of a closed day was not moved. */
export type NotMovedReason = 'no_room' | 'dispatched';

/** An order a closed day kept: it still holds its room there, for staff to arrange. */
export interface AdminUnmovedOrder {
  orderId: string;
  number: string;
  status: OrderStatus;
  day: IsoDay;
  reason: NotMovedReason;
  message: string;
}

/** PUT /api/admin/delivery-days/:zoneId/:day. */
export interface AdminDayChange {
  code: 200;
  message: string;
  day: AdminDeliveryDay;
  moved: AdminMovedOrder[];
  notMoved: AdminUnmovedOrder[];
  /** More orders are on the closed day than one request moves: close it again for the rest. */
  more: boolean;
}

/** PUT /api/admin/delivery-calendars/:zoneId. */
export interface AdminCalendarChange {
  code: 200;
  message: string;
  calendar: AdminDeliveryCalendar;
  customCalendar: true;
}

/** The texts of the API's answers (the spec has none: these are ours). */
export const deliveryDayTexts = {
  zoneRequired: 'Choose a zone: give zone as the zone’s id.',
  zoneFormat: 'Give zone as a zone’s id, a whole number.',
  noSuchZone: 'No such zone.',
  daysFormat: `Give days as a whole number from 1 to ${deliveryDaysSpan.max}.`,
  capacityFormat: `Enter the capacity as a whole number from 0 to ${maxDayCapacity.toLocaleString('en-GB')}.`,
  dailyCapacityFormat: `Enter the daily capacity as a whole number from 0 to ${maxDayCapacity.toLocaleString('en-GB')}.`,
  closedFormat: 'Set closed to true or false.',
  nothingToChange: 'Change the capacity, or open or close the day.',
  dayPassed: (day: IsoDay) =>
    `${dayInWords(day, { year: true })} has passed: only today and later days can be changed.`,
  belowBooked: (day: IsoDay, booked: number, unit: DeliveryUnit) =>
    `${amountInWords(booked, unit)} ${booked === 1 ? 'is' : 'are'} booked on ${dayInWords(day, { year: true })}: set the capacity to at least ${amountInWords(booked, unit)}.`,
  weekdaysFormat: 'Choose the weekdays the lorries run.',
  cutoffFormat: 'Enter the cut-off as HH:MM, such as 12:00.',
  leadDaysFormat: 'Enter the lead time as a whole number of delivery days.',
  horizonDaysFormat: 'Enter how far ahead customers may book as a whole number of days.',
  bankHolidaysFormat: 'Choose whether the zone closes on bank holidays: true or false.',
  calendarSaved: 'The zone’s calendar is saved. Days already booked keep their own capacity.',
  zoneHasBookings: (count: number | null) =>
    count === null || count > 1
      ? `This zone cannot be deleted: ${count === null ? 'orders' : `${count.toLocaleString('en-GB')} orders`} not yet delivered hold delivery room in it. Deliver, cancel or refund them first.`
      : 'This zone cannot be deleted: 1 order not yet delivered holds delivery room in it. Deliver, cancel or refund it first.',
  noRoom: (number: string) =>
    `No delivery day within the booking horizon has room for ${number}: it keeps its room on the closed day. Raise a later day’s capacity and move the day’s orders again, or call the customer.`,
  dispatched: (number: string) =>
    `${number} is already out for delivery or delivered: it was not moved.`,
  changed: (day: IsoDay) => `${dayInWords(day, { year: true })} is saved.`,
  closed: (day: IsoDay, moved: number, notMoved: number, more: boolean) => {
    const words = dayInWords(day, { year: true });
    const parts = [`${words} is closed.`];
    if (moved > 0) parts.push(`${moved === 1 ? '1 order was' : `${moved} orders were`} moved.`);
    if (notMoved > 0) {
      parts.push(
        `${notMoved === 1 ? '1 order could' : `${notMoved} orders could`} not be moved: see below.`,
      );
    }
    if (more) parts.push('More orders are still on it: move its orders again.');
    return parts.join(' ');
  },
  opened: (day: IsoDay) => `${dayInWords(day, { year: true })} is open for bookings again.`,
} as const;

/** A whole number in JSON or as typed ("120"), from 0 to `maxDayCapacity`; NaN otherwise. */
function wholeNumber(message: string, max = maxDayCapacity) {
  return yup
    .number()
    .transform((_value: unknown, original: unknown) => {
      const n =
        typeof original === 'string' && original.trim() !== '' ? Number(original) : original;
      return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= max
        ? n
        : Number.NaN;
    })
    .typeError(message);
}

/** A JSON boolean (not "true" or 1). */
function strictBoolean(message: string) {
  return yup
    .boolean()
    .typeError(message)
    .test(
      'boolean',
      message,
      (_value, context) =>
        context.originalValue === undefined || typeof context.originalValue === 'boolean',
    );
}

/** A day's change: its capacity, closed or open, or both. */
export const deliveryDayChangeSchema = yup
  .object({
    capacity: wholeNumber(deliveryDayTexts.capacityFormat).optional(),
    closed: strictBoolean(deliveryDayTexts.closedFormat).optional(),
  })
  .test('something', deliveryDayTexts.nothingToChange, (value) =>
    Boolean(value && (value.capacity !== undefined || value.closed !== undefined)),
  );
export type DeliveryDayChange = yup.InferType<typeof deliveryDayChangeSchema>;

/**
 * A zone's calendar. The shapes are checked here; what the values mean (real weekdays, a real
 * time, lead and horizon from 1 to 366) is checked by the calendar itself (`calendarProblems`).
 */
export const deliveryCalendarSchema = yup.object({
  weekdays: yup
    .array(yup.string().strict().required(deliveryDayTexts.weekdaysFormat))
    .strict()
    .typeError(deliveryDayTexts.weekdaysFormat)
    .max(weekdays.length * 2, deliveryDayTexts.weekdaysFormat)
    .required(deliveryDayTexts.weekdaysFormat),
  cutoff: yup
    .string()
    .strict()
    .typeError(deliveryDayTexts.cutoffFormat)
    .required(deliveryDayTexts.cutoffFormat),
  leadDays: wholeNumber(deliveryDayTexts.leadDaysFormat).required(deliveryDayTexts.leadDaysFormat),
  horizonDays: wholeNumber(deliveryDayTexts.horizonDaysFormat).required(
    deliveryDayTexts.horizonDaysFormat,
  ),
  dailyCapacity: wholeNumber(deliveryDayTexts.dailyCapacityFormat).required(
    deliveryDayTexts.dailyCapacityFormat,
  ),
  closedOnBankHolidays: strictBoolean(deliveryDayTexts.bankHolidaysFormat).required(
    deliveryDayTexts.bankHolidaysFormat,
  ),
});
export type DeliveryCalendarForm = yup.InferType<typeof deliveryCalendarSchema>;

/** The weekdays given, each once, Monday first (the caller has checked they are weekdays). */
export function orderedWeekdays(list: readonly string[]): Weekday[] {
  return weekdays.filter((weekday) => list.includes(weekday));
}

/** The calendar's message for these settings (a RangeError's text), or null when they are good. */
function calendarMessage(settings: DeliveryCalendarSettings): string | null {
  try {
    checkCalendarSettings(settings);
    return null;
  } catch (error) {
    if (error instanceof RangeError) return error.message;
    throw error;
  }
}

/** Settings every check below starts from: each field is then tried on its own. */
const goodSettings: DeliveryCalendarSettings = {
  weekdays: ['mon'],
  cutoff: '12:00',
  leadDays: 1,
  horizonDays: 1,
  closedOnBankHolidays: true,
};

/**
 * What the calendar (`checkCalendarSettings`) says of a form: null when it is good, else its
 * message for the form as a whole and each bad field's own message.
 */
export function calendarProblems(
  form: DeliveryCalendarForm,
): { message: string; fieldErrors: Record<string, string> } | null {
  const settings: DeliveryCalendarSettings = {
    weekdays: form.weekdays as Weekday[],
    cutoff: form.cutoff,
    leadDays: form.leadDays,
    horizonDays: form.horizonDays,
    closedOnBankHolidays: form.closedOnBankHolidays,
  };
  const message = calendarMessage(settings);
  if (message === null) return null;
  const fieldErrors: Record<string, string> = {};
  for (const field of ['weekdays', 'cutoff', 'leadDays', 'horizonDays'] as const) {
    const own = calendarMessage({ ...goodSettings, [field]: settings[field] });
    if (own !== null) fieldErrors[field] = own;
  }
  return { message, fieldErrors };
}

/** Order statuses whose room a closed day moves (not yet on the lorry). */
export const movableStatuses: readonly OrderStatus[] = [
  'pending_payment',
  'payment_failed',
  'paid',
  'needs_review',
];
