import { readdir, readFile } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import type { ServerEntry } from '../domain/ssr';
import { clientDistDir, projectRoot, serverEntryPath } from '../paths';

/** Where the HTML template, the server entry and the browser assets come from. */
/** How the browser starts a page: the client router hydrates it, or only its islands do. */
export type PageMode = 'router' | 'islands';

export interface SsrRuntime {
  /** The HTML template for a page started as `mode` (the render decides, see RenderResult). */
  template(url: string, mode: PageMode): Promise<string>;
  entry(): Promise<ServerEntry>;
  /** Serves browser assets (built files, or Vite's dev middleware). */
  assets: Middleware;
  /**
   * Development only, in front of the API: the browser's source modules that live under /api
   * (api/domain/*, which app/ imports), served by Vite rather than answered 404 by the API.
   */
  sourceModules?: Middleware;
  fixStacktrace?(error: Error): void;
  /**
   * Whether the fallback error page may show an error's own message (development only). Unset,
   * it shows a generic text: messages can name internals (files, queries, hosts).
   */
  showErrorDetails?: boolean;
  close?(): Promise<void>;
}

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Whether a request path may be answered from dist/client. The path is judged as the file server
 * will see it (percent-decoded and normalised, so `/app%2findex.html` and `/./app/index.html` are
 * the template): never the SSR template under app/, and never a source map (the build keeps
 * hidden maps beside the bundle for the operator; they hold the full original source).
 */
export function isPublicAsset(rawPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  // No built file is named with a backslash or a second leading slash, and the file server
  // answers such a path with its own 400 ("Malicious Path"): it is left to the pages (a 404).
  if (decoded.includes('\\') || decoded.startsWith('//')) return false;
  const path = posix.normalize(decoded);
  return !path.startsWith('/app/') && !path.endsWith('.map');
}

/**
 * The fonts the first paint uses (body text, its semibold and bold, and headings), fetched before
 * the CSS asks: every face a page above the fold needs. Merriweather 400 is left to the CSS.
 */
const CRITICAL_FONTS = [
  /^open-sans-latin-400-normal-.+\.woff2$/,
  /^open-sans-latin-600-normal-.+\.woff2$/,
  /^open-sans-latin-700-normal-.+\.woff2$/,
  /^merriweather-latin-700-normal-.+\.woff2$/,
];

/** The entry script Vite writes into the built template's head, and the modulepreload links. */
const ENTRY_SCRIPT = /<script type="module"[^>]*?\ssrc="(\/assets\/[^"]+\.js)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="(\/assets\/[^"]+\.js)"[^>]*>\s*/g;

/**
 * The scripts start after the first paint rather than before it. Vite's template fetches the
 * entry and (by modulepreload links) its imports with the page, at the priority of what the page
 * shows, and a browser may run them all (hundreds of milliseconds on a slow phone) before its
 * first frame: the visitor looks at a blank screen meanwhile, and the scripts share the line
 * with the fonts and the first product images. Here a small inline script asks for them, all at
 * once still, when the server's HTML is on screen: a frame's requestAnimationFrame callbacks run
 * just before it is painted, and the timeout set there once it has been.
 */
function entryAfterFirstPaint(html: string, stagePreloads: string[]): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry?.[1]) return html;
  const nonce = /\snonce="[^"]*"/.exec(entry[0])?.[0] ?? '';
  const preloads = [
    ...new Set([...[...html.matchAll(MODULE_PRELOAD)].map((link) => link[1]), ...stagePreloads]),
  ];
  const start =
    `<script${nonce}>requestAnimationFrame(function(){setTimeout(function(){` +
    `var d=document;${JSON.stringify(preloads)}.forEach(function(h){` +
    `var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `import(${JSON.stringify(entry[1])})})})</script>`;
  return html
    .replace(entry[0], '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${start}\n  </body>`);
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The entry's stage that starts a page of each mode; the entry imports one or the other. */
const modeStages: Record<PageMode, string> = {
  router: 'app/client/start.tsx',
  islands: 'app/client/islands.tsx',
};

/**
 * The entry's stages (app/entry-client.tsx) for a page of `mode`: the modules the entry imports
 * dynamically, one after another, with their static imports, as `/assets/…` paths from the build
 * manifest; of the two stages that start a page (`modeStages`), only the mode's own. The entry
 * imports them in stages only so that each is evaluated in a task of its own; they are fetched
 * with it, so each stage's modules are there when it starts. None without a manifest.
 */
export async function entryStagePreloads(distDir: string, mode: PageMode): Promise<string[]> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(
      await readFile(resolve(distDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    return [];
  }
  const files: string[] = [];
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.includes(`/${chunk.file}`)) return;
    files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  const otherModes = Object.entries(modeStages)
    .filter(([name]) => name !== mode)
    .map(([, stage]) => stage);
  for (const entry of Object.values(manifest).filter((chunk) => chunk.isEntry === true)) {
    for (const stage of entry.dynamicImports ?? []) {
      if (!otherModes.includes(stage)) add(stage);
    }
  }
  return files.filter((file) => file.endsWith('.js'));
}

