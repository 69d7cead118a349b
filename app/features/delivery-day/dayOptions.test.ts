import { describe, expect, it } from 'vitest';
import type { OrderDeliveryDays } from '../../../api/domain/orderDeliveryDay';
import { changeDayOptions, isChoosable } from './dayOptions';

const days = (over: Partial<OrderDeliveryDays> = {}): OrderDeliveryDays => ({
  current: '2026-12-10',
  canChange: true,
  reason: null,
  changeBy: { day: '2026-12-09', time: '12:00' },
  days: [
    { day: '2026-12-09', free: true, standard: true },
    { day: '2026-12-10', free: false, standard: true },
    { day: '2026-12-11', free: false, standard: true },
    { day: '2026-12-14', free: true, standard: true },
  ],
  ...over,
});

describe('the day cards of "Change delivery day"', () => {
  it('the order’s own day can always be chosen (its room is its own); a full day cannot', () => {
    expect(changeDayOptions(days())).toEqual([
      { value: '2026-12-09', label: 'Wednesday 9 December', weekday: 'Wed', date: '9 Dec' },
      {
        value: '2026-12-10',
        label: 'Thursday 10 December',
        weekday: 'Thu',
        date: '10 Dec',
        note: 'Your day',
      },
      {
        value: '2026-12-11',
        label: 'Friday 11 December',
        weekday: 'Fri',
        date: '11 Dec',
        note: 'Full',
        isDisabled: true,
      },
      { value: '2026-12-14', label: 'Monday 14 December', weekday: 'Mon', date: '14 Dec' },
    ]);
    expect(isChoosable(days(), '2026-12-10')).toBe(true);
    expect(isChoosable(days(), '2026-12-11')).toBe(false);
    expect(isChoosable(days(), '2026-12-12')).toBe(false);
    expect(isChoosable(days(), undefined)).toBe(false);
  });

  it('the order’s day is shown in its place when it is not among the days on offer', () => {
    const options = changeDayOptions(days({ current: '2026-12-08' }));
    expect(options.map((o) => o.value)).toEqual([
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-14',
    ]);
    expect(options[0]).toMatchObject({ note: 'Your day' });
    expect(options[0]?.isDisabled).toBeUndefined();
  });
});
