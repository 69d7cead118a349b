import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { createApp } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { mailOutbox, orders } from '../db/schema';
import { createLogger } from '../logger';
import { createPayments, type Payments } from '../services/payments';
import { createTestDatabase, testConfig, type TestDatabase } from './harness';
import { postBytes } from './loopback';

/**
 * A shop listening on loopback with the payment provider its settings name, on a real database:
 * for a provider adapter's own cases, beside the contract. It listens first, so that its
 * PUBLIC_URL is its real address; `settings` are the provider's environment variables.
 */
export interface ProviderShop {
  url: string;
  config: Config;
  database: TestDatabase['handle'];
  db: Database;
  payments: Payments;
  close(): Promise<void>;
}

export async function startProviderShop(settings: Record<string, string>): Promise<ProviderShop> {
  const tdb: TestDatabase = await createTestDatabase();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503);
    res.end();
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig({ PUBLIC_URL: url, PAYMENT_SESSION_TTL_MINUTES: '60', ...settings });
  const logger = createLogger('silent');
  // The adapter is the one PAYMENT_PROVIDER names, built from the configuration.
  const payments = createPayments({ config, db: tdb.handle.db, logger });
  handler = createApp({ config, database: tdb.handle, logger, payments }).callback();
  return {
    url,
    config,
    database: tdb.handle,
    db: tdb.handle.db,
    payments,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await tdb.close();
    },
  };
}

export async function orderRow(db: Database, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('No such order');
  return row;
}

/** The customer's confirmation e-mails queued for an order. */
export async function confirmationsOf(db: Database, orderId: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.topicId, orderId), eq(mailOutbox.topic, 'order-confirmation')));
}

/** POSTs a webhook's exact bytes to the shop's endpoint for `provider`; its status and JSON. */
export async function postWebhook(
  shopUrl: string,
  provider: string,
  item: { body: Buffer; headers: Record<string, string> },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await postBytes(`${shopUrl}/api/payments/webhooks/${provider}`, item, 30_000);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
