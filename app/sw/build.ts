/**
 * Builds dist/client/sw.js: bundles app/sw/sw.ts, then lets Workbox inject the precache manifest
 * of the built assets. Runs after `vite build` (see the `build:sw` script).
 */
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bundled = resolve(root, 'dist/sw-build/sw.js');

await build({
  entryPoints: [resolve(root, 'app/sw/sw.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  outfile: bundled,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: resolve(root, 'dist/client/sw.js'),
  globDirectory: resolve(root, 'dist/client'),
  globPatterns: ['assets/**/*.{js,css,woff2}', 'offline.html', 'favicon.svg'],
  // The back office's chunks (vite.config.ts names them admin-…) are for staff only.
  globIgnores: ['app/**', '**/*.map', 'assets/admin-*'],
  // Hashed file names are their own revision.
  dontCacheBustURLsMatching: /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/,
});
for (const warning of warnings) console.warn(warning);
rmSync(resolve(root, 'dist/sw-build'), { recursive: true, force: true });
console.log(`sw.js precaches ${count} files (${(size / 1024).toFixed(0)} KiB)`);
