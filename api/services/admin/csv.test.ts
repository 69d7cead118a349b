import { describe, expect, it } from 'vitest';
import { csvField } from './orders';

describe('the deliveries CSV', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvField('12 Main Street')).toBe('12 Main Street');
    expect(csvField('Flat 1, 12 Main St')).toBe('"Flat 1, 12 Main St"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+44 28 9032 1234')).toBe("'+44 28 9032 1234");
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });
});
