/**
 * The shared look of form fields (TextField, TextArea, PrefixField, Select): label, control,
 * description and error. Static CSS only; states come from react-aria's data attributes and from
 * `data-state` on the field root.
 */
import * as RAC from 'react-aria-components';
import styled, { css } from 'styled-components';
import {
  colors,
  fontSizes,
  fontWeights,
  lineHeights,
  motion,
  radii,
  space,
} from '../../theme/tokens';
import { focused, focusVisible, hovered } from '../../theme/previewState';

/**
 * SPEC §4: while a form is "submitted", a field with an error shows the danger style and the
 * others the success style. `neutral` is the normal look.
 */
export type ValidationState = 'neutral' | 'danger' | 'success';

const svgIcon = (colour: string, path: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='${colour}' stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'>${path}</svg>`,
  )}")`;

/** A tick or an exclamation inside the control, so the state is not told by colour alone. */
export const successIconUrl = svgIcon(colors.success, "<path d='M5 12.5l4.5 4.5L19 7.5'/>");
export const dangerIconUrl = svgIcon(
  colors.danger,
  "<circle cx='12' cy='12' r='9'/><path d='M12 7.5V13M12 16.5v.01'/>",
);

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

export const fieldRootStyles = css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${space[1]};
  min-width: 0;
`;

export const FieldLabel = styled(RAC.Label)`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.ink};

  &[data-hidden] {
    ${visuallyHidden}
  }
`;

export const FieldDescription = styled(RAC.Text)`
  font-size: ${fontSizes.sm};
  color: ${colors.inkMuted};
`;

export const FieldErrorText = styled(RAC.FieldError)`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.danger};
`;

/**
 * The bordered control: an input, a textarea, or the Select's trigger button. The state icon sits
 * at the end of the control.
 */
export const controlStyles = css`
  width: 100%;
  min-height: 44px;
  margin: 0;
  padding: ${space[2]} ${space[3]};
  border: 2px solid ${colors.borderStrong};
  border-radius: ${radii.sm};
  background-color: ${colors.surface};
  background-repeat: no-repeat;
  background-position: right ${space[3]} center;
  background-size: 1.1em;
  color: ${colors.ink};
  font: inherit;
  font-size: ${fontSizes.md};
  line-height: ${lineHeights.snug};
  outline: none;
  transition:
    border-color ${motion.fast} ${motion.easing},
    box-shadow ${motion.fast} ${motion.easing};

  &::placeholder {
    color: ${colors.inkMuted};
    opacity: 1;
  }
  &${hovered} {
    border-color: ${colors.ink};
  }
  &${focused}, &${focusVisible} {
    border-color: ${colors.ink};
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
  }

  [data-state='success'] & {
    border-color: ${colors.success};
    background-image: ${successIconUrl};
    padding-right: 2.5rem;
  }
  [data-state='danger'] &,
  &[data-invalid] {
    border-color: ${colors.danger};
    background-image: ${dangerIconUrl};
    padding-right: 2.5rem;
  }

  [data-readonly] & {
    background-color: ${colors.surfaceAlt};
  }
  &[data-disabled],
  [data-disabled] & {
    cursor: not-allowed;
    border-color: ${colors.border};
    background-color: ${colors.surfaceAlt};
    color: ${colors.inkMuted};
  }
`;
