import { startTransition, useEffect, useId, useState } from 'react';

/**
 * Whether this render of the calling component is the server's or React hydrating the server's
 * HTML (true), rather than a render of the browser's own (false). Meant for the first render;
 * it tells without causing another render. React names the ids it makes for the server's HTML,
 * and when hydrating it, with an upper-case R and those of the browser's own renders with a
 * lower-case r (`_R_1_`, `_r_1_`); no prefix of ours contains either.
 */
export function useServerRender(): boolean {
  return useId().includes('R');
}

/**
 * False while the server renders and while the browser hydrates that HTML, true from the render
 * after (and at once for anything the browser renders itself). A control that needs its script
 * renders its native, script-free form until then (the same HTML on both sides, so hydration
 * matches), then its enhanced one. The switch is a transition: it never holds the main thread in
 * one piece, as a synchronous re-render of every such control after hydration would.
 */
export function useIsHydrated(): boolean {
  const serverRender = useServerRender();
  const [hydrated, setHydrated] = useState(!serverRender);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
