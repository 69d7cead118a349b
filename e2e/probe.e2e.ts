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
    // Each request's log line, for the page cache's outcome (`cache`) in the cache probe.
    LOG_LEVEL: 'info',
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
  // A string is sent as it is (a form's fields, with the caller's Content-Type); anything else as JSON.
  const payload =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
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
            : {
                ...(typeof body === 'string' ? {} : { 'content-type': 'application/json' }),
                'content-length': Buffer.byteLength(payload),
              }),
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
  const verified = await send('POST', '/api/auth/verify-email', origin, {
    token,
    password: 'Correct-Horse-Battery-9',
  });
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

/** The request log line the server wrote for the request sent with X-Request-Id `reqId`. */
function logLineOf(reqId: string): Record<string, unknown> | undefined {
  for (const line of server.output().split('\n')) {
    if (!line.includes(reqId)) continue;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.reqId === reqId && entry.msg === 'request') return entry;
    } catch {
      // Not a JSON line.
    }
  }
  return undefined;
}

/** The confirmation links (tokens) of every e-mail to `to`, in the order they were written. */
async function confirmationTokens(to: string, atLeast: number): Promise<string[]> {
  const mails = await mailsTo(to, atLeast, /\/user\/verify-email\?token=/);
  // Each e-mail holds its link twice (text and HTML): each token once, in order.
  const tokens = mails.flatMap((mail) =>
    [...mail.matchAll(/\/user\/verify-email\?token=([A-Za-z0-9_-]{43})/g)].map(
      (match) => match[1] ?? '',
    ),
  );
  return [...new Set(tokens)];
}

