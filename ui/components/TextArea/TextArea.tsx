import type { Ref } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { TextFieldShell, type TextFieldBaseProps } from '../TextField/TextField';
import { controlStyles } from '../TextField/fieldStyles';

export interface TextAreaProps extends TextFieldBaseProps {
  /** Visible lines of text (default 5). The user can resize vertically. */
  rows?: number;
  /** A ref to the `<textarea>` (to focus it). */
  textAreaRef?: Ref<HTMLTextAreaElement>;
}

const Control = styled(RAC.TextArea)`
  ${controlStyles}
  display: block;
  resize: vertical;
  background-position: right 0.75rem top 0.75rem;
`;

/** A multi-line text box (the enquiry form's "Enquiry"), with the same states as TextField. */
export function TextArea({ placeholder, rows = 5, textAreaRef, ...rest }: TextAreaProps) {
  return (
    <TextFieldShell
      {...rest}
      control={<Control placeholder={placeholder} rows={rows} ref={textAreaRef} />}
    />
  );
}
