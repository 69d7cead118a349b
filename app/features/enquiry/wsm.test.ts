import { describe, expect, it } from 'vitest';
import { searchWithWsm, searchWithoutWsm } from './wsm';

describe('searchWithoutWsm', () => {
  it.each([
    ['?wsm', ''],
    ['?wsm=', ''],
    ['?wsm=1', ''],
    ['wsm', ''],
    ['?category=best-sellers&wsm', '?category=best-sellers'],
    ['?wsm&category=smokeless-fuels', '?category=smokeless-fuels'],
    ['?a=1&wsm&b=two%20words', '?a=1&b=two%20words'],
    ['?wsm&wsm', ''],
    ['?%77sm', ''],
  ])('%s -> %j', (search, expected) => {
    expect(searchWithoutWsm(search)).toBe(expected);
  });

  it.each(['', '?', '?category=best-sellers', '?wsmx', '?xwsm=1', '?a=wsm', '?%E0%A4%A=1'])(
    'leaves %j alone (null)',
    (search) => {
      expect(searchWithoutWsm(search)).toBeNull();
    },
  );
});

describe('searchWithWsm', () => {
  it.each([
    ['', '?wsm'],
    ['?', '?wsm'],
    ['?category=smokeless-fuels', '?category=smokeless-fuels&wsm'],
    ['?wsm', '?wsm'],
    ['?wsm&category=a', '?category=a&wsm'],
  ])('%j -> %s', (search, expected) => {
    expect(searchWithWsm(search)).toBe(expected);
  });

  it('round-trips: adding then removing gives the original parameters back', () => {
    for (const search of ['', '?category=best-sellers', '?a=1&b=2']) {
      expect(searchWithoutWsm(searchWithWsm(search))).toBe(search);
    }
  });
});
