import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPublicAsset, optimiseTemplate } from './runtime';

const dist = mkdtempSync(join(tmpdir(), 'fuelyard-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'assets/index-abc12345.css'),
  '@font-face{font-family:X;src:url(/assets/x.woff2)}',
);
writeFileSync(join(dist, 'assets/open-sans-latin-400-normal-Bk63H6sG.woff2'), '');
writeFileSync(join(dist, 'assets/merriweather-latin-700-normal-DoUP8Ce-.woff2'), '');
writeFileSync(join(dist, 'assets/merriweather-latin-400-normal-zzzzzzzz.woff2'), '');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const template = `<head>\n<!--app-head-->\n<link rel="stylesheet" crossorigin href="/assets/index-abc12345.css" nonce="__CSP_NONCE__">\n</head>`;

describe('optimiseTemplate', () => {
  it('inlines the small font-face stylesheet instead of blocking on it', async () => {
    const html = await optimiseTemplate(template, dist);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<style>@font-face{font-family:X;src:url(/assets/x.woff2)}</style>');
  });

  it('preloads only the two fonts of the first paint, before the page head', async () => {
    const html = await optimiseTemplate(template, dist);
    const preloads = html.match(/<link rel="preload" as="font"[^>]+>/g) ?? [];
    expect(preloads).toHaveLength(2);
    expect(preloads.join()).toContain('open-sans-latin-400-normal-Bk63H6sG.woff2');
    expect(preloads.join()).toContain('merriweather-latin-700-normal-DoUP8Ce-.woff2');
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<!--app-head-->'));
  });
});

describe('isPublicAsset', () => {
  it('serves built assets', () => {
    for (const path of ['/assets/index-abc12345.js', '/favicon.svg', '/sw.js', '/offline.html']) {
      expect(isPublicAsset(path)).toBe(true);
    }
  });

  it('never serves the SSR template, however its path is spelt', () => {
    for (const path of [
      '/app/index.html',
      '/app%2findex.html',
      '/app%2Findex.html',
      '/%61pp/index.html',
      '/./app/index.html',
      '/assets/../app/index.html',
      '/app%5cindex.html',
    ]) {
      expect(isPublicAsset(path), path).toBe(false);
    }
  });

  it('never serves a source map, and refuses a path that does not decode', () => {
    for (const path of [
      '/assets/index-abc12345.js.map',
      '/assets/index-abc12345.js%2Emap',
      '/%E0%A4%A',
    ]) {
      expect(isPublicAsset(path), path).toBe(false);
    }
  });
});
