import { startTransition, useEffect, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot, type IslandContext } from '../features/layout/islands';
import {
  CardOrderForm,
  orderFormIslandKind,
  readOrderFormIslandProps,
} from '../pages/catalogue/orderFormIsland';

/*
 * The content islands of a page rendered as islands (DESIGN.md, Rendering): the parts of the
 * page's content that need script, each rendered by the server as a root of its own
 * (`data-island`, app/entry-server.tsx) and hydrated here with the props it was rendered with
 * (`data-props`), inside the session, router and cart the header island shares with them.
 */

/** Each kind of content island: its element, from the props read back from the page. */
const kinds: Record<string, (props: unknown) => ReactElement | null> = {
  [orderFormIslandKind]: (props) => {
    const read = readOrderFormIslandProps(props);
    return read === null ? null : <CardOrderForm product={read.product} />;
  },
};

/** Calls `release` once the island's first render has committed (renders nothing). */
function Released({ release }: { release: () => void }) {
  useEffect(release, [release]);
  return null;
}

function readProps(element: HTMLElement): unknown {
  try {
    return JSON.parse(element.dataset.props ?? 'null') as unknown;
  } catch {
    return null;
  }
}

/**
 * Hydrates each island in `elements`, calling its `releases` entry (see holdIslands) once it has.
 * An island this page cannot read stays the server's HTML, whose form posts to the page.
 */
export function startContentIslands(
  elements: readonly HTMLElement[],
  context: IslandContext,
  releases: readonly (() => void)[],
): void {
  elements.forEach((element, index) => {
    const release = releases[index] ?? (() => undefined);
    const kind = element.dataset.island ?? '';
    const id = element.dataset.islandId;
    const content = kinds[kind]?.(readProps(element)) ?? null;
    if (content === null || id === undefined) {
      release();
      return;
    }
    // Time-sliced, as the header hydrates (startHeaderIsland.tsx).
    startTransition(() => {
      hydrateRoot(
        element,
        <IslandRoot context={context}>
          {content}
          <Released release={release} />
        </IslandRoot>,
        { identifierPrefix: id },
      );
    });
  });
}