/**
 * Speeds up the first paint of the built template: the small stylesheet (only @font-face rules)
 * is inlined instead of blocking rendering, the fonts of the first paint are preloaded, and the
 * scripts run after it (see entryAfterFirstPaint), the entry's stages fetched with it.
 */
export async function optimiseTemplate(
  template: string,
  distDir: string,
  mode: PageMode = 'router',
): Promise<string> {
  let html = entryAfterFirstPaint(
    withPageMode(template, mode),
    await entryStagePreloads(distDir, mode),
  );
  const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(html);
  if (stylesheet?.[1]) {
    const css = await readFile(resolve(distDir, `.${stylesheet[1]}`), 'utf8');
    if (css.length < 16_384) html = html.replace(stylesheet[0], () => `<style>${css}</style>`);
  }
  const assets = await readdir(resolve(distDir, 'assets'));
  const preloads = CRITICAL_FONTS.map((pattern) => assets.find((file) => pattern.test(file)))
    .filter((file): file is string => file !== undefined)
    .map(
      (file) =>
        `<link rel="preload" as="font" type="font/woff2" href="/assets/${file}" crossorigin>`,
    )
    .join('\n    ');
  return html.replace('<!--app-head-->', () => `${preloads}\n    <!--app-head-->`);
}

/**
 * Marks a page started as islands (`<html data-islands>`): the browser's entry reads it to start
 * the islands rather than the client router.
 */
export function withPageMode(template: string, mode: PageMode): string {
  return mode === 'islands' ? template.replace(/<html(?=[\s>])/, '<html data-islands') : template;
}

/**
 * Whether a request is for one of the browser's source modules under /api in development:
 * api/domain/ is the only part of the API that app/ may import (eslint.config.js), and a module
 * is only ever fetched with GET (HEAD too, for a conditional check).
 */
export function isDevSourceModule(method: string, path: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    /^\/api\/domain\/[\w./-]+\.tsx?$/.test(path) &&
    !path.includes('..')
  );
}

/** Production: the files `npm run build` wrote to dist/. */
export async function productionRuntime(): Promise<SsrRuntime> {
  const raw = await readFile(resolve(clientDistDir, 'app/index.html'), 'utf8');
  const templates: Record<PageMode, string> = {
    router: await optimiseTemplate(raw, clientDistDir, 'router'),
    islands: await optimiseTemplate(raw, clientDistDir, 'islands'),
  };
  const entry = (await import(pathToFileURL(serverEntryPath).href)) as ServerEntry;
  return {
    template: async (_url, mode) => templates[mode],
    entry: async () => entry,
    assets: staticAssets(clientDistDir),
  };
}

/**
 * The browser's files in `dir` (dist/client in production): hashed assets cached for a year, the
 * service worker revalidated, the rest cached for an hour. The template (dist/client/app/
 * index.html) and source maps are never served (`isPublicAsset`).
 */
export function staticAssets(dir: string): Middleware {
  const statics = serve(dir, {
    index: false,
    gzip: true,
    brotli: true,
    setHeaders(res, path) {
      // The service worker script must be revalidated, or browsers keep an old one for a day.
      res.setHeader(
        'Cache-Control',
        HASHED_ASSET.test(path)
          ? 'public, max-age=31536000, immutable'
          : path.endsWith('/sw.js')
            ? 'no-cache'
            : 'public, max-age=3600',
      );
    },
  });
  return async (ctx, next) => (isPublicAsset(ctx.path) ? statics(ctx, next) : next());
}

/** Development: Vite in middleware mode inside Koa, with hot reload and on-demand SSR modules. */
export async function developmentRuntime(): Promise<SsrRuntime> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: projectRoot,
    server: { middlewareMode: true },
    appType: 'custom',
  });
  const assets: Middleware = (ctx, next) =>
    new Promise<void>((done, fail) => {
      vite.middlewares(ctx.req, ctx.res, () => {
        next().then(done, fail);
      });
    });
  return {
    template: async (url, mode) =>
      withPageMode(
        await vite.transformIndexHtml(
          url,
          await readFile(resolve(projectRoot, 'app/index.html'), 'utf8'),
        ),
        mode,
      ),
    entry: async () => (await vite.ssrLoadModule('/app/entry-server.tsx')) as ServerEntry,
    assets,
    sourceModules: async (ctx, next) =>
      isDevSourceModule(ctx.method, ctx.path) ? assets(ctx, next) : next(),
    fixStacktrace: (error) => vite.ssrFixStacktrace(error),
    showErrorDetails: true,
    close: () => vite.close(),
  };
}
