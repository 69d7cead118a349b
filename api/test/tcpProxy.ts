import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A loopback TCP proxy to put between the app and PostgreSQL, to make the link misbehave.
 * `freeze()` stops every byte in both directions without closing anything (a hung network or a
 * stalled server): open connections stay open and new ones are accepted but go nowhere. `thaw()`
 * lets everything flow again, held bytes first. `close()` drops every connection.
 */
export interface TcpProxy {
  /** 127.0.0.1 and the port the proxy listens on. */
  host: string;
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  /** Connections accepted while frozen: they reach the target only after the thaw. */
  const waiting: Socket[] = [];

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset on either side only ends that connection.
    socket.on('error', () => socket.destroy());
  };

  const link = (client: Socket) => {
    const upstream = createConnection(target);
    track(upstream);
    const forward = (from: Socket, to: Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (!to.destroyed) to.write(chunk);
      });
      from.on('close', () => to.destroy());
    };
    forward(client, upstream);
    forward(upstream, client);
    if (frozen) upstream.pause();
    if (!frozen) client.resume();
  };

  const server = createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    if (frozen) waiting.push(client);
    else link(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.href;
    },
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      // The held connections have no reader yet: resumed now, their bytes would be lost.
      const held = waiting.splice(0);
      for (const socket of sockets) {
        if (!socket.destroyed && !held.includes(socket)) socket.resume();
      }
      for (const client of held) if (!client.destroyed) link(client);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
