import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderView } from '../../api/domain/order';
import { fetchOrder, resolveOrderToken } from '../features/checkout';

export type OrderLoad =
  | { state: 'loading' }
  | { state: 'loaded'; order: OrderView }
  | { state: 'notFound' }
  | { state: 'failed'; retry: () => void };

/**
 * Loads an order in the browser, where its access token is (`?token=` or this tab's
 * sessionStorage): the server renders the page's frame and this fills it in.
 */
export type OrderSource = typeof fetchOrder;

export function useOrder(
  orderId: string,
  urlToken: string | null,
  source: OrderSource = fetchOrder,
): OrderLoad {
  const [load, setLoad] = useState<OrderLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // The address's token is kept (the order page then takes it out of the address): losing it
  // from the address is not a reason to load the order again.
  const addressToken = useRef(urlToken);
  if (urlToken) addressToken.current = urlToken;
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    const token = resolveOrderToken(orderId, addressToken.current);
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
