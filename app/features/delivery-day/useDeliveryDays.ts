import { useEffect, useState } from 'react';
import type { OrderDeliveryDays } from '../../../api/domain/orderDeliveryDay';
import { resolveOrderToken } from '../checkout';
import { fetchDeliveryDays, type DeliveryDaysSource } from './deliveryDayApi';

/**
 * The order's delivery days for the order page: the server's (the page's loader data), or, when
 * the server did not render them (a client navigation), asked of the API once the order is known
 * to be waiting for delivery (`enabled`). Null until then, and when they cannot be had (the
 * section is then left out: the order page works without it).
 */
export function useDeliveryDays(
  orderId: string,
  urlToken: string | null,
  enabled: boolean,
  initial: OrderDeliveryDays | undefined,
  source: DeliveryDaysSource = fetchDeliveryDays,
): [OrderDeliveryDays | null, (days: OrderDeliveryDays) => void] {
  const [days, setDays] = useState<OrderDeliveryDays | null>(initial ?? null);
  // Decided once: the page takes the token out of its address, and the browser's loader then
  // runs again without the server's days.
  const [fromServer] = useState(initial !== undefined);
  useEffect(() => {
    if (!enabled || fromServer) return;
    const controller = new AbortController();
    source(orderId, resolveOrderToken(orderId, urlToken), controller.signal).then(
      (loaded) => {
        if (!controller.signal.aborted) setDays(loaded);
      },
      () => {
        // Left out: the receipt is what the page is for.
      },
    );
    return () => controller.abort();
    // The source is fixed for the page's life (the API, or a story's stand-in).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, enabled, fromServer]);
  return [days, setDays];
}
