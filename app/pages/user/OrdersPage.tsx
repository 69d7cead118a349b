import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatPence } from '../../../api/domain/money';
import type { OrderStatus } from '../../../api/domain/order';
import { Button, Link, Notice, Text, theme } from '../../../ui';
import { authTexts, fetchMyOrders, type OrderSummaryItem } from '../../features/auth';
import { formatOrderDate, orderPath, orderStatusLabel, Waiting } from '../../features/checkout';
import { AccountPageFrame } from './AccountPageFrame';

const t = authTexts.orders;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th,
  & td {
    padding: ${theme.space[2]} ${theme.space[3]};
    border-bottom: 1px solid ${theme.colors.border};
    text-align: left;
  }
  & td[data-align='end'],
  & th[data-align='end'] {
    text-align: right;
  }
`;

type Load =
  { state: 'loading' } | { state: 'loaded'; orders: OrderSummaryItem[] } | { state: 'failed' };

/** /order without an id: the signed-in customer's orders, newest first (loaded in the browser). */
export default function OrdersPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchMyOrders(controller.signal).then(
      (orders) => setLoad({ state: 'loaded', orders }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <AccountPageFrame title={t.pageTitle}>
      {load.state === 'loading' ? <Waiting label={t.loading} /> : null}
      {load.state === 'failed' ? (
        <Notice variant="danger">
          {t.failed}{' '}
          <Button variant="link" onPress={retry}>
            {t.retry}
          </Button>
        </Notice>
      ) : null}
      {load.state === 'loaded' && load.orders.length === 0 ? <Text>{t.empty}</Text> : null}
      {load.state === 'loaded' && load.orders.length > 0 ? (
        <Table aria-label={t.pageTitle} data-testid="orders">
          <thead>
            <tr>
              <th scope="col">{t.number}</th>
              <th scope="col">{t.placed}</th>
              <th scope="col">{t.status}</th>
              <th scope="col" data-align="end">
                {t.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {load.orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link href={orderPath(order.id)} aria-label={t.view(order.number)}>
                    {order.number}
                  </Link>
                </td>
                <td>{formatOrderDate(order.createdAt)}</td>
                <td>{orderStatusLabel(order.status as OrderStatus)}</td>
                <td data-align="end">{formatPence(order.total)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </AccountPageFrame>
  );
}
