import { useId, type Ref } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { colors, fontWeights, radii, space } from '../../theme/tokens';
import { TextFieldShell, type TextFieldBaseProps } from '../TextField/TextField';
import { controlStyles, visuallyHidden } from '../TextField/fieldStyles';

export interface PrefixFieldProps extends TextFieldBaseProps {
  /** The fixed part shown before the input, e.g. the postcode's "BT". Not part of the value. */
  prefix: string;
  /**
   * How the prefix is described to screen readers (default "Starts with {prefix}"), since the
   * visible adornment is not part of the input's value.
   */
  prefixDescription?: string;
  /** A ref to the `<input>` (to focus it). */
  inputRef?: Ref<HTMLInputElement>;
}

const Row = styled.div`
  display: flex;
  align-items: stretch;
  min-width: 0;
`;

const Prefix = styled.span`
  display: inline-flex;
  align-items: center;
  padding: 0 ${space[3]};
  border: 2px solid ${colors.borderStrong};
  border-right: 0;
  border-radius: ${radii.sm} 0 0 ${radii.sm};
  background: ${colors.surfaceAlt};
  color: ${colors.ink};
  font-weight: ${fontWeights.bold};
  letter-spacing: 0.04em;
  user-select: none;

  [data-state='success'] & {
    border-color: ${colors.success};
  }
  [data-state='danger'] & {
    border-color: ${colors.danger};
  }
  [data-disabled] & {
    border-color: ${colors.border};
    color: ${colors.inkMuted};
  }
`;

const Input = styled(RAC.Input)`
  ${controlStyles}
  flex: 1;
  min-width: 0;
  border-radius: 0 ${radii.sm} ${radii.sm} 0;
`;

const HiddenDescription = styled.span`
  ${visuallyHidden}
`;

/**
 * A text input with a fixed prefix beside it: the order form's postcode, "BT" + the rest.
 * `isReadOnly` locks it (the order form locks the postcode until "Change postcode?").
 */
export function PrefixField({
  prefix,
  prefixDescription = `Starts with ${prefix}`,
  placeholder,
  inputRef,
  ...rest
}: PrefixFieldProps) {
  const descriptionId = useId();
  return (
    <TextFieldShell
      {...rest}
      aria-describedby={[descriptionId, rest['aria-describedby']].filter(Boolean).join(' ')}
      control={
        <Row>
          <Prefix aria-hidden="true" data-prefix>
            {prefix}
          </Prefix>
          <HiddenDescription id={descriptionId}>{prefixDescription}</HiddenDescription>
          <Input placeholder={placeholder} ref={inputRef} />
        </Row>
      }
    />
  );
}
