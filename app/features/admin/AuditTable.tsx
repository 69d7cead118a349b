import type { AdminAuditEntry } from '../../../api/domain/adminApi';
import { DataTable, type DataTableColumn } from '../../../ui';
import { formatWhen } from './format';
import { ChangeDetails } from './parts';
import { adminPageTexts } from './texts';

const t = adminPageTexts.audit;

const when: DataTableColumn<AdminAuditEntry> = {
  id: 'when',
  header: t.when,
  isRowHeader: true,
  cell: (entry) => formatWhen(entry.createdAt),
};
const who: DataTableColumn<AdminAuditEntry> = {
  id: 'who',
  header: t.who,
  cell: (entry) => entry.actorEmail,
};
const entity: DataTableColumn<AdminAuditEntry> = {
  id: 'entity',
  header: t.entity,
  cell: (entry) => `${entry.entity} ${entry.entityId}`,
};
const action: DataTableColumn<AdminAuditEntry> = {
  id: 'action',
  header: t.action,
  cell: (entry) => entry.action,
};
const changes: DataTableColumn<AdminAuditEntry> = {
  id: 'changes',
  header: t.changes,
  cell: (entry) => <ChangeDetails before={entry.before} after={entry.after} />,
};

/** Audit entries: the whole log (with the entity column) or one order's history (without). */
export function AuditTable({
  entries,
  label,
  withEntity = true,
  loading,
}: {
  entries: readonly AdminAuditEntry[];
  label: string;
  withEntity?: boolean;
  loading?: boolean;
}) {
  const columns = withEntity ? [when, who, entity, action, changes] : [when, who, action, changes];
  return (
    <DataTable
      aria-label={label}
      columns={columns}
      rows={entries}
      rowKey={(entry) => String(entry.id)}
      emptyText={t.empty}
      loading={loading}
    />
  );
}
