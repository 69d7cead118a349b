import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTimeouts } from '../config';
import { openDatabase } from '../db/client';
import { databaseUnavailableMessage, isDatabaseUnavailable, toAppError } from '../errors';
import {
  createTestApp,
  createTestDatabase,
  usingPostgres,
  type TestApp,
  type TestDatabase,
} from './harness';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

describe('database faults are classified in one place', () => {
  const coded = (code: string) => Object.assign(new Error('boom'), { code });
  /** What Drizzle throws: "Failed query: <sql>" with the driver's error as its cause. */
  const drizzled = (cause: unknown) =>
    new Error('Failed query: select * from carts where id = $1\nparams: x', { cause });

  it.each([
    ['statement timeout (57014)', coded('57014')],
    ['lock timeout (55P03)', coded('55P03')],
    ['idle-in-transaction timeout (25P03)', coded('25P03')],
    ['a connection exception (08006)', coded('08006')],
    ['a refused connection', coded('ECONNREFUSED')],
    ['a client-side query timeout', new Error('Query read timeout')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a dropped link', new Error('Connection terminated unexpectedly')],
    ['a wrapped lock timeout', drizzled(coded('55P03'))],
  ])('%s is a 503 with Retry-After and no SQL', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    const answer = toAppError(error);
    expect(answer.status).toBe(503);
    expect(answer.message).toBe(databaseUnavailableMessage);
    expect((answer as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it.each([
    ['a unique violation', drizzled(coded('23505'))],
    ['a plain bug', new TypeError('x is undefined')],
  ])('%s stays a 500', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toAppError(error).status).toBe(500);
  });
});

/**
 * The app talks to PostgreSQL through a TCP proxy that can freeze the link, with small limits and
 * a pool of 2; the test's own connections (setup, the row lock) go straight to the server.
 */
describe.runIf(usingPostgres)('PostgreSQL faults (TCP proxy, pool of 2)', () => {
  const timeouts: DatabaseTimeouts = {
    statementMs: 1_000,
    lockMs: 1_000,
    idleInTransactionMs: 5_000,
    queryMs: 1_500,
    connectMs: 1_500,
  };
  /** "Does not hang": far below the freeze and the lock, far above the limits that apply. */
  const answersWithinMs = 6_000;

  let direct: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let coal: { id: number; sizeId: number };

  beforeAll(async () => {
    direct = await createTestDatabase();
    const url = new URL(direct.url ?? '');
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const handle = await openDatabase({
      databaseUrl: proxy.urlFor(url.href),
      pgliteDir: 'memory://',
      poolSize: 2,
      timeouts,
    });
    t = await createTestApp({
      db: { ...direct, handle, close: () => handle.close() },
      env: { HEALTH_TIMEOUT_MS: '500' },
    });
    const product = await direct.handle.db.execute(
      "select p.id, s.id as size_id from products p join product_sizes s on s.product_id = p.id where p.slug = 'premium-house-coal' order by s.id limit 1",
    );
    const row = (product as unknown as { rows: { id: number; size_id: number }[] }).rows[0];
    if (!row) throw new Error('No premium-house-coal size in the seed');
    coal = { id: row.id, sizeId: row.size_id };
  }, 60_000);

  afterAll(async () => {
    proxy?.thaw();
    await t?.db.handle.close();
    await proxy?.close();
    await direct?.close();
  });

  const agent = () => request.agent(t.app.callback());
  type Agent = ReturnType<typeof agent>;
  const addCoal = (a: Agent) =>
    a
      .post('/api/cart/items')
      .send({ type: 'coal', productId: coal.id, attributeId: coal.sizeId, quantity: 1 });

  /** An agent with a postcode and one bag of coal in its cart; returns it and the cart id. */
  async function shopper(): Promise<{ a: Agent; cartId: string }> {
    const a = agent();
    expect((await a.put('/api/cart/postcode').send({ postcode: 'BT1 1AA' })).status).toBe(200);
    const added = await addCoal(a);
    expect(added.status).toBe(200);
    return { a, cartId: (added.body as { cart: { cartId: string } }).cart.cartId };
  }

  /** The answer, and how long it took. */
  async function timed(send: () => PromiseLike<request.Response>) {
    const started = performance.now();
    const res = await send();
    return { res, ms: performance.now() - started };
  }

  function unavailable(res: request.Response): void {
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(res.body)).not.toMatch(/select|insert|update|carts|params/i);
  }

  it('a frozen link: health and cart requests answer 503 without waiting for it, then recover', async () => {
    const { a } = await shopper();
    expect((await agent().get('/api/health')).status).toBe(200);

    const freezeMs = 30_000;
    proxy.freeze();
    const frozenAt = performance.now();
    try {
      const [health, read, add] = await Promise.all([
        timed(() => agent().get('/api/health')),
        timed(() => a.get('/api/cart')),
        timed(() => addCoal(a)),
      ]);
      expect(health.res.status).toBe(503);
      expect(health.res.body).toEqual({ code: 503, message: 'The database is not answering.' });
      expect(health.ms).toBeLessThan(2_000);
      for (const { res, ms } of [read, add]) {
        unavailable(res);
        expect(res.body).toMatchObject({ code: 503, message: databaseUnavailableMessage });
        expect(ms).toBeLessThan(answersWithinMs);
      }
      // Still frozen, connections that failed have been replaced by new (frozen) ones.
      const again = await timed(() => agent().get('/api/health'));
      expect(again.res.status).toBe(503);
      expect(again.ms).toBeLessThan(2_000);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, freezeMs - (performance.now() - frozenAt))),
      );
    } finally {
      proxy.thaw();
    }

    // No restart: the same app and pool answer again.
    expect((await agent().get('/api/health')).status).toBe(200);
    const read = await a.get('/api/cart');
    expect(read.status).toBe(200);
    const added = await addCoal(a);
    expect(added.status).toBe(200);
    const items = (added.body as { cart: { items: { quantity: number }[] } }).cart.items;
    // The add that answered 503 did not happen: one bag before the freeze, one after.
    expect(items.map((item) => item.quantity)).toEqual([2]);
  }, 90_000);

  it('a row lock held elsewhere: the blocked add answers 503 after lock_timeout, other carts go on', async () => {
    const locked = await shopper();
    const other = await shopper();
    const locker = new pg.Client({ connectionString: direct.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select * from carts where id = $1 for update', [locked.cartId]);

      const blocked = timed(() => addCoal(locked.a));
      // Meanwhile (the blocked add holds one of the two connections): other carts answer.
      const started = performance.now();
      let others = 0;
      while (performance.now() - started < timeouts.lockMs * 0.8) {
        expect((await other.a.get('/api/cart')).status).toBe(200);
        expect((await agent().get('/api/health')).status).toBe(200);
        others++;
      }
      expect(others).toBeGreaterThan(0);
      const { res, ms } = await blocked;
      unavailable(res);
      expect(res.body).toMatchObject({ code: 503, message: databaseUnavailableMessage });
      // It waited for the lock (lock_timeout), not for the holder (which never lets go here).
      expect(ms).toBeGreaterThanOrEqual(timeouts.lockMs * 0.9);
      expect(ms).toBeLessThan(answersWithinMs);
      expect((await addCoal(other.a)).status).toBe(200);
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    // The connection came back to the pool: the cart takes the add now.
    const added = await addCoal(locked.a);
    expect(added.status).toBe(200);
  }, 60_000);
});
