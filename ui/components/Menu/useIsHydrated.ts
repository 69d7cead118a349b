import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from the render
 * after (and at once for anything the browser renders itself). A control that needs its script
 * renders its native, script-free form until then (the same HTML on both sides, so hydration
 * matches), then its enhanced one.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
