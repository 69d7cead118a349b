import { loadHeaderIslandStart, loadHeaderIslandState } from '../features/layout/islands';

/*
 * Starts a page the server rendered as islands (`<html data-islands>`, the home page): only its
 * header hydrates, as a React root of its own, without the client router; the rest of the page
 * stays the server's HTML, whose links and forms load their pages. This module is what the page
 * needs before the island's own code, which is fetched now (the header is on screen at once), in
 * two stages run in separate tasks: the session and cart, then the header's interface. Between
 * them, and before hydrating, the browser has a turn to handle input.
 */

/** Resolves in a later task, after the browser has had a turn. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

interface HydrationData {
  loaderData?: { root?: Parameters<HeaderIslandStart>[1] };
}

type HeaderIslandStart = Awaited<ReturnType<typeof loadHeaderIslandStart>>['startHeaderIsland'];

export async function startIslands(): Promise<void> {
  const container = document.querySelector('[data-island="header"]');
  if (container === null) throw new Error('The header island is missing.');
  const root = (window as { __staticRouterHydrationData?: HydrationData })
    .__staticRouterHydrationData?.loaderData?.root;
  await loadHeaderIslandState();
  await nextTask();
  const { startHeaderIsland } = await loadHeaderIslandStart();
  await nextTask();
  startHeaderIsland(container, root);
}
