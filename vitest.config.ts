import { defineConfig } from 'vitest/config';
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
 */
export default defineConfig({
  // A vitest config shadows vite.config.ts, so the React plugin is repeated here.
  plugins: [react(), contentPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{api,app,ui}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/*.browser.test.{ts,tsx}', 'node_modules/**'],
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
            'styled-components',
            'react-aria-components',
          ],
        },
        test: {
          name: 'storybook',
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
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
