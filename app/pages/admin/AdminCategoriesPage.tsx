import { useState, type FormEvent } from 'react';
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
  AdminApiError,
  AdminFrame,
  adminApi,
  adminPageTexts,
  categoryFormOf,
  categoryIconLabels,
  checkCategoryForm,
  ErrorNotice,
  errorMessage,
  Form,
  LoadStatus,
  Row,
  Saved,
  Section,
  Stack,
  useAdminLoad,
  type CategoryFormValues,
  type FieldErrors,
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
  const [values, setValues] = useState<CategoryFormValues>(() => categoryFormOf(category));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An icon the list does not know (set elsewhere) stays choosable, so saving keeps it.
  const options =
    values.icon && !iconOptions.some((o) => o.id === values.icon)
      ? [...iconOptions, { id: values.icon, label: values.icon }]
      : iconOptions;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkCategoryForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(adminPageTexts.checkFields);
      return;
    }
    setBusy(true);
    try {
      const answer = await adminApi.updateCategory(category.id, checked.value);
      onSaved(answer.category);
    } catch (failure) {
      setFormError(errorMessage(failure));
      if (failure instanceof AdminApiError) setErrors(failure.fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      onSubmit={(event) => void submit(event)}
      aria-label={t.editTitle(category.title)}
      noValidate
    >
      <TextField
        label={t.name}
        value={values.title}
        onChange={(title) => {
          setValues((current) => ({ ...current, title }));
          setErrors((current) => ({ ...current, title: '' }));
        }}
        isRequired
        validationBehavior="aria"
        validationState={errors.title ? 'danger' : 'neutral'}
        errorMessage={errors.title}
      />
      <Select
        label={t.icon}
        options={options}
        selectedKey={values.icon || NO_ICON}
        onSelectionChange={(key) => {
          const icon = key === null || key === NO_ICON ? '' : String(key);
          setValues((current) => ({ ...current, icon }));
          setErrors((current) => ({ ...current, icon: '' }));
        }}
        validationState={errors.icon ? 'danger' : 'neutral'}
        errorMessage={errors.icon}
      />
      {formError ? <ErrorNotice message={formError} /> : null}
      <Row>
        <Button type="submit" isDisabled={busy}>
          {t.save}
        </Button>
        <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
          {adminPageTexts.cancel}
        </Button>
      </Row>
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
