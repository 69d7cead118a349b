import { useLoaderData, useRouteLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { Heading, Link, Text, theme } from '../../ui';
import { allProducts, emptyCatalogue, type Catalogue } from '../features/catalogue';
import { Static } from '../features/hydration';
import { sideNavGroups, sideNavInfoLinks } from '../features/navigation';
import type { ContentDoc } from '../content/markdown';
import { ContentBody } from './InfoPage';
import { PageSection, ProductList } from './catalogue/ProductList';

const Hero = styled.section`
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  padding: ${theme.space[7]} ${theme.space[4]};
  text-align: center;
  a {
    color: ${theme.colors.onPrimary};
  }
  & > div {
    max-width: 48rem;
    margin: 0 auto;
  }
`;

const Groups = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  margin-top: ${theme.space[5]};
  ${theme.media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${theme.media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    margin: ${theme.space[2]} 0;
  }
`;

export default function HomePage() {
  const doc = useLoaderData() as ContentDoc;
  const catalogue =
    (useRouteLoaderData('root') as { catalogue?: Catalogue } | undefined)?.catalogue ??
    emptyCatalogue;
  const bestSellers = allProducts(catalogue).filter((p) => p.bestSeller);
  const groups = sideNavGroups(catalogue.coal);
  return (
    <>
      {/* Static sections: the server's HTML, never hydrated (nothing in them needs script). */}
      <Static as={Hero} aria-labelledby="home-heading">
        <div>
          <Heading level={1} id="home-heading">
            {doc.heading}
          </Heading>
          <ContentBody doc={doc} />
        </div>
      </Static>
      <Static as={PageSection} aria-labelledby="best-sellers-heading">
        <Heading level={2} id="best-sellers-heading">
          Our best sellers
        </Heading>
        <ProductList products={bestSellers} />
      </Static>
      <Static as={PageSection} aria-labelledby="browse-heading">
        <Heading level={2} id="browse-heading">
          Browse our fuels
        </Heading>
        <Groups>
          {groups.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <Heading level={3}>{group.title}</Heading>
              <ul>
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </Groups>
        <Text>
          {sideNavInfoLinks.map((link, index) => (
            <span key={link.href}>
              {index > 0 ? ' · ' : null}
              <Link href={link.href}>{link.label}</Link>
            </span>
          ))}
        </Text>
      </Static>
    </>
  );
}
