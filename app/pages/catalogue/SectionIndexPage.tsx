import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { Heading, Link, Text, theme } from '../../../ui';
import type { SectionIndexData } from './definitions';
import { PageSection } from './ProductList';

const Links = styled.ul`
  list-style: none;
  margin: ${theme.space[5]} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[4]};
  ${theme.media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
  li {
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    padding: ${theme.space[4]};
  }
`;

export default function SectionIndexPage() {
  const page = useLoaderData() as SectionIndexData;
  return (
    <PageSection aria-labelledby="page-heading">
      <Heading level={1} id="page-heading">
        {page.heading}
      </Heading>
      <Text variant="lead">{page.intro}</Text>
      <Links>
        {page.links.map((link) => (
          <li key={link.href}>
            <Heading level={2} size={3}>
              <Link href={link.href}>{link.label}</Link>
            </Heading>
            <Text variant="muted">{link.description}</Text>
          </li>
        ))}
      </Links>
    </PageSection>
  );
}
