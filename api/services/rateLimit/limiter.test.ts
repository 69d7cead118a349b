import { describe, expect, it } from 'vitest';
import { clientKey } from './limiter';

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:db8:85a3:8d3::1', '2001:db8:85a3:8d3::/64'],
    ['2001:0db8:0000:0000:ffff:0000:0000:0001', '2001:db8:0:0::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('%s -> %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('puts every address of one /64 under one key', () => {
    expect(clientKey('2a00:23c5:1234:5678:a:b:c:d')).toBe(
      clientKey('2a00:23c5:1234:5678:ffff:1:2:3'),
    );
    expect(clientKey('2a00:23c5:1234:5678::1')).not.toBe(clientKey('2a00:23c5:1234:5679::1'));
  });

  it('keeps something it cannot parse as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('1:2:3')).toBe('1:2:3');
    expect(clientKey('1::2::3')).toBe('1::2::3');
  });
});
