import { describe, expect, it } from 'vitest';
import { DEFAULT_FOOTER_NOTE, copyrightLine } from './Footer';

describe('copyrightLine', () => {
  it('puts the year before the company name', () => {
    expect(copyrightLine('Fuelyard Ltd', 2026)).toBe('© 2026 Fuelyard Ltd');
  });
});

describe('DEFAULT_FOOTER_NOTE', () => {
  it('is the text from the specification', () => {
    expect(DEFAULT_FOOTER_NOTE).toBe('* For larger quantities please contact our office.');
  });
});
