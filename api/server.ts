import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { prepareDatabase } from './db/prepare';
import { demoVatNumber, site } from './domain/site';
import { createLogger } from './logger';
import { createMailer } from './services/mail/mailer';
import { createMailWorker } from './services/mail/worker';
import { developmentRuntime, productionRuntime, type SsrRuntime } from './ssr/runtime';

async function main(): Promise<void> {
  const bootStarted = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `Fuelyard cannot start. ${error.message}\nSee the configuration table in README.md.\n`,
      );
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (
    config.env === 'production' &&
    !config.seedDemoCatalogue &&
    site.vatNumber === demoVatNumber
  ) {
    // A real shop (no demo catalogue) still showing the demo company's details on every page.
    logger.warn(
      `api/domain/site.ts still holds the demo company details (VAT number ${demoVatNumber}): edit them and rebuild`,
    );
  }
  const database = await prepareDatabase(config, logger);
  const ssr: SsrRuntime =
    config.env === 'development' ? await developmentRuntime() : await productionRuntime();
  // The outbox worker starts once the migrations have run; mail queued while the server was
  // down goes out now.
  const mailLogger = logger.child({ component: 'mail' });
  const mailer = createMailer(config.mail, mailLogger);
  const mailWorker = createMailWorker({
    db: database.db,
    mailer,
    logger: mailLogger,
    pollIntervalMs: config.mail.pollIntervalMs,
    leaseMs: config.mail.leaseMs,
    retryBaseMs: config.mail.retryBaseMs,
    retryMaxMs: config.mail.retryMaxMs,
  });
  mailWorker.start();
  mailLogger.info(
    { via: mailer.kind, ...(mailer.kind === 'file' ? { dir: config.mail.dir } : {}) },
    'mail worker started',
  );
  const app = createApp({ config, database, logger, ssr, mailWorker });

  const server: Server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    {
      port,
      env: config.env,
      driver: database.driver,
      bootMs: Math.round(performance.now() - bootStarted),
    },
    `Fuelyard is listening on http://localhost:${port}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // No new sends from here; the one in flight (if any) finishes before the database closes.
    const mailStopped = mailWorker.stop();
    server.close(async () => {
      try {
        await ssr.close?.();
        await mailStopped;
        mailer.close();
        await database.close();
        logger.info('stopped');
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Fuelyard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
