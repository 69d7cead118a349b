import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { messages } from '../../../api/domain/messages';
import { CoalCategoryIcon, Heading, Link, ProductCard, Text, theme } from '../../../ui';
import type { Product } from '../../features/catalogue';
import type { CataloguePageData } from './definitions';

export const PageSection = styled.section`
  max-width: ${theme.sizes.content};
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]} ${theme.space[7]};
`;

export const ProductGrid = styled.ul`
  list-style: none;
  margin: ${theme.space[5]} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[4]};
  grid-template-columns: 1fr;
  ${theme.media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${theme.media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
  ${theme.media.xl} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const CategoryNav = styled.nav`
  ul {
    list-style: none;
    margin: ${theme.space[4]} 0 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space[2]} ${theme.space[4]};
  }
  a {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[2]};
    min-height: 44px;
  }
`;

const Callout = styled.aside`
  margin-top: ${theme.space[6]};
  padding: ${theme.space[4]} ${theme.space[5]};
  background: ${theme.colors.surfaceAlt};
  border-left: 6px solid ${theme.colors.primary};
`;

/** The first row of cards is above the fold: their images load first (largest paint). */
const PRIORITY_IMAGES = 2;

export function productCardProps(product: Product, index = PRIORITY_IMAGES) {
  const image = product.images[0];
  return {
    title: product.title,
    bestseller: product.bestSeller,
    description: product.description,
    image: image
      ? {
          src: image.url,
          alt: product.title,
          width: 320,
          height: 240,
          priority: index < PRIORITY_IMAGES,
        }
      : undefined,
    sizes: product.sizes
      .map((size) => ({ id: size.id, title: size.title, pence: size.price ?? product.price }))
      .filter((size): size is { id: string; title: string; pence: number } => size.pence !== null),
  };
}

export function ProductList({ products }: { products: readonly Product[] }) {
  if (products.length === 0) {
    return <Text>There are no products here at the moment. Please contact our office.</Text>;
  }
  return (
    <ProductGrid>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard {...productCardProps(product, index)} headingLevel={2} />
        </li>
      ))}
    </ProductGrid>
  );
}

export default function CataloguePage() {
  const page = useLoaderData() as CataloguePageData;
  return (
    <PageSection aria-labelledby="page-heading">
      <Heading level={1} id="page-heading">
        {page.heading}
      </Heading>
      <Text variant="lead">{page.intro}</Text>
      {page.categories.length > 0 ? (
        <CategoryNav aria-label="Coal categories">
          <ul>
            {page.categories.map((category) => (
              <li key={category.slug}>
                <Link href={category.href} aria-current={category.current ? 'page' : undefined}>
                  <CoalCategoryIcon icon={category.icon} />
                  {category.title}
                </Link>
              </li>
            ))}
          </ul>
        </CategoryNav>
      ) : null}
      <ProductList products={page.products} />
      {page.audience === 'wholesale' ? (
        <Callout aria-label="Wholesale enquiries">
          <Heading level={2} size={3}>
            Trade prices and larger loads
          </Heading>
          <Text>
            {page.orderOnline
              ? 'Prices shown are for single deliveries. For account prices, pallets and regular loads, '
              : 'For prices and delivery to the Republic of Ireland, '}
            <Link href="?wsm">send us a wholesale enquiry</Link>.
          </Text>
        </Callout>
      ) : (
        <Text variant="small">{messages.footerNote}</Text>
      )}
    </PageSection>
  );
}
