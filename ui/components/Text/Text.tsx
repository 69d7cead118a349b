import type { HTMLAttributes, ReactNode, Ref } from 'react';
import * as RAC from 'react-aria-components';
import styled from 'styled-components';
import { colors, fontSizes, fontWeights, fonts, lineHeights } from '../../theme/tokens';

export type TextVariant = 'body' | 'small' | 'muted' | 'lead';

export interface TextProps extends HTMLAttributes<HTMLElement> {
  /** `lead` for an intro paragraph, `small` for fine print, `muted` for secondary information. */
  variant?: TextVariant;
  /** The element to render (default `p`). */
  elementType?: 'p' | 'span' | 'div' | 'small' | 'strong';
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}

const TextRoot = styled.p`
  font-family: ${fonts.body};
  font-size: ${fontSizes.md};
  line-height: ${lineHeights.normal};
  color: ${colors.ink};

  &[data-variant='small'] {
    font-size: ${fontSizes.sm};
  }
  &[data-variant='muted'] {
    color: ${colors.inkMuted};
  }
  &[data-variant='lead'] {
    font-size: ${fontSizes.lg};
    line-height: ${lineHeights.snug};
  }
  & strong {
    font-weight: ${fontWeights.bold};
  }
`;

/** Body copy in Open Sans at the 18px base size (SPEC §1). */
export function Text({ variant = 'body', elementType = 'p', children, ...rest }: TextProps) {
  return (
    <TextRoot as={elementType} data-variant={variant} {...rest}>
      {children}
    </TextRoot>
  );
}

export type HeadingLevel = 1 | 2 | 3 | 4;

export interface HeadingProps extends Omit<RAC.HeadingProps, 'level' | 'className'> {
  /** The document outline level: renders `h1`–`h4`. */
  level: HeadingLevel;
  /** The visual size when it must differ from the level (default: same as `level`). */
  size?: HeadingLevel;
  className?: string;
  ref?: Ref<HTMLHeadingElement>;
}

const HeadingRoot = styled(RAC.Heading)`
  margin: 0;
  font-family: ${fonts.heading};
  font-weight: ${fontWeights.bold};
  line-height: ${lineHeights.tight};
  color: ${colors.ink};

  &[data-size='1'] {
    font-size: ${fontSizes.xxl};
  }
  &[data-size='2'] {
    font-size: ${fontSizes.xl};
  }
  &[data-size='3'] {
    font-size: ${fontSizes.lg};
  }
  &[data-size='4'] {
    font-size: ${fontSizes.md};
  }
`;

/**
 * A serif (Merriweather) heading. Built on react-aria's `Heading`, so inside a `Dialog` it can
 * take `slot="title"` and label the dialog.
 */
export function Heading({ level, size = level, ...rest }: HeadingProps) {
  return <HeadingRoot level={level} data-size={size} {...rest} />;
}
