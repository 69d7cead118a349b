import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest, createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localLookalikes, offSiteRedirects } from '../api/test/redirectPayloads';
import { startServer, type ServerProcess } from './serverProcess';

/**
 * An attacker's probe of the production build (`node dist/api/server.js` on its own embedded
 * database), over loopback as an outsider would: every shape of `?redirect=` after login, and a
 * forged Host or X-Forwarded-Host on every route that builds an absolute URL. Each check counts
 * what it sent, and the counts are printed, so a run shows how much was probed.
 */
const slow = 120_000;
const evil = 'evil.example';

let server: ServerProcess;
let dataDir: string;
const counts: Record<string, number> = {};
const count = (what: string, by = 1) => (counts[what] = (counts[what] ?? 0) + by);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-e2e-probe-'));
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    // The probe sends many requests from one address: the limits are tested in the API suite.
    LOGIN_RATE_LIMIT: '10000',
    // A proxy in front sets these headers; the probe forges them.
    TRUST_PROXY: 'true',
  });
}, slow);

afterAll(async () => {
  console.info(`attacker probe: ${JSON.stringify(counts)}`);
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, slow);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request with any headers (Host included, which fetch will not forge). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method,
        path,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on('error', fail);
    req.end(payload);
  });
}

/** The headers an outsider forges to choose the site's origin. */
const forgeries: Record<string, Record<string, string>> = {
  Host: { Host: evil },
  'Host with port': { Host: `${evil}:8443` },
  'X-Forwarded-Host': { 'X-Forwarded-Host': evil, 'X-Forwarded-Proto': 'https' },
  'both, and Origin': { Host: evil, 'X-Forwarded-Host': evil },
};

/** Every e-mail written to DATA_DIR/mail for `to`, decoded enough to read its links. */
async function mailsTo(to: string, atLeast = 1): Promise<string[]> {
  const dir = join(dataDir, 'mail');
  for (let attempt = 0; attempt < 150; attempt++) {
    const found: string[] = [];
    for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
      if (!name.endsWith('.eml')) continue;
      const raw = await readFile(join(dir, name), 'utf8');
      if (raw.includes(to)) found.push(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    }
    if (found.length >= atLeast) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${atLeast} e-mails to ${to}`);
}

/** The absolute links in `text`. */
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);

/** A signed-in customer's session cookie: registration, the e-mailed link, its confirmation. */
async function signedInCustomer(): Promise<string> {
  const email = `probe.${randomUUID().slice(0, 8)}@example.com`;
  const origin = { Origin: server.url };
  const registered = await send('POST', '/api/auth/local/register', origin, {
    fullName: 'Probe Person',
    email,
    password: 'Correct-Horse-Battery-9',
  });
  expect(registered.status).toBe(200);
  const [mail] = await mailsTo(email);
  const token = /\/user\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1];
  if (!token) throw new Error('no confirmation link');
  const verified = await send('POST', '/api/auth/verify-email', origin, { token });
  expect(verified.status).toBe(200);
  const cookie = [verified.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('fuelyard_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

describe('login redirects: every payload ends on this site', () => {
  it(
    `sends a signed-in visitor only to paths of this site (${offSiteRedirects.length + localLookalikes.length} payloads)`,
    async () => {
      const cookie = await signedInCustomer();
      const payloads = [...offSiteRedirects, ...localLookalikes.map(([value]) => value)];
      for (const payload of payloads) {
        for (const path of ['/login', '/user/login']) {
          const res = await send('GET', `${path}?redirect=${encodeURIComponent(payload)}`, {
            Cookie: cookie,
          });
          count('login redirect requests');
          expect(res.status, payload).toBeLessThan(500);
          const location = res.headers.location;
          if (typeof location !== 'string') continue;
          count('login redirects answered with a Location');
          expect(location.startsWith('/'), `${payload} -> ${location}`).toBe(true);
          expect(location, payload).not.toMatch(/^\/[/\\]/);
          expect(new URL(location, server.url).origin, payload).toBe(server.url);
        }
      }
    },
    slow,
  );
});

describe('a forged Host or X-Forwarded-Host chooses no link', () => {
  it(
    'robots.txt, sitemap.xml and pages name PUBLIC_URL only',
    async () => {
      for (const [name, headers] of Object.entries(forgeries)) {
        for (const path of [
          '/robots.txt',
          '/sitemap.xml',
          '/',
          '/products/domestic/oil',
          '/about',
        ]) {
          const res = await send('GET', path, headers);
          count('Host forgeries on pages and files');
          expect(res.status, `${name} ${path}`).toBe(200);
          expect(res.text, `${name} ${path}`).not.toContain(evil);
        }
      }
    },
    slow,
  );

  it(
    'password-reset links in e-mails point at PUBLIC_URL',
    async () => {
      const email = `reset.${randomUUID().slice(0, 8)}@example.com`;
      await send(
        'POST',
        '/api/auth/local/register',
        { Origin: server.url },
        { fullName: 'Reset Person', email, password: 'Correct-Horse-Battery-9' },
      );
      let sent = 0;
      for (const headers of Object.values(forgeries)) {
        const res = await send('POST', '/api/auth/forgot-password', headers, { email });
        count('Host forgeries on forgot-password');
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) sent++;
      }
      // The confirmation and at least one reset e-mail (the rest may be refused as cross-site).
      const mails = await mailsTo(email, 1 + Math.min(sent, 1));
      const links = mails.flatMap(linksIn).filter((link) => link.includes('/user/'));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(new URL(link).origin, link).toBe(server.url);
      expect(mails.join('\n')).not.toContain(evil);
    },
    slow,
  );

  it(
    'registration e-mails (new and existing address) point at PUBLIC_URL',
    async () => {
      const email = `register.${randomUUID().slice(0, 8)}@example.com`;
      const body = { fullName: 'Register Person', email, password: 'Correct-Horse-Battery-9' };
      for (const headers of Object.values(forgeries)) {
        const res = await send('POST', '/api/auth/local/register', headers, body);
        count('Host forgeries on register');
        expect(res.status).toBeLessThan(500);
      }
      const mails = await mailsTo(email, 1);
      for (const link of mails.flatMap(linksIn).filter((l) => l.includes('/user/'))) {
        expect(new URL(link).origin, link).toBe(server.url);
      }
      expect(mails.join('\n')).not.toContain(evil);
    },
    slow,
  );

  it(
    'a test payment page never sends its webhook where a Host header points',
    async () => {
      const hits: string[] = [];
      const listener: Server = createServer((req, res) => {
        hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
        res.end('ok');
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      const address = listener.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      try {
        const forged: Record<string, string>[] = [
          { Host: `127.0.0.1:${port}` },
          { 'X-Forwarded-Host': `127.0.0.1:${port}`, 'X-Forwarded-Proto': 'http' },
        ];
        for (const headers of forged) {
          const res = await send(
            'POST',
            `/api/payments/test/sessions/${randomUUID()}/complete`,
            headers,
            { outcome: 'succeeded' },
          );
          count('Host forgeries on the test payment page');
          expect(res.status).toBeLessThan(500);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(hits).toEqual([]);
      } finally {
        await new Promise((resolve) => listener.close(resolve));
      }
    },
    slow,
  );
});
