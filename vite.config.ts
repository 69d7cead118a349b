import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fixedLocale } from './app/build/fixedLocale.ts';
import { contentPlugin } from './app/content/vitePlugin.ts';

/** `styled.div` or `styled(RAC.Button)` (one level of parentheses inside), right before its CSS. */
const STYLED_DEFINITION = /\bstyled(?:\.[a-z][a-z0-9]*|\((?:[^()]|\([^()]*\))*\))(?=`)/g;

/**
 * styled-components names a component (its class names) after a counter of the components made
 * so far, unless it is given a `componentId`. The server bundle makes its components in one order
 * and the browser in another (routes, the header and footer islands and the dialogs are lazy
 * modules, loaded in whatever order a visit needs them), so without ids the hydrated HTML keeps
 * the server's class names while the browser makes and injects a second set. This gives every
 * `styled.x` and `styled(X)` of app/ and ui/ an id from its file and position, the same in the
 * browser and the server bundle. (Only the end of the definition's line moves, so the module's
 * source map is kept as it is.)
 */
function stableStyledComponentIds(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'fuelyard:stable-styled-component-ids',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/](?:app|ui)[\\/].*\.tsx?$/, code: 'styled' },
      handler(code, id) {
        const file = relative(root, id).split(sep).join('/');
        let index = 0;
        const next = code.replace(STYLED_DEFINITION, (definition) => {
          const hash = createHash('sha256').update(`${file}#${index++}`).digest('hex');
          return `${definition}.withConfig({ componentId: 'fy-${hash.slice(0, 10)}' })`;
        });
        return next === code ? null : { code: next, map: null };
      },
    },
  };
}

/** The placeholder the server replaces with each response's nonce (api/ssr/middleware.ts). */
const CSP_NONCE = '__CSP_NONCE__';

/**
 * With `html.cspNonce`, Vite adds `<meta property="csp-nonce" nonce="…">` to the page, where its
 * preload helper reads the nonce (the element's `nonce` property) for the links it adds before
 * a dynamic import. HTML requires `content` on a `<meta property>` (Nu HTML Checker), so this
 * gives it an empty one. The nonce stays in the `nonce` attribute only, which browsers hide from
 * the DOM and CSS; a copy in `content` would be readable, and would keep the page cache from
 * sharing a page (api/ssr/pageCache.ts strips only `nonce="…"` attributes).
 */
function validCspNonceMeta(): Plugin {
  const bare = `<meta property="csp-nonce" nonce="${CSP_NONCE}">`;
  return {
    name: 'fuelyard:valid-csp-nonce-meta',
    transformIndexHtml: {
      order: 'post',
      // (Storybook's pages, built with this config too, get the same fix.)
      handler: (html) =>
        html.replace(bare, `<meta property="csp-nonce" nonce="${CSP_NONCE}" content="">`),
    },
  };
}

/**
 * React Router 7 resolves to its development build under every export condition (its exports map
 * has no "production" branch). Production builds point `react-router` and `react-router/dom` at
 * the production files instead; `react-router-dom` re-exports both, so it follows, and each bundle
 * holds one copy. Development (and the test lanes, whose vitest.config.ts shadows this file) keep
 * the development build and its warnings.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(
      new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
    ),
  },
];

/**
 * One Vite config for the browser bundle (`vite build`) and the server-rendering bundle
 * (`vite build --ssr app/entry-server.tsx`). The API serves both (see api/ssr).
 */
/**
 * Modules only the back office (/admin) imports: its pages and features, its form rules and answer
 * shapes, and the ui components only it uses. A chunk holding one holds nothing the shop uses.
 */
const backOfficeModule =
  /\/(?:app\/(?:pages|features)\/admin\/|api\/domain\/admin(?:Api)?\.ts$|ui\/components\/(?:DataTable|Pager)\/)/;
function isBackOfficeModule(id: string): boolean {
  return backOfficeModule.test(id);
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    stableStyledComponentIds(),
    ...(command === 'build' ? [fixedLocale()] : []),
    react(),
    contentPlugin(),
    validCspNonceMeta(),
  ],
  appType: 'custom',
  publicDir: 'app/public',
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  // Replaced by a fresh nonce on every response (Content-Security-Policy).
  html: { cspNonce: CSP_NONCE },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        // The HTML preloads the entry's static imports, so the browser fetches them at once rather
        // than one import level after another, and a lazy module (a route, an island, a modal)
        // is fetched together with its own imports. The first load holds only what hydration
        // needs (the header, footer and dialogs are lazy), so these requests are few. No
        // polyfill: every browser the site supports has modulepreload.
        modulePreload: { polyfill: false },
        manifest: true,
        // Maps are written for the operator but not named in the bundle, and never served.
        sourcemap: 'hidden',
        rollupOptions: {
          input: 'app/index.html',
          // The back office's chunks are named admin-…, so the service worker can leave them out
          // of its precache (app/sw/build.ts): customers never download them.
          output: {
            chunkFileNames: (chunk) =>
              chunk.moduleIds.some(isBackOfficeModule)
                ? 'assets/admin-[name]-[hash].js'
                : 'assets/[name]-[hash].js',
          },
        },
      },
  ssr: {
    // The server and the browser must run the same build of styled-components, or class names
    // differ and hydration fails. React Router is bundled too, so that the server bundle takes
    // its production build through the aliases above (an external import would load the
    // development build in Node). react-aria likewise, so that the server renders with the
    // same fixed locale as the browser (app/build/fixedLocale.ts).
    noExternal: [
      'styled-components',
      ...(command === 'build'
        ? ['react-router', 'react-router-dom', 'react-aria', 'react-aria-components']
        : []),
    ],
  },
}));
