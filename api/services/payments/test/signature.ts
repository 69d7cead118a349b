/**
 * The test provider's webhook signature, in the style of the big providers:
 * `Fuelyard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * Several v1 entries may be given (a secret being rotated); one matching is enough.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { headerValue } from '../headers';
import { WebhookVerificationError, type WebhookHeaders } from '../types';

export const signatureHeader = 'fuelyard-signature';
/** A signature older (or further in the future) than this is refused. */
export const toleranceSeconds = 300;

export function signPayload(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** The header value for a body signed now (or at `timestamp`). */
export function signatureHeaderValue(
  secret: string,
  rawBody: Buffer | string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, rawBody)}`;
}

/**
 * Throws a WebhookVerificationError unless `headers` carry a valid, fresh signature of `rawBody`
 * under `secret`. The comparison is in constant time.
 */
export function verifySignature(
  secret: string,
  rawBody: Buffer,
  headers: WebhookHeaders,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): void {
  const header = headerValue(headers, signatureHeader);
  if (header === undefined || header.trim() === '') {
    throw new WebhookVerificationError('The Fuelyard-Signature header is missing.');
  }
  if (header.length > 2_000) {
    throw new WebhookVerificationError('The Fuelyard-Signature header is malformed.');
  }
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key = '', value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^[0-9]{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value))
      signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || signatures.length === 0) {
    throw new WebhookVerificationError('The Fuelyard-Signature header is malformed.');
  }
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError('The webhook signature is too old (or from the future).');
  }
  const expected = Buffer.from(signPayload(secret, timestamp, rawBody), 'hex');
  // Every candidate is compared (no early exit), each in constant time.
  let matched = false;
  for (const signature of signatures) {
    if (timingSafeEqual(signature, expected)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('The webhook signature does not match.');
}
