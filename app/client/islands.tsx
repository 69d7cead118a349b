import { loadHeaderIslandStart, loadHeaderIslandState } from '../features/layout/islands';
import { nextTask } from './nextTask';

/*
 * Starts a page the server rendered as islands (`<html data-islands>`: the home page, the
 * catalogue pages and the cart): only its islands hydrate, each a React root of its own, without
 * the client router; the rest of the page stays the server's HTML, whose links and forms load
 * their pages. First the header (on screen at once), then the content's islands (a catalogue's
 * order forms, which each wait to be near the screen or touched; the cart's contents). The code
 * comes in stages run in separate tasks: the session, router and cart the islands share, the
 * styles (below), the header's interface, the content islands'. Between them, and before each hydration, the browser
 * has a turn to handle input.
 */

interface HydrationData {
  loaderData?: { root?: Parameters<CreateIslandContext>[0] };
}

type CreateIslandContext = Awaited<ReturnType<typeof loadHeaderIslandState>>['createIslandContext'];

export async function startIslands(): Promise<void> {
  const header = document.querySelector('[data-island="header"]');
  if (header === null) throw new Error('The header island is missing.');
  const content = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter(
    (element) => element !== header,
  );
  const root = (window as { __staticRouterHydrationData?: HydrationData })
    .__staticRouterHydrationData?.loaderData?.root;
  const { createIslandContext, holdIslands } = await loadHeaderIslandState();
  // The page is not marked hydrated until its content islands are, as well as its header.
  const releases = holdIslands(content.length);
  const context = createIslandContext(root);
  await nextTask();
  // styled-components takes the server's styles over as it loads (./styles.ts). Evaluated with the
  // header's code, where react-aria reads the viewport's size as it loads and so lays the restyled
  // page out, that made the longest script task of a catalogue page (Lighthouse, simulated 4x:
  // 80-120 ms); in a task of its own, neither part is long.
  await import('./styles');
  await nextTask();
  const { startHeaderIsland } = await loadHeaderIslandStart();
  await nextTask();
  startHeaderIsland(header, context);
  if (content.length === 0) return;
  const { startContentIslands } = await import('./contentIslands');
  await nextTask();
  await startContentIslands(content, context, releases);
}
