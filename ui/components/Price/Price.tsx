import styled from 'styled-components';
import { theme } from '../../theme/theme';

/**
 * Display-only money formatting for the design system. Money is whole pence end to end; the API
 * (api/domain/money.ts) stays the authority on amounts, ui/ only turns them into text.
 */
/** Whole pounds with thousands separators: 1234567 -> "1,234,567". */
function groupedPounds(pounds: number): string {
  return String(pounds).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Formats whole pence as pounds: `1234` → `"£12.34"`, `-50` → `"-£0.50"`.
 * Fractions of a penny are rounded to the nearest penny. Throws a RangeError for NaN or ±Infinity,
 * which can only come from a bug upstream and must not be shown to a customer as a price.
 */
export function formatPence(pence: number): string {
  if (!Number.isFinite(pence)) {
    throw new RangeError(`formatPence: expected a finite number of pence, got ${String(pence)}`);
  }
  // `|| 0` turns -0 (e.g. Math.round(-0.4)) into 0, so it never prints as "-£0.00".
  const whole = Math.round(pence) || 0;
  // Written out as en-GB currency formatting writes GBP, in integer arithmetic: building an
  // Intl.NumberFormat costs a page load tens of milliseconds of blocked main thread.
  const abs = Math.abs(whole);
  const pounds = groupedPounds(Math.floor(abs / 100));
  return `${whole < 0 ? '-' : ''}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** The machine-readable value for the `<data>` element: pounds with two decimals, e.g. `12.34`. */
export function penceToDecimal(pence: number): string {
  const whole = Math.round(pence) || 0;
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export type PriceSize = 'sm' | 'md' | 'lg';

export interface PriceProps {
  /** The amount in whole pence (1234 is £12.34). */
  pence: number;
  /** A word before the amount, e.g. "from" for the cheapest of several sizes. */
  prefix?: string;
  /** A word after the amount, e.g. "per bag". */
  suffix?: string;
  /** Text size (default `md`). */
  size?: PriceSize;
  /** Extra class on the root. */
  className?: string;
  /** An id, so that a control can be described by the price (aria-describedby). */
  id?: string;
}

const Root = styled.span`
  display: inline-flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 0.3em;
  color: ${theme.colors.ink};
  font-family: ${theme.fonts.body};
  line-height: ${theme.lineHeights.tight};
  font-size: ${theme.fontSizes.md};

  &[data-size='sm'] {
    font-size: ${theme.fontSizes.sm};
  }
  &[data-size='lg'] {
    font-size: ${theme.fontSizes.xl};
  }

  & > [data-part='affix'] {
    color: ${theme.colors.inkMuted};
    font-size: 0.8em;
  }

  & > data {
    font-weight: ${theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
  }
`;

/** A price in pounds sterling, e.g. "from £12.34". */
export function Price({ pence, prefix, suffix, size = 'md', className, id }: PriceProps) {
  return (
    <Root data-size={size} className={className} id={id}>
      {prefix ? <span data-part="affix">{prefix}</span> : null}
      <data value={penceToDecimal(pence)}>{formatPence(pence)}</data>
      {suffix ? <span data-part="affix">{suffix}</span> : null}
    </Root>
  );
}
