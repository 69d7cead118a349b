import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { Heading, theme } from '../../ui';
import type { ContentDoc } from '../content/markdown';
import { Static } from '../features/hydration';

export const Article = styled.article`
  max-width: 48rem;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]} ${theme.space[7]};
  h2 {
    margin-top: ${theme.space[6]};
  }
  li {
    margin-bottom: ${theme.space[2]};
  }
`;

/** The body of a content page. The HTML is rendered at build time from app/content/pages. */
export function ContentBody({ doc }: { doc: ContentDoc }) {
  return <div dangerouslySetInnerHTML={{ __html: doc.html }} />;
}

export default function InfoPage() {
  const doc = useLoaderData() as ContentDoc;
  return (
    // Text only: the server's HTML, never hydrated.
    <Static as={Article}>
      <Heading level={1}>{doc.heading}</Heading>
      <ContentBody doc={doc} />
    </Static>
  );
}
