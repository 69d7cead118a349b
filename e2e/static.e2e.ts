import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scriptsNamedIn } from '../bench/firstLoad';
import { startServer, type ServerProcess } from './serverProcess';

/** What the production build serves as files, over plain HTTP (no browser needed). */
const baseURL = inject('baseURL');

async function scriptsOfHome(): Promise<string[]> {
  const html = await (await fetch(`${baseURL}/`)).text();
  return scriptsNamedIn(html).map((path) => `/${path}`);
}

describe('static files of the production build', () => {
  it('serves no source maps, and the bundle names none', async () => {
    const scripts = await scriptsOfHome();
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const res = await fetch(`${baseURL}${src}`);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('sourceMappingURL');
      for (const map of [`${src}.map`, `${src.replace(/\.js$/, '.js%2Emap')}`]) {
        const answer = await fetch(`${baseURL}${map}`);
        expect(answer.status, map).toBe(404);
        expect(await answer.text()).not.toContain('sourcesContent');
      }
    }
  });

  it('never serves the SSR template, however its path is spelt', async () => {
    for (const path of [
      '/app/index.html',
      '/app%2findex.html',
      '/%61pp/index.html',
      '/./app/index.html',
    ]) {
      const res = await fetch(`${baseURL}${path}`);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).not.toContain('__CSP_NONCE__');
      expect(body, path).not.toContain('<!--app-html-->');
    }
  });
});

/** Sends a request head exactly as written (no HTTP client sends a malformed Host). */
function raw(url: string, head: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () =>
      done({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text }),
    );
    socket.on('error', fail);
    socket.write(`${head}\r\n\r\n`);
  });
}

describe('the production server and the Host header (PUBLIC_URL is required in production)', () => {
  it.each([
    ['Host: [', 'GET / HTTP/1.1\r\nHost: [\r\nConnection: close'],
    ['Host: a b', 'GET /about HTTP/1.1\r\nHost: a b\r\nConnection: close'],
    ['Host: evil:99999', 'GET /robots.txt HTTP/1.1\r\nHost: evil:99999\r\nConnection: close'],
    ['HTTP/1.0 without Host', 'GET /sitemap.xml HTTP/1.0'],
  ])('answers %s without an error and without echoing the header', async (_name, head) => {
    const answer = await raw(baseURL, head);
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toMatch(/Invalid URL|TypeError|^\s+at \S+ \(/m);
    expect(answer.text).not.toContain('evil');
  });

  it('writes PUBLIC_URL, not a forged Host, into robots.txt and sitemap.xml, cached publicly', async () => {
    const robots = await raw(
      baseURL,
      'GET /robots.txt HTTP/1.1\r\nHost: evil.example\r\nConnection: close',
    );
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots.text).not.toContain('evil.example');
    expect(robots.text).toMatch(/cache-control: public, max-age=3600/i);
    const sitemap = await raw(
      baseURL,
      'GET /sitemap.xml HTTP/1.1\r\nHost: evil.example\r\nConnection: close',
    );
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`<loc>${baseURL}/</loc>`);
    expect(sitemap.text).not.toContain('evil.example');
  });

  it('answers other methods than GET and HEAD on robots.txt and sitemap.xml with 405', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND']) {
        const res = await fetch(`${baseURL}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD');
      }
      const head = await fetch(`${baseURL}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(await head.text(), path).toBe('');
    }
  });
});

describe('the production server log', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-e2e-log-'));
    server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
    });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays JSON lines through 404 pages and bad Host headers', async () => {
    for (const path of ['/no-such-page', '/ABOUT', '/about/team']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Page not found');
    }
    // A trailing slash is not a 404 but the page's one address (api/middleware/trailingSlash.ts).
    const slashed = await fetch(`${server.url}/about/`, { redirect: 'manual' });
    expect(slashed.status).toBe(301);
    expect(slashed.headers.get('location')).toBe('/about');
    // Bad Host headers are ignored (PUBLIC_URL is the origin): answered, and logged as JSON.
    for (const head of ['GET / HTTP/1.0', 'GET / HTTP/1.1\r\nHost: a b\r\nConnection: close']) {
      const answer = await raw(server.url, head);
      expect(answer.status, head).toBeGreaterThanOrEqual(200);
      expect(answer.status, head).toBeLessThan(500);
    }
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const notJson = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const requests = lines.map((line) => JSON.parse(line) as { msg?: string; status?: number });
    expect(requests.filter((line) => line.msg === 'request' && line.status === 404)).toHaveLength(
      3,
    );
    expect(lines.join('\n')).not.toMatch(/Matched leaf route|No routes matched|rendering failed/);
  });
});
