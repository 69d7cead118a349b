import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, countDistinct, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/failures';
import {
  categories,
  deliveryBookings,
  orders,
  productImages,
  productSizes,
  products,
  shippingZonePostcodes,
  shippingZones,
} from '../../db/schema';
import type { ProductForm, SizeForm, ZoneForm } from '../../domain/admin';
import type { AdminCategory, AdminOilPrice, AdminProduct, AdminZone } from '../../domain/adminApi';
import { deliveryDayTexts } from '../../domain/adminDeliveryDays';
import { coalIconForSlug } from '../../domain/coal';
import { ConflictError, NotFoundError } from '../../errors';
import { audit, written, type Actor, type Tx } from './audit';

/**
 * The back office's catalogue: products, sizes, images, categories and delivery zones. Every
 * write is one transaction with its audit row; the catalogue tables' triggers bump the catalogue
 * version in that same transaction (migration 0001), so every process and page cache serves the
 * change on its next request. Orders are never touched: they keep their own priced snapshot.
 */

const productNotFound = 'No such product.';

async function productOf(db: Database | Tx, id: number): Promise<AdminProduct | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  const sizes = await db
    .select()
    .from(productSizes)
    .where(eq(productSizes.productId, id))
    .orderBy(asc(productSizes.ordering), asc(productSizes.id));
  const images = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.ordering), asc(productImages.id));
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    slug: row.slug,
    description: row.description,
    bestSeller: row.bestSeller,
    visible: row.purchasable,
    price: row.price,
    sizes: sizes.map((s) => ({
      id: s.id,
      title: s.title,
      price: s.price,
      litres: s.litres,
      kilograms: s.kilograms,
      ordering: s.ordering,
    })),
    images: images.map((i) => ({ id: i.id, url: i.url, size: i.size })),
  };
}

async function requireProduct(db: Database | Tx, id: number): Promise<AdminProduct> {
  const product = await productOf(db, id);
  if (!product) throw new NotFoundError(productNotFound);
  return product;
}

/** The product columns a form sets (`visible` is the shop's `purchasable`). */
function productColumns(form: Partial<ProductForm>) {
  return {
    ...(form.title !== undefined ? { title: form.title } : {}),
    ...(form.slug !== undefined ? { slug: form.slug } : {}),
    ...(form.description !== undefined ? { description: form.description } : {}),
    ...(form.type !== undefined ? { type: form.type } : {}),
    ...(form.bestSeller !== undefined ? { bestSeller: form.bestSeller } : {}),
    ...(form.visible !== undefined ? { purchasable: form.visible } : {}),
    ...(form.price !== undefined ? { price: form.price } : {}),
  };
}

function slugTaken(): ConflictError {
  const message = 'Another product already uses this slug.';
  return new ConflictError(message, {
    errors: [message],
    extra: { fieldErrors: { slug: message } },
  });
}

/** Image types the upload takes, by their first bytes (never by the name or the header alone). */
const imageSignatures: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    ext: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type of some bytes, or null when they are not a JPEG, PNG or WebP image. */
export function sniffImage(bytes: Buffer): { type: string; ext: string } | null {
  const found = imageSignatures.find((s) => bytes.length >= 12 && s.test(bytes));
  return found ? { type: found.type, ext: found.ext } : null;
}

/** Where uploaded images are kept, and the URL path they are served under. */
export const uploadedImagesPrefix = 'admin/';

/** A category as the back office shows it, with the icon the shop shows for it. */
function adminCategoryOf(row: typeof categories.$inferSelect): AdminCategory {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    slug: row.slug,
    icon: row.kind === 'coal' ? coalIconForSlug(row.slug) : '',
    ordering: row.ordering,
  };
}

