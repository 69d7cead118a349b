import { useState } from 'react';
import type { AdminZone } from '../../../api/domain/adminApi';
import { zoneDisplayName } from '../../../api/domain/catalogue';
import { formatPence } from '../../../api/domain/money';
import { Button, DataTable, TextField, type DataTableColumn } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  checkZoneForm,
  Confirm,
  districtsText,
  emptyZoneForm,
  ErrorNotice,
  errorMessage,
  Form,
  FormFooter,
  LoadStatus,
  Row,
  Saved,
  Section,
  Stack,
  useAdminForm,
  useAdminLoad,
  zoneFormOf,
  type ZoneFormValues,
  type ZoneInput,
} from '../../features/admin';

const t = adminPageTexts.zones;

function ZoneForm({
  initial,
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ZoneFormValues;
  label: string;
  submitLabel: string;
  onSubmit: (input: ZoneInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { status, update, values, formError, busy, submit } = useAdminForm({
    initial,
    check: checkZoneForm,
    send: onSubmit,
    // The API names a district's message by its place in the list (postcodes[2]).
    fieldOf: (path) => (path.startsWith('postcodes') ? 'postcodes' : path),
  });
  const field = (name: keyof ZoneFormValues) => ({
    value: values[name],
    onChange: (value: string) => update({ [name]: value }),
    ...status(name),
  });

  return (
    <Form onSubmit={(event) => void submit(event)} aria-label={label} noValidate>
      <TextField
        label={t.name}
        description={t.nameHelp}
        isRequired
        validationBehavior="aria"
        {...field('title')}
      />
      <Row data-align="start">
        <TextField
          label={t.rate}
          description={t.poundsHelp}
          inputMode="decimal"
          isRequired
          validationBehavior="aria"
          {...field('rate')}
        />
        <TextField
          label={t.minimumOrder}
          description={t.poundsHelp}
          inputMode="decimal"
          isRequired
          validationBehavior="aria"
          {...field('minimumOrder')}
        />
      </Row>
      <TextField label={t.postcodes} description={t.postcodesHelp} {...field('postcodes')} />
      <FormFooter formError={formError} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </Form>
  );
}

type ZoneEdit = { mode: 'add' } | { mode: 'edit'; zone: AdminZone } | null;

/** /admin/zones: delivery zones (districts, delivery rate, minimum order): add, edit, delete. */
export default function AdminZonesPage() {
  const load = useAdminLoad('zones', (signal) => adminApi.zones(signal));
  const [edit, setEdit] = useState<ZoneEdit>(null);
  const [deleting, setDeleting] = useState<AdminZone | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const zones = load.data?.zones ?? null;

  const start = (next: ZoneEdit) => {
    setEdit(next);
    setDeleting(null);
    setError(null);
    setDone(null);
  };
  const finish = (next: AdminZone[], message: string) => {
    load.setData({ zones: next });
    setEdit(null);
    setDeleting(null);
    setDone(message);
  };

  const remove = async (zone: AdminZone) => {
    setBusy(true);
    setError(null);
    try {
      await adminApi.deleteZone(zone.id);
      finish(
        (zones ?? []).filter((z) => z.id !== zone.id),
        t.deleted,
      );
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const columns: readonly DataTableColumn<AdminZone>[] = [
    {
      id: 'title',
      header: t.name,
      isRowHeader: true,
      // The name staff read, with the zone's key (what the catalogue and the SPEC call it) beside.
      cell: (z) => `${zoneDisplayName(z.title)} (${z.title})`,
    },
    { id: 'rate', header: t.rate, align: 'end', cell: (z) => formatPence(z.rate) },
    {
      id: 'minimumOrder',
      header: t.minimumOrder,
      align: 'end',
      cell: (z) => formatPence(z.minimumOrder),
    },
    { id: 'postcodes', header: t.postcodes, cell: (z) => districtsText(z.postcodes) },
    {
      id: 'actions',
      header: t.actions,
      cell: (z) => (
        <Row>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t.edit(z.title)}
            onPress={() => start({ mode: 'edit', zone: z })}
          >
            {adminPageTexts.edit}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t.delete(z.title)}
            onPress={() => {
              start(null);
              setDeleting(z);
            }}
          >
            {adminPageTexts.delete}
          </Button>
        </Row>
      ),
    },
  ];

  return (
    <AdminFrame title={t.title} description={t.description}>
      <LoadStatus load={load} />
      {done ? <Saved>{done}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      {zones ? (
        <Stack data-wide="">
          <DataTable
            aria-label={t.table}
            columns={columns}
            rows={zones}
            rowKey={(z) => String(z.id)}
            emptyText={t.empty}
          />
          {deleting ? (
            <Confirm
              title={t.delete(deleting.title)}
              confirmLabel={adminPageTexts.confirmDelete}
              onConfirm={() => void remove(deleting)}
              onCancel={() => setDeleting(null)}
              busy={busy}
            >
              {t.confirmDelete(deleting.title)}
            </Confirm>
          ) : null}
          {edit?.mode === 'edit' ? (
            <Section id="edit-zone" title={t.editTitle(edit.zone.title)}>
              <ZoneForm
                key={edit.zone.id}
                label={t.editTitle(edit.zone.title)}
                initial={zoneFormOf(edit.zone)}
                submitLabel={t.save}
                onCancel={() => setEdit(null)}
                onSubmit={async (input) => {
                  const { zone } = await adminApi.updateZone(edit.zone.id, input);
                  finish(
                    zones.map((z) => (z.id === zone.id ? zone : z)),
                    t.saved,
                  );
                }}
              />
            </Section>
          ) : null}
          {edit?.mode === 'add' ? (
            <Section id="add-zone" title={t.addTitle}>
              <ZoneForm
                label={t.addTitle}
                initial={emptyZoneForm}
                submitLabel={t.add}
                onCancel={() => setEdit(null)}
                onSubmit={async (input) => {
                  const { zone } = await adminApi.createZone(input);
                  finish([...zones, zone], t.added);
                }}
              />
            </Section>
          ) : null}
          {edit === null ? (
            <Row>
              <Button variant="secondary" onPress={() => start({ mode: 'add' })}>
                {t.add}
              </Button>
            </Row>
          ) : null}
        </Stack>
      ) : null}
    </AdminFrame>
  );
}
