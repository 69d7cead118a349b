import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { colors, fontSizes, fontWeights, lineHeights, radii, space } from '../../theme/tokens';
import { DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from '../Icon';

export type NoticeVariant = 'danger' | 'success' | 'warning' | 'info';

export interface NoticeProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** What kind of message it is: its colour, icon and whether it is announced at once (danger). */
  variant: NoticeVariant;
  /** An optional bold first line. */
  title?: ReactNode;
  children: ReactNode;
}

const icons = {
  danger: DangerIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  info: InfoIcon,
} as const;

const Root = styled.div`
  display: flex;
  gap: ${space[3]};
  align-items: flex-start;
  padding: ${space[3]} ${space[4]};
  border: 1px solid currentColor;
  border-left-width: 6px;
  border-radius: ${radii.sm};
  font-size: ${fontSizes.sm};
  line-height: ${lineHeights.snug};

  &[data-variant='danger'] {
    color: ${colors.danger};
    background: ${colors.dangerSurface};
  }
  &[data-variant='success'] {
    color: ${colors.success};
    background: ${colors.successSurface};
  }
  &[data-variant='warning'] {
    color: ${colors.warning};
    background: ${colors.warningSurface};
  }
  &[data-variant='info'] {
    color: ${colors.ink};
    background: ${colors.surfaceAlt};
  }

  & > svg {
    flex: none;
    margin-top: 0.1em;
    font-size: ${fontSizes.lg};
  }
`;

const Body = styled.div`
  color: ${colors.ink};
  min-width: 0;

  & > p:last-child {
    margin-bottom: 0;
  }
`;

const Title = styled.p`
  margin: 0 0 ${space[1]};
  font-weight: ${fontWeights.bold};
`;

/**
 * An inline message box, e.g. a failed postcode inside the Set Postcode modal. A `danger` notice
 * is an `alert` (read out at once); the others are polite `status` messages.
 */
export function Notice({ variant, title, children, ...rest }: NoticeProps) {
  const Icon = icons[variant];
  return (
    <Root role={variant === 'danger' ? 'alert' : 'status'} data-variant={variant} {...rest}>
      <Icon />
      <Body>
        {title ? <Title>{title}</Title> : null}
        {children}
      </Body>
    </Root>
  );
}
