import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, productSizes } from '../db/schema';
import { CATALOGUE_VERSION_KEY, createCatalogueService } from '../services/catalogue/service';
import { createTestDatabase, usingPostgres, type TestDatabase } from './harness';

/**
 * The catalogue version every page-cache key and catalogue memo depends on. On PGlite the
 * database announces each new version on commit (migration 0006) and the process keeps it
 * instead of reading it per request; on PostgreSQL (shared by processes) it is read each time.
 * Either way, `version()` must equal the row in app_meta after every committed write.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function storedVersion(): Promise<string> {
  const [row] = await t.handle.db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, CATALOGUE_VERSION_KEY));
  return row?.value ?? '0';
}

const bumpPrices = () =>
  t.handle.db.update(productSizes).set({ price: sql`${productSizes.price} + 1` });

describe('the catalogue version', () => {
  it('follows every committed write at once, and not a rolled-back one', async () => {
    const catalogue = createCatalogueService(t.handle.db, {
      uploadsBaseUrl: '/uploads',
      versionFeed: t.handle.catalogueVersion,
    });
    const before = await catalogue.version();
    expect(before).toBe(await storedVersion());

    await bumpPrices();
    const afterWrite = await catalogue.version();
    expect(Number(afterWrite)).toBe(Number(before) + 1);
    expect(afterWrite).toBe(await storedVersion());

    // Inside a transaction the bump is not yet committed: other readers still see the old one.
    await t.handle.db
      .transaction(async (tx) => {
        await tx.update(productSizes).set({ price: sql`${productSizes.price} + 1` });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await catalogue.version()).toBe(afterWrite);
    expect(await storedVersion()).toBe(afterWrite);

    await t.handle.db.transaction(async (tx) => {
      await tx.update(productSizes).set({ price: sql`${productSizes.price} + 1` });
      await tx.update(productSizes).set({ price: sql`${productSizes.price} - 1` });
    });
    const afterTransaction = await catalogue.version();
    expect(Number(afterTransaction)).toBe(Number(afterWrite) + 2);
    expect(afterTransaction).toBe(await storedVersion());
  });

  it.runIf(!usingPostgres)(
    'is announced by PGlite, so a known version costs no query',
    async () => {
      const feed = t.handle.catalogueVersion;
      expect(feed).toBeDefined();
      await bumpPrices();
      const stored = await storedVersion();
      expect(feed?.latest()).toBe(stored);
    },
  );
});
