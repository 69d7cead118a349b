import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../api/test/harness';
import { startSmtpPeer, type SmtpPeer } from '../api/test/smtpPeer';
import { projectRoot, startServer, type ServerProcess } from './serverProcess';

/**
 * Scale-out on one PostgreSQL, as docs/deploy.md describes it: two real server processes
 * (`node dist/api/server.js`, the production build) on different ports, started at the same time
 * against one new, empty database, both sending mail to one real SMTP peer. Runs in the PostgreSQL
 * lane (`npm run test:postgres`), which names the server in TEST_DATABASE_URL.
 *
 * Slow by nature: each step is real HTTP to real processes, and the last test waits out a mail
 * lease (MAIL_LEASE_MS, 10 s here) after a SIGKILL. Timeouts below are sized from idle runs with a
 * wide margin for a loaded 2-core CI machine.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  throw new Error('The scale-out lane needs TEST_DATABASE_URL (a PostgreSQL server).');

const LEASE_MS = 10_000;

let database: { url: string; drop(): Promise<void> };
let pool: pg.Pool;
let smtp: SmtpPeer;
let dataDir: string;
const servers: Record<'a' | 'b', ServerProcess> = {} as Record<'a' | 'b', ServerProcess>;

/** Each process signs its mail with its own envelope sender, so the peer can tell them apart. */
const senders = { a: 'a@scale.fuelyard.test', b: 'b@scale.fuelyard.test' } as const;

function serverEnv(name: 'a' | 'b'): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    DATA_DIR: join(dataDir, name),
    SMTP_URL: smtp.url,
    MAIL_FROM: `Fuelyard ${name.toUpperCase()} <${senders[name]}>`,
    MAIL_TO: 'orders@fuelyard.test',
    MAIL_POLL_INTERVAL_MS: '100',
    MAIL_LEASE_MS: String(LEASE_MS),
    MAIL_RETRY_BASE_MS: '200',
    MAIL_RETRY_MAX_MS: '1000',
    // The client address comes from X-Forwarded-For, as behind the reverse proxy, so each test
    // has its own rate-limit key.
    TRUST_PROXY: 'true',
  };
}

beforeAll(async () => {
  database = await createPostgresDatabase(serverUrl, 'fuelyard_scale');
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // The database is dropped (connections and all) right after pool.end(), which does not wait for
  // its connections to close: a connection still closing then hears PostgreSQL's "terminating
  // connection" (57P01), which must not be an uncaught error.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  smtp = await startSmtpPeer();
  dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-scale-'));
  // Both at once, on an empty database: their migrations and seeds race.
  const [a, b] = await Promise.all([startServer(serverEnv('a')), startServer(serverEnv('b'))]);
  servers.a = a;
  servers.b = b;
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  await smtp?.close();
  await pool?.end();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}

interface CartAnswer {
  code: number;
  cart: { cartId: string | null; postcode: string | null; items: { quantity: number }[] };
}

async function api(
  server: ServerProcess,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: res.status, json: await res.json(), headers: res.headers };
}

function enquiry(email: string) {
  return {
    name: 'Aoife Murphy',
    email,
    address: '3 Quay Street, Newry BT35 6AA',
    companyName: 'Murphy Fuels',
    telephone: '028 3026 1234',
    telephone2: '',
    message: 'Please quote for 20 pallets of smokeless coal.',
  };
}

