import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { searchWithoutWsm } from './wsm';

/** The modal, its form, machine and schema load only when the modal first opens. */
const LazyWholesaleEnquiryModal = lazy(() => import('./WholesaleEnquiryModal'));

/**
 * Watches the URL: `?wsm` on any page opens the wholesale enquiry modal, and `wsm` is then removed
 * with a replace, so no history entry is added (SPEC §2).
 */
export function WholesaleEnquiryModalFromUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const pathname = useRef(location.pathname);

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
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
  }, [location, navigate]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LazyWholesaleEnquiryModal isOpen={isOpen} onOpenChange={setOpen} />
    </Suspense>
  );
}
