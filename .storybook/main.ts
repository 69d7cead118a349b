import type { StorybookConfig } from '@storybook/react-vite';

/**
 * The props a Docs page lists: those the component declares itself (with their JSDoc), and the
 * react-aria props designers meet on every control. The rest that react-aria and the DOM add
 * (dozens of aria-* and event handlers) would bury them.
 */
const sharedProps = new Set([
  'isDisabled',
  'isRequired',
  'isReadOnly',
  'isInvalid',
  'onPress',
  'onChange',
  'value',
  'defaultValue',
  'label',
  'description',
  'errorMessage',
  'placeholder',
  'name',
  'type',
  'selectedKey',
  'defaultSelectedKey',
  'onSelectionChange',
  'isOpen',
  'onOpenChange',
  'href',
  'children',
  'aria-label',
]);

/**
 * Storybook catalogues the design system (ui/) and the app's own stories (app/, e.g. the
 * Machines/… explorers). Docs read the TypeScript types and their comments
 * (`react-docgen-typescript`): the props' types, unions and JSDoc descriptions as written.
 */
const config: StorybookConfig = {
  stories: ['../ui/**/*.mdx', '../ui/**/*.stories.@(ts|tsx)', '../app/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The seeded product pictures, at the address the API serves them from (/api/uploads/...), and
  // the manual test plans (`npm run qa:scripts`), which the Machines/… Docs pages and the Overview
  // link as qa-plans/<key>.md (app/qa/MachineDocsPage.tsx, `testPlansDir`).
  staticDirs: [
    { from: '../api/uploads', to: '/api/uploads' },
    { from: '../docs/qa', to: '/qa-plans' },
  ],
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      savePropValueAsString: true,
      propFilter: (prop) =>
        !prop.parent ||
        !prop.parent.fileName.includes('node_modules') ||
        sharedProps.has(prop.name),
    },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
