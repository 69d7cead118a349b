import {
  breakpoints,
  colors,
  fontSizes,
  fontWeights,
  fonts,
  lineHeights,
  motion,
  radii,
  shadows,
  sizes,
  space,
  zIndices,
} from './tokens';

const up = (px: number) => `@media (min-width: ${px}px)`;

export const theme = {
  colors,
  fonts,
  fontSizes,
  fontWeights,
  lineHeights,
  breakpoints,
  space,
  radii,
  shadows,
  motion,
  zIndices,
  sizes,
  /** Mobile-first media queries: `${theme.media.md} { ... }` applies from 960px up. */
  media: {
    sm: up(breakpoints.sm),
    md: up(breakpoints.md),
    lg: up(breakpoints.lg),
    xl: up(breakpoints.xl),
    reducedMotion: '@media (prefers-reduced-motion: reduce)',
  },
} as const;

export type FuelyardTheme = typeof theme;
