import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Koa from 'koa';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEntry } from '../domain/ssr';
import { withoutTrailingSlash } from '../middleware/trailingSlash';
import { staticAssets, type SsrRuntime } from '../ssr/runtime';
import { createTestApp, type TestApp } from './harness';
import { rawRequest } from './rawHttp';

/**
 * A trailing slash on a page address (issue 35, item 7): a 301 to the address without it, over
 * HTTP through the whole app. The app's server entry is a stand-in (api/ must not import app/)
 * that knows a few pages and answers 404 to anything else, as strictly as the real route table.
 * The browser's files come from production's file server (`staticAssets`), over a folder with a
 * favicon, as it answers in front of the pages.
 */

const pages = new Set(['/', '/about', '/contact', '/products/domestic/bagged-coal']);
const rendered: string[] = [];

const entry: ServerEntry = {
  render: async (req) => {
    const { pathname } = new URL(req.url);
    rendered.push(pathname);
    const found = pages.has(pathname);
    return {
      type: 'document',
      status: found ? 200 : 404,
      head: '<title>Fuelyard</title>',
      html: found ? `<p>page ${pathname}</p>` : '<h1>Page not found</h1>',
    };
  },
  sitemap: async () => [...pages],
};

const files = mkdtempSync(join(tmpdir(), 'fuelyard-files-'));
const favicon = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
writeFileSync(join(files, 'favicon.svg'), favicon);

const ssr: SsrRuntime = {
  template: async () =>
    '<!doctype html><html><head><!--app-head--></head><body><!--app-html--></body></html>',
  entry: async () => entry,
  assets: staticAssets(files),
};

let shop: TestApp;
let app: Koa;
beforeAll(async () => {
  shop = await createTestApp({ ssr, env: { PUBLIC_URL: 'http://127.0.0.1' } });
  app = shop.app;
});
afterAll(async () => {
  await shop.close();
  rmSync(files, { recursive: true, force: true });
});

/** Sends a request line as is (no client normalises its path), and returns status and Location. */
async function raw(
  method: string,
  target: string,
): Promise<{ status: number; location?: string; body: string }> {
  const { status, headers, body } = await rawRequest(
    app,
    `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close`,
  );
  return { status, location: /^location: (.*)$/im.exec(headers)?.[1], body };
}

describe('a page address with a trailing slash', () => {
  it.each([
    ['/about/', '/about'],
    ['/contact/', '/contact'],
    ['/products/domestic/bagged-coal/', '/products/domestic/bagged-coal'],
    ['/about//', '/about'],
    ['/no-such-page/', '/no-such-page'],
  ])('GET %s answers 301 to %s', async (from, to) => {
    const answer = await request(app.callback()).get(from).redirects(0);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(to);
  });

  it('keeps the query string', async () => {
    const answer = await request(app.callback())
      .get('/products/domestic/bagged-coal/?category=best-sellers&wsm')
      .redirects(0);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(
      '/products/domestic/bagged-coal?category=best-sellers&wsm',
    );
  });

  it('leads to the page itself, and HEAD is redirected too', async () => {
    const followed = await request(app.callback()).get('/about/').redirects(1);
    expect(followed.status).toBe(200);
    expect(followed.text).toContain('<p>page /about</p>');
    const head = await request(app.callback()).head('/contact/').redirects(0);
    expect(head.status).toBe(301);
    expect(head.headers.location).toBe('/contact');
  });

  it('is never rendered with the slash: matching stays strict', async () => {
    rendered.length = 0;
    await request(app.callback()).get('/about/').redirects(0);
    expect(rendered).toEqual([]);
    // Without a slash, an unknown page is still "Page not found".
    const missing = await request(app.callback()).get('/about-us').redirects(0);
    expect(missing.status).toBe(404);
  });

  it('leaves / alone', async () => {
    const home = await request(app.callback()).get('/').redirects(0);
    expect(home.status).toBe(200);
  });

  it('redirects GET and HEAD only: a form posted to /contact/ is not re-sent as a GET', async () => {
    const answer = await request(app.callback())
      .post('/contact/')
      .set('Origin', 'http://127.0.0.1')
      .type('form')
      .send('name=x')
      .redirects(0);
    expect(answer.status).not.toBe(301);
    expect(answer.headers.location).toBeUndefined();
  });

  it('leaves the API its own JSON 404', async () => {
    const answer = await request(app.callback()).get('/api/no-such-endpoint/').redirects(0);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    const health = await request(app.callback()).get('/api/health/').redirects(0);
    expect(health.status).not.toBe(301);
    const uploads = await request(app.callback()).get('/api/uploads/').redirects(0);
    expect(uploads.status).not.toBe(301);
  });

  it.each(['/assets/index-abc123.js/', '/cdn/coal.jpg/', '/sitemap.xml/', '/favicon.svg/'])(
    'does not redirect the file address %s',
    async (path) => {
      const answer = await request(app.callback()).get(path).redirects(0);
      expect(answer.status).not.toBe(301);
      expect(answer.headers.location).toBeUndefined();
    },
  );
});

describe('the redirect never leaves the site', () => {
  it('serves the static files in front of the pages', async () => {
    const answer = await request(app.callback()).get('/favicon.svg').redirects(0);
    expect(answer.status).toBe(200);
    expect(String(answer.body)).toBe(favicon);
  });

  // Issue 46, item 8: the file server answered these 400 ("Malicious Path") before the redirect
  // could, where the README promised `//evil.example/` a 301 to `/evil.example`.
  it.each([
    ['//evil.example/', '/evil.example'],
    ['///evil.example/', '/evil.example'],
    ['///evil.example', '/evil.example'],
    ['//evil.example', '/evil.example'],
    ['//evil.example/?next=//evil.example', '/evil.example?next=//evil.example'],
    ['//favicon.svg', '/favicon.svg'],
    ['//evil/', '/evil'],
    ['///evil//', '/evil'],
    ['//evil.example/about/', '/evil.example/about'],
    ['//evil/?next=//evil.example', '/evil?next=//evil.example'],
  ])('GET %s answers 301 to the same-site path %s', async (target, location) => {
    const answer = await raw('GET', target);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(location);
    // A path, never a host: one leading slash, then not a slash or a backslash.
    expect(answer.location).toMatch(/^\/(?![/\\])/);
  });

  it.each(['/\\evil.example', '/\\evil.example/', '/\\/evil.example/', '/about\\/'])(
    'does not redirect %s (a backslash reads as a slash to browsers): the 404 page',
    async (target) => {
      const answer = await raw('GET', target);
      expect(answer.status).toBe(404);
      expect(answer.location).toBeUndefined();
      expect(answer.body).toContain('<h1>Page not found</h1>');
    },
  );

  it('gives every address either no redirect or a path on this site', () => {
    const samples = [
      '//',
      '///',
      '/./',
      '/../',
      '/a/',
      '//a//',
      '/%2F%2Fevil.example/',
      '/\t/',
      '/é/',
      '/http:/evil.example/',
    ];
    for (const path of samples) {
      const target = withoutTrailingSlash(path, '');
      if (target !== null) expect(target, path).toMatch(/^\/(?![/\\])|^\/$/);
    }
    expect(withoutTrailingSlash('//', '')).toBe('/');
    expect(withoutTrailingSlash('/%2F%2Fevil/', '')).toBe('/%2F%2Fevil');
  });
});
