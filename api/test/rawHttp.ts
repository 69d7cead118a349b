import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type Koa from 'koa';

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends `head` (request line and headers, without the blank line) as is, on a new connection to
 * `app`: no client normalises its path or Host, so tests can send what a browser never would.
 */
export async function rawRequest(app: Koa, head: string): Promise<RawAnswer> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', () => done()));
  try {
    const { port } = server.address() as AddressInfo;
    const text = await new Promise<string>((done, fail) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('end', () => done(received));
      socket.on('error', fail);
      socket.write(`${head}\r\n\r\n`);
    });
    const [headers = '', body = ''] = text.split('\r\n\r\n', 2);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headers)?.[1] ?? 0);
    return { status, headers, body };
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
}
