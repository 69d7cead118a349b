import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { site, telHref } from '../../api/domain/site';
import { Heading, Link, Text, theme } from '../../ui';
import type { ContentDoc } from '../content/markdown';
import { Article, ContentBody } from './InfoPage';

const Offices = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  margin: ${theme.space[5]} 0;
  ${theme.media.sm} {
    grid-template-columns: 1fr 1fr;
  }
  address {
    font-style: normal;
  }
`;

export default function ContactPage() {
  const doc = useLoaderData() as ContentDoc;
  return (
    <Article>
      <Heading level={1}>{doc.heading}</Heading>
      <ContentBody doc={doc} />
      <Offices>
        {site.offices.map((office) => (
          <section key={office.name} aria-labelledby={`office-${office.name}`}>
            <Heading level={2} size={3} id={`office-${office.name}`}>
              {office.name}
            </Heading>
            <address>
              {office.addressLines.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
              <Link href={telHref(office.phone)}>{office.phone}</Link>
            </address>
          </section>
        ))}
      </Offices>
      <Text>
        E-mail: <Link href={`mailto:${site.email}`}>{site.email}</Link>
      </Text>
    </Article>
  );
}
