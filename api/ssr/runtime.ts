import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import type { ServerEntry } from '../domain/ssr';
import { clientDistDir, projectRoot, serverEntryPath } from '../paths';

/** Where the HTML template, the server entry and the browser assets come from. */
export interface SsrRuntime {
  template(url: string): Promise<string>;
  entry(): Promise<ServerEntry>;
  /** Serves browser assets (built files, or Vite's dev middleware). */
  assets: Middleware;
  fixStacktrace?(error: Error): void;
  close?(): Promise<void>;
}

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Production: the files `npm run build` wrote to dist/. */
export async function productionRuntime(): Promise<SsrRuntime> {
  const template = await readFile(resolve(clientDistDir, 'app/index.html'), 'utf8');
  const entry = (await import(pathToFileURL(serverEntryPath).href)) as ServerEntry;
  const statics = serve(clientDistDir, {
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
  return {
    template: async () => template,
    entry: async () => entry,
    // The template (dist/client/app/index.html) is never served as a static file.
    assets: async (ctx, next) => (ctx.path.startsWith('/app/') ? next() : statics(ctx, next)),
  };
}

/** Development: Vite in middleware mode inside Koa, with hot reload and on-demand SSR modules. */
export async function developmentRuntime(): Promise<SsrRuntime> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: projectRoot,
    server: { middlewareMode: true },
    appType: 'custom',
  });
  return {
    template: async (url) =>
      vite.transformIndexHtml(url, await readFile(resolve(projectRoot, 'app/index.html'), 'utf8')),
    entry: async () => (await vite.ssrLoadModule('/app/entry-server.tsx')) as ServerEntry,
    assets: (ctx, next) =>
      new Promise<void>((done, fail) => {
        vite.middlewares(ctx.req, ctx.res, () => {
          next().then(done, fail);
        });
      }),
    fixStacktrace: (error) => vite.ssrFixStacktrace(error),
    close: () => vite.close(),
  };
}
