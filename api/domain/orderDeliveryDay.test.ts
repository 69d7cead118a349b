import { describe, expect, it } from 'vitest';
import {
  changeDeadline,
  changeRefusal,
  isBeforeDeadline,
  orderDeliveryDayTexts as texts,
} from './orderDeliveryDay';

describe('the deadline for changing a delivery day', () => {
  it('is the earliest cut-off of the zones, on the day before (whatever the weekday)', () => {
    expect(changeDeadline('2026-12-11', ['12:00'])).toEqual({ day: '2026-12-10', time: '12:00' });
    expect(changeDeadline('2026-12-14', ['12:00', '09:30'])).toEqual({
      day: '2026-12-13',
      time: '09:30',
    });
    expect(changeDeadline('2027-01-01', ['16:00'])).toEqual({ day: '2026-12-31', time: '16:00' });
    expect(changeDeadline('2026-12-11', [])).toBeNull();
  });

  it('is read on the London clock: GMT in winter, BST in summer', () => {
    const winter = { day: '2026-12-10', time: '12:00' };
    expect(isBeforeDeadline(winter, new Date('2026-12-09T23:59:00Z'))).toBe(true);
    expect(isBeforeDeadline(winter, new Date('2026-12-10T11:59:59Z'))).toBe(true);
    expect(isBeforeDeadline(winter, new Date('2026-12-10T12:00:00Z'))).toBe(false);
    expect(isBeforeDeadline(winter, new Date('2026-12-11T00:00:00Z'))).toBe(false);
    const summer = { day: '2027-06-16', time: '12:00' };
    expect(isBeforeDeadline(summer, new Date('2027-06-16T10:59:00Z'))).toBe(true);
    expect(isBeforeDeadline(summer, new Date('2027-06-16T11:00:00Z'))).toBe(false);
    // 23:30 UTC on the 16th is 00:30 on the 17th in London.
    expect(isBeforeDeadline(summer, new Date('2027-06-16T23:30:00Z'))).toBe(false);
  });
});

describe('why an order cannot change its day', () => {
  const paid = {
    status: 'paid' as const,
    deliveryDay: '2026-12-11',
    priority: false,
    cutoffs: ['12:00'],
  };
  const at = new Date('2026-12-09T10:00:00Z');

  it('a paid order holding room, before the cut-off: it can', () => {
    expect(changeRefusal(paid, at)).toBeNull();
  });

  it('after the cut-off, for priority delivery, without a day or room, or not paid: it cannot, and says why', () => {
    expect(changeRefusal(paid, new Date('2026-12-10T12:00:00Z'))).toBe(
      texts.tooLate('2026-12-11', { day: '2026-12-10', time: '12:00' }),
    );
    expect(changeRefusal({ ...paid, priority: true }, at)).toBe(texts.priority);
    expect(changeRefusal({ ...paid, deliveryDay: null }, at)).toBe(texts.noDay);
    expect(changeRefusal({ ...paid, cutoffs: [] }, at)).toBe(texts.noDay);
    for (const status of [
      'pending_payment',
      'payment_failed',
      'out_for_delivery',
      'delivered',
      'needs_review',
      'cancelled',
      'expired',
      'refunded',
    ] as const) {
      expect(changeRefusal({ ...paid, status }, at)).toBe(texts.notPaid(status));
    }
  });

  it('the texts name the days in words', () => {
    expect(texts.changed('2026-12-11')).toBe('Your delivery day is now Friday 11 December 2026.');
    expect(texts.full('2026-12-11', '2026-12-14')).toBe(
      'Friday 11 December is now fully booked. The next free delivery day is Monday 14 December: please choose a day again.',
    );
  });
});
