/**
 * Booking delivery room: what an order needs on its day, per zone, and which days of the zones'
 * calendars can take it. Pure (the database side is api/services/delivery/bookings.ts): the
 * room left on each day is given, as is the instant of ordering.
 *
 * Capacity is counted per zone: litres for the oil zone (the tankers), drops for the others (the
 * lorries). An order of oil and coal needs room in both zones on the same day.
 */
import { zoneTitles, type ProductType } from './catalogue';
import {
  deliveryDaysFrom,
  isIsoDay,
  type DeliveryCalendarSettings,
  type IsoDay,
} from './deliveryCalendar';
import { zoneTitleFor } from './postcode';

/** A zone's calendar and what one of its days holds when first booked. */
export interface ZoneCalendar extends DeliveryCalendarSettings {
  /** Litres (the oil zone) or drops (the others) a new day holds. */
  dailyCapacity: number;
  /**
   * What priority (next-day) delivery costs, in pence, as the zone charges it (VAT at 5 %
   * included, charged at the goods' rate, like the delivery charge).
   */
  prioritySurcharge: number;
}

/**
 * The calendars zones use until staff set their own: lorries and tankers Monday to Friday, a
 * noon cut-off for next-day delivery, standard delivery within five delivery days, bookable four
 * weeks ahead; two 20,000-litre tanker loads a day, 120 drops of solid fuel; priority (next-day)
 * delivery £25.00 by tanker, £15.00 by lorry.
 */
export function defaultZoneCalendar(zoneTitle: string): ZoneCalendar {
  const base = {
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'] as const,
    cutoff: '12:00',
    leadDays: 5,
    horizonDays: 28,
    closedOnBankHolidays: true,
  };
  return zoneTitle === zoneTitles.oil
    ? { ...base, weekdays: [...base.weekdays], dailyCapacity: 40_000, prioritySurcharge: 2500 }
    : { ...base, weekdays: [...base.weekdays], dailyCapacity: 120, prioritySurcharge: 1500 };
}

/** The room an order takes in one zone on its day. */
export interface DeliveryNeed {
  zoneTitle: string;
  /** Litres (oil, at least 1) or 1 drop. */
  amount: number;
}

/**
 * What an order of these product types takes on its day: its litres in the oil zone (at least 1,
 * when the sizes' litres are unknown), one drop in the lorries' zone. Zones in title order.
 */
export function deliveryNeeds(types: readonly ProductType[], litres: number): DeliveryNeed[] {
  const needs = new Map<string, number>();
  for (const type of types) {
    const zoneTitle = zoneTitleFor(type);
    if (needs.has(zoneTitle)) continue;
    needs.set(zoneTitle, zoneTitle === zoneTitles.oil ? Math.max(1, Math.ceil(litres)) : 1);
  }
  return [...needs.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([zoneTitle, amount]) => ({ zoneTitle, amount }));
}

/** One zone's part in an offer: its calendar, the room the order takes, the room left per day. */
export interface ZoneRoom {
  calendar: ZoneCalendar;
  amount: number;
  /** Room left on a day (capacity − booked), or 0 when the day is closed. */
  roomOn: (day: IsoDay) => number;
}

export interface OfferedDay {
  day: IsoDay;
  /** Every zone has room for the order that day. */
  free: boolean;
  /** One of the standard delivery days (the first `leadDays` delivery days). */
  standard: boolean;
}

/** Priority delivery: the next delivery day, for a surcharge. */
export interface PriorityOffer {
  /** The next delivery day, when every zone has room on it; null when it is full. */
  day: IsoDay | null;
  /** The zones' surcharges added up, in pence (VAT at 5 % included, as catalogue prices). */
  surcharge: number;
  /** The order's total with priority delivery (the server prices it; absent until then). */
  total?: number;
}

export interface DeliveryOffer {
  /**
   * The days standard delivery can have, earliest first, with whether each has room: every
   * delivery day after the next one (the next one is priority delivery's).
   */
  days: OfferedDay[];
  /** The earliest day with room, or null when none within the horizon has. */
  earliest: IsoDay | null;
  /** The earliest standard day with room (what checkout preselects), or null. */
  standard: IsoDay | null;
  /** Next-day delivery for a surcharge. */
  priority: PriorityOffer;
  /**
   * The order's total with standard delivery (the server prices it; absent until then), beside
   * `priority.total`: the page shows, and posts back, the one for the delivery chosen.
   */
  standardTotal?: number;
}

/**
 * The days an order placed at `instant` can have: the delivery days every zone runs, from the
 * earliest each allows to the nearest horizon, each with whether all zones have room. The first
 * of them is priority delivery's (next-day, for the zones' surcharges added up); standard
 * delivery has the others, the first `leadDays` of which (the longest lead of the zones) are the
 * standard window; later days may be chosen too.
 */
export function offerDays(zones: readonly ZoneRoom[], instant: Date): DeliveryOffer {
  if (zones.length === 0) {
    return { days: [], earliest: null, standard: null, priority: { day: null, surcharge: 0 } };
  }
  const lists = zones.map((zone) => deliveryDaysFrom(zone.calendar, instant));
  const others = lists.slice(1).map((list) => new Set(list));
  const common = (lists[0] ?? []).filter((day) => others.every((set) => set.has(day)));
  const leadDays = Math.max(...zones.map((zone) => zone.calendar.leadDays));
  const hasRoom = (day: IsoDay) => zones.every((zone) => zone.roomOn(day) >= zone.amount);
  const [next, ...rest] = common;
  const days = rest.map((day, index) => ({ day, free: hasRoom(day), standard: index < leadDays }));
  return {
    days,
    earliest: days.find((d) => d.free)?.day ?? null,
    standard: days.find((d) => d.free && d.standard)?.day ?? null,
    priority: {
      day: next !== undefined && hasRoom(next) ? next : null,
      surcharge: zones.reduce((sum, zone) => sum + zone.calendar.prioritySurcharge, 0),
    },
  };
}

/** A requested `deliveryDay`: absent (undefined), or an ISO day; anything else is null. */
export function parseDeliveryDay(value: unknown): IsoDay | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  return isIsoDay(value) ? value : null;
}
