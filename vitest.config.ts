import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './app/content/vitePlugin.ts';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { chromiumArgs, chromiumPath } from './e2e/chromium.ts';

/**
 * Four lanes, all run by `npm test`:
 *  - unit:      pure logic and machines, in Node (*.test.ts)
 *  - api:       HTTP integration through createApp() on in-memory PGlite, or on PostgreSQL
 *               when TEST_DATABASE_URL is set (*.int.test.ts)
 *  - storybook: every story as a browser test in Chromium, with accessibility checks
 *  - e2e:       the production build, started the way `npm start` does, driven in Chromium
 * and, only when TEST_DATABASE_URL names a PostgreSQL server (`npm run test:postgres`):
 *  - scale:     two production server processes on one PostgreSQL database (e2e/*.pg.ts)
 */
const scaleOut: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: {
          name: 'scale',
          environment: 'node' as const,
          include: ['e2e/**/*.pg.ts'],
          globalSetup: ['e2e/build-setup.ts'],
          // Real processes and a mail lease to wait out: each test sets its own timeout.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ]
  : [];

export default defineConfig({
  // A vitest config shadows vite.config.ts, so the React plugin is repeated here.
  plugins: [react(), contentPlugin()],
  test: {
    // Vitest's default is one worker fewer than the cores: on a two-core machine, one, and the
    // four lanes ran one file at a time. Most of a file's time is spent waiting on Chromium, a
    // server process or PostgreSQL, so two files at once keep both cores busy. The timeouts
    // below are sized for that load. VITEST_MAX_WORKERS overrides it (1 runs files one by one).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{api,app,ui}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/*.browser.test.{ts,tsx}', 'node_modules/**'],
          // Pure tests: none takes more than about 0.2 s on an idle machine (the lint probes in
          // api/test/boundaries.test.ts set their own, longer timeout). The lane shares two cores
          // with three others in `npm test`, so it does not rely on vitest's 5 s default either.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          // graphql is dual-package (CJS main, ESM module field): inline graphql-http so that it
          // and the schema share one copy of graphql, as they do in the production bundle.
          server: { deps: { inline: ['graphql-http'] } },
          include: ['api/**/*.int.test.ts'],
          globalSetup: ['api/test/pgliteSnapshot.setup.ts'],
          // One module graph per worker, not per file: each file imported the whole server (and
          // compiled PGlite's WebAssembly) again, half the lane's CPU time. Safe because every
          // file makes its own apps and databases, and none mocks a module, stubs a global or the
          // environment, or fakes timers (api/test/isolation.test.ts keeps it so).
          isolate: false,
          // HTTP through the app on a real database: most tests take under 0.1 s idle, but every
          // new PGlite (loaded from the snapshot, then migrations and seed) costs about 0.6 s, and
          // a loaded CI box is several times slower. Tests that open databases of their own say so and set their own.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: [
          storybookTest({ configDir: '.storybook' }),
          // storybookTest() replaces `test.include` with the story globs from .storybook/main.ts
          // (and ignores, with a warning, any include set below), so the hand-written browser
          // tests are added back from a plugin that runs after it.
          {
            name: 'fuelyard:browser-tests',
            config: () => ({
              test: {
                include: ['ui/**/*.browser.test.{ts,tsx}', 'app/**/*.browser.test.{ts,tsx}'],
              },
            }),
          },
        ],
        optimizeDeps: {
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react-dom/server',
            'styled-components',
            'react-aria-components',
          ],
        },
        test: {
          name: 'storybook',
          // Each story renders and plays in real Chromium: 0.3–2.7 s per story idle (measured).
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          // A real browser against the production server: 1–3.5 s per test idle (measured);
          // the hooks also build the bundle and start the server.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      ...scaleOut,
    ],
  },
});
