/**
 * Where the browser keeps a guest's access token to an order: sessionStorage, per tab, keyed by
 * the order id. The token comes once, in the 201 answer of POST /api/checkout, and is needed by
 * /checkout/process and /checkout/success in the same tab after the payment page; the e-mail's
 * link carries it in `?token=` instead (then it is kept here too, and taken out of the address).
 *
 * Never in localStorage (it would outlive the visit on a shared computer) and never in a cookie
 * (it would go to the server with every request).
 */
const PREFIX = 'fuelyard.orderToken.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off; the pages then need the token in the address.
    return null;
  }
}

export function rememberOrderToken(orderId: string, token: string): void {
  try {
    storage()?.setItem(PREFIX + orderId, token);
  } catch {
    // Full or switched off: the e-mail's link still opens the order.
  }
}

export function orderTokenFor(orderId: string): string | null {
  try {
    return storage()?.getItem(PREFIX + orderId) ?? null;
  } catch {
    return null;
  }
}

/**
 * The token for an order: the address's `token` (remembered for this tab), else the one this tab
 * remembered at checkout.
 */
export function resolveOrderToken(orderId: string, fromUrl: string | null): string | null {
  if (fromUrl) {
    rememberOrderToken(orderId, fromUrl);
    return fromUrl;
  }
  return orderTokenFor(orderId);
}

const LAST = 'fuelyard.lastOrder';

/**
 * The order this tab last left for the payment page with. A provider's Cancel returns the
 * customer to /checkout itself (not through /checkout/process), so /checkout asks how that order
 * ended, once, to show the red notice when it was not paid.
 */
export function rememberLastOrder(orderId: string): void {
  try {
    storage()?.setItem(LAST, orderId);
  } catch {
    // As above: only the notice after a cancel depends on it.
  }
}

/** The order this tab last went to pay (forgotten as it is read), with its token. */
export function takeLastOrder(): { orderId: string; token: string } | null {
  try {
    const orderId = storage()?.getItem(LAST) ?? null;
    storage()?.removeItem(LAST);
    const token = orderId ? orderTokenFor(orderId) : null;
    return orderId && token ? { orderId, token } : null;
  } catch {
    return null;
  }
}
