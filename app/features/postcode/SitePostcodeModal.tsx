import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  hasFlag,
  lazyTarget,
  searchWithoutFlag,
  useSiteLocation,
  useSiteNavigate,
} from '../navigation';
import { useIsHydrated } from '../../../ui/components/Menu/useIsHydrated';
import { dialogParams, useCart } from '../cart';
import { useHoldWhile } from '../hydration';
import type { StaticPostcodeState } from './StaticPostcodeDialog';

/** The dialog, its machine wiring and its fields load the first time the cart asks for it. */
const LazySitePostcodeModal = lazy(() => import('./PostcodeModal'));

/** The dialog as the server renders it (no script needed); loaded only by a page that shows it. */
const StaticPostcodeDialog = lazyTarget(() => import('./StaticPostcodeDialog'));

/**
 * The Set Postcode dialog of the site, opened and closed by the cart's shared showPostcodeModal
 * flag (SPEC §4).
 *
 * Its server-rendered target (DESIGN.md, Rendering): a page opened with `?postcode`, or whose cart
 * asks for a postcode (an add without one), is rendered with the dialog open as plain HTML that
 * works without script. Once the script runs the modal takes over, with what was typed: for
 * `?postcode` it sets the shared flag (as the dialog's openers do), and the flag leaves the
 * address with a replace. After a refused post the server's dialog stays, with the API's message.
 */
export function SitePostcodeModal() {
  const { cart, setPostcodeModal } = useCart();
  const open = cart.showPostcodeModal;
  const location = useSiteLocation();
  const navigate = useSiteNavigate();
  const hydrated = useIsHydrated();
  // Decided by the first render: the server's, and the browser's hydration of it (no script yet).
  const [serverDialog, setServerDialog] = useState(
    () => !hydrated && (open || hasFlag(location.search, dialogParams.postcode)),
  );
  // The server's dialog has hydrated (its code is there): whether it shows a refusal, and what
  // was typed into it.
  const [ready, setReady] = useState<StaticPostcodeState | null>(null);
  const [loaded, setLoaded] = useState(false);
  // The server's dialog stays for good when it shows a refusal, or when the modal could not be
  // asked for.
  const [askFailed, setAskFailed] = useState(false);
  useHoldWhile(serverDialog && ready?.refused !== true && !askFailed);
  const tookOver = useRef(false);
  const firstPage = useRef(location.key);

  // The modal's code loads when the flag asks for the dialog (the server's dialog hands over).
  useEffect(() => {
    if (open && !serverDialog) setLoaded(true);
  }, [open, serverDialog]);

  // Another page (a client navigation): the server's dialog belonged to the first one.
  useEffect(() => {
    if (location.key !== firstPage.current) setServerDialog(false);
  }, [location.key]);

  // The server's dialog is live: the modal takes its place, unless it shows a refusal.
  useEffect(() => {
    if (!ready || ready.refused || tookOver.current) return;
    tookOver.current = true;
    setLoaded(true);
    // If asking fails, the server's dialog stays: it works without the modal.
    if (!open) {
      void setPostcodeModal(true, { notifyFailure: false }).catch(() => setAskFailed(true));
    }
  }, [ready, open, setPostcodeModal]);

  const shown = () => {
    setServerDialog(false);
    const search = searchWithoutFlag(location.search, dialogParams.postcode);
    if (search === null) return;
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
  };

  return (
    <>
      {serverDialog ? (
        <Suspense fallback={null}>
          <StaticPostcodeDialog
            action={`${location.pathname}${location.search}`}
            currentPostcode={cart.postcode}
            pendingItem={cart.pendingItem ?? null}
            onReady={setReady}
          />
        </Suspense>
      ) : null}
      {loaded ? (
        <Suspense fallback={null}>
          <LazySitePostcodeModal initialPostcode={ready?.typed} onShown={shown} />
        </Suspense>
      ) : null}
    </>
  );
}
