import { describe, expect, it } from 'vitest';
import { deriveOrderToken, hashOrderToken, orderTokenMatches } from './accessToken';

const secret = 'order-token-secret-for-tests';
const orderId = '3f0c1e9a-6b1d-4a53-9a3e-1c2d3e4f5a6b';

describe('order access tokens', () => {
  it('are 32 bytes (43 url-safe characters), the same for one order, different across orders and secrets', () => {
    const token = deriveOrderToken(secret, orderId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(deriveOrderToken(secret, orderId)).toBe(token);
    expect(deriveOrderToken(secret, '3f0c1e9a-6b1d-4a53-9a3e-1c2d3e4f5a6c')).not.toBe(token);
    expect(deriveOrderToken(`${secret}!`, orderId)).not.toBe(token);
  });

  it('are stored as a SHA-256 hash and matched against it', () => {
    const token = deriveOrderToken(secret, orderId);
    const stored = hashOrderToken(token);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(token);
    expect(orderTokenMatches(token, stored)).toBe(true);
    expect(orderTokenMatches(`${token}x`, stored)).toBe(false);
    for (const junk of ['', undefined, null, 42, ['a'], 'x'.repeat(500)]) {
      expect(orderTokenMatches(junk, stored)).toBe(false);
    }
    // A hash of the empty string is never a match, even if it were stored.
    expect(orderTokenMatches('', hashOrderToken(''))).toBe(false);
  });
});
