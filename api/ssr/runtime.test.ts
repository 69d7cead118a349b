import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryStagePreloads, isDevSourceModule, isPublicAsset, optimiseTemplate } from './runtime';

const dist = mkdtempSync(join(tmpdir(), 'fuelyard-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'assets/index-abc12345.css'),
  '@font-face{font-family:X;src:url(/assets/x.woff2)}',
);
writeFileSync(join(dist, 'assets/open-sans-latin-400-normal-Bk63H6sG.woff2'), '');
writeFileSync(join(dist, 'assets/open-sans-latin-600-normal-Cp4N6AwT.woff2'), '');
writeFileSync(join(dist, 'assets/open-sans-latin-700-normal-CceUhp2e.woff2'), '');
writeFileSync(join(dist, 'assets/merriweather-latin-700-normal-DoUP8Ce-.woff2'), '');
writeFileSync(join(dist, 'assets/merriweather-latin-400-normal-zzzzzzzz.woff2'), '');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const template = [
  '<html lang="en-GB">',
  '<head>',
  '<!--app-head-->',
  '<script type="module" crossorigin src="/assets/index-abc12345.js" nonce="__CSP_NONCE__"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-abc12345.js" nonce="__CSP_NONCE__">',
  '<link rel="modulepreload" crossorigin href="/assets/router-abc12345.js" nonce="__CSP_NONCE__">',
  '<link rel="stylesheet" crossorigin href="/assets/index-abc12345.css" nonce="__CSP_NONCE__">',
  '</head>',
  '<body><div id="root"><!--app-html--></div></body>',
].join('\n');

describe('optimiseTemplate', () => {
  it('inlines the small font-face stylesheet instead of blocking on it', async () => {
    const html = await optimiseTemplate(template, dist);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<style>@font-face{font-family:X;src:url(/assets/x.woff2)}</style>');
  });

  it('preloads only the four fonts of the first paint, before the page head', async () => {
    const html = await optimiseTemplate(template, dist);
    const preloads = html.match(/<link rel="preload" as="font"[^>]+>/g) ?? [];
    expect(preloads).toHaveLength(4);
    expect(preloads.join()).toContain('open-sans-latin-400-normal-Bk63H6sG.woff2');
    expect(preloads.join()).toContain('open-sans-latin-600-normal-Cp4N6AwT.woff2');
    expect(preloads.join()).toContain('open-sans-latin-700-normal-CceUhp2e.woff2');
    expect(preloads.join()).toContain('merriweather-latin-700-normal-DoUP8Ce-.woff2');
    expect(preloads.join()).not.toContain('merriweather-latin-400');
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<!--app-head-->'));
  });

  it('starts the scripts from the end of the body, after the first paint', async () => {
    const html = await optimiseTemplate(template, dist);
    // Nothing in the head fetches or runs a script before the page is on screen.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const [, attributes, text] = scripts[0] ?? [];
    // The request's nonce still allows it (a shared page allows it by its hash instead).
    expect(attributes).toBe(' nonce="__CSP_NONCE__"');
    expect(html.indexOf('<script')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(text).toMatch(/^requestAnimationFrame\(function\(\)\{setTimeout\(function\(\)\{/);
    // The entry's imports are asked for together with it, not one import level at a time.
    expect(text).toContain('["/assets/react-abc12345.js","/assets/router-abc12345.js"]');
    expect(text).toContain('l.rel="modulepreload"');
    expect(text).toContain('import("/assets/index-abc12345.js")');
  });

  it('runs the entry it starts: the loader works in a page', async () => {
    const html = await optimiseTemplate(template, dist);
    const text = /<script[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const frames: (() => void)[] = [];
    const timeouts: (() => void)[] = [];
    const appended: { rel: string; href: string }[] = [];
    const imported: string[] = [];
    const run = new Function(
      'requestAnimationFrame',
      'setTimeout',
      'document',
      '__import',
      text.replace(/\bimport\(/, '__import('),
    ) as (...args: unknown[]) => void;
    run(
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => timeouts.push(callback),
      {
        createElement: () => ({ rel: '', href: '' }),
        head: { appendChild: (link: { rel: string; href: string }) => appended.push(link) },
      },
      (path: string) => imported.push(path),
    );
    // Nothing before the frame, and nothing while it is drawn: only once it has been.
    expect(imported).toEqual([]);
    frames.forEach((callback) => callback());
    expect(imported).toEqual([]);
    timeouts.forEach((callback) => callback());
    expect(appended).toEqual([
      { rel: 'modulepreload', href: '/assets/react-abc12345.js' },
      { rel: 'modulepreload', href: '/assets/router-abc12345.js' },
    ]);
    expect(imported).toEqual(['/assets/index-abc12345.js']);
  });
});

describe('entryStagePreloads', () => {
  it("preloads the entry's stages and their static imports once each, in import order", async () => {
    const built = mkdtempSync(join(tmpdir(), 'fuelyard-dist-'));
    try {
      mkdirSync(join(built, '.vite'));
      mkdirSync(join(built, 'assets'));
      writeFileSync(join(built, 'assets/index-abc12345.css'), '');
      writeFileSync(
        join(built, '.vite/manifest.json'),
        JSON.stringify({
          'app/index.html': {
            file: 'assets/index-abc12345.js',
            isEntry: true,
            imports: ['_preload.js'],
            dynamicImports: [
              'node_modules/react-dom/client.js',
              'app/client/start.tsx',
              'app/client/islands.tsx',
            ],
          },
          '_preload.js': { file: 'assets/preload-abc12345.js' },
          'node_modules/react-dom/client.js': {
            file: 'assets/client-abc12345.js',
            isDynamicEntry: true,
            imports: ['_react.js'],
          },
          '_react.js': { file: 'assets/react-abc12345.js' },
          'app/client/start.tsx': {
            file: 'assets/start-abc12345.js',
            isDynamicEntry: true,
            imports: ['_react.js', '_styles.js'],
            // A page's own code stays lazy: the stages' dynamic imports are not preloaded.
            dynamicImports: ['app/pages/CartPage.tsx'],
          },
          '_styles.js': { file: 'assets/styles-abc12345.js', css: ['assets/x.css'] },
          'app/client/islands.tsx': {
            file: 'assets/islands-abc12345.js',
            isDynamicEntry: true,
            imports: ['_react.js'],
            // The island's own code is fetched when the page starts, not with it.
            dynamicImports: ['app/features/layout/startHeaderIsland.tsx'],
          },
          'app/features/layout/startHeaderIsland.tsx': { file: 'assets/island-abc12345.js' },
          'app/pages/CartPage.tsx': { file: 'assets/CartPage-abc12345.js' },
        }),
      );
      // A page of the router's: its start, never the islands' stage.
      expect(await entryStagePreloads(built, 'router')).toEqual([
        '/assets/client-abc12345.js',
        '/assets/react-abc12345.js',
        '/assets/start-abc12345.js',
        '/assets/styles-abc12345.js',
      ]);
      // A page started as islands: the islands' stage, never the router's start.
      expect(await entryStagePreloads(built, 'islands')).toEqual([
        '/assets/client-abc12345.js',
        '/assets/react-abc12345.js',
        '/assets/islands-abc12345.js',
      ]);
      // The starter asks for them with the template's own preloads (once each), before the entry.
      const html = await optimiseTemplate(template, built);
      expect(html).toContain(
        '["/assets/react-abc12345.js","/assets/router-abc12345.js","/assets/client-abc12345.js","/assets/start-abc12345.js","/assets/styles-abc12345.js"]',
      );
      expect(html).not.toContain('data-islands');
      const islands = await optimiseTemplate(template, built, 'islands');
      expect(islands).toContain('<html data-islands');
      expect(islands).toContain('"/assets/islands-abc12345.js"');
      expect(islands).not.toContain('start-abc12345');
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  });

  it('adds nothing without a build manifest', async () => {
    expect(await entryStagePreloads(dist, 'router')).toEqual([]);
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

  it('leaves a backslash or extra leading slashes to the pages, which the file server refuses', () => {
    for (const path of ['/\\evil.example', '//evil.example', '///x.js', '/%2F%2Fevil.example']) {
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

describe('isDevSourceModule', () => {
  it("hands the browser's api/domain modules to Vite in development", () => {
    for (const path of ['/api/domain/messages.ts', '/api/domain/cart.ts', '/api/domain/a/b.tsx']) {
      expect(isDevSourceModule('GET', path), path).toBe(true);
    }
    expect(isDevSourceModule('HEAD', '/api/domain/messages.ts')).toBe(true);
  });

  it('leaves the API itself, other methods and anything outside api/domain to the API', () => {
    for (const [method, path] of [
      ['GET', '/api/cart'],
      ['GET', '/api/health'],
      ['POST', '/api/domain/messages.ts'],
      ['GET', '/api/db/schema.ts'],
      ['GET', '/api/domain/../config.ts'],
      ['GET', '/api/domain/messages.js'],
      ['GET', '/api/domainx/messages.ts'],
    ] as const) {
      expect(isDevSourceModule(method, path), `${method} ${path}`).toBe(false);
    }
  });
});
