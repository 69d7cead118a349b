import type { ReactElement } from 'react';
import type { Product } from '../../features/catalogue';
import { Deferred } from '../../features/hydration';
import { ProductOrderForm } from '../../features/order-form';
import { orderFormIslandKind } from '../islandKinds';
import type { CataloguePageData } from './definitions';

/*
 * A product card's compact order form (SPEC §2). On a catalogue page rendered as islands
 * (DESIGN.md, Rendering) each is an island: a React root of its own, hydrated apart from the page
 * (app/client/contentIslands.tsx) and sharing the header's session and cart. Either way it
 * hydrates when it comes near the screen or is touched, not merely because the browser is idle:
 * the order forms are most of a catalogue page's script work (measured with Lighthouse, they were
 * what kept its blocking time above the page's no-script baseline), and a visitor reaches one by
 * scrolling or touching it. Until then it is the server's form, which posts to the page.
 */

/** The key of a product's order form among the page's islands. */
export const orderFormIslandKey = (product: Pick<Product, 'id'>) => `order-form:${product.id}`;

export interface OrderFormIslandProps {
  product: Product;
}

export function CardOrderForm({ product }: OrderFormIslandProps) {
  return (
    <Deferred idle={false}>
      <ProductOrderForm product={product} />
    </Deferred>
  );
}

/** The order-form islands of a catalogue page: one per product, where the page sells online. */
export function orderFormIslands(
  page: CataloguePageData,
): { key: string; kind: string; props: OrderFormIslandProps }[] {
  if (!page.orderOnline) return [];
  return page.products.map((product) => ({
    key: orderFormIslandKey(product),
    kind: orderFormIslandKind,
    props: { product },
  }));
}

/** Reads an island's props back from the page (`data-props`); null if they are not a product's. */
function readOrderFormIslandProps(value: unknown): OrderFormIslandProps | null {
  if (typeof value !== 'object' || value === null || !('product' in value)) return null;
  const { product } = value as { product: unknown };
  if (typeof product !== 'object' || product === null) return null;
  const { id, type, sizes } = product as Partial<Product>;
  if (typeof id !== 'string' || typeof type !== 'string' || !Array.isArray(sizes)) return null;
  return { product: product as Product };
}

/** The island, from its props read back from the page; null if they are not a product's. */
export function renderIsland(props: unknown): ReactElement | null {
  const read = readOrderFormIslandProps(props);
  return read === null ? null : <CardOrderForm product={read.product} />;
}
