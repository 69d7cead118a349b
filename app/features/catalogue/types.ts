import type { ProductType } from '../../../api/domain/catalogue';
import type { CoalIcon } from '../../../api/domain/coal';

/** The catalogue as the browser reads it from /api/graphql (prices in whole pence). */
export interface ProductSize {
  id: string;
  title: string;
  price: number | null;
  /** Litres of oil in one of this size; null when it is not sold by the litre. */
  litres: number | null;
  /** When the price was last set (ISO 8601, UTC). */
  priceSetAt: string;
}

export interface ProductImage {
  url: string;
  size: string;
}

export interface Product {
  id: string;
  type: ProductType;
  title: string;
  slug: string;
  description: string;
  price: number | null;
  bestSeller: boolean;
  sizes: ProductSize[];
  images: ProductImage[];
  categories: { id: string; title: string; slug: string }[];
}

export interface CoalCategory {
  id: string;
  title: string;
  slug: string;
  icon: CoalIcon;
  coals: Product[];
}

export interface ShippingZone {
  id: string;
  title: string;
  rate: number;
  minimumOrder: number;
  postcodes: string[];
}

/** SPEC §7: the responses are read as oil, coal, other, woodpellet and shippingzones. */
export interface Catalogue {
  oil: Product[];
  coal: CoalCategory[];
  woodpellet: Product[];
  other: Product[];
  shippingzones: ShippingZone[];
}

export const emptyCatalogue: Catalogue = {
  oil: [],
  coal: [],
  woodpellet: [],
  other: [],
  shippingzones: [],
};
