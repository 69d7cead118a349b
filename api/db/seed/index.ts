import { eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../client';
import {
  appMeta,
  categories,
  productCategories,
  productImages,
  productSizes,
  products,
  shippingZonePostcodes,
  shippingZones,
} from '../schema';
import { seedCategories, seedProducts, seedZones } from './catalogue';

export const SEED_KEY = 'seed.catalogue';
export const SEED_VERSION = '1';
const SEED_LOCK = 727_002;

/**
 * Loads the demo catalogue once. It is recorded in app_meta, so a restart, a second process or a
 * shop owner who has since deleted demo products never gets it again. All or nothing.
 */
export async function seedCatalogue(handle: DatabaseHandle): Promise<'seeded' | 'already-seeded'> {
  return handle.withLock(SEED_LOCK, () =>
    handle.db.transaction(async (tx) => {
      const done = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
      if (done.length > 0) return 'already-seeded' as const;
      await insertCatalogue(tx as unknown as Database);
      await tx.insert(appMeta).values({ key: SEED_KEY, value: SEED_VERSION });
      return 'seeded' as const;
    }),
  );
}

async function insertCatalogue(db: Database): Promise<void> {
  const insertedCategories = await db
    .insert(categories)
    .values(seedCategories)
    .returning({ id: categories.id, kind: categories.kind, slug: categories.slug });
  const categoryId = (kind: 'coal' | 'product', slug: string): number => {
    const found = insertedCategories.find((c) => c.kind === kind && c.slug === slug);
    if (!found) throw new Error(`Seed refers to unknown ${kind} category ${slug}`);
    return found.id;
  };

  for (const product of seedProducts) {
    const [row] = await db
      .insert(products)
      .values({
        type: product.type,
        title: product.title,
        slug: product.slug,
        description: product.description,
        price: product.price,
        bestSeller: product.bestSeller ?? false,
        purchasable: product.purchasable ?? true,
        ordering: product.ordering,
      })
      .returning({ id: products.id });
    if (!row) throw new Error(`Could not insert ${product.slug}`);
    await db.insert(productSizes).values(
      product.sizes.map((size, ordering) => ({
        productId: row.id,
        title: size.title,
        price: size.price,
        litres: size.litres ?? null,
        kilograms: size.kilograms ?? null,
        ordering,
      })),
    );
    await db
      .insert(productImages)
      .values([{ productId: row.id, url: product.image, size: 'medium', ordering: 0 }]);
    const kind = product.type === 'coal' ? 'coal' : 'product';
    if (product.categories.length > 0) {
      await db.insert(productCategories).values(
        product.categories.map((slug) => ({
          productId: row.id,
          categoryId: categoryId(kind, slug),
        })),
      );
    }
  }

  for (const zone of seedZones) {
    const [row] = await db
      .insert(shippingZones)
      .values({ title: zone.title.toLowerCase(), rate: zone.rate, minimumOrder: zone.minimumOrder })
      .returning({ id: shippingZones.id });
    if (!row) throw new Error(`Could not insert zone ${zone.title}`);
    await db
      .insert(shippingZonePostcodes)
      .values(zone.prefixes.map((prefix) => ({ zoneId: row.id, prefix: prefix.toLowerCase() })));
  }
}
