import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latestLondonDate, londonCalendarDate, pencePerLitre } from './oilPrice';

describe('pencePerLitre', () => {
  it('is pence per litre to one decimal place', () => {
    expect(pencePerLitre(32_550, 500)).toBe('65.1p');
    expect(pencePerLitre(19_200, 300)).toBe('64.0p');
    expect(pencePerLitre(65_250, 1000)).toBe('65.3p');
    expect(pencePerLitre(52_900, 900)).toBe('58.8p');
    expect(pencePerLitre(0, 300)).toBe('0.0p');
  });

  it('rounds a half tenth up, with no binary-fraction error', () => {
    // 1.05 pence per litre: dividing first gives 1.0499999…, which would round down.
    expect(pencePerLitre(105, 100)).toBe('1.1p');
    expect(pencePerLitre(31_575, 500)).toBe('63.2p');
  });

  it('is null without litres or with no price to divide', () => {
    expect(pencePerLitre(32_550, null)).toBeNull();
    expect(pencePerLitre(32_550, 0)).toBeNull();
    expect(pencePerLitre(32_550, -300)).toBeNull();
    expect(pencePerLitre(Number.NaN, 300)).toBeNull();
  });
});

/** The platform's tz database: what the arithmetic must agree with. */
const reference = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
function intlLondonDate(instant: Date): string {
  const parts = reference.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

describe('londonCalendarDate', () => {
  it('is the UK date, an hour ahead of UTC in summer', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(londonCalendarDate(new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01');
    // In winter the UK is on UTC.
    expect(londonCalendarDate(new Date('2025-01-31T23:30:00Z'))).toBe('2025-01-31');
    expect(londonCalendarDate(new Date('2026-11-26T09:00:00Z'))).toBe('2026-11-26');
  });

  it('changes the clocks at 01:00 UTC on the last Sundays of March and October', () => {
    // 2026: BST from 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(londonCalendarDate(new Date('2026-03-28T23:59:59Z'))).toBe('2026-03-28');
    expect(londonCalendarDate(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(londonCalendarDate(new Date('2026-10-24T23:00:00Z'))).toBe('2026-10-25');
    expect(londonCalendarDate(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-25');
  });

  it('agrees with the tz database on each side of midnight and of each clock change, 1996–2060', () => {
    const second = 1000;
    const hour = 60 * 60 * second;
    // Where the answer can flip: midnight in summer (23:00 UTC) and winter, and the change at 01:00.
    const moments = [23 * hour, 24 * hour, 25 * hour].flatMap((t) => [t - second, t]);
    const mismatches: string[] = [];
    for (let year = 1996; year <= 2060; year += 1) {
      for (const month of [2, 9]) {
        // The last nine days of the month, where its last Sunday falls, and the day after.
        for (let date = 23; date <= 31; date += 1) {
          for (const moment of moments) {
            const instant = new Date(Date.UTC(year, month, date) + moment - 24 * hour);
            if (londonCalendarDate(instant) !== intlLondonDate(instant)) {
              mismatches.push(instant.toISOString());
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('agrees with the tz database at any instant from 1996 to 2100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (time) => londonCalendarDate(new Date(time)) === intlLondonDate(new Date(time)),
      ),
      { numRuns: 500 },
    );
  });

  it('is null for an invalid date', () => {
    expect(londonCalendarDate(new Date('not a date'))).toBeNull();
  });
});

describe('latestLondonDate (when a product’s prices were last set)', () => {
  it('is the UK date of the latest timestamp', () => {
    expect(
      latestLondonDate([
        '2026-11-19T10:00:00.000Z',
        '2026-11-26T08:15:00.000Z',
        '2026-11-24T16:00:00.000Z',
      ]),
    ).toBe('2026-11-26');
    // Late on a summer evening in UTC is already the next day in the UK.
    expect(latestLondonDate(['2026-07-01T23:30:00.000Z'])).toBe('2026-07-02');
  });

  it('skips what is not a date, and is null when nothing is', () => {
    expect(latestLondonDate(['nonsense', '2026-11-26T08:15:00.000Z'])).toBe('2026-11-26');
    expect(latestLondonDate(['nonsense'])).toBeNull();
    expect(latestLondonDate([])).toBeNull();
  });
});
