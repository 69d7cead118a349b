import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createLogger } from '../logger';
import { createTestApp, createTestDatabase, testConfig, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const securityHeaders = (headers: Record<string, string>) => {
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
};

describe('server basics', () => {
  it('reports health after pinging the database', async () => {
    const res = await request(t.app.callback()).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'ok', database: t.db.driver });
    securityHeaders(res.headers as Record<string, string>);
  });

  // A database of its own to close: a new PGlite and its migrations take about 2 s idle
  // (measured), several times that on a loaded CI machine (over 30 s at a load average of 11).
  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp({ db: await createTestDatabase({ seed: false }) });
    await other.db.close();
    const res = await request(other.app.callback()).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 503, message: 'The database is not answering.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
    // Liveness: the process itself is fine, it need not be restarted.
    const live = await request(other.app.callback()).get('/api/health/live');
    expect(live.status).toBe(200);
  }, 120_000);

  it('answers liveness without asking the database', async () => {
    const res = await request(t.app.callback()).get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  /** An app on the shared database whose ping, and draining flag, the test decides. */
  const appWith = (ping: () => Promise<void>, draining?: () => boolean) =>
    createApp({
      config: testConfig({ HEALTH_TIMEOUT_MS: '200' }),
      database: { ...t.db.handle, ping },
      logger: createLogger('silent'),
      ...(draining ? { draining } : {}),
    });

  // Bound: "does not hang" (the timeout is 0.2 s; the ping never answers).
  it('answers readiness 503 within its own timeout when the database never answers', async () => {
    const started = performance.now();
    const res = await request(appWith(() => new Promise<void>(() => undefined)).callback()).get(
      '/api/health',
    );
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 503, message: 'The database is not answering.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2_000);
  }, 10_000);

  it('answers readiness 503 while draining, liveness still 200', async () => {
    let draining = false;
    const app = appWith(
      () => t.db.handle.ping(),
      () => draining,
    ).callback();
    expect((await request(app).get('/api/health')).status).toBe(200);
    draining = true;
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 503, message: 'The server is shutting down.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(app).get('/api/health/live')).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(t.app.callback()).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: 'No such API endpoint.' });
    securityHeaders(res.headers as Record<string, string>);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await request(t.app.callback())
      .post('/api/graphql')
      .set('Content-Type', 'application/json')
      .send({ query: `{ oils { title } }`, padding: 'x'.repeat(40_000) });
    expect(res.status).toBe(413);
    expect((res.body as { code: number }).code).toBe(413);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await request(t.app.callback())
      .post('/api/graphql')
      .set('Content-Type', 'application/json')
      .send('{"query": ');
    expect(res.status).toBe(400);
    expect((res.body as { code: number }).code).toBe(400);
  });

  it('puts security headers on uploads and refuses path tricks', async () => {
    const ok = await request(t.app.callback()).get('/api/uploads/products/logs.svg');
    expect(ok.status).toBe(200);
    securityHeaders(ok.headers as Record<string, string>);
    const sneaky = await request(t.app.callback()).get('/api/uploads/../config.ts');
    expect(sneaky.status).toBe(404);
    const missing = await request(t.app.callback()).get('/api/uploads/products/none.svg');
    expect(missing.status).toBe(404);
  });

  it('echoes a request id', async () => {
    const res = await request(t.app.callback())
      .get('/api/health')
      .set('X-Request-Id', 'test-request-0001');
    expect(res.headers['x-request-id']).toBe('test-request-0001');
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
    const app = await createTestApp({ env, db: t.db });
    const res = await request(app.app.callback()).get('/api/health').set(headers);
    expect(res.status).toBe(200);
    return (res.headers as Record<string, string | undefined>)['strict-transport-security'];
  };

  it('is sent on HTTPS answers reported by a trusted proxy', async () => {
    expect(await hsts({ TRUST_PROXY: 'true' }, { 'X-Forwarded-Proto': 'https' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('is not sent over plain HTTP, nor for an untrusted X-Forwarded-Proto', async () => {
    expect(await hsts({})).toBeUndefined();
    expect(await hsts({ TRUST_PROXY: 'true' })).toBeUndefined();
    expect(await hsts({}, { 'X-Forwarded-Proto': 'https' })).toBeUndefined();
  });
});

describe('methods on API paths', () => {
  it.each([
    ['put', '/api/cart'],
    ['post', '/api/health'],
    ['get', '/api/enquiries'],
    ['put', '/api/cart/items'],
  ] as const)('%s %s answers 405 with Allow', async (method, path) => {
    const res = await request(t.app.callback())[method](path);
    expect(res.status).toBe(405);
    expect((res.body as { code: number }).code).toBe(405);
    const allow = String(res.headers.allow ?? '');
    expect(allow).not.toBe('');
    expect(allow.split(', ')).not.toContain(method.toUpperCase());
  });

  it('names the methods a path takes', async () => {
    const res = await request(t.app.callback()).put('/api/enquiries');
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toEqual({ code: 405, message: 'PUT is not allowed here. Allowed: POST.' });
  });

  it('still answers 404 for a path that does not exist', async () => {
    const res = await request(t.app.callback()).post('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});
