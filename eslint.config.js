// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

/**
 * The three rooms (see README "Architecture"):
 *   ui/          imports nothing from app/ or api/
 *   app/         imports ui/ and api/domain/ only
 *   api/         imports nothing from ui/ or app/
 *   api/domain/  is pure: nothing else from api/, no Node, Koa or database packages
 */
const boundaryZones = [
  { target: './ui', from: './app', message: 'ui/ is the design system: it must not import app/.' },
  { target: './ui', from: './api', message: 'ui/ is the design system: it must not import api/.' },
  {
    target: './app',
    from: './api',
    except: ['./domain'],
    message: 'app/ may import only api/domain/ from the API.',
  },
  { target: './api', from: './ui', message: 'api/ must not import ui/ sources.' },
  { target: './api', from: './app', message: 'api/ must not import app/ sources.' },
  {
    target: './api/domain',
    from: './api',
    except: ['./domain'],
    message: 'api/domain/ is pure: it must not import the rest of api/.',
  },
];

/** Escapes a name for use inside a RegExp source. */
const escapeRegExp = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * app/features/<feature>/: every folder there is a feature, read when the config loads, so a new
 * feature is covered without editing this file.
 */
const features = readdirSync(new URL('./app/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * Tests, stories and their support files. Only these may use a feature's test doubles
 * (`app/features/<feature>/testing.ts`), and in ui/ only these may import test tooling.
 * `*.test.*` also covers `*.browser.test.*` and `*.int.test.ts`.
 */
const testAndStoryFiles = [
  '**/*.test.{ts,tsx}',
  '**/*.browser.test.{ts,tsx}',
  '**/*.stories.{ts,tsx}',
  '**/*StoryKit.tsx',
  '**/storyFixtures.tsx',
  '.storybook/**',
];
/** The same globs, limited to one folder (`ui`, `app`, `app/features/cart`). */
const testAndStoryFilesIn = (/** @type {string} */ dir) =>
  testAndStoryFiles.filter((glob) => glob.startsWith('**/')).map((glob) => `${dir}/${glob}`);

/**
 * A feature's public entries: `index.ts`; `islands.ts`, what the home page's islands use without
 * the client router (README, "The home page is islands"); and `testing.ts` (test doubles, see
 * below).
 */
const publicEntry = '(?:index|testing|islands)(?:\\.tsx?)?$';
const featureBoundaryMessage =
  "Import a feature only through its public index.ts (app/features/<feature>/index), or its islands.ts for the home page's islands; tests and stories may also use its testing.ts.";

/**
 * Deep imports into the given features: `../cart/cartMachine` from a sibling feature (any depth
 * of `../`), or `../features/cart/cartMachine`, `./features/cart/...` from anywhere in app/.
 * The folder itself (`../cart`), `index` and `testing` pass.
 * @param {string[]} names features the importing file is not part of
 * @param {{ siblings: boolean }} options whether `../<feature>/` (without `features/`) reaches a
 *   feature, true only for files inside app/features/<own feature>/
 */
function deepFeatureImport(names, { siblings }) {
  const alternation = names.map(escapeRegExp).join('|');
  const prefix = siblings
    ? '(?:(?:\\.\\./)+|\\.{1,2}/(?:.+/)?features/)'
    : '\\.{1,2}/(?:.+/)?features/';
  return {
    regex: `^${prefix}(?:${alternation})/(?!${publicEntry}).+`,
    caseSensitive: true,
    message: featureBoundaryMessage,
  };
}

/** Test doubles: `./testing`, `../cart/testing`, `../features/cart/testing`, with or without `.ts`. */
const testDoubleImport = {
  regex: '^\\.{1,2}/(?:.+/)?testing(?:\\.tsx?)?$',
  caseSensitive: true,
  message: 'Test doubles are for tests and stories only.',
};

/**
 * ui/ may import only these packages, or their subpaths (`@fontsource/*` is any package of that
 * scope). This is what ui/ uses today; a new dependency of the design system is a deliberate
 * change here, and app or server packages (xstate, @xstate/react, pino, koa, node:...) stay out.
 */
const uiPackages = ['react', 'react-aria-components', 'styled-components', '@fontsource/*'];
/** ...and its tests and stories (not its production code) may also import test tooling. */
const uiTestPackages = [
  ...uiPackages,
  'react-dom',
  'vitest',
  '@vitest/*',
  'storybook',
  '@storybook/*',
  'fast-check',
];
/** A bare specifier (not relative, not absolute) naming none of the allowed packages. */
function bareImportOutside(/** @type {string[]} */ allowed, /** @type {string} */ who) {
  const names = allowed.map((name) => escapeRegExp(name).replace('\\*', '[^/]+')).join('|');
  return {
    regex: `^(?![./])(?!(?:${names})(?:/|$)).+`,
    caseSensitive: true,
    message: `${who} may import only these packages: ${allowed.join(', ')} (the allow-list is in eslint.config.js).`,
  };
}

/**
 * Property tests stay bounded on a busy CI machine: every `fc.assert(property, { numRuns })`
 * passes its run count in an object literal written in the call. (A plain
 * `:has(Property[key.name='numRuns'])` would also accept a `numRuns` key nested inside the
 * property's arbitraries, and esquery 1.7 never matches `:has(> A > B)`, hence the nested `:has`.)
 */
const unboundedPropertyTest = {
  selector:
    "CallExpression[callee.type='MemberExpression'][callee.object.name='fc'][callee.property.name='assert']" +
    ":not(:has(> ObjectExpression:has(> Property:matches([key.name='numRuns'], [key.value='numRuns']))))",
  message: 'fc.assert needs { numRuns } so the property test stays bounded.',
};

/** One `no-restricted-imports` config; flat config replaces (not merges) a rule's options. */
const restrictImports = (
  /** @type {string[]} */ files,
  /** @type {string[]} */ ignores,
  /** @type {object[]} */ patterns,
) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'storybook-static/**',
      'coverage/**',
      'node_modules/**',
      'api/db/migrations/**',
      '!.storybook',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { maxDepth: 4 }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', unboundedPropertyTest],
    },
  },
  {
    files: ['api/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(node:|fs$|path$|os$|crypto$|koa|@koa/|pg$|drizzle-orm|@electric-sql/|nodemailer|pino)',
              message:
                'api/domain/ is pure and shared with the browser: no Node, Koa or database imports.',
            },
          ],
        },
      ],
    },
  },
  /*
   * Import boundaries inside app/ and ui/, as `no-restricted-imports` patterns. A file gets the
   * options of the last config that matches it, so the configs below are disjoint: each file
   * matches exactly one and gets every pattern that applies to it.
   */
  // app/ outside the features (pages, routes, entries, qa, ...): features only through index.ts.
  restrictImports(
    ['app/**/*.{ts,tsx}'],
    ['app/features/**', ...testAndStoryFiles],
    [deepFeatureImport(features, { siblings: false }), testDoubleImport],
  ),
  restrictImports(
    testAndStoryFilesIn('app'),
    ['app/features/**'],
    [deepFeatureImport(features, { siblings: false })],
  ),
  // Each feature: its own files freely, other features only through their index.ts.
  ...features.flatMap((feature) => {
    const others = features.filter((name) => name !== feature);
    const dir = `app/features/${feature}`;
    return [
      restrictImports([`${dir}/**/*.{ts,tsx}`], testAndStoryFiles, [
        deepFeatureImport(others, { siblings: true }),
        testDoubleImport,
      ]),
      restrictImports(
        testAndStoryFilesIn(dir),
        [],
        [deepFeatureImport(others, { siblings: true })],
      ),
    ];
  }),
  // ui/: an allow-list of packages, wider for its tests and stories.
  restrictImports(['ui/**/*.{ts,tsx}'], testAndStoryFiles, [
    bareImportOutside(uiPackages, 'ui/ is the design system: its production code'),
    testDoubleImport,
  ]),
  restrictImports(
    testAndStoryFilesIn('ui'),
    [],
    [bareImportOutside(uiTestPackages, 'ui/ tests and stories')],
  ),
);
