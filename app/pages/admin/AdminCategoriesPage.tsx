import { useState } from 'react';
import type { AdminCategory } from '../../../api/domain/adminApi';
import {
  Button,
  CoalCategoryIcon,
  DataTable,
  Text,
  TextField,
  type DataTableColumn,
} from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  categoryFormOf,
  categoryIconLabels,
  checkCategoryForm,
  Form,
  FormFooter,
  LoadStatus,
  Row,
  Saved,
  Section,
  Stack,
  useAdminForm,
  useAdminLoad,
  type CategoryFormValues,
} from '../../features/admin';

const t = adminPageTexts.categories;

/** The icon the shop shows for a category, as it looks and reads. */
function CategoryIcon({ icon }: { icon: string }) {
  if (!icon) return <>{t.noIcon}</>;
  return (
    <Row>
      <CoalCategoryIcon icon={icon} />
      {categoryIconLabels[icon] ?? icon}
    </Row>
  );
}

function CategoryForm({
  category,
  onSaved,
  onCancel,
}: {
  category: AdminCategory;
  onSaved: (category: AdminCategory) => void;
  onCancel: () => void;
}) {
  const { status, update, values, formError, busy, submit } = useAdminForm({
    initial: (): CategoryFormValues => categoryFormOf(category),
    check: checkCategoryForm,
    send: async (value) => onSaved((await adminApi.updateCategory(category.id, value)).category),
  });

  return (
    <Form
      onSubmit={(event) => void submit(event)}
      aria-label={t.editTitle(category.title)}
      noValidate
    >
      <TextField
        label={t.name}
        value={values.title}
        onChange={(title) => update({ title })}
        isRequired
        validationBehavior="aria"
        {...status('title')}
      />
      {category.kind === 'coal' ? <Text variant="small">{t.iconHelp}</Text> : null}
      <FormFooter formError={formError} busy={busy} submitLabel={t.save} onCancel={onCancel} />
    </Form>
  );
}

/** /admin/categories: the coal and product categories, their titles and the coal icons. */
export default function AdminCategoriesPage() {
  const load = useAdminLoad('categories', (signal) => adminApi.categories(signal));
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [saved, setSaved] = useState(false);
  const categories = load.data?.categories ?? null;

  const columns: readonly DataTableColumn<AdminCategory>[] = [
    { id: 'title', header: t.name, isRowHeader: true, cell: (c) => c.title },
    { id: 'kind', header: t.kind, cell: (c) => t.kinds[c.kind] },
    { id: 'slug', header: t.slug, cell: (c) => c.slug },
    { id: 'icon', header: t.icon, cell: (c) => <CategoryIcon icon={c.icon} /> },
    {
      id: 'actions',
      header: t.actions,
      cell: (c) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t.edit(c.title)}
          onPress={() => {
            setEditing(c);
            setSaved(false);
          }}
        >
          {adminPageTexts.edit}
        </Button>
      ),
    },
  ];

  return (
    <AdminFrame title={t.title} description={t.description}>
      <LoadStatus load={load} />
      {saved ? <Saved>{t.saved}</Saved> : null}
      {categories ? (
        <Stack data-wide="">
          <DataTable
            aria-label={t.table}
            columns={columns}
            rows={categories}
            rowKey={(c) => String(c.id)}
            emptyText={t.empty}
          />
        </Stack>
      ) : null}
      {editing && categories ? (
        <Section id="edit-category" title={t.editTitle(editing.title)}>
          <CategoryForm
            key={editing.id}
            category={editing}
            onCancel={() => setEditing(null)}
            onSaved={(category) => {
              load.setData({
                categories: categories.map((c) => (c.id === category.id ? category : c)),
              });
              setEditing(null);
              setSaved(true);
            }}
          />
        </Section>
      ) : null}
    </AdminFrame>
  );
}
