import { describe, expect, it } from 'vitest';
import { isValidHost, originOf, requestOrigin } from './origin';

describe('isValidHost', () => {
  it.each([
    'localhost',
    'localhost:3000',
    'shop.example.co.uk',
    'Shop.Example:443',
    'my_service:3000',
    'xn--bcher-kva.example',
    '127.0.0.1',
    '10.0.0.1:65535',
    '[::1]',
    '[2001:db8::1]:8080',
  ])('accepts %s', (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  it.each([
    '',
    '[',
    '[::1',
    'a b',
    'evil:99999',
    'host:0',
    'host:',
    'host:80:80',
    'user@host',
    'x.com/evil',
    'x"><b>',
    'a..b',
    '-a.example',
    'a-.example',
    '999.1.1.1',
    '01.2.3.4',
    '1.2.3.4.5',
    '0x7f.1',
    '[fe80::1%eth0]',
    '[::1]x',
    'évil.example',
    `${'a'.repeat(64)}.example`,
    'line\r\nbreak',
  ])('refuses %j', (host) => {
    expect(isValidHost(host)).toBe(false);
  });
});

describe('requestOrigin', () => {
  it('builds a normalised origin from a valid protocol and host', () => {
    expect(requestOrigin({ protocol: 'http', host: 'Shop.Example:80' })).toBe(
      'http://shop.example',
    );
    expect(requestOrigin({ protocol: 'HTTPS', host: 'shop.example:8443' })).toBe(
      'https://shop.example:8443',
    );
    expect(requestOrigin({ protocol: 'https:', host: '[::1]:3000' })).toBe('https://[::1]:3000');
  });

  it('is null for a bad host or a protocol other than http(s)', () => {
    expect(requestOrigin({ protocol: 'http', host: 'evil:99999' })).toBeNull();
    expect(requestOrigin({ protocol: 'http', host: '' })).toBeNull();
    expect(requestOrigin({ protocol: 'javascript', host: 'shop.example' })).toBeNull();
  });

  it('takes PUBLIC_URL whatever the request says', () => {
    expect(requestOrigin({ protocol: 'http', host: '[' }, 'https://Shop.Example/')).toBe(
      'https://shop.example',
    );
    expect(requestOrigin({ protocol: 'http', host: 'ok' }, 'ftp://shop.example')).toBeNull();
  });
});

describe('originOf', () => {
  it('gives the origin of http(s) URLs only', () => {
    expect(originOf('https://shop.example:443/a?b')).toBe('https://shop.example');
    expect(originOf('mailto:x@example.com')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});
