import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from '../types';
import {
  verifyWorldpaySignature,
  worldpaySignature,
  worldpaySignatureEntry,
  type WorldpayWebhookKeys,
} from './signature';

const keys: WorldpayWebhookKeys = {
  keyId: '2',
  secret: 'the-current-webhook-secret-0123',
  previousSecret: 'the-previous-webhook-secret-456',
};
const body = Buffer.from('{"eventId":"e-1","eventDetails":{"type":"authorized"}}', 'utf8');
const current = worldpaySignatureEntry('2', keys.secret, body);
const previous = worldpaySignatureEntry('1', keys.previousSecret ?? '', body);
const stranger = worldpaySignatureEntry('7', 'somebody-elses-secret-000000', body);

function verdict(header: string | undefined, useKeys = keys, raw = body): string {
  const headers = header === undefined ? {} : { 'Event-Signature': header };
  try {
    verifyWorldpaySignature(useKeys, raw, headers);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as Error).message;
  }
}

describe('Event-Signature', () => {
  it('is {keyId}/SHA256/{hex HMAC-SHA256 of the raw body}', () => {
    const hex = createHmac('sha256', keys.secret).update(body).digest('hex');
    expect(worldpaySignature(keys.secret, body)).toBe(hex);
    expect(current).toBe(`2/SHA256/${hex}`);
  });

  it('accepts the current key, in any header case and with upper-case hex', () => {
    expect(verdict(current)).toBe('accepted');
    expect(
      verdict(current.replace(/SHA256\/(.*)$/, (_, hex: string) => `SHA256/${hex.toUpperCase()}`)),
    ).toBe('accepted');
    expect(() =>
      verifyWorldpaySignature(keys, body, { 'event-signature': [current] }),
    ).not.toThrow();
  });

  it('selects by key id among several signatures in any order', () => {
    expect(verdict(`${stranger},${current}`)).toBe('accepted');
    expect(verdict(`${current}, ${stranger}`)).toBe('accepted');
    // The right digest under another key id is not the current key.
    const relabelled = current.replace(/^2\//, '9/');
    expect(verdict(relabelled, { keyId: '2', secret: keys.secret })).toBe(
      'The webhook signature does not match.',
    );
  });

  it('accepts the previous secret during a rotation, whatever its key id, and not once it is gone', () => {
    expect(verdict(previous)).toBe('accepted');
    expect(verdict(`${previous},${current}`)).toBe('accepted');
    expect(verdict(previous, { keyId: '2', secret: keys.secret })).toBe(
      'The webhook signature does not match.',
    );
  });

  it('refuses a missing, malformed, wrong or oversized header, and a changed body', () => {
    expect(verdict(undefined)).toBe('The Event-Signature header is missing.');
    expect(verdict('  ')).toBe('The Event-Signature header is missing.');
    expect(verdict('2/SHA1/abcd')).toBe('The Event-Signature header is malformed.');
    expect(verdict(current.slice(0, -2))).toBe('The Event-Signature header is malformed.');
    expect(verdict(stranger)).toBe('The webhook signature does not match.');
    expect(verdict(Array.from({ length: 9 }, () => stranger).join(',') + `,${current}`)).toBe(
      'The Event-Signature header is malformed.',
    );
    expect(verdict(`${' '.repeat(1_100)}${current}`)).toBe(
      'The Event-Signature header is malformed.',
    );
    const changed = Buffer.from(body.toString().replace('authorized', 'refused'));
    expect(verdict(current, keys, changed)).toBe('The webhook signature does not match.');
  });
});
