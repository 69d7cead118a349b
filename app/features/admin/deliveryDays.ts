/**
 * The delivery days page's logic (app/pages/admin/AdminDeliveryDaysPage.tsx): the zone and first
 * day kept in the address, a day's capacity as typed, and the calendar form, checked by the
 * API's own rules (api/domain/adminDeliveryDays.ts) before anything is sent.
 */
import {
  calendarProblems,
  deliveryCalendarSchema,
  deliveryDayChangeSchema,
  orderedWeekdays,
  type AdminDeliveryCalendar,
} from '../../../api/domain/adminDeliveryDays';
import { adminDate } from '../../../api/domain/adminQuery';
import { addDays, type Weekday } from '../../../api/domain/deliveryCalendar';
import { validateWith, type Checked } from './forms';

/** What the page shows, as the address keeps it: `?zone=2&from=2026-12-07`. */
export interface DeliveryDaysView {
  /** A zone's id; null for the first zone. */
  zoneId: number | null;
  /** The first day; null for today. */
  from: string | null;
}

export function deliveryDaysViewFromSearch(search: URLSearchParams): DeliveryDaysView {
  const zone = search.get('zone') ?? '';
  return {
    zoneId: /^[1-9]\d{0,8}$/.test(zone) ? Number(zone) : null,
    from: adminDate(search.get('from')),
  };
}

export function deliveryDaysViewToSearch(view: DeliveryDaysView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.zoneId !== null) search.set('zone', String(view.zoneId));
  if (view.from) search.set('from', view.from);
  return search;
}

/** The address of the same zone `days` days later (earlier when negative). */
export function shiftedView(zoneId: number, from: string, days: number): string {
  const search = deliveryDaysViewToSearch({ zoneId, from: addDays(from, days) });
  return `/admin/delivery-days?${search.toString()}`;
}

/** A capacity as typed ("120"): the number, or the API's message. */
export function checkCapacity(
  text: string,
): { ok: true; capacity: number } | { ok: false; message: string } {
  const checked = validateWith(deliveryDayChangeSchema, { capacity: text.trim() });
  if (checked.ok && checked.value.capacity !== undefined) {
    return { ok: true, capacity: checked.value.capacity };
  }
  const errors = checked.ok ? {} : checked.errors;
  return { ok: false, message: errors.capacity ?? Object.values(errors)[0] ?? '' };
}

/** The calendar form's values: numbers as typed. */
export interface CalendarFormValues {
  weekdays: Weekday[];
  cutoff: string;
  leadDays: string;
  horizonDays: string;
  dailyCapacity: string;
  closedOnBankHolidays: boolean;
}

export function calendarFormOf(calendar: AdminDeliveryCalendar): CalendarFormValues {
  return {
    weekdays: [...calendar.weekdays],
    cutoff: calendar.cutoff,
    leadDays: String(calendar.leadDays),
    horizonDays: String(calendar.horizonDays),
    dailyCapacity: String(calendar.dailyCapacity),
    closedOnBankHolidays: calendar.closedOnBankHolidays,
  };
}

/** The form checked as the API checks it: the calendar to send, or the messages by field. */
export function checkCalendarForm(values: CalendarFormValues): Checked<AdminDeliveryCalendar> {
  const checked = validateWith(deliveryCalendarSchema, {
    ...values,
    cutoff: values.cutoff.trim(),
  });
  if (!checked.ok) return checked;
  const problems = calendarProblems(checked.value);
  if (problems) {
    return {
      ok: false,
      errors: Object.keys(problems.fieldErrors).length
        ? problems.fieldErrors
        : { form: problems.message },
    };
  }
  return {
    ok: true,
    value: { ...checked.value, weekdays: orderedWeekdays(checked.value.weekdays) },
  };
}
