import type { Preview } from '@storybook/react-vite';
import { reactRouterHooks, SiteRouterProvider } from '../app/features/navigation';
import { ThemeProvider } from '../ui/theme';
import { breakpoints } from '../ui/theme/tokens';
import '../ui/theme/fonts';
import { componentA11y, isPageStory, pageA11y } from './a11y';

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
    (Story, { parameters }) => (
      <ThemeProvider>
        {/* The site's parts read the address through React Router's hooks, as in the site's
            layout; a story that renders one puts it in a router of its own. */}
        <SiteRouterProvider value={reactRouterHooks}>
          {/* A page story is in a `main`, as the site's layout puts every page (see ./a11y.ts). */}
          {isPageStory(parameters.fileName) ? (
            <main>
              <Story />
            </main>
          ) : (
            <Story />
          )}
        </SiteRouterProvider>
      </ThemeProvider>
    ),
  ],
  // A page story is checked as a whole page (./a11y.ts), keeping a story's own `test` level and
  // `disable` (its other a11y parameters are merged with the component defaults, so replaced).
  beforeEach: ({ parameters }) => {
    if (!isPageStory(parameters.fileName)) return;
    const own = (parameters.a11y ?? {}) as { test?: string; disable?: boolean };
    parameters.a11y = { ...pageA11y, test: own.test ?? pageA11y.test, disable: own.disable };
  },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Any accessibility violation fails the story test: WCAG A/AA and best practices (./a11y.ts).
    a11y: componentA11y,
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
