import { Writable } from 'node:stream';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { ServerEntry } from '../domain/ssr';
import { createLogger } from '../logger';
import { badHostMessage, hiddenErrorDetail } from '../ssr/middleware';
import type { SsrRuntime } from '../ssr/runtime';
import { createTestDatabase, testConfig, type TestDatabase } from './harness';
import { rawRequest } from './rawHttp';

/**
 * How the API hosts server rendering, with a stand-in for the app's server entry (api/ must not
 * import app/; the real app's 404 is covered in app/ and e2e/). Raw requests (node:net) carry
 * Host headers no HTTP client sends.
 */

const template =
  '<!doctype html><html><head><!--app-head--></head><body><!--app-html--></body></html>';

function runtimeOf(entry: () => Promise<ServerEntry>, extra: Partial<SsrRuntime> = {}): SsrRuntime {
  return { template: async () => template, entry, assets: (_ctx, next) => next(), ...extra };
}

/** The URLs the stand-in entry was asked to render. */
const rendered: string[] = [];

const stubEntry: ServerEntry = {
  render: async (req) => {
    rendered.push(req.url);
    return { type: 'document', status: 200, head: '<title>Fuelyard</title>', html: '<p>page</p>' };
  },
  sitemap: async () => ['/', '/faqs', '/products/domestic'],
};

const appRuntime = runtimeOf(async () => stubEntry);

/** Everything the app logged, one parsed JSON line each. */
function captureLogger(level = 'debug') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: createLogger(level, {}, stream), lines };
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

function appWith(
  env: Record<string, string> = {},
  ssr: SsrRuntime = appRuntime,
  logger = createLogger('silent'),
): Koa {
  return createApp({ config: testConfig(env), database: db.handle, logger, ssr });
}

const get = (path: string, host: string | null, version = '1.1') =>
  [
    `GET ${path} HTTP/${version}`,
    ...(host === null ? [] : [`Host: ${host}`]),
    'Connection: close',
  ].join('\r\n');

const badHosts: [string, string][] = [
  ['Host: [', get('/', '[')],
  ['Host: a b', get('/', 'a b')],
  ['Host: evil:99999', get('/', 'evil:99999')],
  ['Host: x"><b>', get('/', 'x"><b>')],
  ['HTTP/1.0 without Host', get('/', null, '1.0')],
];

describe('the request origin (item 4)', () => {
  it.each(badHosts)('answers 400, not 500, to %s without PUBLIC_URL', async (_name, head) => {
    const app = appWith();
    for (const path of ['/', '/about', '/no-such-page', '/robots.txt', '/sitemap.xml']) {
      const answer = await rawRequest(app, head.replace('GET / ', `GET ${path} `));
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toBe(badHostMessage);
    }
  });

  it.each(badHosts)('renders from PUBLIC_URL whatever the Host: %s', async (_name, head) => {
    const app = appWith({ PUBLIC_URL: 'https://shop.example/' });
    const page = await rawRequest(app, head);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Fuelyard');
    const robots = await rawRequest(app, head.replace('GET / ', 'GET /robots.txt '));
    expect(robots.status).toBe(200);
    expect(robots.body).toContain('Sitemap: https://shop.example/sitemap.xml\n');
  });

  it('renders for a valid Host, and takes X-Forwarded-Host only with TRUST_PROXY', async () => {
    const direct = await rawRequest(appWith(), get('/about', '127.0.0.1:3000'));
    expect(direct.status).toBe(200);
    const proxied = appWith({ TRUST_PROXY: 'true' });
    const good = await rawRequest(
      proxied,
      `${get('/robots.txt', 'internal:3000')}\r\nX-Forwarded-Host: shop.example`,
    );
    expect(good.status).toBe(200);
    expect(good.body).toContain('Sitemap: http://shop.example/sitemap.xml\n');
    const bad = await rawRequest(
      proxied,
      `${get('/', 'internal:3000')}\r\nX-Forwarded-Host: evil:99999`,
    );
    expect(bad.status).toBe(400);
    const badProto = await rawRequest(
      proxied,
      `${get('/robots.txt', 'internal:3000')}\r\nX-Forwarded-Proto: javascript`,
    );
    expect(badProto.status).toBe(400);
  });

  it('keeps an absolute-form or "//host" request target on the site origin', async () => {
    const app = appWith({ PUBLIC_URL: 'https://shop.example' });
    rendered.length = 0;
    // `//evil.example/about` itself is redirected to `/evil.example/about` before rendering
    // (api/middleware/trailingSlash.ts); `/\host`, which the URL parser reads as `//host`, is not.
    await rawRequest(app, get('/\\evil.example/about', 'shop.example'));
    await rawRequest(app, get('http://evil.example/about?x=1', 'shop.example'));
    expect(rendered).toEqual([
      'https://shop.example//evil.example/about',
      'https://shop.example/about?x=1',
    ]);
  });
});

