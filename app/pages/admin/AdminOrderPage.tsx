import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { statusLabels } from '../../../api/domain/admin';
import type {
  AdminNote,
  AdminOrder,
  AdminOrderLine,
  AdminRefund,
} from '../../../api/domain/adminApi';
import { formatPence } from '../../../api/domain/money';
import { dayInWords } from '../../../api/domain/deliveryCalendar';
import {
  Button,
  DataTable,
  Link,
  Text,
  TextArea,
  TextField,
  theme,
  type DataTableColumn,
} from '../../../ui';
import {
  AdminApiError,
  AdminFrame,
  adminApi,
  adminPageTexts,
  AuditTable,
  checkNoteForm,
  checkRefundForm,
  Confirm,
  ErrorNotice,
  errorMessage,
  mayRepeatRefund,
  Facts,
  Form,
  formatWhen,
  LoadStatus,
  mailtoHref,
  productTypeLabels,
  refundNotice,
  Row,
  Saved,
  Section,
  Stack,
  useAdminLoad,
  type FieldErrors,
  type RefundFormValues,
  type RefundRequest,
} from '../../features/admin';

const t = adminPageTexts.order;

const lineColumns: readonly DataTableColumn<AdminOrderLine>[] = [
  { id: 'title', header: t.product, isRowHeader: true, cell: (l) => l.title },
  { id: 'size', header: t.size, cell: (l) => l.sizeTitle ?? '' },
  { id: 'type', header: adminPageTexts.products.type, cell: (l) => productTypeLabels[l.type] },
  { id: 'unit', header: t.unitPrice, align: 'end', cell: (l) => formatPence(l.unitPrice) },
  { id: 'quantity', header: t.quantity, align: 'end', cell: (l) => l.quantity },
  { id: 'total', header: t.lineTotal, align: 'end', cell: (l) => formatPence(l.lineTotal) },
];

const refundColumns: readonly DataTableColumn<AdminRefund>[] = [
  { id: 'date', header: t.date, isRowHeader: true, cell: (r) => formatWhen(r.createdAt) },
  { id: 'amount', header: t.amountColumn, align: 'end', cell: (r) => formatPence(r.amount) },
  { id: 'reason', header: t.reasonColumn, cell: (r) => r.reason },
  { id: 'status', header: t.status, cell: (r) => t.refundStatus[r.status] ?? r.status },
];