describe('issue 46: accounts nobody can plant a password on, a cache no query can empty, forms no foreign page can send', () => {
  it(
    'item 1: the attacker registers first and last, polls the login, and still cannot get in; the owner signs in with their own password',
    async () => {
      const origin = { Origin: server.url };
      const victim = `victim.${randomUUID().slice(0, 8)}@example.com`;
      const attackers = 'Attackers-Planted-Phrase-1';
      const owners = 'Owners-Very-Own-Phrase-2';
      const register = (password: string, fullName: string) =>
        send('POST', '/api/auth/local/register', origin, { fullName, email: victim, password });
      const poll = async () => {
        const res = await send('POST', '/api/auth/local', origin, {
          email: victim,
          password: attackers,
        });
        count('issue 46 item 1: login polls');
        return `${res.status} ${res.text}`;
      };
      expect((await register(attackers, 'Attacker')).status).toBe(200);
      const first = await poll();
      expect((await register(owners, 'Owner')).status).toBe(200);
      // The answer to the attacker does not change with who registered last.
      expect(await poll()).toBe(first);
      expect((await register(attackers, 'Attacker')).status).toBe(200);
      count('issue 46 item 1: registrations', 3);

      const tokens = await confirmationTokens(victim, 3);
      const outcomes: number[] = [];
      let ownerCookie: string | undefined;
      // The owner follows the links in their mailbox with their own password: only their own works.
      for (const token of tokens) {
        const res = await send('POST', '/api/auth/verify-email', origin, {
          token,
          password: owners,
        });
        count('issue 46 item 1: links tried by the owner');
        outcomes.push(res.status);
        if (res.status === 200) {
          ownerCookie = cookiesOf(res).find((pair) => pair.startsWith('fuelyard_session='));
        }
      }
      // Even a leaked link does the attacker no good now: every one is used up.
      for (const token of tokens) {
        const stolen = await send('POST', '/api/auth/verify-email', origin, {
          token,
          password: attackers,
        });
        count('issue 46 item 1: links tried with the attackers password');
        expect(stolen.status).toBe(400);
      }
      expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
      expect(ownerCookie).toBeDefined();
      const saved = await send(
        'PATCH',
        '/api/users/me',
        { ...origin, Cookie: ownerCookie ?? '' },
        { fullName: 'Owner', email: victim, phone: '028 9000 0000', town: 'Coleraine' },
      );
      expect(saved.status).toBe(200);
      const attacker = await send('POST', '/api/auth/local', origin, {
        email: victim,
        password: attackers,
      });
      expect(attacker.status).toBe(401);
      expect(attacker.text).not.toContain('028 9000 0000');
      const owner = await send('POST', '/api/auth/local', origin, {
        email: victim,
        password: owners,
      });
      expect(owner.status).toBe(200);
    },
    slow,
  );

  it(
    'item 2: the confirmation page names its address, and a link sent to a signed-in victim confirms nothing',
    async () => {
      const origin = { Origin: server.url };
      const victimCookie = await signedInCustomer();
      const email = `attacker.${randomUUID().slice(0, 8)}@example.com`;
      const password = 'Attackers-Own-Phrase-3';
      await send('POST', '/api/auth/local/register', origin, {
        fullName: 'Attacker',
        email,
        password,
      });
      const [token] = await confirmationTokens(email, 1);
      const page = await send('GET', `/user/verify-email?token=${token ?? ''}`, {
        Cookie: victimCookie,
      });
      count('issue 46 item 2: confirmation pages opened');
      expect(page.status).toBe(200);
      expect(page.text.replace(/<!-- -->/g, '')).toContain(
        `This link confirms the email address ${email}.`,
      );
      // The trick at its strongest: the victim even types the attacker's password.
      for (const [kind, headers, body] of [
        ['json', { ...origin, Cookie: victimCookie }, { token, password }],
        [
          'form',
          {
            ...origin,
            Cookie: victimCookie,
            'content-type': 'application/x-www-form-urlencoded',
          },
          new URLSearchParams({ intent: 'verifyEmail', token: token ?? '', password }).toString(),
        ],
      ] as const) {
        const path = kind === 'json' ? '/api/auth/verify-email' : '/user/verify-email';
        const res = await send('POST', path, headers, body);
        count('issue 46 item 2: confirmations over another session');
        expect(res.status, kind).toBe(409);
        expect(
          cookiesOf(res).some((pair) => pair.startsWith('fuelyard_session=')),
          kind,
        ).toBe(false);
      }
      const me = await send('GET', '/api/users/me', { Cookie: victimCookie });
      expect(me.status).toBe(200);
      expect(me.text).not.toContain(email);
    },
    slow,
  );

  it(
    'item 4: 210 unique queries keep nothing, and the catalogue pages stay in the cache',
    async () => {
      const kept = '/products/domestic/bagged-coal';
      const outcome = async (path: string) => {
        const reqId = `probe-${randomUUID()}`;
        const res = await send('GET', path, { 'X-Request-Id': reqId });
        expect(res.status, path).toBe(200);
        for (let attempt = 0; attempt < 50 && !logLineOf(reqId); attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return logLineOf(reqId)?.cache;
      };
      await outcome(kept);
      expect(await outcome(kept)).toBe('hit');
      const outcomes: unknown[] = [];
      for (let i = 0; i < 210; i++) {
        outcomes.push(await outcome(`/about?z=${randomUUID()}`));
        count('issue 46 item 4: unique queries');
      }
      expect(outcomes.filter((cache) => cache === 'kept')).toEqual([]);
      expect(await outcome(kept)).toBe('hit');
    },
    slow,
  );

  it(
    'item 6: a form with no Origin and a foreign Referer changes nothing',
    async () => {
      const cookie = await signedInCustomer();
      const foreign = [
        `http://${evil}/x`,
        `https://${evil}/`,
        `${server.url}.${evil}/user/account`,
        `http://${evil}@127.0.0.1/`,
        'javascript:alert(1)',
        'not a url',
        '//evil.example/user/account',
      ];
      for (const referer of foreign) {
        const res = await send(
          'POST',
          '/user/account',
          {
            Cookie: cookie,
            Referer: referer,
            'content-type': 'application/x-www-form-urlencoded',
          },
          new URLSearchParams({
            intent: 'accountDetails',
            fullName: 'Probe Person',
            phone: '07700 900123',
          }).toString(),
        );
        count('issue 46 item 6: foreign Referers');
        expect(res.status, referer).toBe(403);
      }
      const me = await send('GET', '/api/users/me', { Cookie: cookie });
      expect(me.text).not.toContain('07700 900123');
    },
    slow,
  );
});
