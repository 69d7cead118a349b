import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/**
 * A real SMTP server for the tests (the `smtp-server` package on 127.0.0.1, a free port). It
 * collects what it is sent, and can be told to refuse for now (421) or to hang after receiving a
 * message, as a remote server does when it stalls.
 */
export type PeerMode = 'accept' | 'tempfail' | 'stall';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Read when each command arrives, so a change affects the next step of any session. */
  mode: PeerMode;
  received: ReceivedMail[];
  /** MAIL FROM commands seen (each one is a delivery attempt). */
  attempts: number;
  /** Messages received in full but left without an answer (mode 'stall'). */
  stalled: number;
  /** The envelope sender of each stalled message, in order (which client is waiting). */
  stalledFrom: string[];
  /** How long to wait before accepting a message (a slow server keeps a send in flight). */
  acceptDelayMs: number;
  /**
   * Runs once a message is received in full and counted, before its 250 reply is sent (a test
   * can break something between the server accepting a message and the client hearing it).
   */
  beforeReply: (() => Promise<void>) | undefined;
  /** Answers every stalled message with a temporary failure. */
  releaseStalled(): void;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const pending: (() => void)[] = [];
  const peer: SmtpPeer = {
    url: '',
    mode: 'accept',
    received: [],
    attempts: 0,
    stalled: 0,
    stalledFrom: [],
    acceptDelayMs: 0,
    beforeReply: undefined,
    releaseStalled() {
      for (const release of pending.splice(0)) release();
    },
    close: async () => {
      peer.releaseStalled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const temporaryFailure = (text: string) => Object.assign(new Error(text), { responseCode: 421 });

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS (its built-in certificate is self-signed), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onMailFrom(_address, _session, callback) {
      peer.attempts += 1;
      if (peer.mode === 'tempfail') {
        callback(temporaryFailure('Service not available, try again later'));
        return;
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        const from = envelope.mailFrom ? envelope.mailFrom.address : '';
        if (peer.mode === 'stall') {
          peer.stalled += 1;
          peer.stalledFrom.push(from);
          pending.push(() => callback(temporaryFailure('Timed out while processing')));
          return;
        }
        if (peer.mode === 'tempfail') {
          callback(temporaryFailure('Service not available, try again later'));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const accept = () => {
          peer.received.push({
            envelope: { from, to: envelope.rcptTo.map((recipient) => recipient.address) },
            raw,
            parsed: parseMail(raw),
          });
          const hook = peer.beforeReply;
          if (!hook) {
            callback(null, 'Queued');
            return;
          }
          // Accepted whatever the hook does: the message has been received and counted.
          hook().then(
            () => callback(null, 'Queued'),
            () => callback(null, 'Queued'),
          );
        };
        if (peer.acceptDelayMs > 0) setTimeout(accept, peer.acceptDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  peer.url = `smtp://127.0.0.1:${port}`;
  return peer;
}

export interface ParsedMail {
  /** Lower-cased names; unfolded values with RFC 2047 encoded words decoded. */
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
}

/**
 * Just enough MIME to check what nodemailer produced: headers, multipart/alternative, and the
 * quoted-printable, base64, 7bit and 8bit transfer encodings.
 */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const out: ParsedMail = { headers, text: undefined, html: undefined };
  collectParts(headers, body, out);
  return out;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string, out: ParsedMail): void {
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitEntity(section.replace(/^\r?\n/, ''));
      collectParts(part.headers, part.body, out);
    }
    return;
  }
  // MIME text travels with CRLF line ends; hand it back with \n, as a mail program shows it.
  const decoded = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit').replace(
    /\r\n/g,
    '\n',
  );
  if (type.startsWith('text/html')) out.html ??= decoded;
  else if (type.startsWith('text/plain')) out.text ??= decoded;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): string {
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i += 1) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047: `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=`; whitespace between two encoded words is dropped. */
function decodeWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(word, (_all, _charset, kind, data) => {
    const text = String(data);
    if (String(kind).toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
    return decodeQuotedPrintable(text.replace(/_/g, ' '));
  });
}
