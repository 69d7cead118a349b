import { composeStories } from '@storybook/react-vite';
import { createRoot } from 'react-dom/client';
import { page } from 'vitest/browser';
import { test } from 'vitest';
import * as S from '../components/NavBar/NavBar.stories';

const { All, Playground } = composeStories(S);

for (const width of [1280, 960, 400]) {
  test(`nav ${width}`, async () => {
    await page.viewport(width, 500);
    const el = document.createElement('div');
    document.body.innerHTML = '';
    document.body.append(el);
    createRoot(el).render(width === 1280 ? <All /> : <Playground />);
    await new Promise((r) => setTimeout(r, 300));
    await page.screenshot({ path: `out/nav-${width}.png` });
  });
}
