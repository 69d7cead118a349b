import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest, createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedTestWebhook, type TestWebhookBody } from '../api/services/payments/test/provider';
import { localLookalikes, offSiteRedirects } from '../api/test/redirectPayloads';
import { kerosene500 } from './checkoutSteps';
import { startServer, type ServerProcess } from './serverProcess';

/**
 * An attacker's probe of the production build (`node dist/api/server.js` on its own embedded
 * database), over loopback as an outsider would: every shape of `?redirect=` after login, and a
 * forged Host or X-Forwarded-Host on every route that builds an absolute URL. Each check counts
 * what it sent, and the counts are printed, so a run shows how much was probed.
 */
const slow = 120_000;
const evil = 'evil.example';
/** The test provider's webhook secret, so the probe can sign a payment that arrives late. */
const webhookSecret = `probe-secret-${randomUUID()}`;

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
    PAYMENT_TEST_WEBHOOK_SECRET: webhookSecret,
    // One cart checked out ten times at once: the limits themselves are tested in the API suite.
    CHECKOUT_RATE_LIMIT: '1000',
    CHECKOUT_CART_RATE_LIMIT: '1000',
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
async function mailsTo(to: string, atLeast = 1, matching?: RegExp): Promise<string[]> {
  const dir = join(dataDir, 'mail');
  for (let attempt = 0; attempt < 150; attempt++) {
    const found: string[] = [];
    for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
      if (!name.endsWith('.eml')) continue;
      const raw = await readFile(join(dir, name), 'utf8');
      if (raw.includes(to)) found.push(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    }
    const counted = matching ? found.filter((mail) => matching.test(mail)) : found;
    if (counted.length >= atLeast) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `fewer than ${atLeast} e-mails to ${to}${matching ? ` matching ${matching}` : ''}`,
  );
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
});

/** The cookies an answer sets, as `name=value` pairs for a Cookie header. */
function cookiesOf(res: Answer): string[] {
  return [res.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0] ?? '');
}

describe('parallel checkouts of one cart, and payments that arrive for cancelled orders', () => {
  it(
    'ten checkouts with ten keys and ten sets of details: one order paid, every other payment page refuses, a late payment is refunded',
    async () => {
      const origin = { Origin: server.url };
      const oil = await kerosene500(server.url);
      const postcode = await send('PUT', '/api/cart/postcode', origin, { postcode: 'BT1 1AA' });
      expect(postcode.status).toBe(200);
      const cart = { ...origin, Cookie: cookiesOf(postcode).join('; ') };
      const added = await send('POST', '/api/cart/items', cart, {
        type: 'oil',
        productId: oil.productId,
        attributeId: oil.attributeId,
        quantity: 1,
      });
      expect(added.status).toBe(200);
      const summary = await send('GET', '/api/checkout', cart);
      const total = (JSON.parse(summary.text) as { summary: { total: number } }).summary.total;
      const email = `parallel.${randomUUID().slice(0, 8)}@example.com`;
      const form = {
        fullName: 'Parallel Person',
        email,
        phone: '028 9032 1234',
        addressLine1: '7 Donegall Square',
        addressLine2: '',
        town: 'Belfast',
        postcode: 'BT1 1AA',
        instructions: '',
        domesticUse: false,
        acceptTerms: true,
        expectedTotal: total,
      };
      // Each with its own details (the same ones again would retry one order, not make another).
      const placed = await Promise.all(
        Array.from({ length: 10 }, (_, attempt) =>
          send(
            'POST',
            '/api/checkout',
            { ...cart, 'Idempotency-Key': randomUUID() },
            { ...form, instructions: `Attempt ${attempt + 1}` },
          ),
        ),
      );
      count('parallel checkouts', placed.length);
      for (const res of placed) expect(res.status, res.text).toBeLessThan(500);
      const orders = placed
        .filter((res) => res.status === 201)
        .map(
          (res) =>
            JSON.parse(res.text) as {
              order: { id: string };
              orderToken: string;
              redirectUrl: string;
            },
        );
      expect(orders.length).toBeGreaterThan(0);

      // Every payment page is paid, with a Host header pointing at a bystander: the webhook must
      // still reach the shop itself and nothing else.
      const hits: string[] = [];
      const bystander: Server = createServer((req, res) => {
        hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
        res.end('ok');
      });
      await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
      const address = bystander.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const sessions: string[] = [];
      try {
        for (const order of orders) {
          const session = /\/pay\/test\/([^/?#]+)/.exec(order.redirectUrl)?.[1];
          if (!session) throw new Error(`not a test payment page: ${order.redirectUrl}`);
          sessions.push(session);
          const paid = await send(
            'POST',
            `/api/payments/test/sessions/${session}/complete`,
            { ...origin, Host: `127.0.0.1:${port}` },
            { outcome: 'pay' },
          );
          count(`payment pages paid, answered ${paid.status}`);
          count('Host forgeries on the test payment page');
          expect(paid.status, paid.text).toBeLessThan(500);
        }
      } finally {
        await new Promise((resolve) => bystander.close(resolve));
      }
      expect(hits).toEqual([]);

      const statusOf = async (order: { order: { id: string }; orderToken: string }) => {
        for (let attempt = 0; attempt < 100; attempt++) {
          const res = await send('GET', `/api/orders/${order.order.id}`, {
            'X-Order-Token': order.orderToken,
          });
          const status = (JSON.parse(res.text) as { order: { status: string } }).order.status;
          if (status !== 'pending_payment') return status;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return 'pending_payment';
      };
      const statuses = await Promise.all(orders.map(statusOf));
      for (const res of placed) count(`checkout answers ${res.status}`);
      for (const status of statuses) count(`orders ${status}`);
      expect(statuses.filter((status) => status === 'paid')).toHaveLength(1);
      expect(statuses.filter((status) => status !== 'paid' && status !== 'cancelled')).toEqual([]);

      // A provider's signed success for a cancelled order (the customer paid a page that was open
      // elsewhere): the order stays cancelled, the money goes back, and the customer is told.
      const cancelledAt = statuses.findIndex((status) => status === 'cancelled');
      if (cancelledAt >= 0) {
        const cancelled = orders[cancelledAt];
        const late: TestWebhookBody = {
          id: `evt_probe_${randomUUID()}`,
          type: 'payment.succeeded',
          data: {
            sessionId: sessions[cancelledAt] ?? '',
            orderId: cancelled?.order.id ?? '',
            amount: total,
            currency: 'GBP',
          },
        };
        const signed = signedTestWebhook(webhookSecret, late);
        for (let delivery = 0; delivery < 3; delivery++) {
          const res = await send('POST', '/api/payments/webhooks/test', signed.headers, late);
          count('late payment webhooks (one event, delivered 3 times)');
          expect(res.status, res.text).toBe(200);
        }
        if (cancelled) expect(await statusOf(cancelled)).toBe('cancelled');
        // The outbox sends the refund's e-mail after the webhook's answer, maybe after others.
        const refunded = /we refunded your payment for cancelled order|will be refunded/;
        const mails = await mailsTo(email, 1, refunded);
        const refunds = mails.filter((mail) => refunded.test(mail));
        expect(refunds).toHaveLength(1);
        count('late payments refunded');
      }
    },
    slow,
  );
});
