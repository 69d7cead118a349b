import { useId, type ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { focusVisible, hovered } from '../../theme/previewState';
import { theme } from '../../theme/theme';
import type { ValidationState } from '../TextField/fieldStyles';

export interface CheckboxProps extends Omit<
  RAC.CheckboxProps,
  'children' | 'className' | 'style' | 'isInvalid'
> {
  /** The label: pressing it toggles the box. Keep links out of it (put them in `description`). */
  children: ReactNode;
  /** Help under the label, linked with `aria-describedby`; it may hold links. */
  description?: ReactNode;
  /** Shown (and announced) while `validationState` is `danger`. */
  errorMessage?: string | null;
  /** `danger` also marks the box `aria-invalid`. */
  validationState?: ValidationState;
  className?: string;
}

const Root = styled.div`
  display: grid;
  gap: ${theme.space[1]};
`;

const Box = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.4rem;
  height: 1.4rem;
  margin-top: 0.05rem;
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.onPrimary};
  transition:
    background-color ${theme.motion.fast} ${theme.motion.easing},
    border-color ${theme.motion.fast} ${theme.motion.easing};

  & > svg {
    width: 1rem;
    height: 1rem;
    opacity: 0;
  }
`;

const Control = styled(RAC.Checkbox)`
  display: inline-flex;
  align-items: flex-start;
  gap: ${theme.space[3]};
  color: ${theme.colors.ink};
  font-size: ${theme.fontSizes.md};
  line-height: ${theme.lineHeights.snug};
  cursor: pointer;

  &${hovered} ${Box} {
    border-color: ${theme.colors.ink};
  }
  &[data-selected] ${Box} {
    border-color: ${theme.colors.ink};
    background: ${theme.colors.primary};
  }
  &[data-selected] ${Box} > svg {
    opacity: 1;
  }
  &${focusVisible} ${Box} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  &[data-invalid] ${Box} {
    border-color: ${theme.colors.danger};
  }
  &[data-disabled] {
    cursor: not-allowed;
    color: ${theme.colors.inkMuted};
  }
  &[data-disabled] ${Box} {
    border-color: ${theme.colors.border};
    background: ${theme.colors.surfaceAlt};
  }
  &[data-readonly] {
    cursor: default;
  }
`;

const Description = styled.div`
  padding-left: calc(1.4rem + ${theme.space[3]});
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.sm};
`;

const ErrorText = styled.div`
  padding-left: calc(1.4rem + ${theme.space[3]});
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

/**
 * A checkbox with its label, optional help (which may hold a link) and an error message. Built on
 * react-aria's `Checkbox`: a real, visually hidden input, toggled by Space, a click or a tap on
 * the label.
 */
export function Checkbox({
  children,
  description,
  errorMessage,
  validationState = 'neutral',
  className,
  ...rest
}: CheckboxProps) {
  const descriptionId = useId();
  const errorId = useId();
  const showError = validationState === 'danger' && Boolean(errorMessage);
  const describedBy =
    [description ? descriptionId : null, showError ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <Root className={className} data-state={validationState}>
      <Control {...rest} isInvalid={validationState === 'danger'} aria-describedby={describedBy}>
        <Box aria-hidden="true">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.2">
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Box>
        <span>{children}</span>
      </Control>
      {description ? <Description id={descriptionId}>{description}</Description> : null}
      {showError ? <ErrorText id={errorId}>{errorMessage}</ErrorText> : null}
    </Root>
  );
}
