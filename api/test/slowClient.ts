import { connect } from 'node:net';

/**
 * A slow HTTP client on a raw socket: sends `head`, then one of `pieces` every `everyMs`, and
 * reports whether the server closed the connection before the last piece went out. Tests assert
 * on that, not on times, so a loaded machine only makes the trickle longer.
 */
export interface TrickleOutcome {
  /** The server closed (or reset) the connection while pieces were still to be sent. */
  closedEarly: boolean;
  /** How many pieces were sent. */
  sent: number;
  /** Whatever the server wrote back (e.g. `HTTP/1.1 408 Request Timeout`). */
  received: string;
  /** From connecting to the close (or to the end of the trickle): for reports, not assertions. */
  ms: number;
}

export function trickle(
  target: { host: string; port: number },
  head: string,
  pieces: readonly string[],
  everyMs: number,
): Promise<TrickleOutcome> {
  return new Promise((done) => {
    const started = performance.now();
    const socket = connect(target.port, target.host);
    let sent = 0;
    let received = '';
    let finished = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedEarly: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      done({ closedEarly, sent, received, ms: Math.round(performance.now() - started) });
    };
    const next = () => {
      if (finished) return;
      if (sent === pieces.length) {
        finish(false);
        return;
      }
      socket.write(pieces[sent] ?? '');
      sent += 1;
      timer = setTimeout(next, everyMs);
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    // A reset (EPIPE, ECONNRESET) is the server closing too.
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('end', () => finish(true));
    socket.once('connect', () => {
      socket.write(head);
      timer = setTimeout(next, everyMs);
    });
  });
}

/** `count` header lines, for a client that never finishes its headers. */
export function headerLines(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `X-Slow-${i}: ${'x'.repeat(8)}\r\n`);
}

/** A JSON POST whose body of `length` bytes arrives one byte per piece. */
export function slowBody(path: string, host: string, length: number): [string, string[]] {
  const head =
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\n\r\n`;
  return [head, Array.from({ length }, () => ' ')];
}
