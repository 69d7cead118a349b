import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { placedOrdersKept, placedOrdersOf } from './orderTokenCookie';

const token = 'a'.repeat(43);

describe('placedOrdersOf (the after-payment cookie)', () => {
  it('reads `{orderId}.{token}` pairs, newest first', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    expect(placedOrdersOf(`${a}.${token}~${b}.${'B'.repeat(43)}`)).toEqual([
      { orderId: a, token },
      { orderId: b, token: 'B'.repeat(43) },
    ]);
  });

  it('leaves out what is malformed, and reads no more than it keeps', () => {
    const id = randomUUID();
    expect(placedOrdersOf(undefined)).toEqual([]);
    expect(placedOrdersOf('')).toEqual([]);
    // A plain token (the cookie as it was before), an id that is not one, a token with a dot.
    expect(placedOrdersOf(token)).toEqual([]);
    expect(placedOrdersOf(`not-an-id.${token}`)).toEqual([]);
    expect(placedOrdersOf(`${id}.short`)).toEqual([]);
    expect(placedOrdersOf(`${id}.${token}.extra`)).toEqual([{ orderId: id, token }]);
    const many = Array.from({ length: 9 }, () => `${randomUUID()}.${token}`).join('~');
    expect(placedOrdersOf(many)).toHaveLength(placedOrdersKept);
    // Far too long to be ours: nothing.
    expect(placedOrdersOf(`${id}.${token}~${'x'.repeat(2_000)}`)).toEqual([]);
  });
});
