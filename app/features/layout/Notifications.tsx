import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useToasts } from '../../../ui';
import { whenIdle } from '../hydration';

/**
 * The region and react-aria's toast components are not part of the first load: no notification
 * shows on the first paint. They are fetched once the page is idle, or with the first
 * notification if that is sooner; the notification waits in the toaster's queue meanwhile (its
 * auto-dismiss timer starts when it is shown).
 */
const loadToastRegion = () =>
  import('../../../ui/components/Toast/Toast').then((module) => ({ default: module.ToastRegion }));
const LazyToastRegion = lazy(loadToastRegion);

/** The one notification area of the site (SPEC §9: 350px, top centre). */
export function Notifications() {
  const { queue } = useToasts();
  const hasToasts = useSyncExternalStore(
    (onChange) => queue.subscribe(onChange),
    () => queue.visibleToasts.length > 0,
    () => false,
  );
  // Once loaded, the region stays mounted (it renders nothing while there are no toasts).
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  useEffect(
    () =>
      whenIdle(() => {
        loadToastRegion().catch(() => {
          // The first notification loads it again, and a failure reaches the error boundary.
        });
      }),
    [],
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastRegion />
    </Suspense>
  );
}
