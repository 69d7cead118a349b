import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from '../types';
import { signatureHeaderValue, signPayload, toleranceSeconds, verifySignature } from './signature';

const secret = 'whsec_test_0123456789abcdef';
const body = Buffer.from('{"id":"evt_1","type":"payment.succeeded"}', 'utf8');
const now = 1_750_000_000;

function refused(headers: Record<string, string>, at = now): string {
  try {
    verifySignature(secret, body, headers, at);
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('Fuelyard-Signature', () => {
  it('is HMAC-SHA256(secret, "<t>.<raw body>") in hex', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body.toString()}`).digest('hex');
    expect(signPayload(secret, now, body)).toBe(expected);
    expect(signatureHeaderValue(secret, body, now)).toBe(`t=${now},v1=${expected}`);
  });

  it('accepts a fresh, matching signature, in any header case, and among several v1 values', () => {
    const header = signatureHeaderValue(secret, body, now);
    expect(() =>
      verifySignature(secret, body, { 'fuelyard-signature': header }, now),
    ).not.toThrow();
    expect(() =>
      verifySignature(secret, body, { 'Fuelyard-Signature': header }, now),
    ).not.toThrow();
    const rotated = `t=${now},v1=${'0'.repeat(64)},v1=${signPayload(secret, now, body)}`;
    expect(() =>
      verifySignature(secret, body, { 'fuelyard-signature': rotated }, now),
    ).not.toThrow();
    const edge = signatureHeaderValue(secret, body, now - toleranceSeconds);
    expect(() => verifySignature(secret, body, { 'fuelyard-signature': edge }, now)).not.toThrow();
  });

  it('refuses a missing, malformed, wrong or stale signature', () => {
    expect(refused({})).toMatch(/missing/);
    expect(refused({ 'fuelyard-signature': '' })).toMatch(/missing/);
    expect(refused({ 'fuelyard-signature': 'v1=abc' })).toMatch(/malformed/);
    expect(refused({ 'fuelyard-signature': `t=${now}` })).toMatch(/malformed/);
    expect(refused({ 'fuelyard-signature': `t=soon,v1=${'a'.repeat(64)}` })).toMatch(/malformed/);
    expect(refused({ 'fuelyard-signature': 'x'.repeat(3000) })).toMatch(/malformed/);
    const other = signatureHeaderValue('another-secret-entirely', body, now);
    expect(refused({ 'fuelyard-signature': other })).toMatch(/does not match/);
    const old = signatureHeaderValue(secret, body, now - toleranceSeconds - 1);
    expect(refused({ 'fuelyard-signature': old })).toMatch(/too old/);
    const future = signatureHeaderValue(secret, body, now + toleranceSeconds + 1);
    expect(refused({ 'fuelyard-signature': future })).toMatch(/too old/);
  });

  it('covers every byte of the body', () => {
    const header = signatureHeaderValue(secret, body, now);
    const changed = Buffer.from(body.toString().replace('succeeded', 'succeedeD'));
    expect(() => verifySignature(secret, changed, { 'fuelyard-signature': header }, now)).toThrow(
      WebhookVerificationError,
    );
  });
});
