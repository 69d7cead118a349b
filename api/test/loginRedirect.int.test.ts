import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { ServerEntry } from '../domain/ssr';
import { createLogger } from '../logger';
import type { SsrRuntime } from '../ssr/runtime';
import { realAppRuntime, signedInCustomer } from './appEntry';
import { createTestDatabase, testConfig, usingPostgres, type TestDatabase } from './harness';
import { localLookalikes, offSiteRedirects } from './redirectPayloads';

/**
 * The open redirect after login: GET /login?redirect=… (the auth callback) through HTTP against
 * the real app's server rendering. Whatever the value, every Location sent is a path on this
 * site, checked as a browser resolves it.
 */
const origin = 'http://shop.test';
const slow = 120_000;

let db: TestDatabase;
let shop: ReturnType<ReturnType<typeof createApp>['callback']>;
let cookie: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const ssr = await realAppRuntime();
  shop = createApp({
    config: testConfig({ PUBLIC_URL: origin }),
    database: db.handle,
    logger: createLogger('silent'),
    ssr,
  }).callback();
  ({ cookie } = await signedInCustomer(db));
}, slow);
afterAll(async () => {
  await db?.close();
});

/**
 * A Location is a path on this site: one "/", no "//" or "/\", no control character or "\", and
 * so is the path a browser resolves it to (where "/.//x" is "//x"), so it is sent as resolved.
 */
function expectSameSitePath(location: unknown): string {
  expect(typeof location).toBe('string');
  const value = String(location);
  expect(value).toMatch(/^\/(?![/\\])/);
  expect(value).not.toMatch(/[\p{Cc}\\]/u);
  const resolved = new URL(value, origin);
  expect(resolved.origin).toBe(origin);
  expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(value);
  return value;
}

const callback = (value: string) => `/login?redirect=${encodeURIComponent(value)}`;

describe(`the login callback's redirect (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a signed-in visitor goes to a local ?redirect= target', async () => {
    const res = await request(shop).get(callback('/order?x=1')).set('Cookie', cookie);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/order?x=1');
  });

  it.each(offSiteRedirects.map((value) => [JSON.stringify(value).slice(0, 60), value]))(
    'signed in, %s goes home',
    async (_name, value) => {
      const res = await request(shop).get(callback(value)).set('Cookie', cookie);
      expect(res.status).toBe(302);
      expect(expectSameSitePath(res.headers.location)).toBe('/');
    },
  );

  it.each(offSiteRedirects.map((value) => [JSON.stringify(value).slice(0, 60), value]))(
    'signed out, %s goes to the login page without it',
    async (_name, value) => {
      const res = await request(shop).get(callback(value));
      expect(res.status).toBe(302);
      expect(expectSameSitePath(res.headers.location)).toBe('/user/login');
    },
  );

  it.each(localLookalikes)('%j stays on the site (sent as %j)', async (value, sent) => {
    const res = await request(shop).get(callback(value)).set('Cookie', cookie);
    expect(res.status).toBe(302);
    expect(expectSameSitePath(res.headers.location)).toBe(sent);
  });

  it.each([
    // The raw query as a browser or a link sends it, not as encodeURIComponent writes it.
    '/login?redirect=%2F.%2F%2Fevil.example',
    '/login?redirect=/..//evil.example',
    '/login?redirect=/%2e%2e//evil.example',
    '/login?redirect=%2F%252e%252e%2F%2Fevil.example',
    '/login?redirect=%2F%2Fevil.example&redirect=%2Forder',
    '/login?redirect=%5C%2F%5C%2Fevil.example',
    '/login?redirect=/%09/evil.example',
    '/login?redirect=%2F%09%2Fevil.example',
    '/login?redirect=%2F%0A%2Fevil.example',
    '/login?redirect=%E2%88%95%E2%88%95evil.example',
  ])('signed in, %s is sent a path on this site', async (path) => {
    const res = await request(shop).get(path).set('Cookie', cookie);
    expect(res.status).toBe(302);
    const location = expectSameSitePath(res.headers.location);
    expect(location).not.toContain('evil.example/');
    expect(location.startsWith('/evil.example')).toBe(false);
  });

  it('a page that needs a login sends a signed-out visitor to log in with a local target', async () => {
    const res = await request(shop).get('/user/account');
    expect(res.status).toBe(302);
    expect(expectSameSitePath(res.headers.location)).toBe(
      `/user/login?redirect=${encodeURIComponent('/user/account')}`,
    );
  });
});

describe('server rendering never sends a Location off the site', () => {
  /** A stand-in app whose router redirects to whatever ?to= says. */
  const redirecting: ServerEntry = {
    render: async (req) => ({
      type: 'redirect',
      status: 302,
      location: new URL(req.url).searchParams.get('to') ?? '/',
    }),
    sitemap: async () => [],
  };
  const runtime: SsrRuntime = {
    template: async () => '<html><head><!--app-head--></head><body><!--app-html--></body></html>',
    entry: async () => redirecting,
    assets: (_c, n) => n(),
  };

  it.each(
    [...offSiteRedirects, `${origin}/order`].map((value) => [
      JSON.stringify(value).slice(0, 60),
      value,
    ]),
  )('the app redirecting to %s sends home', async (_name, to) => {
    const app = createApp({
      config: testConfig({ PUBLIC_URL: origin }),
      database: db.handle,
      logger: createLogger('silent'),
      ssr: runtime,
    });
    const res = await request(app.callback()).get(`/x?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(302);
    expect(expectSameSitePath(res.headers.location)).toBe('/');
  });

  it('a local Location is sent as the browser would resolve it', async () => {
    const app = createApp({
      config: testConfig({ PUBLIC_URL: origin }),
      database: db.handle,
      logger: createLogger('silent'),
      ssr: runtime,
    });
    const res = await request(app.callback()).get(`/x?to=${encodeURIComponent('/a/../order?y=1')}`);
    expect(res.headers.location).toBe('/order?y=1');
  });
});
