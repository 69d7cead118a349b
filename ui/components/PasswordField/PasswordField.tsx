import { useState, type Ref } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { theme } from '../../theme/theme';
import { Button } from '../Button';
import type { TextFieldBaseProps } from '../TextField';
import { TextFieldShell } from '../TextField/TextField';
import { controlStyles } from '../TextField/fieldStyles';

export interface PasswordFieldProps extends Omit<TextFieldBaseProps, 'type'> {
  /** `current-password` (login) or `new-password` (register, reset). */
  autoComplete?: 'current-password' | 'new-password';
  /** The toggle's texts. */
  toggleLabels?: { show: string; hide: string };
  /** A ref to the `<input>` (to focus it). */
  inputRef?: Ref<HTMLInputElement>;
}

const Row = styled.div`
  display: flex;
  align-items: stretch;
  gap: ${theme.space[2]};

  & > input {
    flex: 1;
    min-width: 0;
  }
`;

const Input = styled(RAC.Input)`
  ${controlStyles}
`;

/**
 * A password input with a Show/Hide toggle (its label says what it will do). Never trims or reformats what is typed.
 */
export function PasswordField({
  autoComplete = 'current-password',
  toggleLabels = { show: 'Show password', hide: 'Hide password' },
  placeholder,
  inputRef,
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextFieldShell
      {...rest}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      control={
        <Row>
          <Input placeholder={placeholder} ref={inputRef} spellCheck={false} autoCapitalize="off" />
          <Button variant="secondary" size="sm" onPress={() => setVisible((v) => !v)}>
            {visible ? toggleLabels.hide : toggleLabels.show}
          </Button>
        </Row>
      }
    />
  );
}