/** Mail the peer accepted whose Reply-To is `email`. */
const receivedFor = (email: string) =>
  smtp.received.filter((mail) => mail.parsed.headers.get('reply-to') === email);

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two server processes on one PostgreSQL', () => {
  it('migrate and seed once when both start at once on an empty database', async () => {
    const journal = JSON.parse(
      readFileSync(join(projectRoot, 'api/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await rows<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]?.n).toBe(journal.entries.length);
    const products = await rows<{ slug: string }>('select slug from products');
    expect(products.length).toBeGreaterThan(10);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const server of [servers.a, servers.b]) {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    }
  });

  it('share carts: a cart made on A is read and changed on B, and A sees the change', async () => {
    const made = await api(servers.a, 'PUT', '/api/cart/postcode', {
      body: { postcode: 'BT1 1AA' },
    });
    expect(made.status).toBe(200);
    const cookie = (made.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^cartId=[0-9a-f-]{36}$/);
    const cartId = (made.json as CartAnswer).cart.cartId;

    const read = await api(servers.b, 'GET', '/api/cart', { cookie });
    expect(read.json).toMatchObject({ code: 200, cart: { cartId, postcode: 'BT11AA' } });

    const { rows: coal } = await pool.query<{ productId: number; sizeId: number }>(
      `select p.id as "productId", s.id as "sizeId" from products p
         join product_sizes s on s.product_id = p.id
        where p.type = 'coal' and p.purchasable and coalesce(s.price, p.price) is not null
        order by p.id, s.id limit 1`,
    );
    const choice = { type: 'coal', productId: coal[0]?.productId, attributeId: coal[0]?.sizeId };
    const added = await api(servers.b, 'POST', '/api/cart/items', {
      cookie,
      body: { ...choice, quantity: 3 },
    });
    expect(added.status).toBe(200);
    const fromA = (await api(servers.a, 'GET', '/api/cart', { cookie })).json as CartAnswer;
    expect(fromA.cart.cartId).toBe(cartId);
    expect(fromA.cart.items.map((item) => item.quantity)).toEqual([3]);

    // Both add to the same line at once: one line of 5, never two lines.
    const both = await Promise.all([
      api(servers.a, 'POST', '/api/cart/items', { cookie, body: { ...choice, quantity: 1 } }),
      api(servers.b, 'POST', '/api/cart/items', { cookie, body: { ...choice, quantity: 1 } }),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    const fromB = (await api(servers.b, 'GET', '/api/cart', { cookie })).json as CartAnswer;
    expect(fromB.cart.items.map((item) => item.quantity)).toEqual([5]);
  });

  it('share the delivery calendar: twelve buyers on A and B racing for the last room of a day get exactly that room between them', async () => {
    const { rows: kerosene } = await pool.query<{ productId: number; sizeId: number }>(
      `select p.id as "productId", s.id as "sizeId" from products p
         join product_sizes s on s.product_id = p.id
        where p.slug = 'kerosene-heating-oil' and s.title = '300 Litres'`,
    );
    const choice = {
      type: 'oil',
      productId: kerosene[0]?.productId,
      attributeId: kerosene[0]?.sizeId,
    };
    // Twelve households, each with 300 litres in the cart, half on each process.
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const server = index % 2 === 0 ? servers.a : servers.b;
        const ip = `203.0.113.${String(100 + index)}`;
        const made = await api(server, 'PUT', '/api/cart/postcode', {
          body: { postcode: 'BT1 1AA' },
          ip,
        });
        const cookie = (made.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        const added = await api(server, 'POST', '/api/cart/items', {
          cookie,
          ip,
          body: { ...choice, quantity: 1 },
        });
        expect(added.status).toBe(200);
        return { server, ip, cookie };
      }),
    );
    const first = buyers[0];
    if (!first) throw new Error('no buyers');
    const summary = (await api(first.server, 'GET', '/api/checkout', { cookie: first.cookie }))
      .json as { summary: { total: number; delivery: { earliest: string } } };
    const day = summary.summary.delivery.earliest;
    const [zone] = await rows<{ id: number }>(`select id from shipping_zones where title = 'oil'`);
    // Room for six of them on that day.
    await pool.query(
      `insert into delivery_days (zone_id, day, capacity) values ($1, $2, 1800)
       on conflict (zone_id, day) do update set capacity = 1800`,
      [zone?.id, day],
    );
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        api(buyer.server, 'POST', '/api/checkout', {
          cookie: buyer.cookie,
          ip: buyer.ip,
          headers: { 'idempotency-key': `scale-day-${String(index)}-${day}` },
          body: {
            fullName: 'Ciara McAllister',
            email: `buyer${String(index)}@example.com`,
            phone: '028 9032 1234',
            addressLine1: '7 Donegall Square',
            addressLine2: '',
            town: 'Belfast',
            postcode: 'BT11AA',
            instructions: '',
            domesticUse: false,
            acceptTerms: true,
            expectedTotal: summary.summary.total,
            deliveryDay: day,
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    const [room] = await rows<{ booked: number; capacity: number; held: number }>(
      `select d.booked, d.capacity,
              (select coalesce(sum(b.amount), 0)::int from delivery_bookings b
                where b.zone_id = d.zone_id and b.day = d.day and b.released_at is null) as held
         from delivery_days d where d.zone_id = $1 and d.day = $2`,
      [zone?.id, day],
    );
    expect(room).toEqual({ booked: 1800, capacity: 1800, held: 1800 });
  }, 60_000);

  it("share the catalogue: a staff price change on A is in B's GraphQL and pages at once; staff:create works while both run", async () => {
    // The staff command, on the production build, against the database both servers use.
    const email = 'staff@scale.fuelyard.test';
    const made = spawnSync(
      process.execPath,
      [join(projectRoot, 'dist/api/staff-create.js'), email],
      {
        env: { ...process.env, ...serverEnv('a'), PUBLIC_URL: servers.a.url, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(made.status, made.stderr).toBe(0);
    const link = /https?:\/\/\S+\/user\/password-reset\?token=\S+/.exec(made.stdout)?.[0];
    const token = new URL(link ?? 'http://x/').searchParams.get('token');
    const password = 'scale test passphrase';
    const reset = await api(servers.a, 'POST', '/api/auth/reset-password', {
      body: { token, password },
      ip: '198.51.100.31',
    });
    expect(reset.status).toBe(200);
    const login = await api(servers.b, 'POST', '/api/auth/local', {
      body: { email, password },
      ip: '198.51.100.31',
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^fuelyard_session=/);

    const prices = await api(servers.a, 'GET', '/api/admin/prices/oil', { cookie });
    const kerosene = (
      prices.json as { sizes: { sizeId: number; productTitle: string; sizeTitle: string }[] }
    ).sizes.find((p) => p.productTitle === 'Kerosene Heating Oil' && p.sizeTitle === '500 Litres');
    expect(kerosene).toBeDefined();
    // B renders the oil page first, so that its page cache holds the old price.
    const oilPage = async () => (await fetch(`${servers.b.url}/products/domestic/oil`)).text();
    expect(await oilPage()).not.toContain('£417.89');

    const changed = await api(servers.a, 'PUT', '/api/admin/prices/oil', {
      cookie,
      body: { prices: [{ sizeId: kerosene?.sizeId, price: '417.89' }] },
    });
    expect(changed.status).toBe(200);
    const graphql = await api(servers.b, 'POST', '/api/graphql', {
      body: { query: '{ oils { sizes { id price } } }' },
    });
    const sizes = (
      graphql.json as { data: { oils: { sizes: { id: string; price: number }[] }[] } }
    ).data.oils.flatMap((o) => o.sizes);
    expect(sizes.find((s) => Number(s.id) === kerosene?.sizeId)?.price).toBe(41789);
    expect(await oilPage()).toContain('£417.89');
    const [entry] = await rows<{ actor_email: string; action: string }>(
      `select actor_email, action from audit_log where entity = 'size' and entity_id = $1`,
      [String(kerosene?.sizeId)],
    );
    expect(entry).toEqual({ actor_email: email, action: 'price' });
  }, 120_000);

  it('share the enquiry rate limit: 5 on A, then the 6th on B gets 429; each mailed once', async () => {
    const ip = '203.0.113.10';
    const emails = Array.from({ length: 5 }, (_, i) => `buyer${i}@limit.example.org`);
    // A slow peer keeps each send in flight for a while, so both workers are looking for work
    // while a message is claimed: a second claim of the same message would show as a duplicate.
    smtp.acceptDelayMs = 300;
    try {
      for (const email of emails) {
        const sent = await api(servers.a, 'POST', '/api/enquiries', { ip, body: enquiry(email) });
        expect(sent.json).toEqual({ code: 200, message: 'Email sent!' });
      }
      const sixth = await api(servers.b, 'POST', '/api/enquiries', {
        ip,
        body: enquiry('buyer5@limit.example.org'),
      });
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client is not limited by it.
      const other = await api(servers.b, 'POST', '/api/enquiries', {
        ip: '203.0.113.11',
        body: enquiry('other@limit.example.org'),
      });
      expect(other.status).toBe(200);

      const all = [...emails, 'other@limit.example.org'];
      await until(
        'every enquiry to be mailed',
        () => all.every((e) => receivedFor(e).length > 0),
        30_000,
      );
      // Give a duplicate time to arrive: several poll intervals of both workers.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(all.map((email) => receivedFor(email).length)).toEqual(all.map(() => 1));
      expect(receivedFor('buyer5@limit.example.org')).toEqual([]);
      const outbox = await rows<{ status: string; attempts: number }>(
        `select status, attempts from mail_outbox where reply_to like '%@limit.example.org'`,
      );
      expect(outbox).toEqual(all.map(() => ({ status: 'sent', attempts: 1 })));
    } finally {
      smtp.acceptDelayMs = 0;
    }
  }, 60_000);

  it('mail a message exactly once when the process sending it is killed with SIGKILL mid-send', async () => {
    const email = 'killed@sigkill.example.org';
    // The peer takes the message in full and never answers: the sender is stuck mid-send.
    smtp.mode = 'stall';
    const stalledBefore = smtp.stalled;
    const accepted = await api(servers.a, 'POST', '/api/enquiries', {
      ip: '203.0.113.20',
      body: enquiry(email),
    });
    expect(accepted.json).toEqual({ code: 200, message: 'Email sent!' });
    await until('a worker to start sending', () => smtp.stalled > stalledBefore, 20_000);
    const sender = smtp.stalledFrom.at(-1) === senders.a ? 'a' : 'b';
    const survivor = sender === 'a' ? 'b' : 'a';
    servers[sender].child.kill('SIGKILL');
    expect(await servers[sender].exited).toBe('SIGKILL');
    smtp.releaseStalled();
    smtp.mode = 'accept';

    // The row stays claimed until its lease runs out; then the survivor sends it.
    await until('the survivor to send it', () => receivedFor(email).length > 0, LEASE_MS + 30_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receivedFor(email)).toHaveLength(1);
    expect(receivedFor(email)[0]?.envelope.from).toBe(senders[survivor]);
    const [row] = await rows<{ status: string; attempts: number }>(
      'select status, attempts from mail_outbox where reply_to = $1',
      [email],
    );
    expect(row).toEqual({ status: 'sent', attempts: 2 });
    // The survivor goes on serving.
    expect((await fetch(`${servers[survivor].url}/api/health`)).status).toBe(200);
  }, 90_000);
});
