import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Select, TextField } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  auditEntities,
  auditEntityLabels,
  auditFiltersFromSearch,
  auditFiltersToSearch,
  AuditTable,
  Form,
  PagedList,
  Row,
  Stack,
  useAdminLoad,
  type AuditFilters,
} from '../../features/admin';

const t = adminPageTexts.audit;

const ALL = 'all';
const entityOptions = [
  { id: ALL, label: t.allEntities },
  ...auditEntities.map((entity) => ({ id: entity, label: auditEntityLabels[entity] })),
];

function FilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (next: AuditFilters) => void;
}) {
  const [entity, setEntity] = useState<string>(filters.entity ?? ALL);
  const [entityId, setEntityId] = useState(filters.entityId ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = new URLSearchParams();
    if (entity !== ALL) search.set('entity', entity);
    if (entityId.trim()) search.set('entityId', entityId.trim());
    onApply(auditFiltersFromSearch(search));
  };
  return (
    <Form onSubmit={submit} aria-label={adminPageTexts.orders.filters} noValidate data-wide="">
      <Row>
        <Select
          label={t.entity}
          options={entityOptions}
          selectedKey={entity}
          onSelectionChange={(key) => setEntity(key === null ? ALL : String(key))}
        />
        <TextField
          label={t.entityId}
          value={entityId}
          onChange={setEntityId}
          isDisabled={entity === ALL}
        />
        <Button type="submit">{t.apply}</Button>
      </Row>
    </Form>
  );
}

/** /admin/audit: the audit log (who changed what, when, with the before and after). */
export default function AdminAuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = auditFiltersFromSearch(searchParams);
  const apiQuery = auditFiltersToSearch(filters);
  const list = useAdminLoad(
    `audit:${apiQuery.toString()}`,
    (signal) => adminApi.audit(apiQuery, signal),
    { keepPrevious: true },
  );
  const go = (next: AuditFilters) => setSearchParams(auditFiltersToSearch(next));
  const formKey = auditFiltersToSearch({ ...filters, page: 1 }).toString();
  return (
    <AdminFrame title={t.title} description={t.description}>
      <FilterForm key={formKey} filters={filters} onApply={go} />
      <Stack data-wide="">
        <PagedList
          list={list}
          pagesLabel={t.pages}
          page={filters.page}
          onPageChange={(page) => go({ ...filters, page })}
        >
          {(data) => (
            <>
              <AuditTable entries={data.entries} label={t.table} loading={list.loading} />
            </>
          )}
        </PagedList>
      </Stack>
    </AdminFrame>
  );
}
