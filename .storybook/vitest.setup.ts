import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import * as projectAnnotations from './preview';

// Apply the preview (ThemeProvider decorator, a11y parameters) and the a11y addon's `afterEach`
// check to every story that runs as a Vitest test, including stories composed by hand with
// `composeStories` in *.browser.test.tsx files.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);
