/**
 * Raw design tokens for Fuelyard. Everything visual comes from here: components read them through
 * the typed styled-components theme, and the Storybook token pages render them directly.
 * Contrast ratios are against the surface they are meant for (WCAG AA needs 4.5:1 for text).
 */
export const colors = {
  /** Brand yellow. Only dark text goes on it (ink on primary: 11.9:1). */
  primary: '#FFD100',
  primaryHover: '#F5C400',
  primaryActive: '#E6B800',
  onPrimary: '#1A1A1A',
  /** Links are red (6.2:1 on white). */
  link: '#C20E1A',
  linkHover: '#8F0A13',
  ink: '#1A1A1A',
  inkMuted: '#4F4F4F',
  surface: '#FFFFFF',
  surfaceAlt: '#F7F6F2',
  surfaceDark: '#1A1A1A',
  onSurfaceDark: '#FFFFFF',
  border: '#CFCFCF',
  borderStrong: '#6B6B6B',
  focus: '#1A56DB',
  success: '#1B6E32',
  successSurface: '#E5F3E8',
  warning: '#7A4A00',
  warningSurface: '#FFF3D1',
  danger: '#B3261E',
  dangerSurface: '#FCE9E7',
  overlay: 'rgba(26, 26, 26, 0.6)',
} as const;

export const fonts = {
  body: "'Open Sans', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  heading: "'Merriweather', Georgia, 'Times New Roman', serif",
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/** SPEC §1: base font size 18px. */
export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.25rem',
  xl: '1.625rem',
  xxl: '2.25rem',
  base: '18px',
} as const;

export const fontWeights = { regular: 400, semibold: 600, bold: 700 } as const;
export const lineHeights = { tight: 1.2, snug: 1.35, normal: 1.6 } as const;

/** SPEC §1: breakpoints at 640, 960, 1200 and 1600 px. */
export const breakpoints = { sm: 640, md: 960, lg: 1200, xl: 1600 } as const;

export const space = {
  0: '0',
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.5rem',
  6: '2rem',
  7: '3rem',
  8: '4rem',
} as const;

export const radii = { none: '0', sm: '4px', md: '8px', lg: '16px', pill: '999px' } as const;

export const shadows = {
  sm: '0 1px 2px rgba(0, 0, 0, 0.12)',
  md: '0 4px 12px rgba(0, 0, 0, 0.15)',
  lg: '0 12px 32px rgba(0, 0, 0, 0.22)',
} as const;

/** Page transitions: fade in 0.2 s, fade out 0.3 s (SPEC §2). */
export const motion = {
  fadeIn: '200ms',
  fadeOut: '300ms',
  fast: '120ms',
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
} as const;

export const zIndices = { header: 10, sidePanel: 40, modal: 50, toast: 60, loading: 70 } as const;

export const sizes = {
  /** The Order Online modal is 500px wide (SPEC §9). */
  orderModal: '500px',
  /** Notifications are 350px wide (SPEC §9). */
  toast: '350px',
  content: '1200px',
  sidePanel: '340px',
} as const;
