import '../ui/theme/fonts';
import { nextTask } from './client/nextTask';
import { registerServiceWorker } from './client/serviceWorker';

/*
 * The browser's entry. A module and everything it imports are evaluated in one task: for the
 * whole site's code at once that was the longest task of a page load (about 180 ms in Chromium
 * at 4x CPU slowdown, during which a tap waits). So the code is evaluated in stages, each in a
 * task of its own, with the browser free to handle input and paint between them: React DOM
 * first (the largest), then the site, which then hydrates (time-sliced, see client/start.tsx).
 * Nothing is fetched later for it: the server preloads every stage's modules with the page
 * (api/ssr/runtime.ts), so the stages only decide when each is evaluated.
 */

async function boot(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  registerServiceWorker();
  // A page the server rendered as islands (the home page, the catalogue pages, the cart) hydrates
  // only those, without the client router; every other page is the router's (api/ssr/runtime.ts
  // preloads one or the other).
  if (document.documentElement.hasAttribute('data-islands')) {
    const { startIslands } = await import('./client/islands');
    await nextTask();
    await startIslands();
    return;
  }
  const { start } = await import('./client/start');
  await nextTask();
  await start();
}

void boot();
