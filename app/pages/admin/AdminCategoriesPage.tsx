import { useState } from 'react';
import type { AdminCategory } from '../../../api/domain/adminApi';
import {
  Button,
  CoalCategoryIcon,
  coalCategoryIcons,
  DataTable,
  Select,
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

/** The Select's "no icon" choice (react-aria keys cannot be empty). */
const NO_ICON = 'none';

const iconOptions = [
  { id: NO_ICON, label: t.noIcon },
  ...Object.keys(coalCategoryIcons).map((icon) => ({
    id: icon,
    label: categoryIconLabels[icon] ?? icon,
  })),
];

function iconLabel(icon: string): string {
  if (!icon) return t.noIcon;
  return categoryIconLabels[icon] ?? icon;
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
  // An icon the list does not know (set elsewhere) stays choosable, so saving keeps it.
  const options =
    values.icon && !iconOptions.some((o) => o.id === values.icon)
      ? [...iconOptions, { id: values.icon, label: values.icon }]
      : iconOptions;

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
      <Select
        label={t.icon}
        options={options}
        selectedKey={values.icon || NO_ICON}
        onSelectionChange={(key) => {
          update({ icon: key === null || key === NO_ICON ? '' : String(key) });
        }}
        {...status('icon')}
      />
      <FormFooter formError={formError} busy={busy} submitLabel={t.save} onCancel={onCancel} />
    </Form>
  );
}

/** /admin/categories: the coal categories' titles and icons. */
export default function AdminCategoriesPage() {
  const load = useAdminLoad('categories', (signal) => adminApi.categories(signal));
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [saved, setSaved] = useState(false);
  const categories = load.data?.categories ?? null;

  const columns: readonly DataTableColumn<AdminCategory>[] = [
    { id: 'title', header: t.name, isRowHeader: true, cell: (c) => c.title },
    { id: 'slug', header: t.slug, cell: (c) => c.slug },
    {
      id: 'icon',
      header: t.icon,
      cell: (c) => (
        <Row>
          {c.icon ? <CoalCategoryIcon icon={c.icon} /> : null}
          {iconLabel(c.icon)}
        </Row>
      ),
    },
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
