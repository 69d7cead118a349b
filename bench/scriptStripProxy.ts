/**
 * A reverse proxy in front of the production server for `npm run bench:lighthouse`, with two
 * listeners on loopback: the first passes every answer through unchanged (the real page), the
 * second removes every script from HTML answers (bench/stripScripts.ts) and passes everything
 * else through unchanged (the no-script baseline). Both pages are measured through the proxy, so
 * the only difference between them is the scripts: same server, same HTML otherwise, the same
 * assets from the page's own origin, the same extra hop.
 *
 * The production server sees its own origin: Host, Origin and Referer are rewritten to it, and a
 * Location naming it is rewritten back to the proxy. Run as its own process (see
 * bench/childServer.ts) with the production server's URL as the argument; it prints
 * `listening <pass-through port> <script-free port>` once it is ready.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliDecompress,
  deflate,
  gunzip,
  gzip,
  inflate,
  type InputType,
} from 'node:zlib';
import { stripScripts } from './stripScripts';

const upstreamArg = process.argv[2];
if (!upstreamArg) {
  console.error('usage: scriptStripProxy.ts <production server URL>');
  process.exit(2);
}
const upstream = new URL(upstreamArg);
const agent = new Agent({ keepAlive: true });

type Codec = (input: InputType) => Promise<Buffer>;
/** Decoders and encoders by Content-Encoding (zlib's default levels, as koa-compress uses). */
const codecs: Record<string, { decode: Codec; encode: Codec }> = {
  gzip: { decode: promisify(gunzip), encode: promisify(gzip) },
  deflate: { decode: promisify(inflate), encode: promisify(deflate) },
  br: { decode: promisify(brotliDecompress), encode: promisify(brotliCompress) },
};

/** Hop-by-hop headers: not forwarded (Node sets its own). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function forwardedHeaders(headers: IncomingHttpHeaders, from: string, to: string) {
  const result: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (hopByHop.has(name) || value === undefined) continue;
    result[name] =
      typeof value === 'string' && value.startsWith(from) ? to + value.slice(from.length) : value;
  }
  return result;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(Buffer.concat(chunks)));
    stream.on('error', fail);
  });
}

async function answer(
  strip: boolean,
  proxyOrigin: string,
  up: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const headers = forwardedHeaders(up.headers, upstream.origin, proxyOrigin);
  const isHtml = /^text\/html\b/i.test(String(up.headers['content-type'] ?? ''));
  if (!strip || !isHtml) {
    res.writeHead(up.statusCode ?? 502, headers);
    up.pipe(res);
    return;
  }
  const encoding = String(up.headers['content-encoding'] ?? '').toLowerCase();
  const codec = codecs[encoding];
  if (encoding !== '' && !codec) throw new Error(`Cannot rewrite HTML in ${encoding}`);
  const raw = await readAll(up);
  const html = codec ? await codec.decode(raw) : raw;
  const stripped = Buffer.from(stripScripts(html.toString('utf8')).html, 'utf8');
  const body = codec ? await codec.encode(stripped) : stripped;
  headers['content-length'] = String(body.length);
  res.writeHead(up.statusCode ?? 502, headers);
  res.end(body);
}

const servers: ReturnType<typeof createServer>[] = [];

function listen(strip: boolean): Promise<number> {
  const server = createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    const proxyOrigin = `http://127.0.0.1:${port}`;
    const headers = forwardedHeaders(req.headers, proxyOrigin, upstream.origin);
    headers.host = upstream.host;
    const out = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (up) => {
        answer(strip, proxyOrigin, up, res).catch((error: unknown) => {
          console.error(error);
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
      },
    );
    out.on('error', (error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  servers.push(server);
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)),
  );
}

const passPort = await listen(false);
const stripPort = await listen(true);
console.log(`listening ${passPort} ${stripPort}`);

process.on('SIGTERM', () => {
  for (const server of servers) {
    server.close();
    server.closeAllConnections();
  }
  agent.destroy();
  process.exit(0);
});
