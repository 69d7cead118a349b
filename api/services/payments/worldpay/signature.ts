/**
 * Access Worldpay's webhook signature: `Event-Signature: {keyId}/SHA256/{hex}`, where hex is the
 * HMAC-SHA256 of the raw request body under the webhook secret that key id names. While Worldpay
 * rotates a key the header holds several signatures, comma-separated, in any order.
 *
 * The signature carries no timestamp, so it never goes stale: de-duplication on eventId is the
 * only guard against a replay (and Worldpay itself re-sends an event for up to a week).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { headerValue } from '../headers';
import { WebhookVerificationError, type WebhookHeaders } from '../types';

export const eventSignatureHeader = 'event-signature';

/** More than this many signatures, or a longer header, is refused unread. */
const maxSignatures = 8;
const maxHeaderLength = 1_024;

export interface WorldpayWebhookKeys {
  /** WORLDPAY_WEBHOOK_KEY_ID: the key id Worldpay puts before the current secret's signature. */
  keyId: string;
  /** WORLDPAY_WEBHOOK_SECRET. */
  secret: string;
  /** WORLDPAY_WEBHOOK_SECRET_PREVIOUS, during a key rotation. */
  previousSecret?: string | undefined;
}

export function worldpaySignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** One `{keyId}/SHA256/{hex}` entry. */
export function worldpaySignatureEntry(
  keyId: string,
  secret: string,
  rawBody: Buffer | string,
): string {
  return `${keyId}/SHA256/${worldpaySignature(secret, rawBody)}`;
}

interface ParsedSignature {
  keyId: string;
  digest: Buffer;
}

function parse(header: string): ParsedSignature[] {
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0 || entries.length > maxSignatures) return [];
  const parsed: ParsedSignature[] = [];
  for (const entry of entries) {
    const match = /^([A-Za-z0-9_-]{1,64})\/SHA256\/([0-9a-fA-F]{64})$/.exec(entry);
    // An entry in another format (another algorithm, say) is skipped, not fatal: one of the
    // others may still be ours.
    if (match) parsed.push({ keyId: match[1] ?? '', digest: Buffer.from(match[2] ?? '', 'hex') });
  }
  return parsed;
}

/**
 * Throws a WebhookVerificationError unless `headers` carry a signature of `rawBody` that matches:
 * the current secret, on the entry with the current key id; or, while rotating, the previous
 * secret, on any entry (its key id is Worldpay's old one, which the shop need not know).
 * Every candidate is compared in constant time, with no early exit.
 */
export function verifyWorldpaySignature(
  keys: WorldpayWebhookKeys,
  rawBody: Buffer,
  headers: WebhookHeaders,
): void {
  const header = headerValue(headers, eventSignatureHeader);
  if (header === undefined || header.trim() === '') {
    throw new WebhookVerificationError('The Event-Signature header is missing.');
  }
  const signatures = header.length > maxHeaderLength ? [] : parse(header);
  if (signatures.length === 0) {
    throw new WebhookVerificationError('The Event-Signature header is malformed.');
  }
  const current = Buffer.from(worldpaySignature(keys.secret, rawBody), 'hex');
  const previous = keys.previousSecret
    ? Buffer.from(worldpaySignature(keys.previousSecret, rawBody), 'hex')
    : null;
  let matched = false;
  for (const signature of signatures) {
    if (signature.keyId === keys.keyId && timingSafeEqual(signature.digest, current)) {
      matched = true;
    }
    if (previous && timingSafeEqual(signature.digest, previous)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('The webhook signature does not match.');
}
