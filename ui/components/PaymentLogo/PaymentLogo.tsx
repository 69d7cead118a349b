import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { CardIcon, LockIcon } from '../Icon';

export type PaymentLogoTone = 'light' | 'dark';

/** The providers whose mark the component draws itself. */
export type PaymentMark = 'worldpay' | 'stripe' | 'test';

export interface PaymentLogoProps {
  /**
   * The card payment provider's name as customers know it ("Worldpay", "Stripe"). Worldpay and
   * Stripe get their mark; another name a neutral wordmark naming it. Absent: the shop's built-in
   * test provider, with its own mark.
   */
  provider?: string;
  /** The provider's own logo image. Its meaning is carried by the accessible name. */
  src?: string;
  /** Intrinsic width of the logo image in px (avoids layout shift). */
  width?: number;
  /** Intrinsic height of the logo image in px. */
  height?: number;
  /** Custom logo markup (e.g. an inline SVG supplied by the provider). Wins over `src`. */
  children?: ReactNode;
  /** Overrides the accessible name (see `paymentLogoLabel`). */
  label?: string;
  /** `light` for light backgrounds (default), `dark` for dark ones. */
  tone?: PaymentLogoTone;
  /** Extra class on the logo. */
  className?: string;
}

/*
 * The marks are simple wordmarks drawn here, in each brand's colour (no provider artwork is
 * copied). Each colour has at least 4.5:1 on the light badge; on the dark one they are white.
 */
const Root = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  padding: ${theme.space[2]} ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  font-family: ${theme.fonts.body};
  line-height: ${theme.lineHeights.tight};
  vertical-align: middle;

  &[data-tone='dark'] {
    border-color: ${theme.colors.borderStrong};
    background: ${theme.colors.surfaceDark};
    color: ${theme.colors.onSurfaceDark};
  }

  & img {
    display: block;
    max-height: 40px;
    width: auto;
  }

  & [data-part='glyphs'] {
    display: inline-flex;
    gap: ${theme.space[1]};
    font-size: 1.5rem;
  }

  & [data-part='wordmark'] {
    display: inline-flex;
    flex-direction: column;
    gap: 2px;
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.bold};
  }

  & [data-part='provider'],
  & [data-part='caption'] {
    font-size: ${theme.fontSizes.xs};
    font-weight: ${theme.fontWeights.regular};
  }

  /* "Secure payments by" reads as one line above the provider's name, never broken up. */
  & [data-part='caption'] {
    white-space: nowrap;
  }

  & [data-part='mark'] {
    display: block;
    height: 24px;
    width: auto;
    font-family: ${theme.fonts.body};
    font-weight: ${theme.fontWeights.bold};
  }

  &[data-mark='worldpay'] [data-part='mark'] {
    color: #d2001e;
  }
  &[data-mark='stripe'] [data-part='mark'] {
    color: #5851ec;
  }
  &[data-mark='test'] {
    border-style: dashed;
  }
  &[data-tone='dark'] [data-part='mark'] {
    color: ${theme.colors.onSurfaceDark};
  }
`;

/** Which mark a provider's name gets: Worldpay's, Stripe's, the test provider's, or none. */
export function paymentMarkOf(provider?: string): PaymentMark | null {
  if (provider === undefined || provider.trim() === '') return 'test';
  const name = provider.trim().toLowerCase();
  return name === 'worldpay' || name === 'stripe' ? name : null;
}

/** The accessible name for a payment logo. */
export function paymentLogoLabel(provider?: string): string {
  if (paymentMarkOf(provider) === 'test') return 'Test card payments: no money is taken';
  return `Secure card payments with ${provider?.trim() ?? ''}`;
}

/** One mark: a wordmark of fixed width, whatever font draws it. */
const marks: Record<PaymentMark, { text: string; width: number }> = {
  worldpay: { text: 'worldpay', width: 104 },
  stripe: { text: 'stripe', width: 68 },
  test: { text: 'test pay', width: 84 },
};

function Mark({ mark }: { mark: PaymentMark }) {
  const { text, width } = marks[mark];
  return (
    <svg
      data-part="mark"
      viewBox={`0 0 ${width} 24`}
      width={width}
      height={24}
      aria-hidden="true"
      focusable="false"
    >
      <text
        x="0"
        y="19"
        fontSize="22"
        fill="currentColor"
        textLength={width}
        lengthAdjust="spacingAndGlyphs"
      >
        {text}
      </text>
    </svg>
  );
}

/**
 * The card payment provider's logo, e.g. in the footer: Worldpay's or Stripe's mark under
 * "Secure payments by", or the built-in test provider's own. `src` or `children` take the
 * provider's own artwork instead. Either way it is one image (`role="img"`) with a clear
 * accessible name; what it draws is hidden from assistive technology.
 */
export function PaymentLogo({
  provider,
  src,
  width,
  height,
  children,
  label,
  tone = 'light',
  className,
}: PaymentLogoProps) {
  const name = label ?? paymentLogoLabel(provider);
  const mark = children || src ? null : paymentMarkOf(provider);
  let content: ReactNode;
  if (children) {
    content = children;
  } else if (src) {
    // The wrapper carries the name, so the image itself is presentational.
    content = <img src={src} alt="" width={width} height={height} />;
  } else if (mark) {
    content = (
      <>
        <span data-part="glyphs">{mark === 'test' ? <CardIcon /> : <LockIcon />}</span>
        <span data-part="wordmark">
          <span data-part="caption">
            {mark === 'test' ? 'No money is taken' : 'Secure payments by'}
          </span>
          <Mark mark={mark} />
        </span>
      </>
    );
  } else {
    content = (
      <>
        <span data-part="glyphs">
          <LockIcon />
          <CardIcon />
        </span>
        <span data-part="wordmark">
          <span>Secure card payments</span>
          <span data-part="provider">with {provider}</span>
        </span>
      </>
    );
  }
  return (
    <Root
      role="img"
      aria-label={name}
      data-variant={children ? 'custom' : src ? 'image' : mark ? 'mark' : 'wordmark'}
      data-mark={mark ?? undefined}
      data-tone={tone}
      className={className}
    >
      {content}
    </Root>
  );
}
