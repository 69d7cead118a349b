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
    expect(defaultZoneCalendar('oil')).toMatchObject({ dailyCapacity: 40_000, cutoff: '12:00' });
    expect(defaultZoneCalendar('northern-ireland')).toMatchObject({
      dailyCapacity: 120,
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      leadDays: 5,
      horizonDays: 28,
    });
  });
});

describe('offerDays', () => {
  it('offers the delivery days in the horizon, the first five standard, each free when it has room', () => {
    const offer = offerDays([zone('oil', 300, { '2026-12-08': 299 })], monday);
    expect(offer.days.slice(0, 6)).toEqual([
      { day: '2026-12-08', free: false, standard: true },
      { day: '2026-12-09', free: true, standard: true },
      { day: '2026-12-10', free: true, standard: true },
      { day: '2026-12-11', free: true, standard: true },
      { day: '2026-12-14', free: true, standard: true },
      { day: '2026-12-15', free: true, standard: false },
    ]);
    expect(offer).toMatchObject({ earliest: '2026-12-09', standard: '2026-12-09' });
  });

  it('room exactly the amount is enough', () => {
    expect(offerDays([zone('oil', 300, { '2026-12-08': 300 })], monday).earliest).toBe(
      '2026-12-08',
    );
  });

  it('an order needing two zones has a day only when both run and both have room', () => {
    const lorries = zone('northern-ireland', 1, { '2026-12-09': 0 });
    const tankers = { ...zone('oil', 300), calendar: { ...zone('oil', 300).calendar } };
    tankers.calendar.weekdays = ['tue', 'wed', 'thu'];
    const offer = offerDays([tankers, lorries], monday);
    expect(offer.days.slice(0, 4).map((d) => [d.day, d.free])).toEqual([
      ['2026-12-08', true],
      ['2026-12-09', false],
      ['2026-12-10', true],
      ['2026-12-15', true],
    ]);
  });

  it('the standard day is the earliest free one among the standard days, else none', () => {
    const full = Object.fromEntries(
      ['2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-14'].map((d) => [d, 0]),
    );
    const offer = offerDays([zone('oil', 300, full)], monday);
    expect(offer).toMatchObject({ earliest: '2026-12-15', standard: null });
  });

  it('no room anywhere: no earliest day; no zones: no days', () => {
    const nothing: ZoneRoom = { ...zone('oil', 300), roomOn: () => 0 };
    expect(offerDays([nothing], monday)).toMatchObject({ earliest: null, standard: null });
    expect(offerDays([], monday)).toEqual({ days: [], earliest: null, standard: null });
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
