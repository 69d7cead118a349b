import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import type { CartView } from '../../api/domain/cart';
import { ThemeProvider } from '../../ui/theme';
import type { SessionUser } from '../../api/domain/auth';
import { createBrowserSession, SessionProvider, settledUser } from '../features/auth';
import { loadReplayTyping } from '../features/forms';
import { routeStaticLinks } from '../features/hydration';
import { httpCatalogueSource, seededCatalogueSource, type Catalogue } from '../features/catalogue';
import { preloadIslands } from '../features/layout';
import { createRoutes } from '../routes';

/**
 * Lazy route modules of the first page are loaded before hydrating, so the first client render
 * matches the server's HTML exactly.
 */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * Hydrates the server's HTML: the session, the routes (the first page's lazy modules loaded
 * first) and the router. Called by the entry (app/entry-client.tsx) once React DOM is in.
 */
export async function start(): Promise<void> {
  const endpoint = new URL('/api/graphql', window.location.origin).href;
  // The catalogue rendered by the server seeds the browser's copy: no refetch on navigation.
  const hydration = (
    window as { __staticRouterHydrationData?: { loaderData?: Record<string, unknown> } }
  ).__staticRouterHydrationData;
  const root = hydration?.loaderData?.root as
    { catalogue?: Catalogue; user?: SessionUser | null } | undefined;
  const seed = root?.catalogue;
  const session = createBrowserSession(root);
  const routes = createRoutes({
    catalogue: seededCatalogueSource(seed, httpCatalogueSource(endpoint)),
    cart: async () => {
      const res = await fetch('/api/cart', { headers: { accept: 'application/json' } });
      return ((await res.json()) as { cart: CartView }).cart;
    },
    user: () => settledUser(session),
  });
  // The header island's code (layout/islandParts.tsx) is fetched alongside the page's, from a task
  // of its own: its preload links are not added in the one that evaluates the page's modules.
  setTimeout(() => {
    preloadIslands().catch(() => {
      // Rendering loads them again, and a failure reaches the error boundary from there.
    });
  }, 0);
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing.');
  // Only a page whose server HTML has a field can have typing to replay (see below): its code is
  // fetched alongside the page's, and is there before hydration starts. Most pages have none.
  const typing = hasTypedField(container) ? replayTypingCode() : Promise.resolve(null);
  await resolveLazyMatches(routes);
  const replay = await typing;
  const router = createBrowserRouter(routes);
  // Static sections' links (never hydrated) navigate through the router like the others.
  routeStaticLinks((to) => void router.navigate(to));
  // What was typed before the script, noted before hydration may overwrite it.
  const typed = replay?.noteTyping(container);
  // As a transition, hydration is time-sliced: React yields to the browser between units of
  // work instead of blocking the main thread for the whole page (an input during hydration still
  // hydrates its target at once).
  startTransition(() => {
    hydrateRoot(
      container,
      <ThemeProvider>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </ThemeProvider>,
    );
  });
  // Typing that arrived before a form's code is replayed into it once hydrated (no lost input).
  replay?.replayTyping(container, typed);
}

/** Whether the server's HTML under `root` has a field a visitor could type into before hydration. */
function hasTypedField(root: ParentNode): boolean {
  return root.querySelector('input, textarea, select') !== null;
}

/** The replay of early typing (features/forms), or null if its chunk fails to load. */
async function replayTypingCode(): Promise<Awaited<ReturnType<typeof loadReplayTyping>> | null> {
  try {
    return await loadReplayTyping();
  } catch {
    // The page still hydrates; only typing from before hydration would not be replayed.
    return null;
  }
}
