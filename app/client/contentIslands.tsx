import { startTransition, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ContentIslandRoot, type IslandContext } from '../features/layout/islands';
import { cartIslandKind, orderFormIslandKind } from '../pages/islandKinds';

/*
 * The content islands of a page rendered as islands (DESIGN.md, Rendering): the parts of the
 * page's content that need script, each rendered by the server as a root of its own
 * (`data-island`, app/entry-server.tsx) and hydrated here with the props it was rendered with
 * (`data-props`), inside the session, router and cart the header island shares with them.
 */

interface IslandModule {
  renderIsland(props: unknown): ReactElement | null;
}

/** Each kind of content island's code, loaded only on a page that has one. */
const kinds: Record<string, () => Promise<IslandModule>> = {
  [orderFormIslandKind]: () => import('../pages/catalogue/orderFormIsland'),
  [cartIslandKind]: () => import('../pages/cartIsland'),
};

function readProps(element: HTMLElement): unknown {
  try {
    return JSON.parse(element.dataset.props ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/**
 * Hydrates each island in `elements`, calling its `releases` entry (see holdIslands) once it has.
 * An island this page cannot read stays the server's HTML, whose links and forms load their pages.
 */
export async function startContentIslands(
  elements: readonly HTMLElement[],
  context: IslandContext,
  releases: readonly (() => void)[],
): Promise<void> {
  const modules = new Map<string, Promise<IslandModule | null>>();
  const moduleOf = (kind: string) => {
    let loading = modules.get(kind);
    if (loading === undefined) {
      const load = Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
      loading = load ? load() : Promise.resolve(null);
      modules.set(kind, loading);
    }
    return loading;
  };
  await Promise.all(
    elements.map(async (element, index) => {
      const release = releases[index] ?? (() => undefined);
      const id = element.dataset.islandId;
      const module = await moduleOf(element.dataset.island ?? '').catch(() => null);
      const content = module?.renderIsland(readProps(element)) ?? null;
      if (content === null || id === undefined) {
        release();
        return;
      }
      // Time-sliced, as the header hydrates (startHeaderIsland.tsx).
      startTransition(() => {
        hydrateRoot(
          element,
          <ContentIslandRoot context={context} onHydrated={release}>
            {content}
          </ContentIslandRoot>,
          { identifierPrefix: id },
        );
      });
    }),
  );
}
