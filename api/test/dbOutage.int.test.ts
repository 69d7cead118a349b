import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { DatabaseTimeouts } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import type { ServerEntry } from '../domain/ssr';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../errors';
import { createLogger } from '../logger';
import { projectRoot } from '../paths';
import type { SsrRuntime } from '../ssr/runtime';
import { createTestDatabase, testConfig, type TestDatabase } from './harness';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

/**
 * The database goes away under a running app that has served pages, carts and GraphQL from it
 * (so its catalogue cache is warm). The errors are the drivers' own: on PostgreSQL the app's link
 * runs through a TCP proxy that is shut (open connections reset, new ones refused); on PGlite the
 * handle is closed. Nothing may be rendered as empty content, leak SQL, be cached, or go unlogged.
 */

/** A logger whose lines, one parsed JSON object each, are pushed onto `lines`. */
function loggerOf(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return createLogger('debug', {}, stream);
}

/** pino's number for "error". */
const errorLevel = 50;

/**
 * The real app's server entry. api/ must not import app/ sources, so it is loaded at run time by
 * its path, as the development runtime has Vite load it (and production loads the built bundle).
 */
async function appRuntime(): Promise<SsrRuntime> {
  const entryUrl = pathToFileURL(resolve(projectRoot, 'app/entry-server.tsx')).href;
  const entry = (await import(/* @vite-ignore */ entryUrl)) as ServerEntry;
  const template = await readFile(resolve(projectRoot, 'app/index.html'), 'utf8');
  return {
    template: async () => template,
    entry: async () => entry,
    assets: (_ctx, next) => next(),
  };
}

const timeouts: DatabaseTimeouts = {
  statementMs: 2_000,
  lockMs: 2_000,
  idleInTransactionMs: 5_000,
  queryMs: 3_000,
  connectMs: 3_000,
};

/** The app's database, and how to make it unreachable. */
interface Rig {
  handle: DatabaseHandle;
  cut(): Promise<void>;
  close(): Promise<void>;
}

