import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Middleware } from 'koa';
import type { AppError } from '../errors';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';

declare module 'koa' {
  interface Request {
    /** Set by `jsonBody`: the parsed JSON object of a state-changing request, else undefined. */
    body?: unknown;
    /**
     * Set by `jsonBody` on the raw-body paths only (signed provider webhooks): the body's exact
     * bytes (decoded from any Content-Encoding), unparsed; undefined without a body.
     */
    rawBody?: Buffer;
  }
}

/** What a refused body is told; the same texts for every API route. */
export const bodyMessages = {
  notJson: 'Send the request body as JSON, with Content-Type: application/json.',
  charset: 'Send the request body as UTF-8 JSON.',
  encoding: (encoding: string) =>
    `The Content-Encoding "${encoding}" is not supported. Use gzip, deflate, br or none.`,
  undecodable: 'The request body could not be decoded with its Content-Encoding.',
  invalidUtf8: 'The request body is not valid UTF-8.',
  invalidJson: 'The request body is not valid JSON.',
  notObject: 'Send a JSON object.',
  forbiddenKey: 'The request body contains a key that is not allowed (__proto__ or constructor).',
  aborted: 'The request body was not received in full.',
} as const;

/**
 * Set in `ctx.state` while a page's form (api/ssr/forms) runs its API request in-process: the body
 * is already parsed from the form, so this parser leaves `ctx.request.body` as it is.
 */
export const preparsedBodyKey = 'pageFormBody';

/** Methods that change state. Only these may carry a body, and it must be JSON. */
export const unsafeMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface JsonBodyOptions {
  /** Largest body accepted, counted after decompression (and before it, by Content-Length). */
  limitBytes: number;
  /**
   * Exact paths whose body is kept as raw bytes (`ctx.request.rawBody`) and not parsed: signed
   * webhooks, whose signature covers the bytes as sent. The media type rules still apply.
   */
  rawPaths?: readonly string[];
  /** The size limit on those paths (default `limitBytes`). */
  rawLimitBytes?: number;
  /**
   * Paths whose body this parser leaves unread for the route to read itself, after its own
   * checks (the back office's image upload: staff only, image types, its own size limit).
   */
  routeReadsBody?: (path: string) => boolean;
}

/**
 * The API's one body parser. A state-changing request either has no body or a JSON object body
 * sent as `application/json` (any other media type: 415, so a plain HTML form on another site
 * cannot post here). gzip, deflate and br bodies are decoded; a body that does not decode is a 400,
 * and the size limit applies to the decoded bytes, so a small compressed bomb is a 413.
 * `ctx.request.body` is the parsed object, or undefined without a body.
 */
export function jsonBody({
  limitBytes: jsonLimitBytes,
  rawPaths = [],
  rawLimitBytes = jsonLimitBytes,
  routeReadsBody = () => false,
}: JsonBodyOptions): Middleware {
  const raw = new Set(rawPaths);
  return async (ctx, next) => {
    if (!unsafeMethods.has(ctx.method) || routeReadsBody(ctx.path)) return next();
    if ((ctx.state as Record<string, unknown>)[preparsedBodyKey] === true) return next();
    const keepRaw = raw.has(ctx.path);
    const limitBytes = keepRaw ? rawLimitBytes : jsonLimitBytes;
    const contentType = ctx.get('Content-Type');
    const declaredLength = ctx.get('Content-Length');
    const hasBody =
      ctx.get('Transfer-Encoding') !== '' || (declaredLength !== '' && declaredLength !== '0');
    if (contentType !== '' || hasBody) checkMediaType(contentType, keepRaw);
    const request = ctx.request;
    request.body = undefined;
    request.rawBody = undefined;
    if (hasBody) {
      let bytes: Buffer;
      try {
        if (declaredLength !== '' && Number(declaredLength) > limitBytes) {
          throw new PayloadTooLargeError();
        }
        bytes = await readBody(ctx.req, ctx.get('Content-Encoding'), limitBytes);
      } catch (error) {
        // The rest of a refused body is not read: end the connection after the answer.
        ctx.set('Connection', 'close');
        throw error;
      }
      if (keepRaw) {
        request.rawBody = bytes.length > 0 ? bytes : undefined;
      } else {
        const text = decodeUtf8(bytes);
        request.body = text.trim() === '' ? undefined : parseObject(text);
      }
    }
    return next();
  };
}

