import { useEffect } from 'react';
import { useSiteLocation, useSiteNavigate } from '../navigation';
import { useToasts } from '../../../ui';
import { CHECKOUT_BLOCKED_PARAM } from './addresses';
import { fetchCheckoutSummary } from './checkoutApi';

/** Why checkout cannot open now, or null (the server's word, GET /api/checkout). */
export type BlockedReasonSource = () => Promise<string | null>;

const askTheServer: BlockedReasonSource = async () => (await fetchCheckoutSummary(false)).blocked;

/** Shows why checkout did not open (once per arrival at the address), then tidies the address. */
export function useBlockedCheckoutNotice(reason: BlockedReasonSource = askTheServer): void {
  const location = useSiteLocation();
  const navigate = useSiteNavigate();
  const toaster = useToasts();
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (search.get(CHECKOUT_BLOCKED_PARAM) !== 'blocked') return;
    search.delete(CHECKOUT_BLOCKED_PARAM);
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state as unknown },
    );
    reason().then(
      (text) => {
        if (text) toaster.danger(text);
      },
      // Not worth a second message: the cart page itself shows what is missing.
      () => {},
    );
    // Once per arrival at the address (its key), whatever else re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
