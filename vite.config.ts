import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './app/content/vitePlugin.ts';

/**
 * One Vite config for the browser bundle (`vite build`) and the server-rendering bundle
 * (`vite build --ssr app/entry-server.tsx`). The API serves both (see api/ssr).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), contentPlugin()],
  appType: 'custom',
  publicDir: 'app/public',
  // Replaced by a fresh nonce on every response (Content-Security-Policy).
  html: { cspNonce: '__CSP_NONCE__' },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        // No <link rel="modulepreload"> burst in <head>: the page is already rendered by the
        // server, and those requests would compete with its images and fonts for the first paint.
        modulePreload: false,
        manifest: true,
        // Maps are written for the operator but not named in the bundle, and never served.
        sourcemap: 'hidden',
        rollupOptions: { input: 'app/index.html' },
      },
  // The server and the browser must run the same build of styled-components, or class names
  // differ and hydration fails.
  ssr: { noExternal: ['styled-components'] },
}));
