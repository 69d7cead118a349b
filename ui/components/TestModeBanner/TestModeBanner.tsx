import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { WarningIcon } from '../Icon';

export interface TestModeBannerProps {
  /** The bold first words, e.g. "Test mode". */
  title: string;
  /** What it means for the visitor. */
  children: ReactNode;
  className?: string;
}

const Root = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  flex-wrap: wrap;
  gap: ${theme.space[1]} ${theme.space[2]};
  padding: ${theme.space[2]} ${theme.space[4]};
  border-top: 4px solid ${theme.colors.onPrimary};
  border-bottom: 4px solid ${theme.colors.onPrimary};
  border-image: repeating-linear-gradient(
      -45deg,
      ${theme.colors.onPrimary} 0 10px,
      ${theme.colors.primary} 10px 20px
    )
    4;
  background: ${theme.colors.warningSurface};
  color: ${theme.colors.ink};
  font-size: ${theme.fontSizes.sm};
  text-align: center;

  & > svg {
    flex: none;
    color: ${theme.colors.warning};
    font-size: ${theme.fontSizes.lg};
  }
  & strong {
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }

  @media print {
    border-image: none;
  }
`;

/**
 * A full-width strip saying the shop is not taking real money: shown on every checkout and order
 * page while the built-in test payment provider is active. A `note`: always there, never
 * announced as news.
 */
export function TestModeBanner({ title, children, className }: TestModeBannerProps) {
  return (
    <Root role="note" aria-label={title} className={className} data-test-mode="">
      <WarningIcon />
      <strong>{title}</strong>
      <span>{children}</span>
    </Root>
  );
}
