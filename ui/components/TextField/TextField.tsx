import type { CSSProperties, ReactNode, Ref } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import {
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  controlStyles,
  fieldRootStyles,
  type ValidationState,
} from './fieldStyles';

export interface TextFieldBaseProps extends Omit<
  RAC.TextFieldProps,
  'children' | 'className' | 'style' | 'isInvalid'
> {
  /** Always required, for assistive technology; hide it visually with `hideLabel`. */
  label: string;
  /** Keep the label for screen readers only (e.g. where the placeholder repeats it). */
  hideLabel?: boolean;
  placeholder?: string;
  /** Help text under the control, linked with `aria-describedby`. */
  description?: ReactNode;
  /** Shown (and announced) while `validationState` is `danger`. */
  errorMessage?: string;
  /** `danger` also marks the control `aria-invalid`. */
  validationState?: ValidationState;
  className?: string;
  style?: CSSProperties;
}

export interface TextFieldProps extends TextFieldBaseProps {
  /** A ref to the `<input>` (to focus it). */
  inputRef?: Ref<HTMLInputElement>;
}

const FieldRoot = styled(RAC.TextField)`
  ${fieldRootStyles}
`;

const Input = styled(RAC.Input)`
  ${controlStyles}
`;

/**
 * Shared by TextField, TextArea and PrefixField: the react-aria `TextField` with label,
 * description and error, around whichever control it is given.
 */
export function TextFieldShell({
  label,
  hideLabel,
  description,
  errorMessage,
  validationState = 'neutral',
  control,
  ...rest
}: Omit<TextFieldBaseProps, 'placeholder'> & { control: ReactNode }) {
  return (
    <FieldRoot {...rest} isInvalid={validationState === 'danger'} data-state={validationState}>
      <FieldLabel data-hidden={hideLabel || undefined}>{label}</FieldLabel>
      {control}
      {description ? <FieldDescription slot="description">{description}</FieldDescription> : null}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </FieldRoot>
  );
}

/** A single-line text input with its label, help text and validation state. */
export function TextField({ placeholder, inputRef, ...rest }: TextFieldProps) {
  return <TextFieldShell {...rest} control={<Input placeholder={placeholder} ref={inputRef} />} />;
}
