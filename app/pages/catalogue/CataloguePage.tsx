import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { CoalCategoryIcon, Heading, Link, Text, theme } from '../../../ui';
import type { Product } from '../../features/catalogue';
import { WholesaleEnquiryLink } from '../../features/enquiry';
import { IslandSlot } from '../../features/layout';
import type { CataloguePageData } from './definitions';
import { CardOrderForm, orderFormIslandKey } from './orderFormIsland';
import { PageSection, ProductList } from './ProductList';

/**
 * The compact order form on each card (SPEC §2), where the page sells online
 * (orderFormIsland.tsx): an island of its own when the server renders the page as islands.
 */
const orderForm = (product: Product) => (
  <IslandSlot islandKey={orderFormIslandKey(product)}>
    <CardOrderForm product={product} />
  </IslandSlot>
);

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
      <ProductList
        products={page.products}
        renderActions={page.orderOnline ? orderForm : undefined}
      />
      {page.audience === 'wholesale' ? (
        <Callout aria-label="Wholesale enquiries">
          <Heading level={2} size={3}>
            Trade prices and larger loads
          </Heading>
          <Text>
            {page.orderOnline
              ? 'Prices shown are our online prices for single deliveries and include VAT. Trade prices are quoted without VAT: for them, an account, pallets and regular loads, '
              : 'For prices and delivery to the Republic of Ireland, '}
            <WholesaleEnquiryLink>send us a wholesale enquiry</WholesaleEnquiryLink>.
          </Text>
        </Callout>
      ) : null}
    </PageSection>
  );
}
