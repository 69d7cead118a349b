import { asc } from 'drizzle-orm';
import type { ProductType } from '../../domain/catalogue';
import type { Database } from '../../db/client';
import {
  categories,
  productCategories,
  productImages,
  productSizes,
  products,
  shippingZonePostcodes,
  shippingZones,
} from '../../db/schema';

export interface CatalogueCategory {
  id: number;
  kind: 'coal' | 'product';
  title: string;
  slug: string;
  ordering: number;
}

export interface CatalogueSize {
  id: number;
  title: string;
  price: number | null;
  /** Litres of oil in one of this size, when known (VAT limits, api/domain/vat.ts). */
  litres: number | null;
  /** Kilograms of solid fuel in one of this size, when known. */
  kilograms: number | null;
  /** When staff last set this size's price (or its product's, which a size without one uses). */
  priceSetAt: Date;
}

export interface CatalogueImage {
  url: string;
  size: string;
}

export interface CatalogueProduct {
  id: number;
  type: ProductType;
  title: string;
  slug: string;
  description: string;
  price: number | null;
  purchasable: boolean;
  bestSeller: boolean;
  ordering: number;
  sizes: CatalogueSize[];
  images: CatalogueImage[];
  categories: CatalogueCategory[];
}

export interface CatalogueZone {
  id: number;
  title: string;
  rate: number;
  minimumOrder: number;
  postcodes: string[];
}

export interface CatalogueSnapshot {
  products: CatalogueProduct[];
  categories: CatalogueCategory[];
  zones: CatalogueZone[];
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * Reads the whole catalogue in a fixed number of queries (no N+1): a fuel merchant's range is a
 * few hundred rows at most, and every list the site shows is a filter of it.
 */
export async function loadCatalogue(db: Database): Promise<CatalogueSnapshot> {
  const [productRows, sizeRows, imageRows, categoryRows, linkRows, zoneRows, postcodeRows] =
    await Promise.all([
      db.select().from(products).orderBy(asc(products.ordering), asc(products.title)),
      db.select().from(productSizes).orderBy(asc(productSizes.ordering), asc(productSizes.id)),
      db.select().from(productImages).orderBy(asc(productImages.ordering), asc(productImages.id)),
      db.select().from(categories).orderBy(asc(categories.ordering), asc(categories.title)),
      db.select().from(productCategories),
      db.select().from(shippingZones).orderBy(asc(shippingZones.title)),
      db.select().from(shippingZonePostcodes),
    ]);

  const categoriesById = new Map(categoryRows.map((c) => [c.id, c]));
  const sizesByProduct = groupBy(sizeRows, (s) => s.productId);
  const imagesByProduct = groupBy(imageRows, (i) => i.productId);
  const linksByProduct = groupBy(linkRows, (l) => l.productId);
  const postcodesByZone = groupBy(postcodeRows, (p) => p.zoneId);

  const catalogueProducts = productRows.map<CatalogueProduct>((p) => ({
    id: p.id,
    type: p.type,
    title: p.title,
    slug: p.slug,
    description: p.description,
    price: p.price,
    purchasable: p.purchasable,
    bestSeller: p.bestSeller,
    ordering: p.ordering,
    sizes: (sizesByProduct.get(p.id) ?? []).map((s) => ({
      id: s.id,
      title: s.title,
      price: s.price,
      litres: s.litres,
      kilograms: s.kilograms,
      priceSetAt: s.priceSetAt,
    })),
    images: (imagesByProduct.get(p.id) ?? []).map((i) => ({ url: i.url, size: i.size })),
    categories: (linksByProduct.get(p.id) ?? [])
      .map((l) => categoriesById.get(l.categoryId))
      .filter((c): c is NonNullable<typeof c> => c !== undefined)
      .sort((a, b) => a.ordering - b.ordering || a.title.localeCompare(b.title)),
  }));

  return {
    products: catalogueProducts,
    categories: categoryRows,
    zones: zoneRows.map((z) => ({
      id: z.id,
      title: z.title,
      rate: z.rate,
      minimumOrder: z.minimumOrder,
      postcodes: (postcodesByZone.get(z.id) ?? [])
        .map((p) => p.prefix)
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    })),
  };
}
