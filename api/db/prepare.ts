import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { openDatabase, type DatabaseHandle } from './client';
import { seedCatalogue } from './seed';

/** Opens the database, applies migrations and (once) seeds the demo catalogue. */
export async function prepareDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  if (!config.databaseUrl) mkdirSync(config.pgliteDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: config.databasePoolSize,
  });
  const started = performance.now();
  await database.migrate();
  logger.info(
    { driver: database.driver, ms: Math.round(performance.now() - started) },
    'migrations applied',
  );
  if (config.seedDemoCatalogue) {
    const outcome = await seedCatalogue(database);
    logger.info({ outcome }, 'demo catalogue');
  }
  return database;
}
