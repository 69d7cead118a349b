import type { Preview } from '@storybook/react-vite';
import { ThemeProvider } from '../ui/theme';
import { breakpoints } from '../ui/theme/tokens';
import '../ui/theme/fonts';

/** The four UI breakpoints (SPEC §1) as viewport presets. */
const viewportOptions = Object.fromEntries(
  (Object.entries(breakpoints) as [keyof typeof breakpoints, number][]).map(([key, width]) => [
    `bp-${key}`,
    {
      name: `${key} (${width}px)`,
      styles: { width: `${width}px`, height: '900px' },
      type: width < breakpoints.md ? 'mobile' : width < breakpoints.lg ? 'tablet' : 'desktop',
    },
  ]),
);

const preview: Preview = {
  decorators: [
    (Story) => (
      <ThemeProvider>
        <Story />
      </ThemeProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Any accessibility violation fails the story test.
    a11y: { test: 'error' },
    viewport: { options: viewportOptions },
    // The Introduction first, then the theme, the components and the machines (Overview first).
    options: {
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          'Components',
          'Layout',
          'Site',
          'Order form',
          'Account',
          'Features',
          'Machines',
          ['Overview', '*'],
          'QA',
        ],
      },
    },
  },
  // Stories start responsive (the preview fills the canvas); pick a breakpoint from the toolbar.
  initialGlobals: { viewport: { value: undefined, isRotated: false } },
  tags: ['autodocs'],
};

export default preview;
