import type { ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { focusVisible, hovered } from '../../theme/previewState';
import { theme } from '../../theme/theme';
import type { ValidationState } from '../TextField/fieldStyles';

/** One day on offer. */
export interface DayPickerOption {
  /** What the form sends, e.g. an ISO day "2026-12-08". */
  value: string;
  /** The day in full words, as a screen reader says it: "Tuesday 8 December". */
  label: string;
  /** The short weekday on the card: "Tue". */
  weekday: string;
  /** The short date on the card: "8 Dec". */
  date: string;
  /** A word under the date ("Earliest", "Full"); it is also read after the label. */
  note?: string;
  /** The day cannot be chosen (fully booked): shown, greyed, not selectable. */
  isDisabled?: boolean;
}

export interface DayPickerProps {
  /** The group's visible name, e.g. "Delivery day". */
  label: string;
  /** The days, earliest first. */
  options: readonly DayPickerOption[];
  /** The chosen day's `value`, or null when none is chosen. */
  value: string | null;
  /** Called with the `value` of the day chosen. */
  onChange?: (value: string) => void;
  /** The form field's name: the chosen day is posted with the form, with or without script. */
  name?: string;
  /** Help under the label (what standard delivery means, for example). */
  description?: ReactNode;
  /** Shown (and announced) while `validationState` is `danger`. */
  errorMessage?: string | null;
  /** `danger` marks the group invalid. */
  validationState?: ValidationState;
  /** The days can be seen but not changed (while the order is being sent). */
  isReadOnly?: boolean;
  /** No day can be chosen. */
  isDisabled?: boolean;
  className?: string;
}

const Group = styled(RAC.RadioGroup)`
  display: grid;
  gap: ${theme.space[2]};
  min-width: 0;
`;

const Label = styled(RAC.Label)`
  color: ${theme.colors.ink};
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.semibold};
`;

const Description = styled(RAC.Text)`
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.sm};
`;

const ErrorText = styled(RAC.FieldError)`
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
`;

const Days = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(5.5rem, 1fr));
  gap: ${theme.space[2]};
`;

const Day = styled(RAC.Radio)`
  display: grid;
  justify-items: center;
  gap: ${theme.space[1]};
  padding: ${theme.space[2]} ${theme.space[1]};
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  line-height: ${theme.lineHeights.tight};
  text-align: center;
  cursor: pointer;
  transition:
    background-color ${theme.motion.fast} ${theme.motion.easing},
    border-color ${theme.motion.fast} ${theme.motion.easing};

  &${hovered}:not([data-disabled]) {
    border-color: ${theme.colors.ink};
  }
  &[data-selected] {
    border-color: ${theme.colors.ink};
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
  &${focusVisible} {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  &[data-invalid] {
    border-color: ${theme.colors.danger};
  }
  &[data-disabled] {
    cursor: not-allowed;
    border-style: dashed;
    background: ${theme.colors.surfaceAlt};
    color: ${theme.colors.inkMuted};
  }
  &[data-readonly] {
    cursor: default;
  }
`;

const Weekday = styled.span`
  font-size: ${theme.fontSizes.sm};
`;

const DateText = styled.span`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
`;

const Note = styled.span`
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.semibold};
`;

/**
 * A choice of one day among those on offer, as a grid of day cards: the short weekday and date on
 * each, a note under it ("Earliest", "Full"), full days shown but not selectable. Built on
 * react-aria's `RadioGroup`: real radio inputs named `name`, so the choice is posted with the form
 * before and without script; arrow keys move between the days that can be chosen.
 */
export function DayPicker({
  label,
  options,
  value,
  onChange,
  name,
  description,
  errorMessage,
  validationState = 'neutral',
  isReadOnly,
  isDisabled,
  className,
}: DayPickerProps) {
  return (
    <Group
      className={className}
      value={value}
      onChange={onChange}
      {...(name ? { name } : {})}
      isReadOnly={isReadOnly}
      isDisabled={isDisabled}
      isInvalid={validationState === 'danger'}
      data-state={validationState}
    >
      <Label>{label}</Label>
      {description ? <Description slot="description">{description}</Description> : null}
      <Days>
        {options.map((option) => (
          <Day
            key={option.value}
            value={option.value}
            isDisabled={option.isDisabled}
            aria-label={option.note ? `${option.label}, ${option.note}` : option.label}
          >
            <Weekday>{option.weekday}</Weekday>
            <DateText>{option.date}</DateText>
            {option.note ? <Note aria-hidden="true">{option.note}</Note> : null}
          </Day>
        ))}
      </Days>
      {validationState === 'danger' && errorMessage ? <ErrorText>{errorMessage}</ErrorText> : null}
    </Group>
  );
}
