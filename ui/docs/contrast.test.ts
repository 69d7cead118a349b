import { describe, expect, it } from 'vitest';
import { colors } from '../theme/tokens';
import { contrastRatio, formatRatio, gradeContrast, parseHex, relativeLuminance } from './contrast';

describe('contrast', () => {
  it('parses short and long hex, and rejects other formats', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#C20E1A')).toEqual([194, 14, 26]);
    expect(parseHex('rgba(26, 26, 26, 0.6)')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
  });

  it('computes luminance at the extremes', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
  });

  it('gives 21:1 for black on white, 1:1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
    expect(contrastRatio(colors.primary, colors.primary)).toBe(1);
  });

  it('matches known reference values', () => {
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(4.5);
  });

  it('returns null when a colour is translucent', () => {
    expect(contrastRatio(colors.overlay, colors.surface)).toBeNull();
  });

  it('grades and formats ratios without rounding up across a threshold', () => {
    expect(gradeContrast(7)).toBe('AAA');
    expect(gradeContrast(4.5)).toBe('AA');
    expect(gradeContrast(4.49)).toBe('AA large');
    expect(gradeContrast(2.9)).toBe('fail');
    expect(formatRatio(4.499)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });

  it('keeps every text pairing the theme relies on at WCAG AA or better', () => {
    const pairs: [string, string][] = [
      [colors.onPrimary, colors.primary],
      [colors.onPrimary, colors.primaryHover],
      [colors.onPrimary, colors.primaryActive],
      [colors.link, colors.surface],
      [colors.linkHover, colors.surface],
      [colors.ink, colors.surface],
      [colors.inkMuted, colors.surface],
      [colors.inkMuted, colors.surfaceAlt],
      [colors.success, colors.successSurface],
      [colors.warning, colors.warningSurface],
      [colors.danger, colors.dangerSurface],
      [colors.danger, colors.surface],
      [colors.onSurfaceDark, colors.surfaceDark],
      [colors.primary, colors.surfaceDark],
    ];
    for (const [fg, bg] of pairs) {
      expect(contrastRatio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
