import type { ReactNode } from 'react';
import styled from 'styled-components';
import { latestLondonDate, pencePerLitre } from '../../../api/domain/oilPrice';
import { ProductCard, Text, theme, type ProductCardSize } from '../../../ui';
import type { Product } from '../../features/catalogue';

/**
 * Product listings shared by the catalogue pages and the home page. Kept apart from
 * CataloguePage so that pages listing products without ordering (the home page) do not load the
 * order form's code.
 */
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

/** The first row of cards is above the fold: their images load first (largest paint). */
const PRIORITY_IMAGES = 2;

export function productCardProps(product: Product, index = PRIORITY_IMAGES) {
  const image = product.images[0];
  // The sizes on sale: those with a price of their own or their product's.
  const priced = product.sizes.flatMap((size) => {
    const pence = size.price ?? product.price;
    return pence === null ? [] : [{ size, pence }];
  });
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
    sizes: priced.map(({ size, pence }): ProductCardSize => {
      // Oil is compared by the litre, as the Consumer Council's weekly survey quotes it.
      const perLitre = pencePerLitre(pence, size.litres);
      return {
        id: size.id,
        title: size.title,
        pence,
        unitPrice: perLitre ? `${perLitre} per litre` : undefined,
      };
    }),
    // Oil prices change weekly: the UK day the newest was set tells buyers how fresh they are.
    pricesSetOn:
      product.type === 'oil'
        ? (latestLondonDate(priced.map(({ size }) => size.priceSetAt)) ?? undefined)
        : undefined,
  };
}

export interface ProductListProps {
  products: readonly Product[];
  /** The card's action slot for each product (the compact order form), if any. */
  renderActions?: (product: Product) => ReactNode;
}

export function ProductList({ products, renderActions }: ProductListProps) {
  if (products.length === 0) {
    return <Text>There are no products here at the moment. Please contact our office.</Text>;
  }
  return (
    <ProductGrid>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            {...productCardProps(product, index)}
            headingLevel={2}
            actions={renderActions?.(product)}
          />
        </li>
      ))}
    </ProductGrid>
  );
}
