import { useState } from 'react';
import { statusLabels } from '../../../api/domain/admin';
import type { AdminLatePayment } from '../../../api/domain/adminApi';
import { isOrderStatus } from '../../../api/domain/order';
import { formatPence } from '../../../api/domain/money';
import { Button, DataTable, Link, type DataTableColumn } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  ErrorNotice,
  errorMessage,
  formatWhen,
  LoadStatus,
  Saved,
  Stack,
  useAdminLoad,
} from '../../features/admin';

const t = adminPageTexts.latePayments;

/**
 * /admin/late-payments: payments taken for orders that were already cancelled or expired. The
 * shop refunds each automatically; one it could not refund waits here with a one-click refund
 * (the same refund machinery: idempotent, audited, the customer told).
 */
export default function AdminLatePaymentsPage() {
  const list = useAdminLoad('late-payments', (signal) => adminApi.latePayments(signal));
  const [refunding, setRefunding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const refund = async (payment: AdminLatePayment) => {
    setRefunding(payment.id);
    setError(null);
    setDone(false);
    try {
      const answer = await adminApi.refundLatePayment(payment.id);
      if (list.data) {
        list.setData({
          latePayments: list.data.latePayments.map((p) =>
            p.id === answer.latePayment.id ? answer.latePayment : p,
          ),
        });
      }
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure));
      list.reload();
    } finally {
      setRefunding(null);
    }
  };

  const columns: readonly DataTableColumn<AdminLatePayment>[] = [
    { id: 'received', header: t.received, cell: (p) => formatWhen(p.receivedAt) },
    {
      id: 'order',
      header: t.order,
      isRowHeader: true,
      cell: (p) => <Link href={`/admin/orders/${p.orderId}`}>{p.orderNumber}</Link>,
    },
    {
      id: 'orderStatus',
      header: t.orderStatus,
      cell: (p) => (isOrderStatus(p.orderStatus) ? statusLabels[p.orderStatus] : p.orderStatus),
    },
    { id: 'customer', header: t.customer, cell: (p) => p.fullName },
    { id: 'amount', header: t.amount, align: 'end', cell: (p) => formatPence(p.amount) },
    { id: 'status', header: t.status, cell: (p) => t.statuses[p.status] },
    {
      id: 'actions',
      header: t.actions,
      cell: (p) =>
        p.status === 'staff' ? (
          <Button
            size="sm"
            variant="primary"
            isDisabled={refunding !== null}
            onPress={() => void refund(p)}
          >
            {t.refund(formatPence(p.amount))}
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminFrame title={t.title} description={t.description}>
      {done ? <Saved>{t.refunded}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      <LoadStatus load={list} />
      {list.data ? (
        <Stack data-wide="">
          <DataTable
            aria-label={t.table}
            columns={columns}
            rows={list.data.latePayments}
            rowKey={(p) => p.id}
            emptyText={t.empty}
            loading={list.loading}
          />
        </Stack>
      ) : null}
    </AdminFrame>
  );
}
