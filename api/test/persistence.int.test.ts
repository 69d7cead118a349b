import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../db/prepare';
import { products } from '../db/schema';
import type { Config } from '../config';
import { createLogger } from '../logger';
import { createTestDatabase, testConfig, usingPostgres } from './harness';

const logger = createLogger('silent');

/**
 * Opening a PGlite data directory on disk, migrating and seeding it takes about 3 s on an idle
 * machine (measured: 3.5–6.8 s per test idle, as both tests open two databases); a loaded 2-core CI
 * box is several times slower. Hence an explicit, generous timeout per test.
 */
const DISK_DATABASE_TIMEOUT_MS = 60_000;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('data survives a restart', () => {
  it(
    `in ${usingPostgres ? 'PostgreSQL (DATABASE_URL)' : 'the PGlite data directory (DATA_DIR)'}`,
    async () => {
      let config: Config;
      if (usingPostgres) {
        const scratch = await createTestDatabase({ seed: false });
        cleanups.push(() => scratch.close());
        await scratch.handle.close();
        config = testConfig({ DATABASE_URL: scratch.url ?? '' });
      } else {
        const dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-data-'));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        config = testConfig({ DATA_DIR: dataDir });
      }

      const first = await prepareDatabase(config, logger);
      expect(first.driver).toBe(usingPostgres ? 'postgres' : 'pglite');
      await first.db
        .update(products)
        .set({ title: 'Renamed By Staff' })
        .where(eq(products.slug, 'polish-doubles'));
      const countBefore = (await first.db.select().from(products)).length;
      expect(countBefore).toBeGreaterThan(10);
      await first.close();

      const second = await prepareDatabase(config, logger);
      const [row] = await second.db
        .select()
        .from(products)
        .where(eq(products.slug, 'polish-doubles'));
      expect(row?.title).toBe('Renamed By Staff');
      // The seed ran once: a restart neither duplicates nor restores the demo catalogue.
      expect((await second.db.select().from(products)).length).toBe(countBefore);
      await second.close();
    },
    DISK_DATABASE_TIMEOUT_MS,
  );

  it(
    'seeds exactly once even when two starts race',
    async () => {
      const db = await createTestDatabase({ seed: false });
      cleanups.push(() => db.close());
      const { seedCatalogue } = await import('../db/seed');
      const outcomes = await Promise.all([seedCatalogue(db.handle), seedCatalogue(db.handle)]);
      expect(outcomes.sort()).toEqual(['already-seeded', 'seeded']);
      const all = await db.handle.db.select().from(products);
      expect(new Set(all.map((p) => p.slug)).size).toBe(all.length);
    },
    DISK_DATABASE_TIMEOUT_MS,
  );
});
