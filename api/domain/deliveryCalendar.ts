/**
 * Delivery days: Northern Ireland's bank holidays, a delivery zone's calendar and the cut-off for
 * next-day delivery. Pure date logic, shared with the browser: no capacity, no database, no
 * clock of its own (every function that needs "now" is given the instant).
 *
 * Calendar days are ISO `YYYY-MM-DD` strings (`IsoDay`). Day arithmetic is done on day numbers
 * (days since 1970-01-01 in UTC, on date-only values), so the machine's own time zone never
 * enters. Only `londonNow` reads a wall clock, through `Intl.DateTimeFormat` with
 * `timeZone: 'Europe/London'`: the platform's tz database handles GMT and BST.
 *
 * Supported years: 1583 (the first full Gregorian year) to 9999. The bank holiday rules are
 * today's; the one-off changes are listed for 2020–2035 (see `oneOffChanges`).
 */

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

/** The days of the week, Monday first (as ISO 8601 counts them). */
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** The longest span any function here walks through, in days: a year and a leap day. */
export const maxCalendarSpan = 366;

const msPerDay = 86_400_000;
const firstYear = 1583;
const lastYear = 9999;
const isoDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const clockPattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

// ---------------------------------------------------------------------------------------------
// Calendar days
// ---------------------------------------------------------------------------------------------

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < firstYear || year > lastYear) {
    throw new RangeError(`A year must be a whole number from ${firstYear} to ${lastYear}: ${year}`);
  }
}

/** Days since 1970-01-01 for a year, month (1–12) and day of the month, unchecked. */
function dayNumberOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / msPerDay;
}

const firstDayNumber = dayNumberOf(firstYear, 1, 1);
const lastDayNumber = dayNumberOf(lastYear, 12, 31);

/** The ISO day of a day number; throws outside the supported years. */
function isoOf(dayNumber: number): IsoDay {
  if (!Number.isInteger(dayNumber) || dayNumber < firstDayNumber || dayNumber > lastDayNumber) {
    throw new RangeError(`A day outside the years ${firstYear}–${lastYear}.`);
  }
  return new Date(dayNumber * msPerDay).toISOString().slice(0, 10);
}

/** The day number of an ISO day, or null when it is not a real day in the supported years. */
function parseDay(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = isoDayPattern.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < firstYear || year > lastYear) return null;
  const dayNumber = dayNumberOf(year, Number(match[2]), Number(match[3]));
  // 2026-02-30 parses as 2 March: a real day reads back the same.
  return isoOf(dayNumber) === value ? dayNumber : null;
}

