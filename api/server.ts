import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { prepareDatabase } from './db/prepare';
import { demoVatNumber, site } from './domain/site';
import { drainConnections } from './httpDrain';
import { createHttpServer } from './httpServer';
import { createLogger } from './logger';
import { createAuthService } from './services/auth/service';
import { createCartSweeper } from './services/cart/sweep';
import { createPayments } from './services/payments';
import { stripeKeyMode } from './services/payments/stripe/provider';
import { createMailer } from './services/mail/mailer';
import { createMailWorker } from './services/mail/worker';
import { createPeriodicJob } from './services/periodic';
import { developmentRuntime, productionRuntime, type SsrRuntime } from './ssr/runtime';
import { listenError, StartupError, startupFailureLines } from './startupError';

async function main(): Promise<void> {
  const bootStarted = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new StartupError(
        `Invalid configuration: ${error.problems.join('; ')}. See the configuration table in README.md.`,
      );
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
  // Carts untouched for longer than the cookie's life are deleted, hourly, by every process.
  const cartSweeper = createCartSweeper({
    db: database.db,
    logger: logger.child({ component: 'carts' }),
  });
  cartSweeper.start();
  // Expired sessions and used or expired password-reset tokens are deleted hourly.
  const auth = createAuthService({ db: database.db, config, site });
  const authSweeper = createPeriodicJob({
    intervalMs: 3_600_000,
    firstDelayMs: 90_000,
    work: () => auth.sweep(),
    failed: (error) => {
      logger.error({ err: error }, 'sweeping expired sessions failed');
      return 0;
    },
  });
  authSweeper.start();
  // Unpaid orders past PAYMENT_SESSION_TTL_MINUTES are reconciled with the provider, then expired.
  const payments = createPayments({ config, db: database.db, logger, mailWorker });
  const paymentSweeper = payments.createSweeper();
  paymentSweeper.start();
  // Readiness answers 503 from the moment a stop signal arrives (see shutdown below).
  const app = createApp({
    config,
    database,
    logger,
    ssr,
    mailWorker,
    payments,
    draining: () => drain.draining(),
  });

  // Slow clients are cut off after HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS.
  const server = createHttpServer(app.callback(), config.http);
  const drain = drainConnections(server);
  await listen(server, config.host, config.port);
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
  // Said once the server is up (a start that fails prints only its one line).
  if (payments.testMode) {
    logger.warn('PAYMENT_PROVIDER=test: the built-in test payment page takes no money');
  }
  const worldpay = config.payments.worldpay;
  if (worldpay) {
    // Which Worldpay environment takes the payments (never the credentials).
    const live = new URL(worldpay.apiUrl).hostname === 'access.worldpay.com';
    logger.info(
      { apiUrl: worldpay.apiUrl, entity: worldpay.entity, live },
      live
        ? 'PAYMENT_PROVIDER=worldpay: live payments through Access Worldpay'
        : 'PAYMENT_PROVIDER=worldpay: WORLDPAY_API_URL is not the live Access Worldpay (the try environment, or a proxy)',
    );
  }
  const stripe = config.payments.stripe;
  if (stripe) {
    // Whether the key takes real money (the key's prefix says; never the key itself).
    const mode = stripeKeyMode(stripe.secretKey);
    logger.info(
      { mode, apiUrl: stripe.apiUrl ?? 'https://api.stripe.com' },
      mode === 'live'
        ? 'PAYMENT_PROVIDER=stripe: a live key, real card payments'
        : 'PAYMENT_PROVIDER=stripe: a test key, no real money moves',
    );
  }

  /**
   * SIGTERM or SIGINT: readiness answers 503 at once, so a load balancer stops sending traffic,
   * while the server goes on accepting and answering for SHUTDOWN_DRAIN_MS (every answer with
   * `Connection: close`). Then it stops accepting, finishes the requests in flight, the e-mail
   * being sent and the database, and exits with code 0. SHUTDOWN_TIMEOUT_MS, counted from the
   * signal, bounds all of it: after that the process exits with code 1.
   */
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    drain.begin();
    logger.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // No new sends from here; the one in flight (if any) finishes before the database closes. If
    // the database does not answer, recording its outcome is retried until a second before the
    // forced exit, then given up with an error log (it is sent again after its lease).
    const mailStopped = mailWorker.stop({
      withinMs: Math.max(0, config.shutdownTimeoutMs - 1_000),
    });
    const stop = async () => {
      logger.info('no longer accepting connections');
      try {
        await drain.close();
        await ssr.close?.();
        await mailStopped;
        await cartSweeper.stop();
        await authSweeper.stop();
        await paymentSweeper.stop();
        mailer.close();
        await database.close();
        logger.info('stopped');
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      }
    };
    setTimeout(() => void stop(), config.shutdownDrainMs);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Resolves once listening; a busy port and the like become a one-line StartupError. */
function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error) => reject(listenError(error, host, port)));
    server.listen(port, host);
  });
}

main().catch((error: unknown) => {
  // What the operator can fix is one line (a busy port, an unreachable PostgreSQL, a busy or
  // unwritable DATA_DIR, a bad setting); anything else is its message and its cause chain, one
  // line each. No stack trace either way.
  const lines = startupFailureLines(error, process.env.DATABASE_URL);
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exit(1);
});
