import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useHoldWhile } from '../hydration';
import { lazyTarget, useSiteLocation, useSiteNavigate } from '../navigation';
import { searchWithoutWsm } from './wsm';

/**
 * The modal, its form, machine and schema load only when the modal first opens, or with the
 * first page when the server rendered it open (`?wsm`).
 */
const LazyWholesaleEnquiryModal = lazyTarget(() => import('./WholesaleEnquiryModal'));

/**
 * Watches the URL: `?wsm` on any page opens the wholesale enquiry modal, and `wsm` is then removed
 * with a replace, so no history entry is added (SPEC §2).
 *
 * A page requested with `?wsm` is rendered by the server with the modal's content in it, so the
 * form works before the script and without it (DESIGN.md, Rendering). The first render in the
 * browser is the same; once that content has hydrated it becomes the modal (keeping what was
 * typed), and only then is `wsm` taken out of the URL: a change of address before that would
 * throw the server's HTML away.
 */
export function WholesaleEnquiryModalFromUrl() {
  const location = useSiteLocation();
  const navigate = useSiteNavigate();
  // Whether this page came with `?wsm`: the server rendered the modal's content.
  const [serverRendered] = useState(() => searchWithoutWsm(location.search) !== null);
  const [isOpen, setOpen] = useState(serverRendered);
  const [loaded, setLoaded] = useState(serverRendered);
  const [takenOver, setTakenOver] = useState(!serverRendered);
  const pathname = useRef(location.pathname);
  const onTakeOver = useCallback(() => setTakenOver(true), []);
  useHoldWhile(!takenOver);

  useEffect(() => {
    const search = searchWithoutWsm(location.search);
    if (search === null) {
      // Leaving the page (e.g. with Back) closes the modal.
      if (location.pathname !== pathname.current) setOpen(false);
      pathname.current = location.pathname;
      return;
    }
    pathname.current = location.pathname;
    setOpen(true);
    setLoaded(true);
    if (!takenOver) return;
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
  }, [location, navigate, takenOver]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LazyWholesaleEnquiryModal
        isOpen={isOpen}
        onOpenChange={setOpen}
        serverRendered={serverRendered}
        closeHref={`${location.pathname}${searchWithoutWsm(location.search) ?? location.search}`}
        onTakeOver={onTakeOver}
      />
    </Suspense>
  );
}
