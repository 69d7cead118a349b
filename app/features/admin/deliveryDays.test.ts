import { describe, expect, it } from 'vitest';
import { deliveryDayTexts } from '../../../api/domain/adminDeliveryDays';
import {
  calendarFormOf,
  checkCalendarForm,
  checkCapacity,
  deliveryDaysViewFromSearch,
  deliveryDaysViewToSearch,
  shiftedView,
} from './deliveryDays';

describe('the delivery days page', () => {
  it('keeps the zone and the first day in the address, dropping what is not one', () => {
    expect(deliveryDaysViewFromSearch(new URLSearchParams('zone=2&from=2026-12-07'))).toEqual({
      zoneId: 2,
      from: '2026-12-07',
    });
    expect(deliveryDaysViewFromSearch(new URLSearchParams('zone=x&from=2026-02-30'))).toEqual({
      zoneId: null,
      from: null,
    });
    expect(deliveryDaysViewToSearch({ zoneId: 2, from: null }).toString()).toBe('zone=2');
    expect(shiftedView(2, '2026-12-07', 28)).toBe('/admin/delivery-days?zone=2&from=2027-01-04');
    expect(shiftedView(2, '2026-12-07', -28)).toBe('/admin/delivery-days?zone=2&from=2026-11-09');
  });

  it('checks a capacity as typed', () => {
    expect(checkCapacity(' 90 ')).toEqual({ ok: true, capacity: 90 });
    expect(checkCapacity('')).toEqual({ ok: false, message: deliveryDayTexts.capacityFormat });
    expect(checkCapacity('ten')).toEqual({ ok: false, message: deliveryDayTexts.capacityFormat });
  });

  it('checks the calendar form as the API does, and sends the weekdays Monday first', () => {
    const values = calendarFormOf({
      weekdays: ['mon', 'fri'],
      cutoff: '12:00',
      leadDays: 5,
      horizonDays: 28,
      dailyCapacity: 40_000,
      closedOnBankHolidays: true,
    });
    expect(values).toMatchObject({ leadDays: '5', dailyCapacity: '40000' });
    expect(checkCalendarForm({ ...values, weekdays: ['sat', 'mon'], cutoff: ' 09:30 ' })).toEqual({
      ok: true,
      value: {
        weekdays: ['mon', 'sat'],
        cutoff: '09:30',
        leadDays: 5,
        horizonDays: 28,
        dailyCapacity: 40_000,
        closedOnBankHolidays: true,
      },
    });
    expect(checkCalendarForm({ ...values, weekdays: [], leadDays: '0' })).toEqual({
      ok: false,
      errors: {
        weekdays: 'A delivery calendar needs at least one weekday the lorries run.',
        leadDays: 'The lead time in delivery days must be a whole number from 1 to 366: 0',
      },
    });
    expect(checkCalendarForm({ ...values, dailyCapacity: 'lots' })).toEqual({
      ok: false,
      errors: { dailyCapacity: deliveryDayTexts.dailyCapacityFormat },
    });
  });
});
