import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Heading, Text, theme } from '../../../ui';

const Section = styled.div`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]} ${theme.space[7]};
  display: grid;
  gap: ${theme.space[4]};
`;

/** The frame of the account pages: the heading, an introduction and the page's content. */
export function AccountPageFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Section>
      <Heading level={1} tabIndex={-1}>
        {title}
      </Heading>
      {intro ? <Text>{intro}</Text> : null}
      {children}
    </Section>
  );
}
