import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { CardIcon, LockIcon } from '../Icon';

export type PaymentLogoTone = 'light' | 'dark';

export interface PaymentLogoProps {
  /** The payment provider's name, e.g. "Worldpay". Used in the accessible name. */
  provider?: string;
  /** The provider's own logo image. Its meaning is carried by the accessible name. */
  src?: string;
  /** Intrinsic width of the logo image in px (avoids layout shift). */
  width?: number;
  /** Intrinsic height of the logo image in px. */
  height?: number;
  /** Custom logo markup (e.g. an inline SVG supplied by the provider). Wins over `src`. */
  children?: ReactNode;
  /** Overrides the accessible name. Default: "Secure card payments" (+ " with {provider}"). */
  label?: string;
  /** `light` for light backgrounds (default), `dark` for dark ones. */
  tone?: PaymentLogoTone;
  /** Extra class on the logo. */
  className?: string;
}

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
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.bold};
  }

  & [data-part='provider'] {
    font-size: ${theme.fontSizes.xs};
    font-weight: ${theme.fontWeights.regular};
  }
`;

/** The accessible name for a payment logo. */
export function paymentLogoLabel(provider?: string): string {
  return provider ? `Secure card payments with ${provider}` : 'Secure card payments';
}

/**
 * A slot for the payment provider's logo, e.g. in the footer. By default it shows a neutral
 * "Secure card payments" wordmark with card and padlock glyphs; pass `src` or `children` for the
 * provider's own artwork. Either way it is one image (`role="img"`) with a clear accessible name.
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
  let content: ReactNode;
  if (children) {
    content = children;
  } else if (src) {
    // The wrapper carries the name, so the image itself is presentational.
    content = <img src={src} alt="" width={width} height={height} />;
  } else {
    content = (
      <>
        <span data-part="glyphs">
          <LockIcon />
          <CardIcon />
        </span>
        <span data-part="wordmark">
          <span>Secure card payments</span>
          {provider ? <span data-part="provider">with {provider}</span> : null}
        </span>
      </>
    );
  }
  return (
    <Root
      role="img"
      aria-label={name}
      data-variant={children ? 'custom' : src ? 'image' : 'wordmark'}
      data-tone={tone}
      className={className}
    >
      {content}
    </Root>
  );
}
