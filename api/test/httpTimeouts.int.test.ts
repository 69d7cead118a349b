import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../httpServer';
import { createTestApp, testConfig, type TestApp } from './harness';
import { headerLines, slowBody, trickle } from './slowClient';

/**
 * Slow clients are cut off (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS,
 * HTTP_KEEP_ALIVE_TIMEOUT_MS). With Node's defaults (60 s for headers, 300 s for a request, checked
 * every 30 s) each trickle below runs to its end; with 0.5 s / 1 s limits the server closes the
 * connection long before. No assertion is on time: each trickle lasts at least 20 s (200 pieces,
 * 100 ms apart), 40 times the limit, and the test only asks whether the server closed first.
 */
const env = {
  HTTP_HEADERS_TIMEOUT_MS: '500',
  HTTP_REQUEST_TIMEOUT_MS: '1000',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
};
const PIECES = 200;
const EVERY_MS = 100;
/** The trickle's 20 s at least, and a loaded machine's slower timers. */
const TRICKLE_TEST_TIMEOUT_MS = 60_000;

let t: TestApp;
let server: Server;
let target: { host: string; port: number };
beforeAll(async () => {
  t = await createTestApp({ env });
  server = createHttpServer(t.app.callback(), testConfig(env).http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  target = { host: '127.0.0.1', port: typeof address === 'object' && address ? address.port : 0 };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('slow clients', () => {
  it('carries the configured limits, checked often enough to fire on time', () => {
    expect(server.headersTimeout).toBe(500);
    expect(server.requestTimeout).toBe(1000);
    expect(server.keepAliveTimeout).toBe(500);
    // Set from createServer's options; Node keeps it on the server (not in @types/node).
    const checking = (server as Server & { connectionsCheckingInterval?: number })
      .connectionsCheckingInterval;
    expect(checking).toBe(125);
  });

  it(
    'closes a connection whose headers trickle in (408)',
    async () => {
      const outcome = await trickle(
        target,
        `GET /api/health HTTP/1.1\r\nHost: ${target.host}\r\n`,
        headerLines(PIECES),
        EVERY_MS,
      );
      expect(outcome.closedEarly).toBe(true);
      expect(outcome.sent).toBeLessThan(PIECES);
      if (outcome.received !== '') expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    },
    TRICKLE_TEST_TIMEOUT_MS,
  );

  it(
    'closes a connection whose body trickles in',
    async () => {
      const [head, pieces] = slowBody('/api/graphql', target.host, PIECES);
      const outcome = await trickle(target, head, pieces, EVERY_MS);
      expect(outcome.closedEarly).toBe(true);
      expect(outcome.sent).toBeLessThan(PIECES);
      if (outcome.received !== '') expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    },
    TRICKLE_TEST_TIMEOUT_MS,
  );

  it(
    'still answers a client that sends its request at once, then closes the idle connection',
    async () => {
      const socket = connect(target.port, target.host);
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(`GET /api/health HTTP/1.1\r\nHost: ${target.host}\r\n\r\n`);
      // The server ends an idle keep-alive connection itself (HTTP_KEEP_ALIVE_TIMEOUT_MS).
      await closed;
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received.toLowerCase()).toContain('keep-alive');
    },
    TRICKLE_TEST_TIMEOUT_MS,
  );
});
