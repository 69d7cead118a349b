import type { Ref } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { focusVisible, hovered, pressed } from '../../theme/previewState';
import { colors, fontWeights, motion, radii } from '../../theme/tokens';

export type LinkVariant = 'default' | 'muted' | 'inverse';

export interface LinkProps extends Omit<RAC.LinkProps, 'className'> {
  /**
   * `default` is the red brand link; `muted` is ink-coloured (dense lists such as the footer);
   * `inverse` is for dark surfaces.
   */
  variant?: LinkVariant;
  className?: string;
  ref?: Ref<HTMLAnchorElement>;
}

const LinkRoot = styled(RAC.Link)`
  color: ${colors.link};
  text-decoration: underline;
  text-underline-offset: 0.15em;
  text-decoration-thickness: 1px;
  border-radius: ${radii.sm};
  cursor: pointer;
  outline: none;
  transition: color ${motion.fast} ${motion.easing};

  &${hovered}, &${pressed} {
    color: ${colors.linkHover};
    text-decoration-thickness: 2px;
  }
  &${focusVisible} {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  &[data-current] {
    font-weight: ${fontWeights.bold};
  }

  &[data-variant='muted'] {
    color: ${colors.ink};
  }
  &[data-variant='muted']${hovered}, &[data-variant='muted']${pressed} {
    color: ${colors.link};
  }

  &[data-variant='inverse'] {
    color: ${colors.onSurfaceDark};
  }
  &[data-variant='inverse']${hovered}, &[data-variant='inverse']${pressed} {
    color: ${colors.primary};
  }
  &[data-variant='inverse']${focusVisible} {
    outline-color: ${colors.primary};
  }

  &[data-disabled] {
    cursor: not-allowed;
    color: ${colors.inkMuted};
    text-decoration: none;
  }
`;

/**
 * A red text link. Built on react-aria's `Link`: inside a react-aria `RouterProvider` an `href`
 * navigates through the client-side router; otherwise it is a normal anchor.
 */
export function Link({ variant = 'default', ...rest }: LinkProps) {
  return <LinkRoot data-variant={variant} {...rest} />;
}
