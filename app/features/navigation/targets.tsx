import { lazy, type ComponentType } from 'react';

/*
 * Server-rendered targets (DESIGN.md, Rendering): a control that opens something (the side
 * navigation, the wholesale enquiry modal) is a link to its page's own address with a flag
 * parameter (`?menu`, `?wsm`). The server renders that page with the panel open, so a tap before
 * the script (or without it) still opens it; the script then turns the panel into its modal and
 * takes the flag out of the address with a replace.
 *
 * The flag helpers work on the raw query string, so the other parameters keep their exact
 * spelling.
 */

/** The side navigation ("Menu" / "View all products") is open. */
export const MENU_PARAM = 'menu';

function parts(search: string): string[] {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query === '' ? [] : query.split('&');
}

function isFlag(part: string, name: string): boolean {
  const key = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(key.replace(/\+/g, ' ')) === name;
  } catch {
    return false;
  }
}

/** The query string without the flag `name` ("" or "?…"), or null when the flag is not there. */
export function searchWithoutFlag(search: string, name: string): string | null {
  const all = parts(search);
  const kept = all.filter((part) => !isFlag(part, name));
  if (kept.length === all.length) return null;
  const rest = kept.filter((part) => part !== '');
  return rest.length === 0 ? '' : `?${rest.join('&')}`;
}

/** The query string with the flag `name` added once, keeping the other parameters. */
export function searchWithFlag(search: string, name: string): string {
  const rest = parts(search).filter((part) => part !== '' && !isFlag(part, name));
  return `?${[...rest, name].join('&')}`;
}

/** Whether the query string carries the flag `name`. */
export function hasFlag(search: string, name: string): boolean {
  return searchWithoutFlag(search, name) !== null;
}

/** The server's loaders of the targets' modules (see `lazyTarget`). */
const serverLoads: (() => Promise<void>)[] = [];

/**
 * A target's component (a panel's module, loaded only when it opens), from its module's loader.
 * In the browser it is a React.lazy of the module: the first page, rendered with the panel open,
 * keeps the server's HTML inside its <Suspense> until the code is there, then hydrates it. On the
 * server it is the module's component itself, loaded by `preloadTargets()` before rendering
 * (renderToString cannot wait for a lazy module). Unlike an island, the browser never fetches it
 * ahead: only a page that shows it, or the control that opens it.
 */
export function lazyTarget<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Lazy = lazy(load);
  if (!import.meta.env.SSR) return Lazy;
  let loaded: ComponentType<P> | null = null;
  serverLoads.push(async () => {
    loaded ??= (await load()).default;
  });
  function ServerTarget(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return ServerTarget;
}

/** Loads the targets' modules on the server, before rendering (nothing in the browser). */
export async function preloadTargets(): Promise<void> {
  await Promise.all(serverLoads.map((load) => load()));
}
