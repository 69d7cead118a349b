import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { nativeStates } from '../../theme/previewState';
import { theme } from '../../theme/theme';
import { LockIcon } from '../Icon';

export interface LockedFieldProps {
  label: string;
  /** The value, as it is shown and sent. */
  value: string;
  /** Why it cannot be changed here. */
  description?: ReactNode;
  /** Where to change it instead, e.g. a "Change" link. */
  action?: ReactNode;
  /** Form field name: the value is also submitted with the form when it has one. */
  name?: string;
  className?: string;
}

const Root = styled.div`
  display: grid;
  gap: ${theme.space[1]};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  color: ${theme.colors.ink};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]} ${theme.space[4]};
`;

const Value = styled.div`
  position: relative;
  flex: 1 1 10rem;
  display: flex;
  align-items: center;

  & > svg {
    position: absolute;
    left: ${theme.space[3]};
    color: ${theme.colors.inkMuted};
    pointer-events: none;
  }
`;

const Input = styled.input`
  width: 100%;
  min-height: 44px;
  margin: 0;
  padding: ${theme.space[2]} ${theme.space[3]} ${theme.space[2]} 2.5rem;
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.ink};
  font: inherit;
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.semibold};
  letter-spacing: 0.02em;

  &${nativeStates.focusVisible} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Description = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * A value the form shows but does not let the visitor edit, such as the delivery postcode the
 * delivery check was made on: a read-only input with a padlock, why it is locked, and where to
 * change it instead.
 */
export function LockedField({
  label,
  value,
  description,
  action,
  name,
  className,
}: LockedFieldProps) {
  const inputId = useId();
  const descriptionId = useId();
  return (
    <Root className={className} data-locked="">
      <Label htmlFor={inputId}>{label}</Label>
      <Row>
        <Value>
          <LockIcon />
          <Input
            id={inputId}
            name={name}
            value={value}
            readOnly
            aria-describedby={description ? descriptionId : undefined}
          />
        </Value>
        {action}
      </Row>
      {description ? <Description id={descriptionId}>{description}</Description> : null}
    </Root>
  );
}
