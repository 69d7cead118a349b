import { describe, expect, it } from 'vitest';
import {
  defaultZoneCalendar,
  deliveryNeeds,
  offerDays,
  parseDeliveryDay,
  type ZoneRoom,
} from './deliveryBooking';

// Monday 7 December 2026, 10:00 in London (GMT): before the noon cut-off.
const monday = new Date('2026-12-07T10:00:00Z');

function zone(title: string, amount: number, room: Record<string, number> = {}): ZoneRoom {
  const calendar = defaultZoneCalendar(title);
  return { calendar, amount, roomOn: (day) => room[day] ?? calendar.dailyCapacity };
}

describe('deliveryNeeds', () => {
  it('oil takes its litres on the tankers, anything else one drop on the lorries', () => {
    expect(deliveryNeeds(['oil'], 900)).toEqual([{ zoneTitle: 'oil', amount: 900 }]);
    expect(deliveryNeeds(['coal', 'woodpellet', 'other'], 0)).toEqual([
      { zoneTitle: 'northern-ireland', amount: 1 },
    ]);
    expect(deliveryNeeds(['coal', 'oil', 'coal'], 500)).toEqual([
      { zoneTitle: 'northern-ireland', amount: 1 },
      { zoneTitle: 'oil', amount: 500 },
    ]);
  });

  it('oil of unknown litres still takes room (one litre), and part litres round up', () => {
    expect(deliveryNeeds(['oil'], 0)).toEqual([{ zoneTitle: 'oil', amount: 1 }]);
    expect(deliveryNeeds(['oil'], 299.5)).toEqual([{ zoneTitle: 'oil', amount: 300 }]);
  });

  it('an empty order needs nothing', () => {
    expect(deliveryNeeds([], 0)).toEqual([]);
  });
});

describe('defaultZoneCalendar', () => {
  it('tankers carry litres, lorries count drops; both run Monday to Friday with a noon cut-off', () => {
    expect(defaultZoneCalendar('oil')).toMatchObject({
      dailyCapacity: 40_000,
      cutoff: '12:00',
      prioritySurcharge: 2500,
    });
    expect(defaultZoneCalendar('northern-ireland')).toMatchObject({
      dailyCapacity: 120,
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      leadDays: 5,
      horizonDays: 28,
    });
  });
});

describe('offerDays', () => {
  it("the next delivery day is priority delivery's; standard has the days after it, the first five its window", () => {
    const offer = offerDays([zone('oil', 300, { '2026-12-09': 299 })], monday);
    expect(offer.priority).toEqual({ day: '2026-12-08', surcharge: 2500 });
    expect(offer.days.slice(0, 6)).toEqual([
      { day: '2026-12-09', free: false, standard: true },
      { day: '2026-12-10', free: true, standard: true },
      { day: '2026-12-11', free: true, standard: true },
      { day: '2026-12-14', free: true, standard: true },
      { day: '2026-12-15', free: true, standard: true },
      { day: '2026-12-16', free: true, standard: false },
    ]);
    expect(offer).toMatchObject({ earliest: '2026-12-10', standard: '2026-12-10' });
  });

  it('room exactly the amount is enough; a full next day leaves no priority delivery', () => {
    expect(offerDays([zone('oil', 300, { '2026-12-09': 300 })], monday).earliest).toBe(
      '2026-12-09',
    );
    expect(offerDays([zone('oil', 300, { '2026-12-08': 299 })], monday).priority).toEqual({
      day: null,
      surcharge: 2500,
    });
  });

  it('an order needing two zones has a day only when both run and both have room, and pays both surcharges for priority', () => {
    const lorries = zone('northern-ireland', 1, { '2026-12-10': 0 });
    const tankers = { ...zone('oil', 300), calendar: { ...zone('oil', 300).calendar } };
    tankers.calendar.weekdays = ['tue', 'wed', 'thu'];
    const offer = offerDays([tankers, lorries], monday);
    expect(offer.priority).toEqual({ day: '2026-12-08', surcharge: 4000 });
    expect(offer.days.slice(0, 4).map((d) => [d.day, d.free])).toEqual([
      ['2026-12-09', true],
      ['2026-12-10', false],
      ['2026-12-15', true],
      ['2026-12-16', true],
    ]);
  });

  it('the standard day is the earliest free one among the standard days, else none', () => {
    const full = Object.fromEntries(
      ['2026-12-09', '2026-12-10', '2026-12-11', '2026-12-14', '2026-12-15'].map((d) => [d, 0]),
    );
    const offer = offerDays([zone('oil', 300, full)], monday);
    expect(offer).toMatchObject({ earliest: '2026-12-16', standard: null });
  });

  it('no room anywhere: no day at all; no zones: nothing on offer', () => {
    const nothing: ZoneRoom = { ...zone('oil', 300), roomOn: () => 0 };
    expect(offerDays([nothing], monday)).toMatchObject({
      earliest: null,
      standard: null,
      priority: { day: null },
    });
    expect(offerDays([], monday)).toEqual({
      days: [],
      earliest: null,
      standard: null,
      priority: { day: null, surcharge: 0 },
    });
  });
});

describe('parseDeliveryDay', () => {
  it('absent, an ISO day, or refused', () => {
    expect(parseDeliveryDay(undefined)).toBeUndefined();
    expect(parseDeliveryDay(null)).toBeUndefined();
    expect(parseDeliveryDay('')).toBeUndefined();
    expect(parseDeliveryDay('2026-12-08')).toBe('2026-12-08');
    for (const bad of ['2026-02-30', '8/12/2026', 'tomorrow', 20261208, ['2026-12-08'], {}]) {
      expect(parseDeliveryDay(bad)).toBeNull();
    }
  });
});
