import type { CSSProperties, ReactNode, Ref } from 'react';
import * as RAC from 'react-aria-components';
import styled, { css, keyframes } from 'styled-components';
import { focusVisible, hovered, pressed } from '../../theme/previewState';
import { colors, fontSizes, fontWeights, motion, radii, space } from '../../theme/tokens';

export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'icon';
export type ButtonSize = 'md' | 'sm';

interface CommonButtonProps extends Omit<RAC.ButtonProps, 'children' | 'className' | 'style'> {
  /** `sm` for dense places such as table rows and the top bar. */
  size?: ButtonSize;
  /** Stretch to the width of the container. */
  fullWidth?: boolean;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<HTMLButtonElement>;
}

interface LabelledButtonProps extends CommonButtonProps {
  /**
   * `primary` (default): the yellow call to action; `secondary`: outlined, the second choice;
   * `link`: a red text link that acts as a button; `icon`: icon only (needs `aria-label`).
   */
  variant?: Exclude<ButtonVariant, 'icon'>;
  /** A leading icon, shown before the label. Decorative: the label names the button. */
  icon?: ReactNode;
  children: ReactNode;
}

interface IconOnlyButtonProps extends CommonButtonProps {
  /** `icon`: the icon alone, named by `aria-label`. */
  variant: 'icon';
  /** The only visible content. */
  icon: ReactNode;
  /** An icon-only button has no visible text, so it must have an accessible name. */
  'aria-label': string;
  children?: never;
}

export type ButtonProps = LabelledButtonProps | IconOnlyButtonProps;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

/**
 * The button look, shared with `ButtonLink` (a link that looks like a button). States come from
 * react-aria's data attributes (`hovered` and the others also match a static preview, see
 * theme/previewState.ts); the variant and size from `data-variant` and `data-size`.
 */
export const buttonStyles = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space[2]};
  min-height: 44px;
  padding: ${space[2]} ${space[5]};
  border: 2px solid transparent;
  border-radius: ${radii.sm};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font: inherit;
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.bold};
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  outline: none;
  -webkit-tap-highlight-color: transparent;
  transition:
    background-color ${motion.fast} ${motion.easing},
    border-color ${motion.fast} ${motion.easing},
    color ${motion.fast} ${motion.easing};

  &${hovered} {
    background: ${colors.primaryHover};
  }
  &${pressed} {
    background: ${colors.primaryActive};
  }
  &${focusVisible} {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }

  &[data-size='sm'] {
    min-height: 36px;
    padding: ${space[1]} ${space[3]};
    font-size: ${fontSizes.sm};
  }
  &[data-full-width] {
    display: flex;
    width: 100%;
  }

  &[data-variant='secondary'] {
    background: ${colors.surface};
    color: ${colors.ink};
    border-color: ${colors.borderStrong};
  }
  &[data-variant='secondary']${hovered} {
    background: ${colors.surfaceAlt};
    border-color: ${colors.ink};
  }
  &[data-variant='secondary']${pressed} {
    background: ${colors.border};
  }

  &[data-variant='link'] {
    min-height: 0;
    padding: 0;
    border: 0;
    background: transparent;
    color: ${colors.link};
    font-weight: ${fontWeights.regular};
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }
  &[data-variant='link']${hovered}, &[data-variant='link']${pressed} {
    background: transparent;
    color: ${colors.linkHover};
  }

  &[data-variant='icon'] {
    min-width: 44px;
    padding: ${space[2]};
    border-radius: ${radii.pill};
    background: transparent;
    color: ${colors.ink};
    font-size: ${fontSizes.lg};
  }
  &[data-variant='icon'][data-size='sm'] {
    min-width: 36px;
    padding: ${space[1]};
    font-size: ${fontSizes.md};
  }
  &[data-variant='icon']${hovered} {
    background: ${colors.surfaceAlt};
  }
  &[data-variant='icon']${pressed} {
    background: ${colors.border};
  }

  /* Disabled controls are exempt from contrast rules, but stay legible anyway. */
  &[data-disabled] {
    cursor: not-allowed;
    background: ${colors.surfaceAlt};
    border-color: ${colors.border};
    color: ${colors.inkMuted};
  }
  &[data-variant='link'][data-disabled],
  &[data-variant='icon'][data-disabled] {
    background: transparent;
    border-color: transparent;
  }

  &[data-pending] {
    cursor: progress;
  }
`;

const Root = styled(RAC.Button)`
  ${buttonStyles}
`;

/** The label keeps its space (and stays in the accessibility tree) while the spinner shows. */
const Content = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space[2]};

  [data-pending] > & {
    opacity: 0;
  }
`;

const Spinner = styled(RAC.ProgressBar)`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;

  &::after {
    content: '';
    width: 1.1em;
    height: 1.1em;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: ${spin} 700ms linear infinite;
  }
`;

/**
 * The Fuelyard button: a react-aria `Button`, so it is pressable by mouse, touch and keyboard
 * (Enter and Space) and reports `onPress` rather than raw clicks.
 *
 * - `primary`: yellow with dark text, the main call to action ("Order Online", "Add to Cart").
 * - `secondary`: outlined, for the second choice in a group.
 * - `link`: looks like a red text link but acts as a button ("Change postcode?").
 * - `icon`: icon only; `aria-label` is required.
 *
 * `isPending` shows a spinner, keeps the label for assistive technology and ignores presses.
 */
export function Button(props: ButtonProps) {
  const { variant = 'primary', size = 'md', fullWidth, icon, children, isPending, ...rest } = props;
  return (
    <Root
      {...rest}
      isPending={isPending}
      data-variant={variant}
      data-size={size}
      data-full-width={fullWidth || undefined}
    >
      <Content>
        {icon}
        {children}
      </Content>
      {isPending ? <Spinner isIndeterminate aria-label="Loading" /> : null}
    </Root>
  );
}
