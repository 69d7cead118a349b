import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { productTypes, statusLabels } from '../../../api/domain/admin';
import type { AdminOrderRow } from '../../../api/domain/adminApi';
import { formatPence } from '../../../api/domain/money';
import { orderStatuses } from '../../../api/domain/order';
import {
  Button,
  DataTable,
  Link,
  Select,
  Text,
  TextField,
  type DataTableColumn,
} from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  applyOrderFilterForm,
  defaultOrderFilters,
  deliveriesCsvHref,
  Form,
  formatWhen,
  PagedList,
  londonDate,
  orderApiSearch,
  orderFilterFormOf,
  orderFiltersFromSearch,
  orderFiltersToSearch,
  productTypeLabels,
  Row,
  Section,
  Stack,
  tableSortOf,
  useAdminLoad,
  withTableSort,
  type OrderFilterErrors,
  type OrderFilterForm,
  type OrderFilters,
} from '../../features/admin';

const t = adminPageTexts.orders;

/** The Selects' "all" choice (react-aria keys cannot be empty). */
const ALL = 'all';

const statusOptions = [
  { id: ALL, label: t.allStatuses },
  ...orderStatuses.map((status) => ({ id: status, label: statusLabels[status] })),
];
const typeOptions = [
  { id: ALL, label: t.allTypes },
  ...productTypes.map((type) => ({ id: type, label: productTypeLabels[type] })),
];

const columns: readonly DataTableColumn<AdminOrderRow>[] = [
  {
    id: 'number',
    header: t.number,
    isRowHeader: true,
    sortable: true,
    // A real link (issue 47): the row opens on a click too, but the number says it can, and it
    // opens in a new tab or without the table's script like any link.
    cell: (o) => <Link href={`/admin/orders/${encodeURIComponent(o.id)}`}>{o.number}</Link>,
  },
  { id: 'created', header: t.date, sortable: true, cell: (o) => formatWhen(o.createdAt) },
  { id: 'customer', header: t.customer, cell: (o) => o.fullName },
  { id: 'postcode', header: t.postcode, cell: (o) => o.postcode },
  {
    id: 'types',
    header: t.products,
    cell: (o) => o.types.map((type) => productTypeLabels[type] ?? type).join(', '),
  },
  { id: 'total', header: t.total, sortable: true, align: 'end', cell: (o) => formatPence(o.total) },
  {
    id: 'status',
    header: t.status,
    sortable: true,
    cell: (o) => statusLabels[o.status] ?? o.status,
  },
];

function FilterForm({
  filters,
  onApply,
}: {
  filters: OrderFilters;
  onApply: (next: OrderFilters) => void;
}) {
  const [form, setForm] = useState<OrderFilterForm>(() => orderFilterFormOf(filters));
  const [errors, setErrors] = useState<OrderFilterErrors>({});
  const set = (field: keyof OrderFilterForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const applied = applyOrderFilterForm(filters, form);
    if (applied.ok) onApply(applied.filters);
    else setErrors(applied.errors);
  };
  const field = (name: keyof OrderFilterForm) => ({
    value: form[name],
    onChange: set(name),
    validationState: errors[name] ? ('danger' as const) : ('neutral' as const),
    errorMessage: errors[name],
  });
  return (
    <Form onSubmit={submit} aria-label={t.filters} noValidate data-wide="">
      <Row data-align="start">
        <Select
          label={t.status}
          options={statusOptions}
          selectedKey={form.status || ALL}
          onSelectionChange={(key) => set('status')(key === ALL || key === null ? '' : String(key))}
        />
        <TextField label={t.from} type="date" {...field('from')} />
        <TextField label={t.to} type="date" {...field('to')} />
        <TextField label={t.district} description={t.districtHelp} {...field('district')} />
        <Select
          label={t.type}
          options={typeOptions}
          selectedKey={form.type || ALL}
          onSelectionChange={(key) => set('type')(key === ALL || key === null ? '' : String(key))}
        />
      </Row>
      <Row>
        <Button type="submit">{t.apply}</Button>
        <Button
          variant="secondary"
          onPress={() => onApply({ ...defaultOrderFilters, sort: filters.sort, dir: filters.dir })}
        >
          {t.clear}
        </Button>
      </Row>
    </Form>
  );
}

function Deliveries() {
  const [date, setDate] = useState(() => londonDate());
  return (
    <Section id="deliveries" title={t.deliveries}>
      <Text variant="small">{t.deliveriesHelp}</Text>
      <Row>
        <TextField label={t.deliveryDate} type="date" value={date} onChange={setDate} />
        <Link href={deliveriesCsvHref(date || londonDate())} download>
          {t.download}
        </Link>
      </Row>
    </Section>
  );
}

/** /admin/orders: filter, sort and page the orders (all kept in the address); open one. */
export default function AdminOrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = orderFiltersFromSearch(searchParams);
  const apiQuery = orderApiSearch(filters);
  const list = useAdminLoad(apiQuery.toString(), (signal) => adminApi.orders(apiQuery, signal), {
    keepPrevious: true,
  });
  const go = (next: OrderFilters) => setSearchParams(orderFiltersToSearch(next));
  // The form starts again from the address whenever the filters in it change (Back, Clear).
  const formKey = orderFiltersToSearch({ ...filters, sort: 'created', dir: 'desc', page: 1 });

  return (
    <AdminFrame title={t.title} description={t.description}>
      <Section id="filters" title={t.filters}>
        <FilterForm key={formKey.toString()} filters={filters} onApply={go} />
      </Section>
      <Stack data-wide="">
        <PagedList
          list={list}
          pagesLabel={t.pages}
          page={filters.page}
          onPageChange={(page) => go({ ...filters, page })}
        >
          {(data) => (
            <>
              <Text role="status">{t.count(data.total)}</Text>
              <DataTable
                aria-label={t.table}
                columns={columns}
                rows={data.orders}
                rowKey={(order) => order.id}
                sort={tableSortOf(filters)}
                onSortChange={(sort) => go(withTableSort(filters, sort))}
                onRowAction={(id) => void navigate(`/admin/orders/${encodeURIComponent(id)}`)}
                emptyText={t.empty}
                loading={list.loading}
              />
            </>
          )}
        </PagedList>
      </Stack>
      <Deliveries />
    </AdminFrame>
  );
}
