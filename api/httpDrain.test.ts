import { once } from 'node:events';
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainConnections, type Drain } from './httpDrain';

/**
 * An in-process HTTP server with a drain. Answers to /held and /streamed wait until the test
 * releases them, so a request can be held in flight across begin() and close(). The keep-alive
 * timeout is a minute: a connection left open by mistake would outlive every test's timeout.
 */
async function serve(quietGraceMs?: number) {
  const held: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const answer = () => res.end(`answer to ${req.url ?? ''}`);
    if (req.url === '/held') held.push(answer);
    else if (req.url === '/streamed') {
      // Headers out at once (keep-alive, before any drain), the body later.
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first part, ');
      held.push(answer);
    } else answer();
  });
  server.keepAliveTimeout = 60_000;
  const drain: Drain = drainConnections(server, quietGraceMs ? { quietGraceMs } : {});
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  servers.push(server);
  return {
    server,
    drain,
    port,
    release: () => held.splice(0).forEach((answer) => answer()),
    heldCount: () => held.length,
  };
}

const servers: Server[] = [];
const agents: Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
  for (const server of servers.splice(0)) server.closeAllConnections();
});

function keepAliveAgent(): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socket: Socket;
}

function get(port: number, path: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res: IncomingMessage) => {
      // Taken now: a keep-alive agent takes the socket back once the answer has ended.
      const socket = res.socket;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body,
          socket,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resolves once the server has at least `count` requests waiting to be released. */
async function untilHeld(heldCount: () => number, count = 1): Promise<void> {
  while (heldCount() < count) await new Promise((r) => setTimeout(r, 5));
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('drainConnections', () => {
  it('keeps answering while draining, each answer with Connection: close', async () => {
    const { drain, port } = await serve();
    const agent = keepAliveAgent();
    expect(drain.draining()).toBe(false);
    expect((await get(port, '/before', agent)).connection).toBe('keep-alive');

    drain.begin();
    expect(drain.draining()).toBe(true);
    // The idle keep-alive connection is still open and used: its answer ends it.
    const reused = await get(port, '/during', agent);
    expect(reused).toMatchObject({ status: 200, connection: 'close', body: 'answer to /during' });
    // A new connection is still accepted.
    expect(await get(port, '/new', keepAliveAgent())).toMatchObject({
      status: 200,
      connection: 'close',
    });
    await drain.close();
  });

  it('tells an answer already being prepared when the drain begins to close', async () => {
    const { drain, port, release, heldCount } = await serve();
    const answer = get(port, '/held', keepAliveAgent());
    await untilHeld(heldCount);
    drain.begin();
    release();
    expect(await answer).toMatchObject({ status: 200, connection: 'close' });
    await drain.close();
  });

  it('closes idle keep-alive connections and refuses new ones once closed', async () => {
    const { drain, port } = await serve();
    const idle = await get(port, '/', keepAliveAgent());
    expect(idle.connection).toBe('keep-alive');
    const ended = once(idle.socket, 'close');
    // Resolves although the idle connection's own timeout is a minute away.
    await drain.close();
    await ended;
    expect(await refuses(port)).toBe(true);
  });

  it('finishes the requests in flight, then closes their connections', async () => {
    const { drain, port, release, heldCount } = await serve();
    // One answer not started and one whose keep-alive headers went out before the drain.
    const held = get(port, '/held', keepAliveAgent());
    const streamed = get(port, '/streamed', keepAliveAgent());
    await untilHeld(heldCount, 2);
    let closed = false;
    const closing = drain.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    expect(await refuses(port)).toBe(true);
    release();
    const [first, second] = await Promise.all([held, streamed]);
    expect(first).toMatchObject({ status: 200, connection: 'close', body: 'answer to /held' });
    expect(second).toMatchObject({
      status: 200,
      connection: 'keep-alive',
      body: 'first part, answer to /streamed',
    });
    // The keep-alive one is closed by the server after its answer, not after a minute.
    await closing;
  });

  it('answers a connection accepted just before the listener closed', async () => {
    const { server, drain, port } = await serve();
    const socket = connect(port, '127.0.0.1');
    await once(server, 'connection');
    const closing = drain.close();
    // The request arrives after close() (the client was slow to send it): it is still answered.
    await new Promise((r) => setTimeout(r, 100));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = once(socket, 'close');
    socket.write('GET /late HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
    expect(received).toMatch(/answer to \/late$/);
    await closing;
  });

  it('closes a connection that sends no request within the grace period', async () => {
    // 0.2 s instead of the production 1 s, to keep the test short.
    const { server, drain, port } = await serve(200);
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await once(server, 'connection');
    const ended = once(socket, 'close');
    await drain.close();
    await ended;
  });
});