async function rig(db: TestDatabase): Promise<Rig> {
  if (db.driver === 'pglite') {
    return { handle: db.handle, cut: () => db.handle.close(), close: () => db.close() };
  }
  const target = new URL(db.url ?? '');
  const proxy: TcpProxy = await startTcpProxy({
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  const handle = await openDatabase({
    databaseUrl: proxy.urlFor(target.href),
    pgliteDir: 'memory://',
    poolSize: 2,
    timeouts,
  });
  return {
    handle,
    // Every open connection is reset and the port refuses new ones: PostgreSQL is gone.
    cut: () => proxy.close(),
    close: async () => {
      await handle.close();
      await proxy.close();
      await db.close();
    },
  };
}

describe('PostgreSQL unreachable (or PGlite closed): pages and GraphQL do not lie', () => {
  let db: TestDatabase;
  let setup: Rig;
  let app: Koa;
  /** Everything the apps logged. */
  const lines: Record<string, unknown>[] = [];
  let shopper: ReturnType<typeof request.agent>;
  let coal: { productId: number; attributeId: number };
  /** What the app must answer: 503 when the driver's error means "unreachable", else 500. */
  let expected: { status: number; message: string };

  beforeAll(async () => {
    db = await createTestDatabase();
    setup = await rig(db);
    app = createApp({
      config: testConfig({ PUBLIC_URL: 'https://shop.example' }),
      database: setup.handle,
      logger: loggerOf(lines),
      ssr: await appRuntime(),
    });

    // A shopper with a bag of coal in the cart, and pages served: the catalogue cache is warm.
    const found = await request(app.callback())
      .post('/api/graphql')
      .send({ query: '{ product(slug: "premium-house-coal") { id sizes { id } } }' });
    const product = (found.body as { data: { product: { id: string; sizes: { id: string }[] } } })
      .data.product;
    coal = { productId: Number(product.id), attributeId: Number(product.sizes[0]?.id) };
    shopper = request.agent(app.callback());
    expect((await shopper.put('/api/cart/postcode').send({ postcode: 'BT1 1AA' })).status).toBe(
      200,
    );
    expect((await addCoal()).status).toBe(200);
    const cart = await shopper.get('/cart');
    expect(cart.status).toBe(200);
    expect(cart.text).toContain('Premium House Coal');
    const home = await request(app.callback()).get('/');
    expect(home.status).toBe(200);
    expect(home.text).not.toContain('There are no products here at the moment.');
    expect((await request(app.callback()).get('/sitemap.xml')).status).toBe(200);
    expect((await request(app.callback()).get('/api/graphql?query={oils{title}}')).status).toBe(
      200,
    );

    await setup.cut();
    // The driver's own error for a query now, classified by the one place that knows them.
    const failure = await setup.handle.db.execute(sql`select 1`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeDefined();
    // Out of reach on either driver (a refused or dropped PostgreSQL, a closed PGlite).
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expected = { status: 503, message: databaseUnavailableMessage };
  }, 120_000);

  afterAll(async () => {
    await setup?.close();
  });

  function addCoal() {
    return shopper.post('/api/cart/items').send({ type: 'coal', quantity: 1, ...coal });
  }

  /** Sends one request; checks it logged exactly one error line, and no value a visitor sent. */
  async function once(send: () => PromiseLike<request.Response>): Promise<request.Response> {
    lines.length = 0;
    const res = await send();
    const errors = lines.filter((line) => Number(line.level) >= errorLevel);
    expect(errors, JSON.stringify(errors)).toHaveLength(1);
    // The SQL text may be logged, its bound values never.
    expect(JSON.stringify(lines)).not.toMatch(/BT1 1AA|aoife/i);
    return res;
  }

  function failedAsExpected(res: request.Response): void {
    expect(res.status).toBe(expected.status);
    expect(res.headers['cache-control']).toBe('no-store');
    if (expected.status === 503) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    else expect(res.headers['retry-after']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    expect(res.text).not.toMatch(/select|params|app_meta|carts/i);
  }

  function errorPage(res: request.Response): void {
    failedAsExpected(res);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('An error occurred');
    expect(res.text).toContain(`An error has occurred: ${expected.message}`);
    expect(res.text).not.toContain('Your cart is empty.');
    expect(res.text).not.toContain('There are no products here at the moment.');
  }

  it('/cart with items is the error page, not an empty cart', async () => {
    errorPage(await once(() => shopper.get('/cart')));
  }, 60_000);

  it('/ is the error page, not an empty shop, though the catalogue was cached', async () => {
    errorPage(await once(() => request(app.callback()).get('/')));
  }, 60_000);

  it('a fresh process (nothing cached) answers / the same way', async () => {
    const fresh = createApp({
      config: testConfig({ PUBLIC_URL: 'https://shop.example' }),
      database: setup.handle,
      logger: loggerOf(lines),
      ssr: await appRuntime(),
    });
    errorPage(await once(() => request(fresh.callback()).get('/')));
  }, 60_000);

  it('a page rendered without its data is never sent, even if the app swallowed the failure', async () => {
    const swallowing: ServerEntry = {
      render: async (_request, context) => {
        await context.graphql('{ oils { title } }').catch(() => undefined);
        await context.cart().catch(() => undefined);
        const html = '<p>There are no products here at the moment.</p>';
        return { type: 'document', status: 200, head: '', html };
      },
      sitemap: async (context) => {
        await context.graphql('{ coalCategories { slug } }').catch(() => undefined);
        return ['/'];
      },
    };
    const careless = createApp({
      config: testConfig({ PUBLIC_URL: 'https://shop.example' }),
      database: setup.handle,
      logger: loggerOf(lines),
      ssr: { ...(await appRuntime()), entry: async () => swallowing },
    });
    errorPage(await once(() => request(careless.callback()).get('/')));
    const sitemap = await once(() => request(careless.callback()).get('/sitemap.xml'));
    errorPage(sitemap);
    expect(sitemap.text).not.toContain('<urlset');
  }, 60_000);

  it('/sitemap.xml is the error page, not a partial sitemap cached for an hour', async () => {
    const res = await once(() => request(app.callback()).get('/sitemap.xml'));
    errorPage(res);
    expect(res.text).not.toContain('<urlset');
  }, 60_000);

  it('GET and POST /api/graphql answer the failure, without SQL or an ETag', async () => {
    const query = '{ oils { title } }';
    for (const send of [
      () => request(app.callback()).get('/api/graphql').query({ query }),
      () => request(app.callback()).post('/api/graphql').send({ query }),
    ]) {
      const res = await once(send);
      failedAsExpected(res);
      expect(res.body).toEqual({ code: expected.status, message: expected.message });
    }
  }, 60_000);

  it('a GraphQL validation error is still answered as before', async () => {
    lines.length = 0;
    const res = await request(app.callback()).get('/api/graphql').query({ query: '{ nope }' });
    expect(res.status).toBe(400);
    expect((res.body as { errors: { message: string }[] }).errors[0]?.message).toContain('nope');
    expect(lines.filter((line) => Number(line.level) >= errorLevel)).toEqual([]);
  }, 60_000);

  it('a cart write and an enquiry write answer the failure', async () => {
    const added = await once(() => addCoal());
    failedAsExpected(added);
    expect(added.body).toMatchObject({ code: expected.status, message: expected.message });
    const enquiry = await once(() =>
      request(app.callback()).post('/api/enquiries').send({
        name: 'Aoife Murphy',
        email: 'aoife@murphyfuels.co.uk',
        address: '3 Quay Street, Newry BT35 6AA',
        companyName: 'Murphy Fuels',
        telephone: '028 3026 1234',
        telephone2: '',
        message: 'Please quote for 20 pallets of smokeless coal.',
      }),
    );
    failedAsExpected(enquiry);
    expect(enquiry.body).toMatchObject({ code: expected.status, message: expected.message });
  }, 60_000);
});
