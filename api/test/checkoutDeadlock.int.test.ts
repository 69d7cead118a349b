import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDatabaseTimeouts, openDatabase } from '../db/client';
import { carts, orders } from '../db/schema';
import {
  checkoutForm,
  postCheckout,
  seededProduct,
  shop,
  sizeNamed,
  visitorWith,
  type PlacedBody,
} from './checkoutFixtures';
import { dayRoom, deliveryZoneIds, setDayRoom } from './deliveryFixtures';
import {
  createTestApp,
  createTestDatabase,
  usingPostgres,
  type TestApp,
  type TestDatabase,
} from './harness';

/**
 * A checkout that meets another transaction crosswise on PostgreSQL: checkout holds the cart's row
 * and waits for the delivery day's, while the other holds the day's and asks for the cart's.
 * PostgreSQL looks for a deadlock once a transaction has waited `deadlock_timeout`, and gives up
 * the one that finds it (40P01): here the app's connections look after 5 s (their lock and
 * statement timeouts raised to let them), the other's after 30 s, so it is checkout's transaction,
 * even on a machine slow to ask crosswise. Checkout runs it again once the other has committed:
 * the order is placed once, with its room booked once.
 */
describe.runIf(usingPostgres)('checkout in a deadlock (PostgreSQL)', () => {
  let direct: TestDatabase;
  let t: TestApp;
  const clock = new Date('2027-03-01T09:00:00Z'); // Monday
  const day = '2027-03-05';

  beforeAll(async () => {
    // Migrated and seeded as every suite's; the app reaches it through a pool of its own, as
    // dbFaults.int.test.ts does, with PostgreSQL's deadlock check and its own timeouts set.
    direct = await createTestDatabase();
    const appUrl = new URL(direct.url ?? '');
    appUrl.searchParams.set('options', '-c deadlock_timeout=5s');
    const handle = await openDatabase({
      databaseUrl: appUrl.href,
      pgliteDir: 'memory://',
      poolSize: 5,
      // The lock wait must outlast the deadlock check (in production: 2 s against PostgreSQL's 1 s).
      timeouts: {
        ...defaultDatabaseTimeouts,
        statementMs: 20_000,
        lockMs: 20_000,
        queryMs: 25_000,
      },
    });
    t = await createTestApp({
      env: { PUBLIC_URL: shop },
      now: () => clock,
      db: { ...direct, handle, close: () => handle.close() },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.db.handle.close();
    await direct?.close();
  });

  it('is run again, and places the order once', { timeout: 60_000 }, async () => {
    const db = t.db.handle.db;
    const oil = await seededProduct(t, 'kerosene-heating-oil');
    const agent = await visitorWith(t, [
      { product: oil, sizeId: sizeNamed(oil, '300 Litres').id, quantity: 1 },
    ]);
    const cartRows = await db.select({ id: carts.id }).from(carts).limit(2);
    expect(cartRows).toHaveLength(1);
    const cartId = cartRows[0]?.id;
    const { oilZone } = await deliveryZoneIds(db);
    await setDayRoom(db, oilZone, day, 40_000);

    const other = new pg.Client({ connectionString: t.db.url });
    const watcher = new pg.Client({ connectionString: t.db.url });
    await Promise.all([other.connect(), watcher.connect()]);
    try {
      await other.query('begin');
      await other.query("set local deadlock_timeout = '30s'");
      await other.query('select 1 from delivery_days where zone_id = $1 and day = $2 for update', [
        oilZone,
        day,
      ]);
      const placing = postCheckout(agent, { ...checkoutForm(), deliveryDay: day });
      // Checkout has the cart's row and waits for the day's.
      await expect
        .poll(
          async () => {
            const waiting = await watcher.query<{ n: number }>(
              `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
               where not l.granted and a.datname = current_database()`,
            );
            return waiting.rows[0]?.n;
          },
          { timeout: 20_000, interval: 20 },
        )
        .toBe(1);
      // Crosswise: PostgreSQL finds the cycle from checkout's side and gives up checkout's
      // transaction, so this one gets the cart's row.
      await other.query('select 1 from carts where id = $1 for update', [cartId]);
      await other.query('commit');

      const res = await placing;
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const placed = res.body as PlacedBody;
      const cartOrders = await db
        .select({ id: orders.id, deliveryDay: orders.deliveryDay })
        .from(orders)
        .where(and(eq(orders.cartId, cartId ?? ''), eq(orders.id, placed.order.id)));
      expect(cartOrders).toEqual([{ id: placed.order.id, deliveryDay: day }]);
      expect(await db.select({ id: orders.id }).from(orders).limit(5)).toHaveLength(1);
      expect(await dayRoom(db, oilZone, day)).toMatchObject({ booked: 300 });
    } finally {
      await other.query('rollback').catch(() => undefined);
      await Promise.all([other.end(), watcher.end()]);
    }
  });
});
