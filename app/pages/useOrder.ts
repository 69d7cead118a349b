import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderView } from '../../api/domain/order';
import { fetchOrder, resolveOrderToken } from '../features/checkout';

export type OrderLoad =
  | { state: 'loading' }
  | { state: 'loaded'; order: OrderView }
  | { state: 'notFound' }
  | { state: 'failed'; retry: () => void };

export type OrderSource = typeof fetchOrder;

/**
 * The order of an order page. When the server could show it (its token in the address or its
 * cookie, or its signed-in owner), it rendered it (`initial`, from the loader) and nothing is
 * loaded; otherwise it is loaded in the browser, where its access token is (`?token=` or this
 * tab's sessionStorage), and the server's frame is filled in. Either way the address's token is
 * kept for this tab.
 */
export function useOrder(
  orderId: string,
  urlToken: string | null,
  source: OrderSource = fetchOrder,
  initial: OrderView | null = null,
): OrderLoad {
  const fromServer = initial?.id === orderId ? initial : null;
  const [load, setLoad] = useState<OrderLoad>(
    fromServer ? { state: 'loaded', order: fromServer } : { state: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // The address's token is kept (the order page then takes it out of the address): losing it
  // from the address is not a reason to load the order again.
  const addressToken = useRef(urlToken);
  if (urlToken) addressToken.current = urlToken;
  useEffect(() => {
    const token = resolveOrderToken(orderId, addressToken.current);
    // Rendered by the server with this page: nothing to load until Try again.
    if (fromServer && attempt === 0) return;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    source(orderId, token, { signal: controller.signal }).then(
      (order) => setLoad(order ? { state: 'loaded', order } : { state: 'notFound' }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', retry });
      },
    );
    return () => controller.abort();
    // The source is fixed for the page's life (the API, or a story's stand-in).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, attempt, retry]);
  return load;
}