/** The day number of an ISO day; throws a RangeError naming `what` when it is not one. */
function dayNumberFrom(value: unknown, what: string): number {
  const dayNumber = parseDay(value);
  if (dayNumber === null) {
    throw new RangeError(
      `${what} must be a real calendar day written YYYY-MM-DD (years ${firstYear}–${lastYear}): ${String(value)}`,
    );
  }
  return dayNumber;
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` ("2026-02-30" is not). */
export function isIsoDay(value: unknown): value is IsoDay {
  return parseDay(value) !== null;
}

/** The day `count` days after `day` (before it when negative): addDays('2026-12-31', 1) is '2027-01-01'. */
export function addDays(day: IsoDay, count: number): IsoDay {
  if (!Number.isSafeInteger(count)) throw new RangeError(`Not a whole number of days: ${count}`);
  return isoOf(dayNumberFrom(day, 'A day') + count);
}

function weekdayIndex(dayNumber: number): number {
  // 1970-01-01 was a Thursday (index 3, counting from Monday).
  return (((dayNumber + 3) % 7) + 7) % 7;
}

/** The day of the week of a calendar day. */
export function weekdayOf(day: IsoDay): Weekday {
  return weekdays[weekdayIndex(dayNumberFrom(day, 'A day'))] ?? 'mon';
}

const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A day as a customer reads it: "Tuesday 8 December", or with `year` "Tuesday 8 December 2026".
 * Built by hand, not with Intl, so the server and every browser write it the same.
 */
export function dayInWords(day: IsoDay, options: { year?: boolean } = {}): string {
  const dayNumber = dayNumberFrom(day, 'A day');
  const [year, month, date] = day.split('-').map(Number);
  const words = `${weekdayNames[weekdayIndex(dayNumber)] ?? ''} ${String(date)} ${monthNames[(month ?? 1) - 1] ?? ''}`;
  return options.year ? `${words} ${String(year)}` : words;
}

function isWeekend(dayNumber: number): boolean {
  return weekdayIndex(dayNumber) >= 5;
}

// ---------------------------------------------------------------------------------------------
// Northern Ireland bank holidays
// ---------------------------------------------------------------------------------------------

/** One bank holiday in Northern Ireland, as gov.uk lists them. */
export interface BankHoliday {
  /** The day off. */
  date: IsoDay;
  /** gov.uk's title ("Battle of the Boyne (Orangemen’s Day)"). */
  name: string;
  /** The weekday off for a holiday that fell on a Saturday or Sunday. */
  substitute: boolean;
  /** For a substitute: the weekend day the holiday itself fell on. */
  substituteFor?: IsoDay;
}

/** The regular holidays, by statute or royal proclamation every year. */
export type RegularHoliday =
  | 'newYear'
  | 'stPatrick'
  | 'goodFriday'
  | 'easterMonday'
  | 'earlyMay'
  | 'spring'
  | 'boyne'
  | 'summer'
  | 'christmas'
  | 'boxing';

/** gov.uk's titles for the regular holidays in Northern Ireland. */
export const bankHolidayNames: Readonly<Record<RegularHoliday, string>> = {
  newYear: 'New Year’s Day',
  stPatrick: 'St Patrick’s Day',
  goodFriday: 'Good Friday',
  easterMonday: 'Easter Monday',
  earlyMay: 'Early May bank holiday',
  spring: 'Spring bank holiday',
  boyne: 'Battle of the Boyne (Orangemen’s Day)',
  summer: 'Summer bank holiday',
  christmas: 'Christmas Day',
  boxing: 'Boxing Day',
};

type OneOffChange =
  | { kind: 'moved'; holiday: RegularHoliday; date: IsoDay; name?: string }
  | { kind: 'extra'; date: IsoDay; name: string };

/**
 * One-off changes made by royal proclamation, from gov.uk's list of UK bank holidays
 * (https://www.gov.uk/bank-holidays, Northern Ireland; the same data as
 * https://www.gov.uk/bank-holidays.json). Covers 2020–2035: these are all the changes published
 * for those years when this was written (none after 2023). A new one (a coronation, a jubilee, a
 * state funeral) is added here when gov.uk announces it.
 */
const oneOffChanges: readonly OneOffChange[] = [
  // 75th anniversary of VE Day: the early May holiday moved from Monday 4 May to Friday 8 May.
  {
    kind: 'moved',
    holiday: 'earlyMay',
    date: '2020-05-08',
    name: 'Early May bank holiday (VE day)',
  },
  // Platinum Jubilee: the spring holiday moved from Monday 30 May to Thursday 2 June, plus Friday.
  { kind: 'moved', holiday: 'spring', date: '2022-06-02' },
  { kind: 'extra', date: '2022-06-03', name: 'Platinum Jubilee bank holiday' },
  {
    kind: 'extra',
    date: '2022-09-19',
    name: 'Bank Holiday for the State Funeral of Queen Elizabeth II',
  },
  {
    kind: 'extra',
    date: '2023-05-08',
    name: 'Bank holiday for the coronation of King Charles III',
  },
];

/**
 * Easter Sunday in the Gregorian calendar (the "anonymous Gregorian" computus, as published by
 * Meeus, Jones and Butcher): a Sunday from 22 March to 25 April.
 */
export function easterSunday(year: number): IsoDay {
  checkYear(year);
  const golden = year % 19; // place in the 19-year Metonic cycle
  const century = Math.floor(year / 100);
  const yearOfCentury = year % 100;
  const leapCenturies = Math.floor(century / 4);
  const centuryRemainder = century % 4;
  const moonCorrection = Math.floor((century + 8) / 25);
  const solarCorrection = Math.floor((century - moonCorrection + 1) / 3);
  // Days from 21 March to the Paschal full moon (before the rare corrections below).
  const epact = (19 * golden + century - leapCenturies - solarCorrection + 15) % 30;
  const leapYears = Math.floor(yearOfCentury / 4);
  const yearRemainder = yearOfCentury % 4;
  // Days from the full moon to the following Sunday.
  const toSunday = (32 + 2 * centuryRemainder + 2 * leapYears - epact - yearRemainder) % 7;
  const correction = Math.floor((golden + 11 * epact + 22 * toSunday) / 451);
  const offset = epact + toSunday - 7 * correction + 114;
  return isoOf(dayNumberOf(year, Math.floor(offset / 31), (offset % 31) + 1));
}

/** The day number of the first `weekday` (0 = Monday) on or after a day. */
function onOrAfter(dayNumber: number, weekday: number): number {
  return dayNumber + ((weekday - weekdayIndex(dayNumber) + 7) % 7);
}

/** Each regular holiday's date in a year, the one-off moves applied. */
function regularHolidays(year: number): { holiday: RegularHoliday; dayNumber: number }[] {
  const easter = dayNumberFrom(easterSunday(year), 'Easter');
  const monday = 0;
  const dates: Record<RegularHoliday, number> = {
    newYear: dayNumberOf(year, 1, 1),
    stPatrick: dayNumberOf(year, 3, 17),
    goodFriday: easter - 2,
    easterMonday: easter + 1,
    earlyMay: onOrAfter(dayNumberOf(year, 5, 1), monday),
    spring: onOrAfter(dayNumberOf(year, 5, 25), monday),
    boyne: dayNumberOf(year, 7, 12),
    summer: onOrAfter(dayNumberOf(year, 8, 25), monday),
    christmas: dayNumberOf(year, 12, 25),
    boxing: dayNumberOf(year, 12, 26),
  };
  return (Object.keys(dates) as RegularHoliday[]).map((holiday) => ({
    holiday,
    dayNumber: dates[holiday],
  }));
}

function yearOf(day: IsoDay): number {
  return Number(day.slice(0, 4));
}

/**
 * Northern Ireland's bank holidays in a year, in date order, as gov.uk lists them: New Year's
 * Day, St Patrick's Day (17 March), Good Friday, Easter Monday, the early May (first Monday),
 * spring (last Monday in May) and summer (last Monday in August) holidays, the Battle of the
 * Boyne (12 July), Christmas Day and Boxing Day, with the one-off changes of `oneOffChanges`.
 *
 * A holiday on a Saturday or Sunday is replaced by a substitute: the next weekday that is not
 * already a holiday, taken in date order (Christmas on a Saturday: Monday 27th; Boxing Day on the
 * Sunday: Tuesday 28th). The list holds the substitute, not the weekend day (which is kept in
 * `substituteFor`), as gov.uk does. Every listed date falls in `year`.
 */
export function bankHolidays(year: number): BankHoliday[] {
  checkYear(year);
  const days: { dayNumber: number; name: string }[] = regularHolidays(year).map((regular) => {
    const moved = oneOffChanges.find(
      (change) =>
        change.kind === 'moved' &&
        change.holiday === regular.holiday &&
        yearOf(change.date) === year,
    );
    return moved
      ? {
          dayNumber: dayNumberFrom(moved.date, 'A moved holiday'),
          name: moved.name ?? bankHolidayNames[regular.holiday],
        }
      : { dayNumber: regular.dayNumber, name: bankHolidayNames[regular.holiday] };
  });
  for (const change of oneOffChanges) {
    if (change.kind === 'extra' && yearOf(change.date) === year) {
      days.push({ dayNumber: dayNumberFrom(change.date, 'An extra holiday'), name: change.name });
    }
  }
  days.sort((a, b) => a.dayNumber - b.dayNumber);

  const taken = new Set(days.filter((d) => !isWeekend(d.dayNumber)).map((d) => d.dayNumber));
  const result: { dayNumber: number; holiday: BankHoliday }[] = [];
  for (const { dayNumber, name } of days) {
    if (!isWeekend(dayNumber)) {
      result.push({ dayNumber, holiday: { date: isoOf(dayNumber), name, substitute: false } });
      continue;
    }
    let substitute = dayNumber + 1;
    // At most two weekend days and a handful of holidays in a row: bounded well within a week.
    while (isWeekend(substitute) || taken.has(substitute)) substitute += 1;
    taken.add(substitute);
    result.push({
      dayNumber: substitute,
      holiday: {
        date: isoOf(substitute),
        name,
        substitute: true,
        substituteFor: isoOf(dayNumber),
      },
    });
  }
  return result.sort((a, b) => a.dayNumber - b.dayNumber).map((entry) => entry.holiday);
}

/** The bank holiday observed on a day (a substitute included), if any. */
export function bankHolidayOn(day: IsoDay): BankHoliday | undefined {
  dayNumberFrom(day, 'A day');
  return bankHolidays(yearOf(day)).find((holiday) => holiday.date === day);
}

/**
 * The days a bank holiday closes the yard in a year: every day off gov.uk lists, and also the
 * weekend day a substituted holiday fell on (a zone that runs on Saturdays does not deliver on
 * Christmas Day because it is a Saturday).
 */
function holidayClosures(year: number): Set<number> {
  const closures = new Set<number>();
  for (const holiday of bankHolidays(year)) {
    closures.add(dayNumberFrom(holiday.date, 'A holiday'));
    if (holiday.substituteFor) closures.add(dayNumberFrom(holiday.substituteFor, 'A holiday'));
  }
  return closures;
}

// ---------------------------------------------------------------------------------------------
// A zone's calendar
// ---------------------------------------------------------------------------------------------

/**
 * How a delivery zone (`northern-ireland`: the lorries; `oil`: the tankers) books deliveries.
 * Checked by every function that takes it; a bad value throws a RangeError saying which.
 */
export interface DeliveryCalendarSettings {
  /** The days of the week the lorries run (at least one), e.g. Monday to Friday. */
  weekdays: readonly Weekday[];
  /**
   * The cut-off for next-day delivery, `HH:MM` (24-hour) on the Europe/London clock. An order
   * placed at or after it cannot have tomorrow (see `earliestDeliveryDay`).
   */
  cutoff: string;
  /** The standard delivery promise: one of the first `leadDays` delivery days (1–366). */
  leadDays: number;
  /** How far ahead a customer may book: days after today in London (1–366). */
  horizonDays: number;
  /** Extra non-delivery days (ISO days): a closed depot, a stocktake. */
  closedDays?: readonly IsoDay[];
  /** Whether bank holidays are non-delivery days; true when left out. */
  closedOnBankHolidays?: boolean;
}

/** The checked settings, in the form the loops use. */
interface Calendar {
  runs: ReadonlySet<number>;
  cutoffMinutes: number;
  leadDays: number;
  horizonDays: number;
  closed: ReadonlySet<number>;
  closedOnBankHolidays: boolean;
  /** Holiday closures per year, filled as the loops reach a year. */
  holidays: Map<number, Set<number>>;
}

/** Minutes after midnight of an `HH:MM` time (24-hour, "00:00" to "23:59"); throws otherwise. */
export function parseClockTime(value: string): number {
  const match = typeof value === 'string' ? clockPattern.exec(value) : null;
  if (!match) {
    throw new RangeError(`A time must be HH:MM on the 24-hour clock (00:00 to 23:59): ${value}`);
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

function checkDayCount(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1 || value > maxCalendarSpan) {
    throw new RangeError(`${what} must be a whole number from 1 to ${maxCalendarSpan}: ${value}`);
  }
  return value;
}

function calendarOf(settings: DeliveryCalendarSettings): Calendar {
  if (!Array.isArray(settings.weekdays) || settings.weekdays.length === 0) {
    throw new RangeError('A delivery calendar needs at least one weekday the lorries run.');
  }
  const runs = new Set<number>();
  for (const weekday of settings.weekdays) {
    const index = weekdays.indexOf(weekday);
    if (index < 0) {
      throw new RangeError(`Not a weekday (mon, tue, … sun): ${String(weekday)}`);
    }
    runs.add(index);
  }
  const closed = new Set<number>();
  for (const day of settings.closedDays ?? []) closed.add(dayNumberFrom(day, 'A closed day'));
  if (
    settings.closedOnBankHolidays !== undefined &&
    typeof settings.closedOnBankHolidays !== 'boolean'
  ) {
    throw new RangeError('closedOnBankHolidays must be true or false.');
  }
  return {
    runs,
    cutoffMinutes: parseClockTime(settings.cutoff),
    leadDays: checkDayCount(settings.leadDays, 'The lead time in delivery days'),
    horizonDays: checkDayCount(settings.horizonDays, 'The booking horizon in days'),
    closed,
    closedOnBankHolidays: settings.closedOnBankHolidays ?? true,
    holidays: new Map(),
  };
}

/** Checks a zone's calendar settings; throws a RangeError naming the first bad value. */
export function checkCalendarSettings(settings: DeliveryCalendarSettings): void {
  calendarOf(settings);
}

function delivers(calendar: Calendar, dayNumber: number): boolean {
  if (!calendar.runs.has(weekdayIndex(dayNumber)) || calendar.closed.has(dayNumber)) return false;
  if (!calendar.closedOnBankHolidays) return true;
  const year = yearOf(isoOf(dayNumber));
  let closures = calendar.holidays.get(year);
  if (!closures) {
    closures = holidayClosures(year);
    calendar.holidays.set(year, closures);
  }
  return !closures.has(dayNumber);
}

/** The delivery days from `first` to `last` (day numbers, both included), at most `limit`. */
function collect(calendar: Calendar, first: number, last: number, limit: number): IsoDay[] {
  const days: IsoDay[] = [];
  // Bounded: callers keep last - first below maxCalendarSpan.
  for (let day = first; day <= last && days.length < limit; day += 1) {
    if (delivers(calendar, day)) days.push(isoOf(day));
  }
  return days;
}

/**
 * Whether the lorries deliver on a day: one of the zone's weekdays, not one of its closed days,
 * and (unless `closedOnBankHolidays` is false) neither a Northern Ireland bank holiday nor the
 * weekend day a substituted holiday fell on.
 */
export function isDeliveryDay(settings: DeliveryCalendarSettings, day: IsoDay): boolean {
  return delivers(calendarOf(settings), dayNumberFrom(day, 'A day'));
}

/**
 * The delivery days from `from` to `to`, both included, earliest first; empty when `to` is before
 * `from`. The span may be at most `maxCalendarSpan` (366) days.
 */
export function deliveryDaysBetween(
  settings: DeliveryCalendarSettings,
  from: IsoDay,
  to: IsoDay,
): IsoDay[] {
  const calendar = calendarOf(settings);
  const first = dayNumberFrom(from, 'The first day');
  const last = dayNumberFrom(to, 'The last day');
  if (last - first >= maxCalendarSpan) {
    throw new RangeError(`At most ${maxCalendarSpan} days at a time: ${from} to ${to}`);
  }
  return collect(calendar, first, last, Number.POSITIVE_INFINITY);
}

// ---------------------------------------------------------------------------------------------
// The London clock and the cut-off
// ---------------------------------------------------------------------------------------------

/** The calendar day and wall-clock time in Northern Ireland (Europe/London) at an instant. */
export interface LondonClock {
  day: IsoDay;
  /** `HH:MM`, 24-hour. */
  time: string;
  /** Minutes after midnight on the wall clock (0–1439). */
  minutes: number;
}

let londonFormat: Intl.DateTimeFormat | undefined;

/**
 * The Europe/London calendar day and wall-clock time at a UTC instant, from the platform's tz
 * database (GMT in winter, BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the
 * last Sunday of October). Seconds are dropped: 11:59:59 is "11:59".
 */
export function londonNow(instant: Date): LondonClock {
  if (!(instant instanceof Date) || !Number.isFinite(instant.getTime())) {
    throw new RangeError(`Not a valid instant: ${String(instant)}`);
  }
  londonFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = londonFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  const time = `${part('hour')}:${part('minute')}`;
  dayNumberFrom(day, 'The day in London');
  return { day, time, minutes: parseClockTime(time) };
}

/** The first and last day an order at `instant` may have, as day numbers (first > last: none). */
function bookingRange(calendar: Calendar, instant: Date): { first: number; last: number } {
  const now = londonNow(instant);
  const today = dayNumberFrom(now.day, 'Today');
  return {
    first: today + (now.minutes < calendar.cutoffMinutes ? 1 : 2),
    last: today + calendar.horizonDays,
  };
}

/**
 * The earliest delivery day for an order placed at `instant`, or null when no delivery day is
 * left within the horizon. The rule, on the Europe/London wall clock: a delivery day D can be
 * booked when D is after today and the order is placed before the cut-off on the day before D.
 * So an order placed before the cut-off gets the first delivery day strictly after today; an order
 * placed at or after it, the first delivery day strictly after tomorrow. The day before D counts
 * whether or not the lorries run on it: with Monday-to-Friday lorries and a 12:00 cut-off,
 * Friday 13:00 and all of Saturday get Monday; Sunday 13:00 gets Tuesday.
 */
export function earliestDeliveryDay(
  settings: DeliveryCalendarSettings,
  instant: Date,
): IsoDay | null {
  const calendar = calendarOf(settings);
  const { first, last } = bookingRange(calendar, instant);
  return collect(calendar, first, last, 1)[0] ?? null;
}

/**
 * The delivery days a customer ordering at `instant` may choose from, earliest first: from
 * `earliestDeliveryDay` to the end of the horizon (today in London + `horizonDays`), at most
 * `count` of them (all when left out). Checkout filters these by free room.
 */
export function deliveryDaysFrom(
  settings: DeliveryCalendarSettings,
  instant: Date,
  count?: number,
): IsoDay[] {
  if (count !== undefined && (!Number.isInteger(count) || count < 0)) {
    throw new RangeError(`A count must be a whole number of 0 or more: ${count}`);
  }
  const calendar = calendarOf(settings);
  const { first, last } = bookingRange(calendar, instant);
  return collect(calendar, first, last, count ?? Number.POSITIVE_INFINITY);
}

/**
 * The standard delivery window for an order at `instant`: the first `leadDays` delivery days,
 * earliest first (fewer when the horizon ends sooner). The standard promise is one of these days.
 */
export function standardWindow(settings: DeliveryCalendarSettings, instant: Date): IsoDay[] {
  return deliveryDaysFrom(settings, instant, calendarOf(settings).leadDays);
}

/**
 * The priority choice: the first delivery day open to an order at `instant` that `hasRoom` says
 * still has room, or null when none within the horizon has. `hasRoom` is asked about each day at
 * most once, earliest first, and no more after the first yes.
 */
export function priorityDay(
  settings: DeliveryCalendarSettings,
  instant: Date,
  hasRoom: (day: IsoDay) => boolean,
): IsoDay | null {
  const calendar = calendarOf(settings);
  const { first, last } = bookingRange(calendar, instant);
  for (let day = first; day <= last; day += 1) {
    if (!delivers(calendar, day)) continue;
    const iso = isoOf(day);
    if (hasRoom(iso)) return iso;
  }
  return null;
}
