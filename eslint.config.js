// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

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

/** app/features/<feature>/: other features may import only its public index.ts. */
const features = [
  'postcode',
  'cart',
  'order-form',
  'enquiry',
  'auth',
  'checkout',
  'layout',
  'catalogue',
  'navigation',
];

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
  {
    files: ['app/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(\\.\\./)?(${features.join('|')})/(?!index$).+`,
              message: 'Import another feature only through its public index.ts.',
            },
          ],
        },
      ],
    },
  },
);
