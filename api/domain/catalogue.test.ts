import { describe, expect, it } from 'vitest';
import { zoneDisplayName, zoneTitles } from './catalogue';

describe('zoneDisplayName', () => {
  it('names the two zones the shop delivers by for people, not by their keys (issue 47)', () => {
    expect(zoneDisplayName(zoneTitles.northernIreland)).toBe('Northern Ireland (solid fuel)');
    expect(zoneDisplayName(zoneTitles.oil)).toBe('Heating oil');
    expect(zoneDisplayName('OIL')).toBe('Heating oil');
  });

  it('reads any other title as words', () => {
    expect(zoneDisplayName('south-down')).toBe('South Down');
    expect(zoneDisplayName('mid_ulster  east')).toBe('Mid Ulster East');
    expect(zoneDisplayName('')).toBe('');
  });
});
