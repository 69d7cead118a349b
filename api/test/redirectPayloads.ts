/**
 * `?redirect=` values that try to send a visitor off the site after login (the decoded value, as
 * `URLSearchParams.get` gives it). Each must end on a path of this site; the shared rule
 * (api/domain/auth `localRedirectPath`) and the pages that use it are tested against all of them.
 */
export const offSiteRedirects: readonly string[] = [
  // Another host, spelled directly.
  '//evil.example',
  '///evil.example',
  '//evil.example/%2e%2e',
  'https://evil.example',
  'HTTPS://evil.example',
  'https:evil.example',
  'http:/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  ' //evil.example',
  '\uff0f\uff0fevil.example',
  // Dot segments, plain and percent-encoded, that resolve to "//evil.example".
  '/.//evil.example',
  '/..//evil.example',
  '/././/evil.example',
  '/.///evil.example',
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%2e/%2e//evil.example',
  '/a/..//evil.example',
  '/a/../..//evil.example',
  '/user/%2e%2e//evil.example',
  // Backslashes, which browsers read as "/".
  '/\\evil.example',
  '\\\\evil.example',
  '\\/\\/evil.example',
  '/.\\/evil.example',
  '/\\/evil.example',
  '/order\\..\\..\\/evil.example',
  // Control characters, which browsers drop ("/\t/evil" is "//evil").
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/.\t//evil.example',
  '/\u0000/evil.example',
  '\u0000//evil.example',
  '/\u007f/evil.example',
  // Too long to be a path of ours.
  `/${'a'.repeat(3000)}`,
];

/**
 * Values that look dangerous but that a browser reads as a path on this site: each is sent on (as
 * the browser resolves it), never as another host.
 */
export const localLookalikes: readonly (readonly [value: string, sent: string])[] = [
  ['/%2f%2fevil.example', '/%2f%2fevil.example'],
  ['/%5c%5cevil.example', '/%5c%5cevil.example'],
  ['/%09/evil.example', '/%09/evil.example'],
  ['/.%2f/evil.example', '/.%2f/evil.example'],
  ['/\u2215\u2215evil.example', '/%E2%88%95%E2%88%95evil.example'],
  ['/\uff0f\uff0fevil.example', '/%EF%BC%8F%EF%BC%8Fevil.example'],
  ['/@evil.example', '/@evil.example'],
  ['/a/../order', '/order'],
  ['/order/./x?y=1#z', '/order/x?y=1#z'],
];
