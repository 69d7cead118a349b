import { describe, expect, it } from 'vitest';
import { afterLogin, callbackPathFor, loginPathFor, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps local paths with their query and hash', () => {
    expect(safeRedirect('/order')).toBe('/order');
    expect(safeRedirect('/order/abc?token=x#top')).toBe('/order/abc?token=x#top');
    expect(safeRedirect('/')).toBe('/');
  });

  it.each([
    '//evil.example',
    '//evil.example/order',
    '/\\evil.example',
    '\\\\evil.example',
    '/order\\..\\x',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '',
    null,
    undefined,
    '/user/login',
    '/login?redirect=/order',
    // Values that pass a check of the raw string but resolve to another host.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    '/a/../..//evil.example',
    // ... or to the login pages.
    '/./user/login',
    '/order/../login?redirect=/order',
  ])('refuses %j', (target) => {
    expect(safeRedirect(target)).toBeNull();
  });
});

describe('login paths', () => {
  it('names where to return after login, only when it is local', () => {
    expect(loginPathFor('/order')).toBe('/user/login?redirect=%2Forder');
    expect(loginPathFor('/user/account?x=1')).toBe(
      '/user/login?redirect=%2Fuser%2Faccount%3Fx%3D1',
    );
    expect(loginPathFor('//evil.example')).toBe('/user/login');
    expect(loginPathFor('/')).toBe('/user/login');
  });

  it('the callback returns to the safe target or home', () => {
    expect(callbackPathFor('/order')).toBe('/login?redirect=%2Forder');
    expect(callbackPathFor('https://evil.example')).toBe('/login');
    expect(afterLogin(new URL('http://x/login?redirect=%2Forder'))).toBe('/order');
    expect(afterLogin(new URL('http://x/login?redirect=%2F%2Fevil.example'))).toBe('/');
    expect(afterLogin(new URL('http://x/login'))).toBe('/');
    // What is sent is the resolved path, checked after resolving.
    expect(afterLogin(new URL('http://x/login?redirect=%2F.%2F%2Fevil.example'))).toBe('/');
    expect(afterLogin(new URL('http://x/login?redirect=%2Fa%2F..%2Forder'))).toBe('/order');
    expect(callbackPathFor('/..//evil.example')).toBe('/login');
    expect(loginPathFor('/%2e%2e//evil.example')).toBe('/user/login');
  });
});
