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

/**
 * react-aria's TextField learns that its control is a `<textarea>` only once it is mounted, so
 * the server's HTML (and the first render) would give the textarea an input's `type="text"`,
 * which HTML does not allow on a textarea. This hands the field's props on without it.
 */
function UntypedControl({
  placeholder,
  rows,
  textAreaRef,
}: {
  placeholder?: string;
  rows: number;
  textAreaRef?: Ref<HTMLTextAreaElement>;
}) {
  const [fieldProps, fieldRef] = RAC.useContextProps({}, undefined, RAC.TextAreaContext);
  const withoutType: RAC.TextAreaProps & { type?: unknown } = { ...fieldProps };
  delete withoutType.type;
  return (
    <RAC.TextAreaContext.Provider value={{ ...withoutType, ref: fieldRef }}>
      <Control placeholder={placeholder} rows={rows} ref={textAreaRef} />
    </RAC.TextAreaContext.Provider>
  );
}

/** A multi-line text box (the enquiry form's "Enquiry"), with the same states as TextField. */
export function TextArea({ placeholder, rows = 5, textAreaRef, ...rest }: TextAreaProps) {
  return (
    <TextFieldShell
      {...rest}
      control={<UntypedControl placeholder={placeholder} rows={rows} textAreaRef={textAreaRef} />}
    />
  );
}
