import { composeStories, type composeStory } from '@storybook/react-vite';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';

/**
 * Visual baselines: every component's "All" story, rendered in Chromium at a fixed viewport and
 * compared with the committed screenshot in __screenshots__/visual.browser.test.tsx/.
 * Regenerate after an intended change with `npm run test:visual:update`, then review the diff.
 */

type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

const modules = import.meta.glob<StoriesModule>('./components/*/*.stories.tsx', { eager: true });

const VIEWPORT = { width: 1200, height: 900 };

/** Stable pixels: no animation or transition mid-frame, no blinking caret. */
const FREEZE_CSS = `
  *, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }
`;

interface VisualParameters {
  /**
   * `page` for overlays (modals, menus, toasts) that render into document.body at a fixed
   * position: the story is mounted in a viewport-sized container and the whole viewport is
   * captured.
   */
  target?: 'container' | 'page';
}

let root: Root | undefined;
let container: HTMLDivElement | undefined;

beforeAll(async () => {
  // Tell React this is a test environment, so `act()` flushes renders and effects.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await page.viewport(VIEWPORT.width, VIEWPORT.height);
  const style = document.createElement('style');
  style.textContent = FREEZE_CSS;
  document.head.append(style);
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
});

async function render(Story: ComponentType, target: VisualParameters['target']) {
  container = document.createElement('div');
  container.dataset.visualContainer = '';
  container.style.padding = '16px';
  if (target === 'page') {
    // Fill the viewport: an element screenshot captures everything painted over its box,
    // including overlays that portal into document.body.
    container.style.position = 'fixed';
    container.style.inset = '0';
  }
  document.body.append(container);
  const created = createRoot(container);
  root = created;
  await act(async () => created.render(<Story />));
  // Load every font face up front, then let pending loads and layout settle.
  await Promise.all([...document.fonts].map((face) => face.load()));
  await document.fonts.ready;
  return container;
}

const entries = Object.entries(modules)
  .map(([path, module]) => [/components\/([^/]+)\//.exec(path)?.[1] ?? path, module] as const)
  .sort(([a], [b]) => a.localeCompare(b));

describe('visual baselines', () => {
  for (const [name, module] of entries) {
    const { All } = composeStories(module) as Partial<Record<string, ComposedStory>>;
    if (!All) continue;
    test(`${name} All`, async () => {
      const visual = (All.parameters.visual ?? {}) as VisualParameters;
      const element = await render(All, visual.target);
      // A Locator, not the element itself: vitest 4.1 fails a mismatching toMatchScreenshot at
      // once only for locators; with a bare element it retries until the test times out (and a
      // missing reference passes on the retry) – vitest-dev/vitest#10204.
      await expect.element(page.elementLocator(element)).toMatchScreenshot(`${name}-All`);
    });
  }
});