describe('the fallback error page (item 4)', () => {
  const failing = (extra: Partial<SsrRuntime> = {}) =>
    runtimeOf(
      async () => ({
        render: () => Promise.reject(new Error('relation "secret_table" at /srv/fuelyard failed')),
        sitemap: async () => [],
      }),
      extra,
    );

  it('never shows the error message in production, and logs it', async () => {
    const { logger, lines } = captureLogger();
    const res = await request(appWith({}, failing(), logger).callback()).get('/about');
    expect(res.status).toBe(500);
    expect(res.text).toContain('An error occurred while showing the error page');
    expect(res.text).toContain(hiddenErrorDetail);
    expect(res.text).not.toContain('secret_table');
    const logged = lines.find((line) => line.msg === 'server rendering failed');
    expect(JSON.stringify(logged)).toContain('secret_table');
  });

  it('shows it with the development runtime', async () => {
    const res = await request(appWith({}, failing({ showErrorDetails: true })).callback()).get(
      '/about',
    );
    expect(res.status).toBe(500);
    expect(res.text).toContain('relation &quot;secret_table&quot; at /srv/fuelyard failed');
  });
});

describe('robots.txt and sitemap.xml (items 10 and 12)', () => {
  it('without PUBLIC_URL: the validated request origin, cached privately', async () => {
    const app = appWith();
    const robots = await rawRequest(app, get('/robots.txt', 'Shop.Test:8080'));
    expect(robots.status).toBe(200);
    expect(robots.body).toContain('\nSitemap: http://shop.test:8080/sitemap.xml\n');
    expect(robots.headers).toMatch(/\r\nCache-Control: private, max-age=3600\r\n/i);
    expect(robots.headers).toMatch(/\r\nVary: .*\bHost\b/i);
    const sitemap = await rawRequest(app, get('/sitemap.xml', 'shop.test:8080'));
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain('<loc>http://shop.test:8080/faqs</loc>');
    expect(sitemap.headers).toMatch(/\r\nCache-Control: private, max-age=3600\r\n/i);
    for (const host of ['evil.test/<x>', 'evil.test\tSitemap: x', '[::1']) {
      for (const path of ['/robots.txt', '/sitemap.xml']) {
        const answer = await rawRequest(app, get(path, host));
        expect(answer.status, `${path} ${host}`).toBe(400);
        expect(answer.body).not.toContain('evil');
      }
    }
  });

  it('with PUBLIC_URL: its origin, cached publicly, whatever the Host', async () => {
    const app = appWith({ PUBLIC_URL: 'https://shop.example' });
    const robots = await rawRequest(app, get('/robots.txt', 'evil.test'));
    expect(robots.body).toContain('\nSitemap: https://shop.example/sitemap.xml\n');
    expect(robots.body).not.toContain('evil');
    expect(robots.headers).toMatch(/\r\nCache-Control: public, max-age=3600\r\n/i);
    const sitemap = await request(app.callback()).get('/sitemap.xml').set('Host', 'evil.test');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain('<loc>https://shop.example/products/domestic</loc>');
    expect(sitemap.text).not.toContain('evil');
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['post', 'put', 'delete', 'patch', 'trace', 'propfind'] as const)(
    'answers %s with 405 and Allow: GET, HEAD',
    async (method) => {
      const app = appWith();
      for (const path of ['/robots.txt', '/sitemap.xml']) {
        const res = await request(app.callback())[method](path);
        expect(res.status, path).toBe(405);
        expect(res.headers.allow, path).toBe('GET, HEAD');
        expect(res.text, path).not.toContain('Sitemap');
        expect(res.text, path).not.toContain('urlset');
      }
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    const app = appWith();
    for (const [path, type] of [
      ['/robots.txt', 'text/plain'],
      ['/sitemap.xml', 'application/xml'],
    ] as const) {
      const answer = await rawRequest(app, get(path, 'shop.test').replace('GET ', 'HEAD '));
      expect(answer.status, path).toBe(200);
      expect(answer.headers).toContain(`Content-Type: ${type}`);
      expect(answer.headers).toMatch(/\r\nCache-Control: private, max-age=3600/i);
      expect(answer.body, path).toBe('');
    }
  });
});

describe('console output while rendering (item 17)', () => {
  const recorded: unknown[][] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const originals = new Map(methods.map((method) => [method, console[method]]));
  beforeAll(() => {
    // Stand-ins for stdout/stderr: whatever reaches the console itself is recorded here.
    for (const method of methods) console[method] = (...args: unknown[]) => recorded.push(args);
  });
  afterAll(() => {
    for (const [method, original] of originals) console[method] = original;
  });

  it("routes the app's console output while rendering to the request's logger", async () => {
    recorded.length = 0;
    const { logger, lines } = captureLogger();
    const noisy = runtimeOf(async () => ({
      ...stubEntry,
      render: async (req, context) => {
        await Promise.resolve();
        console.warn('loader says %s', 'hello');
        await new Promise((done) => setTimeout(done, 5));
        console.error('Could not load the cart', new Error('cart store down'));
        return stubEntry.render(req, context);
      },
    }));
    const app = appWith({}, noisy, logger);
    const res = await request(app.callback()).get('/about').set('X-Request-Id', 'test-console-01');
    expect(res.status).toBe(200);
    expect(recorded).toEqual([]);
    const fromConsole = lines.filter((line) => line.source === 'console');
    expect(fromConsole).toMatchObject([
      { level: 40, msg: 'loader says hello', reqId: 'test-console-01' },
      {
        level: 50,
        msg: 'Could not load the cart',
        reqId: 'test-console-01',
        err: { message: 'cart store down' },
      },
    ]);
    // Outside a render the console is untouched.
    console.warn('not from a render');
    expect(recorded).toEqual([['not from a render']]);
  });
});
