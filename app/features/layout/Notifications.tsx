import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSiteLocation } from '../navigation';
import { isAlert, useToasts, type Toaster } from '../../../ui';
import { whenIdle } from '../hydration';
import { noticesWereCarried } from './carriedNoticesKey';

/**
 * The region and react-aria's toast components are not part of the first load: no notification
 * shows on the first paint. They are fetched once the page is idle, or with the first
 * notification if that is sooner; the notification waits in the toaster's queue meanwhile (its
 * auto-dismiss timer starts when it is shown).
 */
const loadToastRegion = () =>
  import('../../../ui/components/Toast/Toast').then((module) => ({ default: module.ToastRegion }));
const LazyToastRegion = lazy(loadToastRegion);

/**
 * Warnings and errors are about what the visitor did on the page they were shown on ("Invalid
 * email or password.", an enquiry's missing fields): they close when the visitor goes to another
 * page, and never follow them there. A notification the new page shows (a refusal it explains, an
 * add that led there) stays: each alert is closed only by a page other than the one it came on.
 */
function useAlertsStayOnTheirPage(toaster: Toaster): void {
  const { pathname } = useSiteLocation();
  const here = useRef(pathname);
  here.current = pathname;
  const cameOn = useRef(new Map<string, string>());
  useEffect(() => {
    const note = () => {
      const keys = new Set<string>();
      for (const toast of toaster.queue.visibleToasts) {
        keys.add(toast.key);
        if (isAlert(toast.content) && !cameOn.current.has(toast.key)) {
          cameOn.current.set(toast.key, here.current);
        }
      }
      for (const key of cameOn.current.keys()) if (!keys.has(key)) cameOn.current.delete(key);
    };
    note();
    return toaster.queue.subscribe(note);
  }, [toaster]);
  useEffect(() => {
    for (const [key, page] of cameOn.current) if (page !== pathname) toaster.close(key);
  }, [pathname, toaster]);
}

/**
 * Shows the notifications the page before handed over (a page that a page of islands loaded, see
 * carriedNotices.ts); their code is loaded only then.
 */
function useCarriedNotices(toaster: Toaster): void {
  useEffect(() => {
    if (!noticesWereCarried()) return;
    import('./carriedNotices')
      .then(({ showCarriedNotices }) => showCarriedNotices(toaster))
      .catch(() => {
        // They stay in the tab's storage, for the next page to show.
      });
  }, [toaster]);
}

/** The one notification area of the site (SPEC §9: 350px, top centre). */
export function Notifications() {
  const toaster = useToasts();
  const { queue } = toaster;
  useAlertsStayOnTheirPage(toaster);
  useCarriedNotices(toaster);
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
