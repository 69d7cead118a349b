import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminMail } from '../../../api/domain/adminApi';
import { Button, DataTable, Select, type DataTableColumn } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  ErrorNotice,
  errorMessage,
  formatWhen,
  PagedList,
  mailFiltersFromSearch,
  mailFiltersToSearch,
  mailStatuses,
  Narrow,
  Saved,
  Stack,
  useAdminLoad,
  type MailFilters,
} from '../../features/admin';

const t = adminPageTexts.mail;

const ALL = 'all';
const statusOptions = [
  { id: ALL, label: t.allStatuses },
  ...mailStatuses.map((status) => ({ id: status, label: t.statuses[status] })),
];

/** /admin/mail: the outbox (queued, sending, sent, failed); a failed e-mail can be sent again. */
export default function AdminMailPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = mailFiltersFromSearch(searchParams);
  const apiQuery = mailFiltersToSearch(filters);
  const list = useAdminLoad(
    `mail:${apiQuery.toString()}`,
    (signal) => adminApi.mail(apiQuery, signal),
    { keepPrevious: true },
  );
  const [retrying, setRetrying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const go = (next: MailFilters) => setSearchParams(mailFiltersToSearch(next));

  const retry = async (mail: AdminMail) => {
    setRetrying(mail.id);
    setError(null);
    setDone(false);
    try {
      const answer = await adminApi.retryMail(mail.id);
      if (list.data) {
        list.setData({
          ...list.data,
          mail: list.data.mail.map((m) => (m.id === answer.mail.id ? answer.mail : m)),
        });
      }
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setRetrying(null);
    }
  };

  const columns: readonly DataTableColumn<AdminMail>[] = [
    { id: 'created', header: t.created, cell: (m) => formatWhen(m.createdAt) },
    { id: 'to', header: t.to, cell: (m) => m.to },
    { id: 'subject', header: t.subject, isRowHeader: true, cell: (m) => m.subject },
    { id: 'topic', header: t.topic, cell: (m) => m.topic },
    { id: 'status', header: t.status, cell: (m) => t.statuses[m.status] ?? m.status },
    { id: 'attempts', header: t.attempts, align: 'end', cell: (m) => m.attempts },
    { id: 'sentAt', header: t.sentAt, cell: (m) => formatWhen(m.sentAt) },
    { id: 'lastError', header: t.lastError, cell: (m) => m.lastError ?? '' },
    {
      id: 'actions',
      header: t.actions,
      cell: (m) =>
        m.status === 'failed' ? (
          <Button
            size="sm"
            variant="secondary"
            isDisabled={retrying !== null}
            onPress={() => void retry(m)}
          >
            {t.retry}
          </Button>
        ) : null,
    },
  ];

  return (
    <AdminFrame title={t.title} description={t.description}>
      <Narrow>
        <Select
          label={t.status}
          options={statusOptions}
          selectedKey={filters.status ?? ALL}
          onSelectionChange={(key) =>
            go({
              status: mailStatuses.find((status) => status === key) ?? null,
              page: 1,
            })
          }
        />
      </Narrow>
      {done ? <Saved>{t.retried}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      <Stack data-wide="">
        <PagedList
          list={list}
          pagesLabel={t.pages}
          page={filters.page}
          onPageChange={(page) => go({ ...filters, page })}
        >
          {(data) => (
            <>
              <DataTable
                aria-label={t.table}
                columns={columns}
                rows={data.mail}
                rowKey={(m) => m.id}
                emptyText={t.empty}
                loading={list.loading}
              />
            </>
          )}
        </PagedList>
      </Stack>
    </AdminFrame>
  );
}
