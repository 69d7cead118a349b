import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './serverProcess';

/**
 * Stopping the production server (SIGTERM from a supervisor, SIGINT from Ctrl-C) drops no
 * request: readiness answers 503 at once while the server goes on accepting and answering for
 * SHUTDOWN_DRAIN_MS, every answer saying `Connection: close`; then the port is closed, the
 * requests in flight are finished and the process exits with code 0.
 *
 * Before the drain, 16 of 20 page requests fired 50 ms before SIGTERM were reset: they had
 * connected but were still waiting to be accepted when the listening socket closed.
 *
 * Each case starts a server (PGlite opens and migrates: 2–4 s idle, several times that on a busy
 * 2-core machine) and waits out a drain; the limits are generous and nothing here is timed.
 */
const SHUTDOWN_TEST_TIMEOUT_MS = 120_000;

const temporary: string[] = [];
const servers: ServerProcess[] = [];
const agents: Agent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  // A test that failed half-way leaves no server behind.
  for (const server of servers.splice(0)) await server.stop(1_000);
});
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/**
 * The production server on PGlite in a temporary DATA_DIR, with a short drain. The shutdown
 * timeout is long, so that a busy machine cannot turn a slow but orderly stop into exit code 1.
 */
async function startDraining(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fuelyard-shutdown-'));
  temporary.push(dataDir);
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SHUTDOWN_DRAIN_MS: '1500',
    SHUTDOWN_TIMEOUT_MS: '60000',
    ...env,
  });
  servers.push(server);
  return server;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The request went out on a kept-alive connection that an earlier request had opened. */
  reusedSocket: boolean;
}

/**
 * GET with Node's http client: on a new connection of its own (`agent` false), or on `agent`'s.
 * Resolves once the whole body has arrived; rejects with the socket error (ECONNREFUSED, ...).
 */
function request(url: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          reusedSocket: req.reusedSocket,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A status code, or the error code of a request that got no answer. */
type Outcome = number | string;

async function outcome(url: string): Promise<Outcome> {
  try {
    return (await request(url)).status;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

/**
 * Asks readiness, each time on a new connection, until the connection is refused (or the
 * process has ended), and returns every outcome in order.
 */
async function pollReadiness(server: ServerProcess): Promise<Outcome[]> {
  let ended = false;
  void server.exited.then(() => (ended = true));
  const outcomes: Outcome[] = [];
  while (!ended) {
    const result = await outcome(`${server.url}/api/health`);
    outcomes.push(result);
    if (typeof result === 'string') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return outcomes;
}

/**
 * Readiness said 503, and never 200 again, until the port was refused or the process ended:
 * it said so during the drain, not only once the port had closed.
 */
function expectDrainingFirst(outcomes: Outcome[]): void {
  const shown = JSON.stringify(outcomes);
  // A poll read before the signal was handled may still have been answered 200.
  const after = outcomes.slice(outcomes.findIndex((o) => o !== 200));
  expect(after[0], shown).toBe(503);
  const last = after.at(-1);
  const answered = last === 'ECONNREFUSED' ? after.slice(0, -1) : after;
  expect(answered, shown).toEqual(answered.map(() => 503));
}

/**
 * A request held in flight: a POST to GraphQL whose headers are sent now and whose body is
 * finished only when `finish()` is called. Resolves with everything the server wrote back.
 */
function heldRequest(url: string): { finish(): void; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ query: '{ __typename }' });
  const socket = connect(Number(port), hostname);
  socket.write(
    `POST /api/graphql HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body.slice(0, 5),
  );
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const answer = new Promise<string>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => resolve(received));
  });
  return { finish: () => socket.write(body.slice(5)), answer };
}

function keepAliveAgent(): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

describe('stopping the production server', () => {
  it(
    'SIGTERM: answers every page request already made, readiness 503 until the port closes, exit 0',
    async () => {
      const server = await startDraining();
      // 20 page requests at once, each on a connection of its own; SIGTERM 50 ms later, while
      // most of them are still waiting to be accepted or rendered.
      const pages = Array.from({ length: 20 }, () => request(`${server.url}/`));
      await new Promise((r) => setTimeout(r, 50));
      server.child.kill('SIGTERM');
      const readiness = await pollReadiness(server);

      const answers = await Promise.allSettled(pages);
      const failures = answers.filter((a) => a.status === 'rejected');
      expect(failures, server.output()).toEqual([]);
      for (const answer of answers) {
        if (answer.status !== 'fulfilled') continue;
        expect(answer.value.status).toBe(200);
        // The whole page, not a cut-off one.
        expect(answer.value.body).toMatch(/<\/html>\s*$/);
      }

      expectDrainingFirst(readiness);
      expect(await server.exited, server.output()).toBe(0);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    },
    SHUTDOWN_TEST_TIMEOUT_MS,
  );

  it(
    'after the drain the port refuses connections, while a request in flight is still answered',
    async () => {
      const server = await startDraining();
      // Its headers are sent, its body is not: the server is busy with it until the test says.
      const held = heldRequest(server.url);
      await new Promise((r) => setTimeout(r, 200));
      server.child.kill('SIGTERM');

      // 503 during the drain, then refused: the process is still running, for the held request.
      const readiness = await pollReadiness(server);
      expectDrainingFirst(readiness);
      expect(readiness.at(-1), JSON.stringify(readiness)).toBe('ECONNREFUSED');
      expect(server.child.exitCode).toBeNull();

      held.finish();
      const answer = await held.answer;
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toContain('"__typename":"Query"');
      expect(await server.exited, server.output()).toBe(0);
    },
    SHUTDOWN_TEST_TIMEOUT_MS,
  );

  it(
    'SIGINT: keep-alive answers during the drain say Connection: close; idle connections are closed',
    async () => {
      // An idle keep-alive connection would stay open for two minutes, longer than the shutdown
      // timeout: the process ends with code 0 only if the server closes it itself.
      const server = await startDraining({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '120000' });
      const reused = keepAliveAgent();
      const before = await request(`${server.url}/api/health/live`, reused);
      expect(before.headers.connection).toBe('keep-alive');
      const idle = keepAliveAgent();
      expect((await request(`${server.url}/api/health/live`, idle)).headers.connection).toBe(
        'keep-alive',
      );

      server.child.kill('SIGINT');
      // Draining: readiness says so, with Retry-After, as a load balancer sees it.
      let readiness: Answer;
      do readiness = await request(`${server.url}/api/health`);
      while (readiness.status === 200);
      expect(readiness.status).toBe(503);
      expect(readiness.headers['retry-after']).toBe('5');
      expect(readiness.headers.connection).toBe('close');
      expect(JSON.parse(readiness.body)).toMatchObject({
        code: 503,
        message: 'The server is shutting down.',
      });

      // The connection kept alive from before the signal still works, and is told to close.
      const during = await request(`${server.url}/`, reused);
      expect(during.reusedSocket).toBe(true);
      expect(during.status).toBe(200);
      expect(during.headers.connection).toBe('close');
      // So is a new keep-alive connection.
      const fresh = await request(`${server.url}/api/health/live`, keepAliveAgent());
      expect(fresh.status).toBe(200);
      expect(fresh.headers.connection).toBe('close');

      // The idle one is closed by the server when the listener closes, and the process ends.
      expect(await server.exited, server.output()).toBe(0);
      expect(await outcome(`${server.url}/api/health/live`)).toBe('ECONNREFUSED');
    },
    SHUTDOWN_TEST_TIMEOUT_MS,
  );
});
