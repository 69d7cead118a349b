import { css, keyframes } from 'styled-components';
import { colors, motion } from './tokens';

/** Fades shared by every overlay: in over 0.2 s, out over 0.3 s (SPEC §2 timings). */
export const fadeIn = keyframes`
  from { opacity: 0; }
`;

export const fadeOut = keyframes`
  to { opacity: 0; }
`;

/**
 * The dimmed backdrop of a react-aria ModalOverlay: it fades in and out through the
 * `data-entering` / `data-exiting` attributes react-aria sets, and not at all with reduced motion.
 */
export const overlayBackdrop = css`
  background: ${colors.overlay};

  &[data-entering] {
    animation: ${fadeIn} ${motion.fadeIn} ${motion.easing};
  }
  &[data-exiting] {
    animation: ${fadeOut} ${motion.fadeOut} ${motion.easing};
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-entering],
    &[data-exiting] {
      animation: none;
    }
  }
`;
