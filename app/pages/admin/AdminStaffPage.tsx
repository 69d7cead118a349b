import { useState } from 'react';
import {
  staffInviteSchema,
  type AdminStaffMember,
  type StaffInviteForm,
} from '../../../api/domain/staffInvite';
import { DataTable, TextField, type DataTableColumn } from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  Form,
  FormFooter,
  formatWhen,
  LoadStatus,
  Saved,
  Section,
  Stack,
  useAdminForm,
  useAdminLoad,
  validateWith,
} from '../../features/admin';

const t = adminPageTexts.staff;

/** The invite form: one address, checked with the API's own rule before it is sent. */
function InviteForm({ onSent }: { onSent: (message: string) => void }) {
  const { status, update, values, formError, busy, submit } = useAdminForm({
    initial: { email: '' },
    check: (form: { email: string }) => validateWith(staffInviteSchema, form),
    send: async ({ email }: StaffInviteForm) => {
      const answer = await adminApi.inviteStaff(email);
      onSent(answer.message);
    },
  });
  return (
    <Form onSubmit={(event) => void submit(event)} aria-label={t.inviteTitle} noValidate>
      <TextField
        label={t.email}
        description={t.emailHelp}
        type="email"
        autoComplete="off"
        isRequired
        validationBehavior="aria"
        value={values.email}
        onChange={(email) => update({ email })}
        {...status('email')}
      />
      <FormFooter formError={formError} busy={busy} submitLabel={t.send} />
    </Form>
  );
}

/**
 * /admin/staff: who is on the staff (active, or invited and not yet in), and inviting a
 * colleague by e-mail. The invitation's single-use link goes only to the colleague's mailbox.
 */
export default function AdminStaffPage() {
  const load = useAdminLoad('staff', (signal) => adminApi.staff(signal));
  const [done, setDone] = useState<string | null>(null);
  // A new form (empty) after each invitation sent.
  const [sent, setSent] = useState(0);

  const columns: readonly DataTableColumn<AdminStaffMember>[] = [
    { id: 'email', header: t.email, isRowHeader: true, cell: (m) => m.email },
    { id: 'name', header: t.name, cell: (m) => m.fullName },
    { id: 'status', header: t.status, cell: (m) => t.statuses[m.status] },
    { id: 'since', header: t.since, cell: (m) => formatWhen(m.createdAt) },
  ];

  return (
    <AdminFrame title={t.title} description={t.description}>
      <Section id="invite-staff" title={t.inviteTitle}>
        <Stack>
          {done ? <Saved>{done}</Saved> : null}
          <InviteForm
            key={sent}
            onSent={(message) => {
              setDone(message);
              setSent((n) => n + 1);
              load.reload();
            }}
          />
        </Stack>
      </Section>
      <Section id="staff-list" title={t.table}>
        <LoadStatus load={load} />
        {load.data ? (
          <DataTable
            aria-label={t.table}
            columns={columns}
            rows={load.data.staff}
            rowKey={(m) => m.id}
            emptyText={t.empty}
            loading={load.loading}
          />
        ) : null}
      </Section>
    </AdminFrame>
  );
}
