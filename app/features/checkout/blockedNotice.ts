import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToasts } from '../../../ui';
import { fetchCheckoutSummary } from './checkoutApi';

/**
 * When /checkout cannot open (an empty cart, no postcode, the minimum order not met), its loader
 * sends the visitor to `/cart?checkout=blocked`. The cart page then asks the server why (the
 * checkout summary's `blocked`), shows it as a red notification, and takes the parameter out of
 * the address. Only a code travels in the address, never the words, so no link can make the
 * shop's page say something of the link's choosing.
 */
export const CHECKOUT_BLOCKED_PARAM = 'checkout';
export const cartAfterBlockedCheckout = `/cart?${CHECKOUT_BLOCKED_PARAM}=blocked`;

/** Why checkout cannot open now, or null (the server's word, GET /api/checkout). */
export type BlockedReasonSource = () => Promise<string | null>;

const askTheServer: BlockedReasonSource = async () => (await fetchCheckoutSummary(false)).blocked;

/** Shows why checkout did not open (once per arrival at the address), then tidies the address. */
export function useBlockedCheckoutNotice(reason: BlockedReasonSource = askTheServer): void {
  const location = useLocation();
  const navigate = useNavigate();
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
