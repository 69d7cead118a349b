/**
 * Guests reach an order with its access token: 32 bytes that only the customer is given (in the
 * checkout's answer, and in the confirmation e-mail's link). Only the token's SHA-256 is stored,
 * on the order, and a presented token is compared with it in constant time.
 *
 * The token is derived, not drawn: HMAC-SHA256(the shop's order-token secret, order id). It is as
 * unguessable as a random token to anyone without the secret (which never leaves the database),
 * and it lets the payment webhook, which runs long after the checkout answered, put a working link
 * in the confirmation e-mail although the token itself was never stored. The secret is made once
 * and kept in app_meta, so every process derives the same token.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { ensureSharedSecret } from '../../db/meta';

const secretKey = 'order_token_secret';

/** The shop's order-token secret (made on first use, shared by every process). */
export function orderTokenSecret(db: Database): Promise<string> {
  return ensureSharedSecret(db, secretKey);
}

/** The order's access token (43 url-safe characters). */
export function deriveOrderToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-access:v1:${orderId}`).digest('base64url');
}

/** What is stored: the token's SHA-256, hex. */
export function hashOrderToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a presented token matches the stored hash (constant time; false for any junk). */
export function orderTokenMatches(presented: unknown, storedHash: string): boolean {
  const usable = typeof presented === 'string' && presented.length > 0 && presented.length <= 200;
  // Hashed and compared whatever was presented, so a refusal takes the time a match takes.
  const actual = Buffer.from(hashOrderToken(usable ? presented : ''), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  const same = actual.length === expected.length && timingSafeEqual(actual, expected);
  return usable && same;
}

/** The token for an order and its hash, for the checkout that creates the order. */
export async function issueOrderToken(
  db: Database,
  orderId: string,
): Promise<{ token: string; hash: string }> {
  const token = deriveOrderToken(await orderTokenSecret(db), orderId);
  return { token, hash: hashOrderToken(token) };
}
