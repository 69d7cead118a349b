import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/**
 * Random requests to every API route, as an attacker or a broken client would send them: random
 * methods, bodies, media types, encodings (right, wrong and unknown) and headers. Whatever comes
 * in, the answer is a 4xx or a success, never a 5xx; the API answers JSON `{ code, message }`
 * (GraphQL: its own `{ data | errors }` shape); and the server stays healthy afterwards.
 */
let t: TestApp;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ENQUIRY_RATE_LIMIT: '1000', LOGIN_RATE_LIMIT: '1000' } });
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const paths = fc.constantFrom(
  '/api/health',
  '/api/graphql',
  '/api/graphql?query=%7B__typename%7D',
  '/api/cart',
  '/api/cart/items',
  '/api/cart/items/1',
  '/api/cart/items/%00',
  '/api/cart/items/99999999999999999999',
  '/api/cart/postcode',
  '/api/cart/postcode-modal',
  '/api/cart/checkout-check',
  '/api/enquiries',
  '/api/checkout',
  '/api/checkout?domesticUse=maybe',
  '/api/orders/00000000-0000-4000-8000-000000000000?token=x&waiting=1',
  '/api/orders/%00',
  '/api/orders',
  '/api/orders/00000000-0000-4000-8000-000000000000/claim',
  '/api/auth/local',
  '/api/auth/local/register',
  '/api/auth/logout',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/verify-email',
  '/api/auth/change-password',
  '/api/users/me',
  '/api/uploads/products/none.png',
  '/api/uploads/..%2f..%2fpackage.json',
  '/api/nothing-here',
);
const methods = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
const contentTypes = fc.option(
  fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/graphql-response+json',
    ),
    fc.string({ maxLength: 40 }),
  ),
  { nil: undefined },
);
const jsonBodies = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"type":"coal","productId":1,"attributeId":1,"quantity":1}',
    '{"postcode":"BT1 1AA"}',
    '{"open":true}',
    '{"query":"{ coalCategories { title } }"}',
    '{"__proto__":{"polluted":1}}',
    '{"name":"\\u0000","email":"a@b.c"}',
    '{"email":"a@b.co","password":"a long passphrase"}',
    '{"fullName":"A","email":"a@b.co","password":"a long passphrase"}',
    '{"token":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","password":"a long passphrase"}',
    '{"token":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}',
    '{"currentPassword":"x","password":null,"email":["x"]}',
    'null',
    '[]',
  ),
  fc.string({ maxLength: 200 }),
);
const bodies = fc.option(
  fc.oneof(
    jsonBodies.map((text) => Buffer.from(text)),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  ),
  { nil: undefined },
);
const encodings = fc.constantFrom(
  'none',
  'gzip',
  'deflate',
  'br',
  'gzip-label-only',
  'br-label-only',
  'compress',
);

function encode(encoding: string, body: Buffer): { header?: string; bytes: Buffer } {
  switch (encoding) {
    case 'gzip':
      return { header: 'gzip', bytes: gzipSync(body) };
    case 'deflate':
      return { header: 'deflate', bytes: deflateSync(body) };
    case 'br':
      return { header: 'br', bytes: brotliCompressSync(body) };
    case 'gzip-label-only':
      return { header: 'gzip', bytes: body };
    case 'br-label-only':
      return { header: 'br', bytes: body };
    case 'compress':
      return { header: 'compress', bytes: body };
    default:
      return { bytes: body };
  }
}

const extraHeaders = fc.record(
  {
    origin: fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1', 'not a url'),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none', 'x'),
    cookie: fc.constantFrom(
      'cartId=not-a-uuid',
      'cartId=',
      'cartId=%E0%A4%A',
      'a=b; cartId=1',
      'fuelyard_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'fuelyard_session=%00',
    ),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml'),
    'if-none-match': fc.constantFrom('"x"', '*', 'W/"y"'),
  },
  { requiredKeys: [] },
);

it(
  'never answers 5xx, always answers JSON with code and message, and stays healthy',
  async () => {
    await fc.assert(
      fc.asyncProperty(
        methods,
        paths,
        contentTypes,
        bodies,
        encodings,
        extraHeaders,
        async (method, path, contentType, body, encoding, headers) => {
          const init: RequestInit = { method, headers: { ...headers } };
          const sent = init.headers as Record<string, string>;
          if (contentType !== undefined) sent['content-type'] = contentType;
          if (body !== undefined && method !== 'GET' && method !== 'HEAD') {
            const encoded = encode(encoding, body);
            if (encoded.header) sent['content-encoding'] = encoded.header;
            init.body = new Uint8Array(encoded.bytes);
          }
          let res: Response;
          try {
            res = await fetch(base + path, init);
          } catch {
            // fetch itself refused the request (an invalid header value): nothing was sent.
            return;
          }
          const text = await res.text();
          const where = `${method} ${path} (${contentType ?? 'no type'}, ${encoding}) → ${res.status} ${text.slice(0, 200)}`;
          expect(res.status, where).toBeLessThan(500);
          if (method === 'HEAD' || res.status === 304) return;
          expect(res.headers.get('content-type') ?? '', where).toMatch(/json/);
          const answer = JSON.parse(text) as Record<string, unknown>;
          if (path.startsWith('/api/graphql') && !('code' in answer)) {
            expect('data' in answer || 'errors' in answer, where).toBe(true);
          } else if (!path.startsWith('/api/uploads/') || res.status >= 400) {
            expect(answer.code, where).toBe(res.status);
            expect(typeof answer.message, where).toBe('string');
          }
        },
      ),
      { numRuns: 300 },
    );
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const graphql = await fetch(`${base}/api/graphql?query=%7B__typename%7D`);
    expect(graphql.status).toBe(200);
  },
  // 300 requests took about 3 s on an idle 2-core machine; allow for a busy one.
  60_000,
);
