import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Starts `server` on a free loopback port. `close` ends every open connection too (a fake that
 * was told to hang keeps its sockets open otherwise), so a test's teardown never waits on them.
 */
export async function listenOnLoopback(
  server: Server,
): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * POSTs exact bytes with their headers, as a provider sends a signed webhook (supertest, and
 * fetch with a JSON body, would re-serialise them), and gives up after `timeoutMs`.
 */
export function postBytes(
  url: string,
  item: { body: Buffer; headers: Record<string, string> },
  timeoutMs: number,
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: item.headers,
    body: new Uint8Array(item.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
