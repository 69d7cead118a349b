import styled, { keyframes } from 'styled-components';
import { colors, fontSizes, fontWeights, motion, space, zIndices } from '../../theme/tokens';
import { Logo } from '../Logo';
import { fadeIn } from '../../theme/overlay';

export interface LoadingOverlayProps {
  /** Show the overlay (the app toggles it at the start and end of a navigation, SPEC §4). */
  isVisible: boolean;
  /** The text under the logo (default "Loading...", SPEC §2). */
  label?: string;
}

const pulse = keyframes`
  50% { transform: scale(0.92); }
`;

const Root = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${zIndices.loading};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space[4]};
  background: rgba(255, 255, 255, 0.94);
  animation: ${fadeIn} ${motion.fadeIn} ${motion.easing};

  & > svg {
    animation: ${pulse} 1.2s ${motion.easing} infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    &,
    & > svg {
      animation: none;
    }
  }
`;

const Label = styled.p`
  margin: 0;
  color: ${colors.ink};
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.semibold};
`;

/**
 * The full-screen "Loading..." overlay with the logo, shown during navigation. It is a polite
 * status message, so screen readers hear "Loading..." without losing their place.
 */
export function LoadingOverlay({ isVisible, label = 'Loading...' }: LoadingOverlayProps) {
  if (!isVisible) return null;
  return (
    <Root role="status" aria-live="polite" data-loading-overlay>
      <Logo height={56} markOnly title="Fuelyard" />
      <Label>{label}</Label>
    </Root>
  );
}
