import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  calendarProblems,
  deliveryCalendarSchema,
  deliveryDayChangeSchema,
  deliveryDayTexts,
  deliveryUnitOf,
  orderedWeekdays,
  type DeliveryCalendarForm,
} from './adminDeliveryDays';

const good: DeliveryCalendarForm = {
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  cutoff: '12:00',
  leadDays: 5,
  horizonDays: 28,
  dailyCapacity: 120,
  closedOnBankHolidays: true,
};

describe('the delivery days rules of the back office', () => {
  it('counts litres for the oil zone and drops for the others, in words', () => {
    expect(deliveryUnitOf('oil')).toBe('litres');
    expect(deliveryUnitOf('northern-ireland')).toBe('drops');
    expect(amountInWords(1, 'litres')).toBe('1 litre');
    expect(amountInWords(40_000, 'litres')).toBe('40,000 litres');
    expect(amountInWords(1, 'drops')).toBe('1 drop');
    expect(amountInWords(3, 'drops')).toBe('3 drops');
    expect(deliveryDayTexts.belowBooked('2026-12-08', 1, 'drops')).toBe(
      '1 drop is booked on Tuesday 8 December 2026: set the capacity to at least 1 drop.',
    );
  });

  it("takes a day's change: a whole capacity (as typed too), closed as a boolean, at least one", () => {
    expect(deliveryDayChangeSchema.validateSync({ capacity: '120' })).toEqual({ capacity: 120 });
    expect(deliveryDayChangeSchema.validateSync({ closed: true })).toEqual({ closed: true });
    for (const [body, message] of [
      [{}, deliveryDayTexts.nothingToChange],
      [{ capacity: -1 }, deliveryDayTexts.capacityFormat],
      [{ capacity: '12.5' }, deliveryDayTexts.capacityFormat],
      [{ capacity: null }, deliveryDayTexts.capacityFormat],
      [{ closed: 'true' }, deliveryDayTexts.closedFormat],
      [{ closed: 1 }, deliveryDayTexts.closedFormat],
    ] as const) {
      expect(() => deliveryDayChangeSchema.validateSync(body), JSON.stringify(body)).toThrow(
        message,
      );
    }
  });

  it("checks a calendar by the calendar's own rules, naming each bad field", () => {
    expect(deliveryCalendarSchema.validateSync(good)).toEqual(good);
    expect(calendarProblems(good)).toBeNull();
    expect(calendarProblems({ ...good, weekdays: [], cutoff: '7pm' })).toEqual({
      message: 'A delivery calendar needs at least one weekday the lorries run.',
      fieldErrors: {
        weekdays: 'A delivery calendar needs at least one weekday the lorries run.',
        cutoff: 'A time must be HH:MM on the 24-hour clock (00:00 to 23:59): 7pm',
      },
    });
    expect(calendarProblems({ ...good, horizonDays: 367 })?.fieldErrors).toEqual({
      horizonDays: 'The booking horizon in days must be a whole number from 1 to 366: 367',
    });
    expect(() =>
      deliveryCalendarSchema.validateSync({ ...good, dailyCapacity: 2_000_000 }),
    ).toThrow(deliveryDayTexts.dailyCapacityFormat);
  });

  it('keeps the weekdays once each, Monday first', () => {
    expect(orderedWeekdays(['sun', 'mon', 'sat', 'mon'])).toEqual(['mon', 'sat', 'sun']);
  });
});