const Notes = styled.ol`
  display: grid;
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;

  & > li {
    padding: ${theme.space[3]};
    border-left: 4px solid ${theme.colors.border};
    background: ${theme.colors.surfaceAlt};
  }
  & > li > p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  grid-template-columns: minmax(0, 1fr);

  ${theme.media.lg} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

function addressOf(order: AdminOrder): string {
  return [order.addressLine1, order.addressLine2, order.town, order.postcode]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join('\n');
}

function StatusSection({
  order,
  onOrder,
}: {
  order: AdminOrder;
  onOrder: (order: AdminOrder) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The move's confirmation, shown while the order is still in the status it moved to. */
  const [done, setDone] = useState<{ status: string; message: string } | null>(null);
  const next =
    order.nextStatus === 'out_for_delivery' || order.nextStatus === 'delivered'
      ? order.nextStatus
      : null;
  const move = async () => {
    if (!next) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await adminApi.moveOrder(order.id, next);
      onOrder(answer.order);
      setDone({
        status: answer.order.status,
        message: t.moved(statusLabels[answer.order.status] ?? answer.order.status),
      });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="status" title={t.status}>
      <Facts
        items={[
          [t.status, statusLabels[order.status] ?? order.status],
          [t.placed, formatWhen(order.createdAt)],
          [t.paid, formatWhen(order.paidAt)],
          [t.dispatched, formatWhen(order.dispatchedAt)],
          [t.delivered, formatWhen(order.deliveredAt)],
          [t.provider, order.provider],
        ]}
      />
      {done && done.status === order.status ? <Saved>{done.message}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      {next ? (
        <Row>
          <Button onPress={() => void move()} isDisabled={busy}>
            {next === 'out_for_delivery' ? t.markOutForDelivery : t.markDelivered}
          </Button>
        </Row>
      ) : null}
    </Section>
  );
}

function RefundForm({
  order,
  onRefunded,
}: {
  order: AdminOrder;
  /** With the message to show, or null when nothing was refunded. */
  onRefunded: (order: AdminOrder, message: string | null) => void;
}) {
  const [values, setValues] = useState<RefundFormValues>({ amount: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The submitted refund awaiting confirmation, with its Idempotency-Key. */
  const [pending, setPending] = useState<{ request: RefundRequest; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const set = (field: keyof RefundFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = checkRefundForm(values, order.refundable);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    // One key per submitted form: sending it again (after a lost answer) repeats, never doubles.
    setPending({ request: checked.value, key: crypto.randomUUID() });
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await adminApi.refund(order.id, pending.request.input, pending.key);
      const notice = refundNotice(answer.refund);
      setPending(null);
      if (notice.ok) {
        setValues({ amount: '', reason: '' });
        onRefunded(answer.order, notice.message);
      } else {
        // A repeat of a refund the provider declined: nothing was refunded.
        setError(notice.message);
        onRefunded(answer.order, null);
      }
    } catch (failure) {
      setError(errorMessage(failure));
      // When the outcome is unknown, "Confirm refund" stays and repeats the same key; otherwise
      // the attempt is over, and the form is submitted again (with a new key).
      if (!mayRepeatRefund(failure)) {
        setPending(null);
        if (failure instanceof AdminApiError && Object.keys(failure.fieldErrors).length > 0) {
          setErrors(failure.fieldErrors);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const left = formatPence(order.refundable);
  return (
    <Section id="refund" title={t.refundTitle} level={3}>
      {error ? <ErrorNotice message={error} /> : null}
      {pending ? (
        <Confirm
          title={t.confirmTitle}
          confirmLabel={busy ? t.refunding : t.confirm}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setPending(null);
            setError(null);
          }}
          busy={busy}
        >
          {t.confirmText(formatPence(pending.request.amount), order.fullName)}
        </Confirm>
      ) : (
        <Form onSubmit={submit} aria-label={t.refundTitle} noValidate>
          <TextField
            label={t.amount}
            description={t.amountHelp(left)}
            inputMode="decimal"
            value={values.amount}
            onChange={set('amount')}
            validationState={errors.amount ? 'danger' : 'neutral'}
            errorMessage={errors.amount}
          />
          <TextField
            label={t.reason}
            description={t.reasonHelp}
            value={values.reason}
            onChange={set('reason')}
            validationState={errors.reason ? 'danger' : 'neutral'}
            errorMessage={errors.reason}
          />
          <Row>
            <Button type="submit">{t.refund}</Button>
          </Row>
        </Form>
      )}
    </Section>
  );
}

function RefundsSection({
  order,
  onOrder,
}: {
  order: AdminOrder;
  onOrder: (o: AdminOrder) => void;
}) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <Section id="refunds" title={t.refunds}>
      {done ? <Saved>{done}</Saved> : null}
      <DataTable
        aria-label={t.refundsTable}
        columns={refundColumns}
        rows={order.refunds}
        rowKey={(refund) => refund.id}
        emptyText={t.noRefunds}
      />
      {order.refundable > 0 ? (
        <RefundForm
          order={order}
          onRefunded={(next, message) => {
            setDone(message);
            onOrder(next);
          }}
        />
      ) : null}
    </Section>
  );
}

function NotesSection({ order, onOrder }: { order: AdminOrder; onOrder: (o: AdminOrder) => void }) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    const checked = checkNoteForm(text);
    if (!checked.ok) {
      setFieldError(checked.errors.text ?? Object.values(checked.errors)[0] ?? null);
      return;
    }
    setBusy(true);
    try {
      const answer = await adminApi.addNote(order.id, checked.value);
      setText('');
      setDone(true);
      onOrder(answer.order);
    } catch (failure) {
      setError(errorMessage(failure));
      if (failure instanceof AdminApiError && failure.fieldErrors.text) {
        setFieldError(failure.fieldErrors.text);
      }
    } finally {
      setBusy(false);
    }
  };
  const notes: AdminNote[] = order.notes;
  return (
    <Section id="notes" title={t.notes}>
      <Text variant="small">{t.notesHelp}</Text>
      {notes.length === 0 ? (
        <Text variant="muted">{t.noNotes}</Text>
      ) : (
        <Notes>
          {notes.map((note) => (
            <li key={note.id}>
              <Text variant="small">
                <strong>{note.authorEmail}</strong>, {formatWhen(note.createdAt)}
              </Text>
              <p>{note.text}</p>
            </li>
          ))}
        </Notes>
      )}
      {done ? <Saved>{t.noteAdded}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      <Form onSubmit={(event) => void submit(event)} aria-label={t.addNote} noValidate>
        <TextArea
          label={t.note}
          rows={3}
          value={text}
          onChange={(value) => {
            setText(value);
            setFieldError(null);
            setDone(false);
          }}
          validationState={fieldError ? 'danger' : 'neutral'}
          errorMessage={fieldError ?? undefined}
        />
        <Row>
          <Button type="submit" isDisabled={busy}>
            {t.addNote}
          </Button>
        </Row>
      </Form>
    </Section>
  );
}

function OrderView({ order, onOrder }: { order: AdminOrder; onOrder: (o: AdminOrder) => void }) {
  return (
    <>
      <StatusSection order={order} onOrder={onOrder} />
      <Columns>
        <Section id="customer" title={t.customer}>
          <Facts
            items={[
              [t.name, order.fullName],
              [
                t.email,
                // Empty for a deleted customer's order: the row is left out.
                order.email ? (
                  <Link href={mailtoHref(order.email, `Your order ${order.number}`)}>
                    {order.email}
                  </Link>
                ) : null,
              ],
              [
                t.phone,
                order.phone ? (
                  <Link href={`tel:${order.phone.replace(/\s+/g, '')}`}>{order.phone}</Link>
                ) : null,
              ],
              [t.address, addressOf(order)],
              [
                t.deliveryDay,
                order.deliveryDay ? dayInWords(order.deliveryDay, { year: true }) : null,
              ],
              [
                t.priority,
                order.prioritySurcharge > 0 ? formatPence(order.prioritySurcharge) : null,
              ],
              [t.tankLocation, order.tankLocation],
              [t.tankAccess, order.tankAccess],
              [t.instructions, order.instructions],
              [
                t.domesticUse,
                order.domesticUse === null
                  ? null
                  : order.domesticUse
                    ? adminPageTexts.yes
                    : adminPageTexts.no,
              ],
            ]}
          />
        </Section>
        <Section id="totals" title={t.totals}>
          <Facts
            alignValues="end"
            items={[
              [t.subtotal, formatPence(order.subtotal)],
              [t.delivery, formatPence(order.deliveryCharge)],
              [t.vat, formatPence(order.vatTotal)],
              [t.total, formatPence(order.total)],
              [t.refunded, order.refundedAmount > 0 ? formatPence(order.refundedAmount) : null],
              [t.refundable, order.refundable > 0 ? formatPence(order.refundable) : null],
            ]}
          />
        </Section>
      </Columns>
      <Section id="lines" title={t.lines}>
        <DataTable
          aria-label={t.linesTable}
          columns={lineColumns}
          rows={order.lines}
          rowKey={(line) => `${order.lines.indexOf(line)}`}
          emptyText={t.noLines}
        />
      </Section>
      <RefundsSection order={order} onOrder={onOrder} />
      <NotesSection order={order} onOrder={onOrder} />
      <Section id="history" title={t.history}>
        <AuditTable
          entries={order.history}
          label={adminPageTexts.audit.historyTable}
          withEntity={false}
        />
      </Section>
    </>
  );
}

/** /admin/orders/:id: one order, its delivery moves, refunds, internal notes and history. */
export default function AdminOrderPage() {
  const orderId = useParams().id ?? '';
  const load = useAdminLoad(`order:${orderId}`, (signal) => adminApi.order(orderId, signal));
  const order = load.data?.order ?? null;
  const setOrder = (next: AdminOrder) => load.setData({ order: next });
  return (
    <AdminFrame
      title={order ? t.title(order.number) : t.pageTitle}
      back={{ href: '/admin/orders', label: t.back }}
    >
      <LoadStatus load={load} />
      {order ? (
        <Stack data-wide="">
          <OrderView order={order} onOrder={setOrder} />
        </Stack>
      ) : null}
    </AdminFrame>
  );
}
