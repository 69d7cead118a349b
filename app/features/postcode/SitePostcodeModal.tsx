import { lazy, Suspense, useEffect, useState } from 'react';
import { useCart } from '../cart';

/** The dialog, its machine wiring and its fields load the first time the cart asks for it. */
const LazySitePostcodeModal = lazy(() => import('./PostcodeModal'));

/**
 * The Set Postcode dialog of the site, opened and closed by the cart's shared showPostcodeModal
 * flag (SPEC §4).
 */
export function SitePostcodeModal() {
  const open = useCart().cart.showPostcodeModal;
  // Never rendered on the server (renderToString cannot wait for a lazy module, and a dialog
  // is not part of the page's HTML): it loads after hydration when the flag asks for it.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LazySitePostcodeModal />
    </Suspense>
  );
}
