import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bankHolidayOn,
  bankHolidays,
  checkCalendarSettings,
  dayInWords,
  deliveryDaysBetween,
  deliveryDaysFrom,
  earliestDeliveryDay,
  easterSunday,
  isDeliveryDay,
  isIsoDay,
  londonNow,
  parseClockTime,
  priorityDay,
  standardWindow,
  weekdayOf,
  weekdays,
  type DeliveryCalendarSettings,
  type IsoDay,
} from './deliveryCalendar';

/** Monday to Friday lorries, next day when ordered before noon, booked up to four weeks ahead. */
const monFri: DeliveryCalendarSettings = {
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  cutoff: '12:00',
  leadDays: 3,
  horizonDays: 28,
};
const monSat: DeliveryCalendarSettings = {
  ...monFri,
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
};

/** The earliest day for an order at a UTC instant (ISO, with its Z). */
const earliest = (utc: string, settings: DeliveryCalendarSettings = monFri) =>
  earliestDeliveryDay(settings, new Date(utc));

/** The day of the week by the platform's own UTC arithmetic, independent of the module. */
const utcWeekday = (day: IsoDay) =>
  ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${day}T00:00:00Z`).getUTCDay()];

describe('calendar days', () => {
  it('accepts only real days written YYYY-MM-DD', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-2-01', '2026-02-01T00:00', '', 20260201]) {
      expect(isIsoDay(bad)).toBe(false);
    }
    expect(isIsoDay('1582-12-31')).toBe(false);
    expect(isIsoDay('0026-01-01')).toBe(false);
  });

  it('adds days across months, years and leap days, in UTC only', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30'); // across the March clock change
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26'); // across the October one
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(/outside the years/);
  });

  it('knows the day of the week', () => {
    expect(weekdayOf('1970-01-01')).toBe('thu');
    expect(weekdayOf('2026-03-29')).toBe('sun');
    expect(weekdayOf('2026-12-28')).toBe('mon');
    for (let i = 0; i < 14; i += 1) {
      const day = addDays('2026-10-20', i);
      expect(weekdayOf(day)).toBe(utcWeekday(day));
    }
  });
});

describe('Easter', () => {
  it('matches the published dates of Easter Sunday', () => {
    const known: Record<number, string> = {
      1818: '03-22', // the earliest possible date
      1943: '04-25', // the latest possible date
      2000: '04-23',
      2008: '03-23',
      2011: '04-24',
      2019: '04-21',
      2020: '04-12',
      2021: '04-04',
      2022: '04-17',
      2023: '04-09',
      2024: '03-31',
      2025: '04-20',
      2026: '04-05',
      2027: '03-28',
      2028: '04-16',
      2029: '04-01',
      2030: '04-21',
      2031: '04-13',
      2032: '03-28',
      2033: '04-17',
      2034: '04-09',
      2035: '03-25',
      2038: '04-25',
      2285: '03-22',
    };
    for (const [year, date] of Object.entries(known)) {
      expect(easterSunday(Number(year))).toBe(`${year}-${date}`);
    }
  });

  it('property: always a Sunday from 22 March to 25 April', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (year) => {
        const easter = easterSunday(year);
        expect(utcWeekday(easter)).toBe('sun');
        expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses years it cannot compute', () => {
    for (const year of [1582, 10000, 2026.5, Number.NaN]) {
      expect(() => easterSunday(year)).toThrow(RangeError);
    }
  });
});

describe('Northern Ireland bank holidays', () => {
  const list = (year: number) =>
    bankHolidays(year).map((h) => [h.date, h.name, h.substitute] as const);

  it('2026, as gov.uk lists it (Boyne and Boxing Day on substitutes)', () => {
    expect(list(2026)).toEqual([
      ['2026-01-01', 'New Year’s Day', false],
      ['2026-03-17', 'St Patrick’s Day', false],
      ['2026-04-03', 'Good Friday', false],
      ['2026-04-06', 'Easter Monday', false],
      ['2026-05-04', 'Early May bank holiday', false],
      ['2026-05-25', 'Spring bank holiday', false],
      ['2026-07-13', 'Battle of the Boyne (Orangemen’s Day)', true], // 12 July is a Sunday
      ['2026-08-31', 'Summer bank holiday', false],
      ['2026-12-25', 'Christmas Day', false],
      ['2026-12-28', 'Boxing Day', true], // 26 December is a Saturday
    ]);
    expect(bankHolidayOn('2026-07-13')?.substituteFor).toBe('2026-07-12');
    expect(bankHolidayOn('2026-12-28')?.substituteFor).toBe('2026-12-26');
  });

  it('2027, as gov.uk lists it (Christmas on a Saturday: Monday 27th and Tuesday 28th)', () => {
    expect(list(2027)).toEqual([
      ['2027-01-01', 'New Year’s Day', false],
      ['2027-03-17', 'St Patrick’s Day', false],
      ['2027-03-26', 'Good Friday', false],
      ['2027-03-29', 'Easter Monday', false],
      ['2027-05-03', 'Early May bank holiday', false],
      ['2027-05-31', 'Spring bank holiday', false],
      ['2027-07-12', 'Battle of the Boyne (Orangemen’s Day)', false],
      ['2027-08-30', 'Summer bank holiday', false],
      ['2027-12-27', 'Christmas Day', true],
      ['2027-12-28', 'Boxing Day', true],
    ]);
  });

  it('2028, worked out by the same rules (New Year’s Day on a Saturday: Monday 3rd)', () => {
    // gov.uk had not published 2028 when this was written: Easter Sunday is 16 April 2028.
    expect(list(2028)).toEqual([
      ['2028-01-03', 'New Year’s Day', true],
      ['2028-03-17', 'St Patrick’s Day', false],
      ['2028-04-14', 'Good Friday', false],
      ['2028-04-17', 'Easter Monday', false],
      ['2028-05-01', 'Early May bank holiday', false],
      ['2028-05-29', 'Spring bank holiday', false],
      ['2028-07-12', 'Battle of the Boyne (Orangemen’s Day)', false],
      ['2028-08-28', 'Summer bank holiday', false],
      ['2028-12-25', 'Christmas Day', false],
      ['2028-12-26', 'Boxing Day', false],
    ]);
  });

  it('the weekdays of 2026–2028, checked by the platform’s own UTC arithmetic', () => {
    const expected: Record<string, string> = {
      '2026-01-01': 'thu',
      '2026-03-17': 'tue',
      '2026-04-03': 'fri',
      '2026-04-06': 'mon',
      '2026-05-04': 'mon',
      '2026-05-25': 'mon',
      '2026-07-12': 'sun',
      '2026-07-13': 'mon',
      '2026-08-31': 'mon',
      '2026-12-25': 'fri',
      '2026-12-26': 'sat',
      '2026-12-28': 'mon',
      '2027-03-17': 'wed',
      '2027-05-31': 'mon',
      '2027-07-12': 'mon',
      '2027-08-30': 'mon',
      '2027-12-25': 'sat',
      '2027-12-26': 'sun',
      '2028-01-01': 'sat',
      '2028-03-17': 'fri',
      '2028-05-01': 'mon',
      '2028-05-29': 'mon',
      '2028-07-12': 'wed',
      '2028-08-28': 'mon',
      '2028-12-25': 'mon',
    };
    for (const [day, weekday] of Object.entries(expected)) expect(utcWeekday(day)).toBe(weekday);
    // The last Mondays are last: a week later is in the next month.
    for (const day of ['2026-05-25', '2027-05-31', '2028-05-29', '2026-08-31', '2028-08-28']) {
      expect(addDays(day, 7).slice(5, 7)).not.toBe(day.slice(5, 7));
    }
  });

  it('2020–2025 with the one-off changes, as gov.uk lists them', () => {
    const dates = (year: number) => bankHolidays(year).map((h) => h.date);
    expect(dates(2020)).toEqual([
      '2020-01-01',
      '2020-03-17',
      '2020-04-10',
      '2020-04-13',
      '2020-05-08', // VE day: moved from Monday 4 May
      '2020-05-25',
      '2020-07-13',
      '2020-08-31',
      '2020-12-25',
      '2020-12-28',
    ]);
    expect(bankHolidayOn('2020-05-08')?.name).toBe('Early May bank holiday (VE day)');
    expect(dates(2021)).toEqual([
      '2021-01-01',
      '2021-03-17',
      '2021-04-02',
      '2021-04-05',
      '2021-05-03',
      '2021-05-31',
      '2021-07-12',
      '2021-08-30',
      '2021-12-27',
      '2021-12-28',
    ]);
    expect(dates(2022)).toEqual([
      '2022-01-03',
      '2022-03-17',
      '2022-04-15',
      '2022-04-18',
      '2022-05-02',
      '2022-06-02', // spring holiday moved from Monday 30 May
      '2022-06-03', // Platinum Jubilee
      '2022-07-12',
      '2022-08-29',
      '2022-09-19', // the State Funeral of Queen Elizabeth II
      '2022-12-26', // Boxing Day on its own Monday, so Christmas Day's substitute is Tuesday
      '2022-12-27',
    ]);
    expect(bankHolidayOn('2022-12-27')).toEqual({
      date: '2022-12-27',
      name: 'Christmas Day',
      substitute: true,
      substituteFor: '2022-12-25',
    });
    expect(dates(2023)).toEqual([
      '2023-01-02',
      '2023-03-17',
      '2023-04-07',
      '2023-04-10',
      '2023-05-01',
      '2023-05-08', // the coronation of King Charles III
      '2023-05-29',
      '2023-07-12',
      '2023-08-28',
      '2023-12-25',
      '2023-12-26',
    ]);
    expect(dates(2024)).toEqual([
      '2024-01-01',
      '2024-03-18', // St Patrick's Day on a Sunday
      '2024-03-29',
      '2024-04-01',
      '2024-05-06',
      '2024-05-27',
      '2024-07-12',
      '2024-08-26',
      '2024-12-25',
      '2024-12-26',
    ]);
    expect(dates(2025)).toEqual([
      '2025-01-01',
      '2025-03-17',
      '2025-04-18',
      '2025-04-21',
      '2025-05-05',
      '2025-05-26',
      '2025-07-14', // 12 July on a Saturday
      '2025-08-25',
      '2025-12-25',
      '2025-12-26',
    ]);
  });

  it('2020–2035: every day off is a distinct weekday of its year, in date order', () => {
    for (let year = 2020; year <= 2035; year += 1) {
      const holidays = bankHolidays(year);
      const dates = holidays.map((h) => h.date);
      expect(dates).toEqual([...new Set(dates)].sort());
      for (const holiday of holidays) {
        expect(holiday.date.startsWith(`${year}-`)).toBe(true);
        expect(['sat', 'sun']).not.toContain(utcWeekday(holiday.date));
        if (holiday.substitute) {
          expect(['sat', 'sun']).toContain(utcWeekday(holiday.substituteFor ?? ''));
        } else {
          expect(holiday.substituteFor).toBeUndefined();
        }
      }
      const extra = { 2022: 2, 2023: 1 }[year] ?? 0;
      expect(holidays).toHaveLength(10 + extra);
    }
  });

  it('a weekend day itself is not in the list; an ordinary day has no holiday', () => {
    expect(bankHolidayOn('2026-12-26')).toBeUndefined();
    expect(bankHolidayOn('2026-06-10')).toBeUndefined();
    expect(bankHolidayOn('2026-03-17')?.name).toBe('St Patrick’s Day');
    expect(() => bankHolidayOn('2026-02-30')).toThrow(RangeError);
  });
});

describe('londonNow', () => {
  const at = (utc: string) => {
    const { day, time } = londonNow(new Date(utc));
    return `${day} ${time}`;
  };

  it('is GMT in winter and BST in summer, around midnight', () => {
    expect(at('2026-01-14T23:59:00Z')).toBe('2026-01-14 23:59');
    expect(at('2026-01-15T00:01:00Z')).toBe('2026-01-15 00:01');
    expect(at('2026-06-10T22:59:00Z')).toBe('2026-06-10 23:59');
    expect(at('2026-06-10T23:01:00Z')).toBe('2026-06-11 00:01');
    expect(londonNow(new Date('2026-06-10T11:45:59Z'))).toEqual({
      day: '2026-06-10',
      time: '12:45',
      minutes: 765,
    });
  });

  it('follows the clocks forward on 29 March 2026 (01:00 UTC)', () => {
    expect(at('2026-03-28T23:30:00Z')).toBe('2026-03-28 23:30');
    expect(at('2026-03-29T00:59:00Z')).toBe('2026-03-29 00:59');
    expect(at('2026-03-29T01:00:00Z')).toBe('2026-03-29 02:00');
    expect(at('2026-03-29T22:59:00Z')).toBe('2026-03-29 23:59');
    expect(at('2026-03-29T23:30:00Z')).toBe('2026-03-30 00:30'); // still the 29th in UTC
  });

  it('follows the clocks back on 25 October 2026 (01:00 UTC): 01:30 happens twice', () => {
    expect(at('2026-10-24T22:59:00Z')).toBe('2026-10-24 23:59');
    expect(at('2026-10-24T23:30:00Z')).toBe('2026-10-25 00:30'); // still the 24th in UTC
    expect(at('2026-10-25T00:30:00Z')).toBe('2026-10-25 01:30');
    expect(at('2026-10-25T01:30:00Z')).toBe('2026-10-25 01:30');
    expect(at('2026-10-25T23:30:00Z')).toBe('2026-10-25 23:30');
  });

  it('refuses an invalid instant', () => {
    expect(() => londonNow(new Date('not a date'))).toThrow(/valid instant/);
    // @ts-expect-error: a string is not a Date
    expect(() => londonNow('2026-01-01T00:00:00Z')).toThrow(RangeError);
  });
});

describe('earliestDeliveryDay (Monday to Friday, cut-off 12:00 London)', () => {
  it('before the cut-off: tomorrow; at or after it: the day after', () => {
    expect(earliest('2026-01-14T11:59:59Z')).toBe('2026-01-15'); // Wed 11:59 GMT
    expect(earliest('2026-01-14T12:00:00Z')).toBe('2026-01-16'); // Wed 12:00 GMT
    expect(earliest('2026-06-10T10:59:00Z')).toBe('2026-06-11'); // Wed 11:59 BST
    expect(earliest('2026-06-10T11:00:00Z')).toBe('2026-06-12'); // Wed 12:00 BST
  });

  it('around midnight: 23:59 and 00:01 give the same day (only the cut-off moves it)', () => {
    // Tuesday 23:59 is after Tuesday's cut-off: not Wednesday, so Thursday. Wednesday 00:01 is
    // before Wednesday's: Thursday too.
    expect(earliest('2026-01-13T23:59:00Z')).toBe('2026-01-15');
    expect(earliest('2026-01-14T00:01:00Z')).toBe('2026-01-15');
    // The same in summer, where London's midnight is 23:00 UTC.
    expect(earliest('2026-06-09T22:59:00Z')).toBe('2026-06-11');
    expect(earliest('2026-06-09T23:01:00Z')).toBe('2026-06-11');
    // Thursday 23:59 and Friday 00:01: Monday.
    expect(earliest('2026-06-11T22:59:00Z')).toBe('2026-06-15');
    expect(earliest('2026-06-11T23:01:00Z')).toBe('2026-06-15');
  });

  it('11:30 UTC is before the cut-off in winter and after it in summer', () => {
    expect(earliest('2026-03-23T11:30:00Z')).toBe('2026-03-24'); // Mon 11:30 GMT
    expect(earliest('2026-03-30T11:30:00Z')).toBe('2026-04-01'); // Mon 12:30 BST
    expect(earliest('2026-10-19T11:30:00Z')).toBe('2026-10-21'); // Mon 12:30 BST
    expect(earliest('2026-10-26T11:30:00Z')).toBe('2026-10-27'); // Mon 11:30 GMT
  });

  it('around the clocks going forward (Sunday 29 March 2026)', () => {
    expect(earliest('2026-03-27T11:30:00Z')).toBe('2026-03-30'); // Fri 11:30 GMT
    expect(earliest('2026-03-27T12:00:00Z')).toBe('2026-03-30'); // Fri 12:00 GMT
    expect(earliest('2026-03-28T11:30:00Z')).toBe('2026-03-30'); // Sat 11:30 GMT
    expect(earliest('2026-03-29T00:59:00Z')).toBe('2026-03-30'); // Sun 00:59 GMT
    expect(earliest('2026-03-29T10:59:00Z')).toBe('2026-03-30'); // Sun 11:59 BST
    expect(earliest('2026-03-29T11:00:00Z')).toBe('2026-03-31'); // Sun 12:00 BST
    expect(earliest('2026-03-22T11:30:00Z')).toBe('2026-03-23'); // a week before: 11:30 GMT
    expect(earliest('2026-03-29T11:30:00Z')).toBe('2026-03-31'); // 12:30 BST
    expect(earliest('2026-03-29T23:30:00Z')).toBe('2026-03-31'); // Mon 00:30 BST
    expect(earliest('2026-03-30T10:59:00Z')).toBe('2026-03-31'); // Mon 11:59 BST
  });

  it('around the clocks going back (Sunday 25 October 2026)', () => {
    expect(earliest('2026-10-22T10:30:00Z')).toBe('2026-10-23'); // Thu 11:30 BST
    expect(earliest('2026-10-22T11:30:00Z')).toBe('2026-10-26'); // Thu 12:30 BST
    expect(earliest('2026-10-24T23:30:00Z')).toBe('2026-10-26'); // Sun 00:30 BST
    expect(earliest('2026-10-25T00:30:00Z')).toBe('2026-10-26'); // Sun 01:30 BST
    expect(earliest('2026-10-25T01:30:00Z')).toBe('2026-10-26'); // Sun 01:30 GMT
    expect(earliest('2026-10-18T11:30:00Z')).toBe('2026-10-20'); // a week before: 12:30 BST
    expect(earliest('2026-10-25T11:30:00Z')).toBe('2026-10-26'); // 11:30 GMT
    expect(earliest('2026-10-25T11:59:00Z')).toBe('2026-10-26'); // Sun 11:59 GMT
    expect(earliest('2026-10-25T12:00:00Z')).toBe('2026-10-27'); // Sun 12:00 GMT
  });

  it('weekends: Friday after the cut-off and all of Saturday get Monday; Sunday afternoon, Tuesday', () => {
    expect(earliest('2026-06-12T10:00:00Z')).toBe('2026-06-15'); // Fri 11:00
    expect(earliest('2026-06-12T12:00:00Z')).toBe('2026-06-15'); // Fri 13:00
    expect(earliest('2026-06-13T08:00:00Z')).toBe('2026-06-15'); // Sat 09:00
    expect(earliest('2026-06-13T15:00:00Z')).toBe('2026-06-15'); // Sat 16:00
    expect(earliest('2026-06-14T10:00:00Z')).toBe('2026-06-15'); // Sun 11:00
    expect(earliest('2026-06-14T12:00:00Z')).toBe('2026-06-16'); // Sun 13:00
  });

  it('a zone whose lorries run on Saturdays', () => {
    expect(earliest('2026-06-12T10:00:00Z', monSat)).toBe('2026-06-13'); // Fri 11:00: Saturday
    expect(earliest('2026-06-12T12:00:00Z', monSat)).toBe('2026-06-15'); // Fri 13:00: Monday
    expect(earliest('2026-06-11T12:00:00Z', monSat)).toBe('2026-06-13'); // Thu 13:00: Saturday
  });

  it('bank holiday Mondays and Easter', () => {
    expect(earliest('2026-04-01T10:00:00Z')).toBe('2026-04-02'); // Wed before: Thursday
    expect(earliest('2026-04-01T12:00:00Z')).toBe('2026-04-07'); // Wed after: Good Friday, Easter Monday
    expect(earliest('2026-04-02T09:00:00Z')).toBe('2026-04-07'); // Maundy Thursday morning
    expect(earliest('2026-05-01T12:00:00Z')).toBe('2026-05-05'); // early May holiday
    expect(earliest('2026-08-28T12:00:00Z')).toBe('2026-09-01'); // summer holiday
    expect(earliest('2026-07-10T12:00:00Z')).toBe('2026-07-14'); // the Boyne's substitute Monday
  });

  it('Christmas week 2026 (Christmas on a Friday, Boxing Day on Monday 28th)', () => {
    expect(earliest('2026-12-22T11:00:00Z')).toBe('2026-12-23'); // Tue before
    expect(earliest('2026-12-22T12:00:00Z')).toBe('2026-12-24'); // Tue after
    expect(earliest('2026-12-23T11:00:00Z')).toBe('2026-12-24'); // Wed before
    expect(earliest('2026-12-23T12:00:00Z')).toBe('2026-12-29'); // Wed after
    expect(earliest('2026-12-24T09:00:00Z')).toBe('2026-12-29');
    // Saturday lorries do not run on Boxing Day's own Saturday either.
    expect(earliest('2026-12-24T09:00:00Z', monSat)).toBe('2026-12-29');
    expect(earliest('2026-12-31T11:00:00Z')).toBe('2027-01-04'); // New Year's Day, a Friday
  });

  it('Christmas 2027 on a Saturday: closed on the day and both substitutes', () => {
    expect(earliest('2027-12-24T09:00:00Z', monSat)).toBe('2027-12-29');
    expect(isDeliveryDay(monSat, '2027-12-25')).toBe(false);
    const open = { ...monSat, closedOnBankHolidays: false };
    expect(earliest('2027-12-24T09:00:00Z', open)).toBe('2027-12-25');
    expect(isDeliveryDay(open, '2027-12-27')).toBe(true);
  });

  it('closed days are skipped; a cut-off of 00:00 never gives tomorrow', () => {
    const closed = { ...monFri, closedDays: ['2026-06-11', '2026-06-12'] };
    expect(earliest('2026-06-10T09:00:00Z', closed)).toBe('2026-06-15');
    const midnight = { ...monFri, cutoff: '00:00' };
    expect(earliest('2026-06-09T23:00:00Z', midnight)).toBe('2026-06-12'); // Wed 00:00 BST
    const late = { ...monFri, cutoff: '23:59' };
    expect(earliest('2026-06-10T22:58:00Z', late)).toBe('2026-06-11'); // Wed 23:58
    expect(earliest('2026-06-10T22:59:00Z', late)).toBe('2026-06-12'); // Wed 23:59
  });

  it('null when no delivery day is left within the horizon', () => {
    const oneDay = { ...monFri, horizonDays: 1 };
    expect(earliest('2026-06-10T09:00:00Z', oneDay)).toBe('2026-06-11');
    expect(earliest('2026-06-10T12:00:00Z', oneDay)).toBeNull();
    expect(earliest('2026-06-12T09:00:00Z', oneDay)).toBeNull(); // Friday: Saturday only
    const sundaysOnly = { ...monFri, weekdays: ['sun'] as const, horizonDays: 5 };
    expect(earliest('2026-06-15T09:00:00Z', sundaysOnly)).toBeNull(); // Monday + 5: Saturday
    expect(earliest('2026-06-16T09:00:00Z', sundaysOnly)).toBe('2026-06-21');
  });
});

describe('isDeliveryDay', () => {
  it('a running weekday that is neither a bank holiday nor a closed day', () => {
    expect(isDeliveryDay(monFri, '2026-06-10')).toBe(true);
    expect(isDeliveryDay(monFri, '2026-06-13')).toBe(false); // Saturday
    expect(isDeliveryDay(monSat, '2026-06-13')).toBe(true);
    expect(isDeliveryDay(monSat, '2026-06-14')).toBe(false); // Sunday
    expect(isDeliveryDay(monFri, '2026-03-17')).toBe(false); // St Patrick's Day
    expect(isDeliveryDay({ ...monFri, closedOnBankHolidays: false }, '2026-03-17')).toBe(true);
    expect(isDeliveryDay({ ...monFri, closedDays: ['2026-06-10'] }, '2026-06-10')).toBe(false);
    // The Boyne on a Sunday: the Monday substitute is closed, and so is the Sunday for a
    // zone that runs on Sundays.
    const everyDay = { ...monFri, weekdays: weekdays };
    expect(isDeliveryDay(everyDay, '2026-07-12')).toBe(false);
    expect(isDeliveryDay(everyDay, '2026-07-13')).toBe(false);
    expect(isDeliveryDay(everyDay, '2026-07-14')).toBe(true);
  });
});

describe('lists of delivery days', () => {
  it('deliveryDaysBetween: both ends included, holidays and weekends left out', () => {
    expect(deliveryDaysBetween(monFri, '2026-12-21', '2027-01-08')).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
    ]);
    expect(deliveryDaysBetween(monFri, '2026-06-10', '2026-06-10')).toEqual(['2026-06-10']);
    expect(deliveryDaysBetween(monFri, '2026-06-11', '2026-06-10')).toEqual([]);
  });

  it('deliveryDaysBetween: at most 366 days at a time', () => {
    expect(deliveryDaysBetween(monFri, '2028-01-01', '2028-12-31')).toHaveLength(
      260 - 10, // 260 weekdays in 2028 (a leap year from a Saturday), less its 10 holidays
    );
    expect(() => deliveryDaysBetween(monFri, '2028-01-01', '2029-01-01')).toThrow(/366 days/);
    expect(() => deliveryDaysBetween(monFri, '2028-01-01', '2028-13-01')).toThrow(/last day/);
  });

  it('deliveryDaysFrom: from the earliest day to the end of the horizon', () => {
    const order = new Date('2026-06-10T09:00:00Z'); // Wed 10:00 BST
    const two = { ...monFri, horizonDays: 5 }; // up to Monday 15th
    expect(deliveryDaysFrom(two, order)).toEqual(['2026-06-11', '2026-06-12', '2026-06-15']);
    expect(deliveryDaysFrom(two, order, 2)).toEqual(['2026-06-11', '2026-06-12']);
    expect(deliveryDaysFrom(two, order, 0)).toEqual([]);
    expect(deliveryDaysFrom({ ...two, horizonDays: 4 }, order)).toEqual([
      '2026-06-11',
      '2026-06-12',
    ]);
    const year = deliveryDaysFrom({ ...monFri, horizonDays: 366 }, order);
    expect(year.at(-1)).toBe('2027-06-11'); // Wednesday + 366 days: a Friday
    expect(() => deliveryDaysFrom(monFri, order, -1)).toThrow(RangeError);
    expect(() => deliveryDaysFrom(monFri, order, 1.5)).toThrow(RangeError);
  });

  it('standardWindow: the first leadDays delivery days, cut short by the horizon', () => {
    expect(standardWindow(monFri, new Date('2026-06-10T09:00:00Z'))).toEqual([
      '2026-06-11',
      '2026-06-12',
      '2026-06-15',
    ]);
    // Ordered on Wednesday afternoon before Easter: no Good Friday, no Easter Monday.
    expect(standardWindow(monFri, new Date('2026-04-01T12:00:00Z'))).toEqual([
      '2026-04-07',
      '2026-04-08',
      '2026-04-09',
    ]);
    const short = { ...monFri, leadDays: 5, horizonDays: 6 };
    expect(standardWindow(short, new Date('2026-06-10T09:00:00Z'))).toEqual([
      '2026-06-11',
      '2026-06-12',
      '2026-06-15',
      '2026-06-16',
    ]);
  });

  it('priorityDay: the first candidate with room, asking each day once and stopping there', () => {
    const order = new Date('2026-06-10T09:00:00Z');
    const asked: string[] = [];
    const full = new Set(['2026-06-11', '2026-06-12']);
    const day = priorityDay(monFri, order, (d) => {
      asked.push(d);
      return !full.has(d);
    });
    expect(day).toBe('2026-06-15');
    expect(asked).toEqual(['2026-06-11', '2026-06-12', '2026-06-15']);
    expect(priorityDay(monFri, order, () => false)).toBeNull();
    const friday = new Date('2026-06-12T09:00:00Z'); // a one-day horizon: Saturday only
    expect(priorityDay({ ...monFri, horizonDays: 1 }, friday, () => true)).toBeNull();
  });
});

describe('settings and inputs are checked', () => {
  it('refuses a bad cut-off', () => {
    for (const cutoff of ['12', '7:00', '24:00', '12:60', '12:00:00', ' 12:00', '']) {
      expect(() => checkCalendarSettings({ ...monFri, cutoff })).toThrow(/HH:MM/);
    }
    expect(parseClockTime('00:00')).toBe(0);
    expect(parseClockTime('23:59')).toBe(1439);
  });

  it('refuses bad weekdays, counts and days', () => {
    expect(() => checkCalendarSettings({ ...monFri, weekdays: [] })).toThrow(/at least one/);
    // @ts-expect-error: not a weekday
    expect(() => checkCalendarSettings({ ...monFri, weekdays: ['monday'] })).toThrow(/weekday/);
    for (const horizonDays of [0, 367, 1.5, Number.NaN]) {
      expect(() => checkCalendarSettings({ ...monFri, horizonDays })).toThrow(/horizon/);
    }
    for (const leadDays of [0, -1, 400]) {
      expect(() => checkCalendarSettings({ ...monFri, leadDays })).toThrow(/lead time/);
    }
    expect(() => checkCalendarSettings({ ...monFri, closedDays: ['2026-02-30'] })).toThrow(
      /closed day/,
    );
    expect(() => isDeliveryDay(monFri, '10/06/2026')).toThrow(/YYYY-MM-DD/);
    expect(() => earliestDeliveryDay(monFri, new Date(Number.NaN))).toThrow(/valid instant/);
    expect(() => checkCalendarSettings(monFri)).not.toThrow();
  });
});

/**
 * Bounded ({ numRuns: 200 }): 0.5–0.9 s on an idle 2-core machine (measured), so 20 s leaves room
 * for the unit lane sharing its cores with three others.
 */
describe('properties', () => {
  const instant = fc.date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2035-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  const two = (n: number) => String(n).padStart(2, '0');
  const settingsFor = fc.record({
    weekdays: fc.subarray([...weekdays], { minLength: 1 }),
    cutoff: fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${two(h)}:${two(m)}`),
    leadDays: fc.integer({ min: 1, max: 10 }),
    horizonDays: fc.integer({ min: 1, max: 60 }),
    closedOffsets: fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 8 }),
    closedOnBankHolidays: fc.option(fc.boolean(), { nil: undefined }),
    roomOffsets: fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 10 }),
  });

  it('property: the earliest day is the first the cut-off rule allows; every list is ascending delivery days', () => {
    fc.assert(
      fc.property(instant, settingsFor, (at, generated) => {
        const { day: today, minutes } = londonNow(at);
        const settings: DeliveryCalendarSettings = {
          ...generated,
          closedDays: generated.closedOffsets.map((n) => addDays(today, n)),
        };
        const bankHolidaysClosed = settings.closedOnBankHolidays !== false;
        const lower = addDays(today, minutes < parseClockTime(settings.cutoff) ? 1 : 2);
        const last = addDays(today, settings.horizonDays);

        const all = deliveryDaysFrom(settings, at);
        const first = earliestDeliveryDay(settings, at);
        expect(first).toBe(all[0] ?? null);
        expect(all).toEqual(lower <= last ? deliveryDaysBetween(settings, lower, last) : []);
        for (const [i, day] of all.entries()) {
          if (i > 0) expect(day > (all[i - 1] ?? '')).toBe(true);
          expect(day >= lower && day <= last && day > today).toBe(true);
          expect(isDeliveryDay(settings, day)).toBe(true);
          expect(settings.weekdays).toContain(utcWeekday(day));
          expect(settings.closedDays).not.toContain(day);
          if (bankHolidaysClosed) expect(bankHolidayOn(day)).toBeUndefined();
        }
        // Nothing between the lower bound and the earliest day is a delivery day.
        if (first !== null && first > lower) {
          expect(deliveryDaysBetween(settings, lower, addDays(first, -1))).toEqual([]);
        }
        expect(standardWindow(settings, at)).toEqual(all.slice(0, settings.leadDays));
        const room = new Set(generated.roomOffsets.map((n) => addDays(today, n)));
        expect(priorityDay(settings, at, (d) => room.has(d))).toBe(
          all.find((d) => room.has(d)) ?? null,
        );
      }),
      { numRuns: 200 },
    );
  }, 20_000);
});

describe('dayInWords', () => {
  it('writes a day as a customer reads it, with the year when asked', () => {
    expect(dayInWords('2026-12-08')).toBe('Tuesday 8 December');
    expect(dayInWords('2027-01-01', { year: true })).toBe('Friday 1 January 2027');
    expect(dayInWords('2028-02-29')).toBe('Tuesday 29 February');
    expect(() => dayInWords('2026-02-30')).toThrow(RangeError);
  });
});
