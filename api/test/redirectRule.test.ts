import { describe, expect, it } from 'vitest';
import { localLookalikes, offSiteRedirects } from './redirectPayloads';
import { localRedirectPath, maxRedirectLength } from '../domain/auth';

/** The `?redirect=` rule (issue: open redirect after login), on the value that is sent. */

/**
 * A Location a browser resolves on this site, whatever the site's origin, to the path it names
 * (so never "/.//x", which resolves to "//x").
 */
function staysOnSite(location: string): boolean {
  const origin = 'https://shop.example';
  const resolved = new URL(location, origin);
  return (
    resolved.origin === origin &&
    `${resolved.pathname}${resolved.search}${resolved.hash}` === location &&
    /^\/(?![/\\])/.test(location) &&
    !/[\p{Cc}\\]/u.test(location)
  );
}

describe('localRedirectPath', () => {
  it('keeps a local path with its query and hash', () => {
    expect(localRedirectPath('/order')).toBe('/order');
    expect(localRedirectPath('/order/1?x=2#y')).toBe('/order/1?x=2#y');
    expect(localRedirectPath('/')).toBe('/');
  });

  it.each(offSiteRedirects.map((value) => [JSON.stringify(value).slice(0, 60), value]))(
    'refuses %s',
    (_name, value) => {
      expect(localRedirectPath(value)).toBeNull();
    },
  );

  it.each(localLookalikes)('%j is a path on this site, sent as %j', (value, sent) => {
    expect(localRedirectPath(value)).toBe(sent);
    expect(staysOnSite(sent)).toBe(true);
  });

  it('refuses what is not a string, and a path longer than the limit', () => {
    for (const value of [undefined, null, 1, ['/order'], { toString: () => '/order' }]) {
      expect(localRedirectPath(value)).toBeNull();
    }
    expect(localRedirectPath(`/${'a'.repeat(maxRedirectLength - 1)}`)).not.toBeNull();
    expect(localRedirectPath(`/${'a'.repeat(maxRedirectLength)}`)).toBeNull();
    // Short enough as given, too long once its characters are percent-encoded.
    expect(localRedirectPath(`/${'é'.repeat(1000)}`)).toBeNull();
  });

  it('whatever it returns is the value a browser would go to, and stays on the site', () => {
    const pieces = ['/', '.', '..', '%2e', '%2E', '\\', '//', 'a', '?', '#', '%2f', '\t', ':', '@'];
    // Every three-piece path: a bounded, exhaustive walk (14^3 = 2,744 values).
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const value = `/${a}${b}${c}`;
          const sent = localRedirectPath(value);
          if (sent === null) continue;
          expect(staysOnSite(sent), value).toBe(true);
          // Resolving again changes nothing: what is checked is what is sent.
          expect(localRedirectPath(sent), value).toBe(sent);
        }
      }
    }
  });
});
