import { VisuallyHidden } from 'react-aria-components';
import styled from 'styled-components';
import { theme } from '../../theme/theme';

export type BadgeTone = 'primary' | 'dark' | 'danger';

export interface BadgeProps {
  /** The number to show. Zero, negative or non-finite counts render nothing. */
  count: number;
  /**
   * What a screen reader hears instead of the bare number: a string, or a function of the count.
   * Default: "1 item in cart" / "3 items in cart".
   */
  label?: string | ((count: number) => string);
  /** Counts above this show as "max+" (default 99). The accessible label keeps the real count. */
  max?: number;
  /** Colour scheme (default `primary`: dark text on yellow). */
  tone?: BadgeTone;
  /** Extra class on the badge. */
  className?: string;
}

export const defaultBadgeLabel = (count: number) =>
  `${count} ${count === 1 ? 'item' : 'items'} in cart`;

const CountRoot = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.5em;
  height: 1.5em;
  padding: 0 0.4em;
  border-radius: ${theme.radii.pill};
  font-family: ${theme.fonts.body};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  line-height: 1;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  box-shadow: 0 0 0 2px ${theme.colors.surface};

  &[data-tone='dark'] {
    background: ${theme.colors.surfaceDark};
    color: ${theme.colors.onSurfaceDark};
  }
  &[data-tone='danger'] {
    background: ${theme.colors.danger};
    color: ${theme.colors.surface};
  }
`;

/**
 * The displayed text for a count: the integer count, capped at `max` ("99+").
 * Returns null when nothing should be shown (zero, negative or not a finite number).
 */
export function badgeText(count: number, max = 99): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  const whole = Math.floor(count);
  if (whole <= 0) return null;
  return whole > max ? `${max}+` : String(whole);
}

/** A small count bubble, e.g. on the cart icon. Renders nothing when the count is 0 or less. */
export function Badge({
  count,
  label = defaultBadgeLabel,
  max = 99,
  tone = 'primary',
  className,
}: BadgeProps) {
  const text = badgeText(count, max);
  if (text === null) return null;
  const whole = Math.floor(count);
  const spoken = typeof label === 'function' ? label(whole) : label;
  return (
    <CountRoot data-variant="count" data-tone={tone} data-count={whole} className={className}>
      <span aria-hidden="true">{text}</span>
      <VisuallyHidden elementType="span">{spoken}</VisuallyHidden>
    </CountRoot>
  );
}

const BestsellerRoot = styled.span`
  display: inline-flex;
  align-items: center;
  padding: 0.2em 0.6em;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  font-family: ${theme.fonts.body};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  line-height: ${theme.lineHeights.tight};
  white-space: nowrap;
`;

export interface BestsellerBadgeProps {
  /** Extra class on the badge. */
  className?: string;
}

/** The best-seller flag on products (SPEC §2: it reads 'Bestseller'). Dark text on yellow. */
export function BestsellerBadge({ className }: BestsellerBadgeProps) {
  return (
    <BestsellerRoot data-variant="bestseller" className={className}>
      Bestseller
    </BestsellerRoot>
  );
}
