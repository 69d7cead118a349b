import { lazy, Suspense, useEffect } from 'react';
import { messages } from '../../../api/domain/messages';
import { whenIdle } from '../hydration';

/**
 * The Loading... overlay of a slow navigation (SPEC §9) plays no part in showing a page, so its code
 * (and the logo it shows) is not in the first load: it is fetched once the page is idle, long
 * before a navigation can have been pending for 200 ms.
 */
const loadLoadingOverlay = () =>
  import('../../../ui/components/LoadingOverlay').then((module) => ({
    default: module.LoadingOverlay,
  }));
const LoadingOverlay = lazy(loadLoadingOverlay);

/** The overlay while `slow` (a navigation pending for 200 ms); its code is fetched when idle. */
export function SlowNavigationOverlay({ slow }: { slow: boolean }) {
  useEffect(
    () =>
      whenIdle(() => {
        loadLoadingOverlay().catch(() => {
          // A slow navigation loads it again; without it, the page simply shows no overlay.
        });
      }),
    [],
  );
  if (!slow) return null;
  return (
    <Suspense fallback={null}>
      <LoadingOverlay isVisible label={messages.loading} />
    </Suspense>
  );
}