/**
 * `application/json`; on the raw-body (webhook) paths also a vendor JSON type such as Access
 * Worldpay's `application/vnd.worldpay.events-v1.hal+json` (the signature guards those paths).
 */
function checkMediaType(header: string, vendorJson: boolean): void {
  const [type = '', ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  const json =
    type === 'application/json' || (vendorJson && /^application\/[a-z0-9.-]+\+json$/.test(type));
  if (!json) throw new UnsupportedMediaTypeError(bodyMessages.notJson);
  for (const parameter of parameters) {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    if (name === 'charset' && value.replace(/^"|"$/g, '') !== 'utf-8') {
      throw new UnsupportedMediaTypeError(bodyMessages.charset);
    }
  }
}

function decoderFor(encoding: string): Transform | null {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new UnsupportedMediaTypeError(bodyMessages.encoding(encoding.slice(0, 40)));
  }
}

/**
 * A request body's bytes, for a route that reads its own (see `routeReadsBody`): at most
 * `limitBytes` (413 otherwise, by Content-Length before reading), decoded like JSON bodies.
 */
export async function readRequestBody(
  ctx: { req: Readable; get(name: string): string; set(name: string, value: string): void },
  limitBytes: number,
): Promise<Buffer> {
  try {
    const declared = ctx.get('Content-Length');
    if (declared !== '' && Number(declared) > limitBytes) throw new PayloadTooLargeError();
    return await readBody(ctx.req, ctx.get('Content-Encoding'), limitBytes);
  } catch (error) {
    ctx.set('Connection', 'close');
    throw error;
  }
}

/** Reads the whole body, decoded, refusing more than `limitBytes` at either end of the decoder. */
async function readBody(source: Readable, encodingHeader: string, limit: number): Promise<Buffer> {
  const decoder = decoderFor(encodingHeader.trim().toLowerCase());
  const chunks: Buffer[] = [];
  let received = 0;
  let decoded = 0;
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe();
      decoder?.destroy();
      // Stop reading, but leave the socket open so the answer can still be sent.
      source.resume();
      reject(error);
    };
    const output = decoder ?? source;
    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) fail(new PayloadTooLargeError());
    });
    source.on('aborted', () => fail(new BadRequestError(bodyMessages.aborted)));
    source.on('error', () => fail(new BadRequestError(bodyMessages.aborted)));
    if (decoder) {
      decoder.on('error', () => fail(new BadRequestError(bodyMessages.undecodable)));
      source.pipe(decoder);
    }
    output.on('data', (chunk: Buffer) => {
      if (settled) return;
      decoded += chunk.length;
      if (decoded > limit) fail(new PayloadTooLargeError());
      else chunks.push(chunk);
    });
    output.on('end', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
  });
  return Buffer.concat(chunks);
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequestError(bodyMessages.invalidUtf8);
  }
}

class ForbiddenKey extends Error {}

function parseObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    // JSON.parse keeps "__proto__" as a plain own key, but code further on that copies objects
    // could still be tricked by it or by constructor.prototype, so both are refused outright.
    value = JSON.parse(text, (key, inner: unknown) => {
      if (key === '__proto__' || key === 'constructor') throw new ForbiddenKey();
      return inner;
    });
  } catch (error) {
    throw new BadRequestError(
      error instanceof ForbiddenKey ? bodyMessages.forbiddenKey : bodyMessages.invalidJson,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError(bodyMessages.notObject);
  }
  return value as Record<string, unknown>;
}
