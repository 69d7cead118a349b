import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../../theme/theme';

export interface FormSectionProps {
  /** The group's name: a `legend`, read out with every field in it. */
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** Fields; give one `data-span="full"` to take the whole row from 640px up. */
  children: ReactNode;
  /** Two columns from 640px up (default), or one. */
  columns?: 1 | 2;
  className?: string;
}

const Root = styled.fieldset`
  display: grid;
  gap: ${theme.space[3]} ${theme.space[4]};
  grid-template-columns: minmax(0, 1fr);
  min-width: 0;
  margin: 0;
  padding: 0 0 ${theme.space[5]};
  border: 0;
  border-bottom: 1px solid ${theme.colors.border};

  ${theme.media.sm} {
    &[data-columns='2'] {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    &[data-columns='2'] > [data-span='full'],
    &[data-columns='2'] > legend,
    &[data-columns='2'] > [data-part='description'] {
      grid-column: 1 / -1;
    }
  }

  &:last-of-type {
    border-bottom: 0;
  }
`;

/* A legend does not take part in grid layout: it is floated into the first row instead. */
const Legend = styled.legend`
  float: left;
  width: 100%;
  margin: 0 0 ${theme.space[2]};
  padding: 0;
  font-family: ${theme.fonts.heading};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  line-height: ${theme.lineHeights.tight};
  color: ${theme.colors.ink};

  & + * {
    clear: both;
  }
`;

const Description = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * One group of a long form (contact, delivery address, …): a `fieldset` whose `legend` names the
 * group, with its fields in one or two columns.
 */
export function FormSection({
  title,
  description,
  children,
  columns = 2,
  className,
}: FormSectionProps) {
  return (
    <Root className={className} data-columns={columns}>
      <Legend>{title}</Legend>
      {description ? <Description data-part="description">{description}</Description> : null}
      {children}
    </Root>
  );
}
