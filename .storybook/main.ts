import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook catalogues the design system (ui/) and the app's own stories (app/, e.g. the
 * Machines/… explorers). Docs use the default `react-docgen`: `react-docgen-typescript` needs the
 * TypeScript compiler API and is slower.
 */
const config: StorybookConfig = {
  stories: ['../ui/**/*.mdx', '../ui/**/*.stories.@(ts|tsx)', '../app/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The seeded product pictures, at the address the API serves them from (/api/uploads/...).
  staticDirs: [{ from: '../api/uploads', to: '/api/uploads' }],
  typescript: { reactDocgen: 'react-docgen' },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
