import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { site, telHref } from '../../api/domain/site';
import { messages } from '../../api/domain/messages';
import { Heading, Link, Text, theme } from '../../ui';
import type { ContentDoc } from '../content/markdown';
import { WholesaleEnquiryForm } from '../features/enquiry';
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

const Enquiry = styled.section`
  margin-top: ${theme.space[6]};
  & > h2 {
    margin-bottom: ${theme.space[4]};
  }
`;

/**
 * An id from an office's name ("Head Office" → "office-head-office"): lower case, letters and
 * digits only, joined by hyphens, so that it has no spaces and `aria-labelledby` finds it.
 */
function officeHeadingId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `office-${slug}`;
}

export default function ContactPage() {
  const doc = useLoaderData() as ContentDoc;
  return (
    <Article>
      <Heading level={1}>{doc.heading}</Heading>
      <ContentBody doc={doc} />
      <Offices>
        {site.offices.map((office) => (
          <section key={office.name} aria-labelledby={officeHeadingId(office.name)}>
            <Heading level={2} size={3} id={officeHeadingId(office.name)}>
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
      <Enquiry aria-labelledby="wholesale-enquiry">
        <Heading level={2} size={3} id="wholesale-enquiry">
          {messages.enquiry.contactHeading}
        </Heading>
        <WholesaleEnquiryForm />
      </Enquiry>
    </Article>
  );
}
