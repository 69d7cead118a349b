import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { dataDirError, isDataDirProblem } from '../startupError';
import { openDatabase, type DatabaseHandle } from './client';
import { seedCatalogue } from './seed';

/**
 * Opens the database, applies migrations and (once) seeds the demo catalogue. With PGlite this
 * process takes DATA_DIR for itself first (a second process gets a StartupError).
 */
export async function prepareDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  if (!config.databaseUrl) {
    try {
      mkdirSync(config.pgliteDir, { recursive: true });
    } catch (error) {
      throw isDataDirProblem(error) ? dataDirError(error, config.dataDir) : error;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    lockDir: config.dataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
  });
  try {
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
  } catch (error) {
    // Closing releases DATA_DIR's lock as well.
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
