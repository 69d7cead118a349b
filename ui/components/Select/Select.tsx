import type { CSSProperties, ReactNode } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import {
  colors,
  fontSizes,
  fontWeights,
  motion,
  radii,
  shadows,
  space,
  zIndices,
} from '../../theme/tokens';
import { CheckIcon, ChevronDownIcon } from '../Icon';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  controlStyles,
  fieldRootStyles,
  type ValidationState,
} from '../TextField/fieldStyles';

export interface SelectOption {
  id: RAC.Key;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<
  RAC.SelectProps<SelectOption>,
  | 'children'
  | 'className'
  | 'style'
  | 'items'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'selectedKey'
  | 'defaultSelectedKey'
  | 'onSelectionChange'
  | 'selectionMode'
  | 'isInvalid'
  | 'placeholder'
> {
  /** The field's visible label; it also names the list for assistive technology. */
  label: string;
  /** Hides the label visually (it still names the field), where the context says what it is. */
  hideLabel?: boolean;
  /** The choices, in order: each with its key, text and whether it is disabled. */
  options: SelectOption[];
  /** The selected option's id (controlled). */
  selectedKey?: RAC.Key | null;
  /** The initially selected option's id (uncontrolled). */
  defaultSelectedKey?: RAC.Key | null;
  /** A choice was made: its key. */
  onSelectionChange?: (key: RAC.Key | null) => void;
  /** Shown while nothing is selected (default "Select an option"). */
  placeholder?: string;
  /** Help under the field (e.g. what the choice changes). */
  description?: ReactNode;
  /** Shown under the field when `validationState` is "invalid". */
  errorMessage?: string;
  /** "valid" marks the field with a tick, "invalid" shows `errorMessage`. */
  validationState?: ValidationState;
  /** Extra class on the field's root. */
  className?: string;
  /** Inline style on the field's root (e.g. a grid area). */
  style?: CSSProperties;
}

const Root = styled(RAC.Select<SelectOption, 'single'>)`
  ${fieldRootStyles}
`;

const Trigger = styled(RAC.Button)`
  ${controlStyles}
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[2]};
  text-align: left;
  cursor: pointer;

  & > svg {
    flex: none;
    transition: transform ${motion.fast} ${motion.easing};
  }
  [data-open] & > svg {
    transform: rotate(180deg);
  }
  [data-state='success'] &,
  [data-state='danger'] & {
    background-position: right 2.5rem center;
    padding-right: ${space[3]};
  }
  [data-state='success'] & > span,
  [data-state='danger'] & > span {
    padding-right: 2rem;
  }
`;

const Value = styled(RAC.SelectValue)`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;

  &[data-placeholder] {
    color: ${colors.inkMuted};
  }
`;

const Popover = styled(RAC.Popover)`
  min-width: var(--trigger-width);
  max-height: 320px;
  overflow: auto;
  border: 1px solid ${colors.borderStrong};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  box-shadow: ${shadows.md};
  z-index: ${zIndices.modal + 1};
`;

const ListBox = styled(RAC.ListBox<SelectOption>)`
  padding: ${space[1]};
  outline: none;
`;

const Option = styled(RAC.ListBoxItem)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]};
  padding: ${space[2]} ${space[3]};
  border-radius: ${radii.sm};
  color: ${colors.ink};
  font-size: ${fontSizes.md};
  cursor: pointer;
  outline: none;

  &[data-focused],
  &[data-hovered] {
    background: ${colors.surfaceAlt};
  }
  &[data-focus-visible] {
    outline: 2px solid ${colors.focus};
    outline-offset: -2px;
  }
  &[data-selected] {
    font-weight: ${fontWeights.bold};
  }
  &[data-disabled] {
    cursor: not-allowed;
    color: ${colors.inkMuted};
  }
`;

/**
 * A drop-down choice (product, quantity, size). A react-aria `Select`: a button that opens a
 * listbox, fully keyboard operable (arrows, type-ahead, Enter, Escape).
 */
export function Select({
  label,
  hideLabel,
  options,
  selectedKey,
  defaultSelectedKey,
  onSelectionChange,
  placeholder = 'Select an option',
  description,
  errorMessage,
  validationState = 'neutral',
  ...rest
}: SelectProps) {
  return (
    <Root
      {...rest}
      value={selectedKey}
      defaultValue={defaultSelectedKey}
      onChange={onSelectionChange}
      placeholder={placeholder}
      isInvalid={validationState === 'danger'}
      disabledKeys={options.filter((option) => option.disabled).map((option) => option.id)}
      data-state={validationState}
    >
      <FieldLabel data-hidden={hideLabel || undefined}>{label}</FieldLabel>
      <Trigger>
        <Value />
        <ChevronDownIcon />
      </Trigger>
      {description ? <FieldDescription slot="description">{description}</FieldDescription> : null}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <Popover placement="bottom start" offset={4}>
        <ListBox items={options}>
          {(option) => (
            <Option id={option.id} textValue={option.label}>
              {({ isSelected }) => (
                <>
                  <span>{option.label}</span>
                  {isSelected ? <CheckIcon /> : null}
                </>
              )}
            </Option>
          )}
        </ListBox>
      </Popover>
    </Root>
  );
}
