import type { SVGProps } from 'react';
import { colors, fonts } from '../../theme/tokens';

export type LogoVariant = 'dark' | 'light';

export interface LogoProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'height' | 'width'> {
  /** Rendered height in px; the width follows the aspect ratio (default 40). */
  height?: number;
  /** `dark` text for light surfaces (default), `light` text for dark surfaces. */
  variant?: LogoVariant;
  /** The accessible name (default "Fuelyard"). */
  title?: string;
  /** Show only the mark, without the word (for tight spaces such as the loading overlay). */
  markOnly?: boolean;
}

const MARK_SIZE = 48;
const FULL_WIDTH = 200;

/**
 * The Fuelyard logo: a yellow tile with a flame rising from two lumps of coal, and the word
 * "Fuelyard" in the serif face. One `img` with an accessible name; the parts are decorative.
 */
export function Logo({
  height = 40,
  variant = 'dark',
  title = 'Fuelyard',
  markOnly = false,
  ...rest
}: LogoProps) {
  const viewWidth = markOnly ? MARK_SIZE : FULL_WIDTH;
  const wordColour = variant === 'light' ? colors.onSurfaceDark : colors.ink;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${viewWidth} ${MARK_SIZE}`}
      height={height}
      width={(height * viewWidth) / MARK_SIZE}
      data-variant={variant}
      {...rest}
    >
      <rect width={MARK_SIZE} height={MARK_SIZE} rx={10} fill={colors.primary} />
      {/* Flame */}
      <path
        d="M24 6c1.4 5.6-3.8 8.2-5.6 13.1-1 2.8-.3 5.6 1.4 7.4-.3-2.6.8-4.7 2.8-6.2-.2 3.1 1.5 5 3.4 6.3 1.6-1.3 2.5-3.2 2.4-5.6 2.4 2 3.7 4.6 3.2 7.8 2.6-1.9 3.9-4.8 3.4-8.3C34.3 14 29.6 9.3 24 6z"
        fill={colors.ink}
      />
      {/* Coal */}
      <path d="M8 40l4.5-8.5 8 -1.5 5 6.5-2.5 5.5H10z" fill={colors.ink} />
      <path d="M25.5 36.5l3.5-6.5 8.5.5 3.5 7-3 4.5H27z" fill={colors.ink} />
      {markOnly ? null : (
        <text
          x={58}
          y={33}
          fill={wordColour}
          fontFamily={fonts.heading}
          fontWeight={700}
          fontSize={26}
          textLength={136}
          lengthAdjust="spacingAndGlyphs"
          aria-hidden="true"
        >
          Fuelyard
        </text>
      )}
    </svg>
  );
}
