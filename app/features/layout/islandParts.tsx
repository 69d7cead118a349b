import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import { deferredWaiting, onDeferredChange } from '../hydration';
import { preloadTargets } from '../navigation';

/*
 * Deferred hydration. The site's header and footer are "islands": the server renders them with
 * the rest of the page, so their HTML (navigation, phone numbers, the customer's account, the
 * cart badge) is in the first response as before. In the browser their code is not part of the
 * first load: each is a lazy module, fetched while the page hydrates, and React keeps an island's
 * server HTML as it is until that code is there, then hydrates it on its own. The page's content
 * becomes interactive first; until its island hydrates, a header or footer link works as a plain
 * link.
 *
 * An island is the same <Suspense> boundary on the server and in the browser, so the first client
 * render matches the server's HTML: the server renders the component itself (its module loaded
 * before rendering, see `preloadIslands`), the browser a React.lazy of the same module.
 */

/** Each island's loader (see `preloadIslands`). */
const preloads: (() => Promise<void>)[] = [];

/**
 * An island's component, from its module's loader (a dynamic import, so that the browser's first
 * load does not include it). In the browser it is a React.lazy of the module. On the server it is
 * the module's component, loaded by `preloadIslands()` before rendering (renderToString cannot wait
 * for a lazy module); not loaded yet, it falls back to the lazy one.
 */
export function islandComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { eager = true }: { eager?: boolean } = {},
): ComponentType<P> {
  const Lazy = lazy(load);
  if (!import.meta.env.SSR) {
    // Not eager: the browser fetches it when it first renders (a deferred island, say).
    if (eager) {
      preloads.push(async () => {
        await load();
      });
    }
    return Lazy;
  }
  let loaded: ComponentType<P> | null = null;
  preloads.push(async () => {
    loaded ??= (await load()).default;
  });
  function ServerIsland(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return ServerIsland;
}

/**
 * Loads the islands' modules. The server must, before rendering (so that rendering never waits
 * for one); the browser may, to fetch them alongside the page's own modules. The page's hydration
 * never waits for them either way. On the server this also loads the server-rendered targets
 * (the side navigation and the enquiry modal, see navigation/targets.tsx), which the browser
 * fetches only when they open.
 */
export async function preloadIslands(): Promise<void> {
  await Promise.all([...preloads.map((preload) => preload()), preloadTargets()]);
}

const IslandReadyContext = createContext<(() => void) | null>(null);

/** Tells the layout that the island around it has hydrated (renders nothing). */
function IslandReady() {
  const ready = useContext(IslandReadyContext);
  useEffect(() => ready?.(), [ready]);
  return null;
}

/** One deferred-hydration island: its content hydrates once its lazy code has loaded. */
export function Island({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <IslandReady />
    </Suspense>
  );
}

/**
 * Marks the document (`<html data-hydrated="true">`) once the layout, the islands it renders
 * (`islands`, on the first render) and the page's deferred parts have hydrated: tests, and
 * monitoring, wait for it before using the page. Provide the returned value to the islands with
 * `IslandsProvider`.
 */
export function useHydratedMarker(islands: number): () => void {
  const expected = useRef(islands);
  const ready = useRef(0);
  const layoutReady = useRef(false);
  const mark = useCallback(() => {
    if (layoutReady.current && ready.current >= expected.current && deferredWaiting() === 0) {
      document.documentElement.dataset.hydrated = 'true';
    }
  }, []);
  useEffect(() => {
    layoutReady.current = true;
    mark();
    // The page's deferred parts (hydration/Deferred.tsx) count too.
    return onDeferredChange(mark);
  }, [mark]);
  return useCallback(() => {
    ready.current += 1;
    mark();
  }, [mark]);
}

export const IslandsProvider = IslandReadyContext.Provider;

/**
 * The header's HTML when the server renders the page as islands (the home page, see
 * HeaderIsland.tsx): the layout puts it in the page as it is. Null otherwise.
 */
export const HeaderIslandHtml = createContext<string | null>(null);

/**
 * One island of a page's content when the server renders the page as islands: the HTML of its
 * own root, the id prefix React rendered it with, and the props (JSON) the browser hydrates it
 * with. app/client/islands.tsx finds it by `data-island`.
 */
export interface PageIsland {
  kind: string;
  id: string;
  props: string;
  html: string;
}

/** The page's content islands by key, when the server renders the page as islands; else null. */
export const PageIslandsHtml = createContext<ReadonlyMap<string, PageIsland> | null>(null);

/**
 * Where a part of the page that is an island when the page is rendered as islands goes: its
 * root's HTML then, as the server rendered it; otherwise `children`, hydrated with the page.
 */
export function IslandSlot({ islandKey, children }: { islandKey: string; children: ReactNode }) {
  const island = useContext(PageIslandsHtml)?.get(islandKey);
  if (island === undefined) return <>{children}</>;
  return (
    <div
      data-island={island.kind}
      data-island-id={island.id}
      data-props={island.props}
      dangerouslySetInnerHTML={{ __html: island.html }}
    />
  );
}
