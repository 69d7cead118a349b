import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AdminEnquiry } from '../../../api/domain/adminApi';
import { DataTable, Select, type DataTableColumn } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  enquiryFiltersFromSearch,
  enquiryFiltersToSearch,
  formatWhen,
  PagedList,
  Narrow,
  Stack,
  useAdminLoad,
  type EnquiryFilters,
} from '../../features/admin';

const t = adminPageTexts.enquiries;

const ALL = 'all';

const showOptions = [
  { id: ALL, label: t.all },
  { id: 'false', label: t.unhandled },
  { id: 'true', label: t.handledOnly },
];

const columns: readonly DataTableColumn<AdminEnquiry>[] = [
  { id: 'received', header: t.received, cell: (e) => formatWhen(e.createdAt) },
  { id: 'name', header: t.name, isRowHeader: true, cell: (e) => e.name },
  { id: 'company', header: t.company, cell: (e) => e.companyName },
  { id: 'email', header: t.email, cell: (e) => e.email },
  {
    id: 'handled',
    header: t.handled,
    cell: (e) => (e.handled ? adminPageTexts.yes : adminPageTexts.no),
  },
];

/** /admin/enquiries: wholesale enquiries, filtered by whether they are handled; a row opens one. */
export default function AdminEnquiriesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = enquiryFiltersFromSearch(searchParams);
  const apiQuery = enquiryFiltersToSearch(filters);
  const list = useAdminLoad(
    `enquiries:${apiQuery.toString()}`,
    (signal) => adminApi.enquiries(apiQuery, signal),
    { keepPrevious: true },
  );
  const go = (next: EnquiryFilters) => setSearchParams(enquiryFiltersToSearch(next));
  return (
    <AdminFrame title={t.title} description={t.description}>
      <Narrow>
        <Select
          label={t.show}
          options={showOptions}
          selectedKey={filters.handled ?? ALL}
          onSelectionChange={(key) =>
            go({ handled: key === 'true' || key === 'false' ? key : null, page: 1 })
          }
        />
      </Narrow>
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
                rows={data.enquiries}
                rowKey={(e) => e.id}
                onRowAction={(id) => void navigate(`/admin/enquiries/${encodeURIComponent(id)}`)}
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