export function adminCatalogue(db: Database, options: { uploadsDir: string }) {
  async function write<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(run);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }

  async function sizeOwner(tx: Tx, sizeId: number) {
    const [size] = await tx.select().from(productSizes).where(eq(productSizes.id, sizeId));
    if (!size) throw new NotFoundError('No such size.');
    return size;
  }

  return {
    async products(): Promise<AdminProduct[]> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .orderBy(asc(products.type), asc(products.ordering), asc(products.id))
        .limit(1000);
      const out: AdminProduct[] = [];
      for (const { id } of rows) {
        const product = await productOf(db, id);
        if (product) out.push(product);
      }
      return out;
    },

    product: (id: number) => requireProduct(db, id),

    async createProduct(actor: Actor, form: ProductForm): Promise<AdminProduct> {
      return write(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({ ...productColumns(form), title: form.title, slug: form.slug, type: form.type })
          .returning({ id: products.id });
        const product = await requireProduct(tx, written(row).id);
        await audit(tx, actor, 'product', product.id, 'create', null, product);
        return product;
      });
    },

    async updateProduct(
      actor: Actor,
      id: number,
      form: Partial<ProductForm>,
    ): Promise<AdminProduct> {
      return write(async (tx) => {
        const before = await requireProduct(tx, id);
        const columns = productColumns(form);
        if (Object.keys(columns).length > 0) {
          await tx
            .update(products)
            .set({ ...columns, updatedAt: new Date() })
            .where(eq(products.id, id));
        }
        if (form.price !== undefined && form.price !== before.price) {
          // Sizes without a price of their own sell at the product's: theirs changed with it.
          await tx
            .update(productSizes)
            .set({ priceSetAt: new Date() })
            .where(and(eq(productSizes.productId, id), isNull(productSizes.price)));
        }
        const after = await requireProduct(tx, id);
        await audit(tx, actor, 'product', id, 'update', before, after);
        return after;
      });
    },

    async addSize(actor: Actor, productId: number, form: SizeForm): Promise<AdminProduct> {
      return write(async (tx) => {
        const before = await requireProduct(tx, productId);
        const ordering = Math.max(0, ...before.sizes.map((s) => s.ordering + 1));
        const [row] = await tx
          .insert(productSizes)
          .values({ productId, ...form, ordering, priceSetAt: new Date() })
          .returning();
        await audit(tx, actor, 'size', written(row).id, 'create', null, row);
        return requireProduct(tx, productId);
      });
    },

    async updateSize(actor: Actor, sizeId: number, form: Partial<SizeForm>): Promise<AdminProduct> {
      return write(async (tx) => {
        const before = await sizeOwner(tx, sizeId);
        // Saving the form with the same price (a title fixed, say) keeps the date it was set.
        const repriced = form.price !== undefined && form.price !== before.price;
        const [after] = await tx
          .update(productSizes)
          .set({ ...form, ...(repriced ? { priceSetAt: new Date() } : {}) })
          .where(eq(productSizes.id, sizeId))
          .returning();
        await audit(tx, actor, 'size', sizeId, 'update', before, after);
        return requireProduct(tx, before.productId);
      });
    },

    async deleteSize(actor: Actor, sizeId: number): Promise<AdminProduct> {
      return write(async (tx) => {
        const before = await sizeOwner(tx, sizeId);
        await tx.delete(productSizes).where(eq(productSizes.id, sizeId));
        await audit(tx, actor, 'size', sizeId, 'delete', before, null);
        return requireProduct(tx, before.productId);
      });
    },

    /** Stores a checked image (DATA_DIR/uploads/admin/<sha256>.<ext>) and lists it on the product. */
    async addImage(
      actor: Actor,
      productId: number,
      bytes: Buffer,
      image: { ext: string },
    ): Promise<AdminProduct> {
      await requireProduct(db, productId);
      const name = `${createHash('sha256').update(bytes).digest('hex')}.${image.ext}`;
      const dir = join(options.uploadsDir, uploadedImagesPrefix);
      await mkdir(dir, { recursive: true });
      // Written under a temporary name, then renamed: a reader never sees half a file.
      const temporary = join(dir, `.${name}.${process.pid}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(dir, name));
      const url = `/api/uploads/${uploadedImagesPrefix}${name}`;
      return write(async (tx) => {
        const before = await requireProduct(tx, productId);
        const ordering = Math.max(0, ...before.images.map((_, i) => i + 1));
        const [row] = await tx
          .insert(productImages)
          .values({ productId, url, size: 'medium', ordering })
          .returning();
        await audit(tx, actor, 'image', written(row).id, 'create', null, row);
        return requireProduct(tx, productId);
      });
    },

    async deleteImage(actor: Actor, imageId: number): Promise<AdminProduct> {
      return write(async (tx) => {
        const [before] = await tx.select().from(productImages).where(eq(productImages.id, imageId));
        if (!before) throw new NotFoundError('No such image.');
        await tx.delete(productImages).where(eq(productImages.id, imageId));
        await audit(tx, actor, 'image', imageId, 'delete', before, null);
        return requireProduct(tx, before.productId);
      });
    },

    async oilPrices(dbOrTx: Database | Tx = db): Promise<AdminOilPrice[]> {
      const rows = await dbOrTx
        .select({ size: productSizes, product: products })
        .from(productSizes)
        .innerJoin(products, eq(products.id, productSizes.productId))
        .where(eq(products.type, 'oil'))
        .orderBy(
          asc(products.ordering),
          asc(products.id),
          asc(productSizes.ordering),
          asc(productSizes.id),
        )
        .limit(500);
      return rows.map(({ size, product }) => ({
        sizeId: size.id,
        productId: product.id,
        productTitle: product.title,
        sizeTitle: size.title,
        litres: size.litres,
        price: size.price ?? product.price,
        priceSetAt: size.priceSetAt.toISOString(),
      }));
    },

    /** Sets many oil sizes' prices in one transaction (the weekly price update). */
    async updateOilPrices(
      actor: Actor,
      prices: readonly { sizeId: number; price: number }[],
    ): Promise<AdminOilPrice[]> {
      return write(async (tx) => {
        const before = await this.oilPrices(tx);
        const known = new Map(before.map((p) => [p.sizeId, p]));
        const unknown = prices.filter((p) => !known.has(p.sizeId));
        if (unknown.length > 0) throw new NotFoundError('No such oil size.');
        for (const { sizeId, price } of prices) {
          // An unchanged price keeps the date it was set: shoppers read it as the price's age.
          if (known.get(sizeId)?.price === price) continue;
          await tx
            .update(productSizes)
            .set({ price, priceSetAt: new Date() })
            .where(eq(productSizes.id, sizeId));
          await audit(tx, actor, 'size', sizeId, 'price', known.get(sizeId), {
            ...known.get(sizeId),
            price,
          });
        }
        return this.oilPrices(tx);
      });
    },

    async categories(): Promise<AdminCategory[]> {
      const rows = await db
        .select()
        .from(categories)
        .orderBy(asc(categories.kind), asc(categories.ordering), asc(categories.id))
        .limit(500);
      return rows.map(adminCategoryOf);
    },

    async updateCategory(
      actor: Actor,
      id: number,
      form: { title?: string },
    ): Promise<AdminCategory> {
      return write(async (tx) => {
        const [before] = await tx.select().from(categories).where(eq(categories.id, id));
        if (!before) throw new NotFoundError('No such category.');
        const [after] = await tx
          .update(categories)
          .set(form)
          .where(eq(categories.id, id))
          .returning();
        await audit(tx, actor, 'category', id, 'update', before, after);
        return adminCategoryOf(written(after));
      });
    },

    async zones(dbOrTx: Database | Tx = db): Promise<AdminZone[]> {
      const zones = await dbOrTx
        .select()
        .from(shippingZones)
        .orderBy(asc(shippingZones.id))
        .limit(500);
      const codes = zones.length
        ? await dbOrTx
            .select()
            .from(shippingZonePostcodes)
            .where(
              inArray(
                shippingZonePostcodes.zoneId,
                zones.map((z) => z.id),
              ),
            )
            .orderBy(asc(shippingZonePostcodes.prefix))
        : [];
      return zones.map((z) => ({
        id: z.id,
        title: z.title,
        rate: z.rate,
        minimumOrder: z.minimumOrder,
        postcodes: codes.filter((c) => c.zoneId === z.id).map((c) => c.prefix),
      }));
    },

    async saveZone(actor: Actor, id: number | null, form: ZoneForm): Promise<AdminZone> {
      try {
        return await db.transaction(async (tx) => {
          const before = id === null ? null : (await this.zones(tx)).find((z) => z.id === id);
          if (id !== null && !before) throw new NotFoundError('No such zone.');
          const values = {
            title: form.title.toLowerCase(),
            rate: form.rate,
            minimumOrder: form.minimumOrder,
          };
          const zoneId =
            id === null
              ? written(
                  (
                    await tx
                      .insert(shippingZones)
                      .values(values)
                      .returning({ id: shippingZones.id })
                  )[0],
                ).id
              : id;
          if (id !== null)
            await tx.update(shippingZones).set(values).where(eq(shippingZones.id, id));
          await tx.delete(shippingZonePostcodes).where(eq(shippingZonePostcodes.zoneId, zoneId));
          if (form.postcodes.length > 0) {
            await tx
              .insert(shippingZonePostcodes)
              .values(form.postcodes.map((prefix) => ({ zoneId, prefix })));
          }
          const after = written((await this.zones(tx)).find((z) => z.id === zoneId));
          await audit(
            tx,
            actor,
            'zone',
            zoneId,
            id === null ? 'create' : 'update',
            before ?? null,
            after,
          );
          return after;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const message = 'Another zone already has this title.';
        throw new ConflictError(message, {
          errors: [message],
          extra: { fieldErrors: { title: message } },
        });
      }
    },

    /**
     * Deletes a zone, its postcodes, calendar and days. Refused (409) while orders not yet
     * delivered hold delivery room in it; the bookings left (given back, or of delivered orders)
     * go with its days, and the orders keep their delivery day.
     */
    async deleteZone(actor: Actor, id: number): Promise<void> {
      const refused = (count: number | null) => {
        const message = deliveryDayTexts.zoneHasBookings(count);
        return new ConflictError(message, { errors: [message] });
      };
      try {
        await db.transaction(async (tx) => {
          // Locked: no day of the zone is made (checkout, the back office) while it goes.
          const [locked] = await tx
            .select({ id: shippingZones.id })
            .from(shippingZones)
            .where(eq(shippingZones.id, id))
            .for('update');
          const before = locked ? (await this.zones(tx)).find((z) => z.id === id) : undefined;
          if (!before) throw new NotFoundError('No such zone.');
          const [held] = await tx
            .select({ n: countDistinct(deliveryBookings.orderId) })
            .from(deliveryBookings)
            .innerJoin(orders, eq(orders.id, deliveryBookings.orderId))
            .where(
              and(
                eq(deliveryBookings.zoneId, id),
                isNull(deliveryBookings.releasedAt),
                ne(orders.status, 'delivered'),
              ),
            );
          if ((held?.n ?? 0) > 0) throw refused(held?.n ?? null);
          const removed = await tx
            .delete(deliveryBookings)
            .where(eq(deliveryBookings.zoneId, id))
            .returning({ orderId: deliveryBookings.orderId });
          await tx.delete(shippingZones).where(and(eq(shippingZones.id, id)));
          await audit(
            tx,
            actor,
            'zone',
            id,
            'delete',
            { ...before, deliveryBookingsRemoved: removed.length },
            null,
          );
        });
      } catch (error) {
        // An order booked into the zone while it was being deleted.
        if (isForeignKeyViolation(error)) throw refused(null);
        throw error;
      }
    },
  };
}

export type AdminCatalogue = ReturnType<typeof adminCatalogue>;
