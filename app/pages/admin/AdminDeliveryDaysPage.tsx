import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { statusLabels } from '../../../api/domain/admin';
import {
  deliveryDaysSpan,
  type AdminCalendarChange,
  type AdminDayChange,
  type AdminDeliveryCalendar,
  type AdminDeliveryDay,
  type DeliveryUnit,
} from '../../../api/domain/adminDeliveryDays';
import { adminDate, adminDateMessage } from '../../../api/domain/adminQuery';
import { zoneDisplayName } from '../../../api/domain/catalogue';
import { dayInWords, weekdays } from '../../../api/domain/deliveryCalendar';
import {
  Button,
  Checkbox,
  FormSection,
  Link,
  Notice,
  Select,
  Text,
  TextField,
  theme,
} from '../../../ui';
import {
  AdminFrame,
  adminApi,
  adminPageTexts,
  calendarFormOf,
  checkCalendarForm,
  checkCapacity,
  Confirm,
  deliveryDaysViewFromSearch,
  deliveryDaysViewToSearch,
  deliveryRunCsvHref,
  ErrorNotice,
  errorMessage,
  Form,
  FormFooter,
  LoadStatus,
  Row,
  Saved,
  Section,
  shiftedView,
  Stack,
  useAdminForm,
  useAdminLoad,
  type CalendarFormValues,
  type DeliveryDayInput,
} from '../../features/admin';

const t = adminPageTexts.deliveryDays;
const span = deliveryDaysSpan.default;

/** Scrolls sideways on narrow screens; focusable and labelled, so the keyboard can scroll it. */
const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};

  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};

  & > caption {
    padding: ${theme.space[2]} ${theme.space[3]};
    text-align: start;
    font-weight: ${theme.fontWeights.bold};
  }
  & th,
  & td {
    padding: ${theme.space[2]};
    border-top: 1px solid ${theme.colors.border};
    text-align: start;
    vertical-align: top;
  }
  & thead th {
    background: ${theme.colors.surfaceAlt};
    white-space: nowrap;
  }
  & tbody th {
    font-weight: ${theme.fontWeights.semibold};
    white-space: nowrap;
  }
  & [data-align='end'] {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  /* A day the lorries do not run: muted. A closed day: a pale warning ground (ink on it). */
  & tr[data-off] > * {
    color: ${theme.colors.inkMuted};
  }
  & tr[data-closed] > * {
    background: ${theme.colors.warningSurface};
    color: ${theme.colors.ink};
  }
`;

/** A row's capacity field and its Save button, side by side. */
const CapacityForm = styled.form`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space[2]};
  margin: 0;
`;

const FieldError = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

const numbers = (n: number) => n.toLocaleString('en-GB');
/** A figure that does not apply (no delivery that day), read as such by screen readers. */
const notOffered = <span aria-label={adminPageTexts.no}>–</span>;

function DayRow({
  day,
  changeable,
  busy,
  onCapacity,
  onToggle,
  onMoveAgain,
}: {
  day: AdminDeliveryDay;
  /** Today or later: the back office may change it. */
  changeable: boolean;
  busy: boolean;
  onCapacity: (day: AdminDeliveryDay, capacity: number) => Promise<void>;
  onToggle: (day: AdminDeliveryDay) => void;
  onMoveAgain: (day: AdminDeliveryDay) => void;
}) {
  const [text, setText] = useState(String(day.capacity));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCapacity(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onCapacity(day, checked.capacity);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  let delivers: string = adminPageTexts.yes;
  if (!day.delivers)
    delivers = day.bankHoliday ? t.bankHoliday(day.bankHoliday) : adminPageTexts.no;
  return (
    <tr data-closed={day.closed ? '' : undefined} data-off={day.delivers ? undefined : ''}>
      {/* The caption gives the years; every control's name gives the day in full. */}
      <th scope="row">{dayInWords(day.day)}</th>
      <td>{delivers}</td>
      {/* A day the shop does not deliver on has no room to set or to close (issue 47). */}
      <td data-align="end">{day.delivers ? numbers(day.capacity) : notOffered}</td>
      <td data-align="end">{numbers(day.booked)}</td>
      <td data-align="end">{day.delivers ? numbers(day.free) : notOffered}</td>
      <td>{day.closed ? adminPageTexts.yes : adminPageTexts.no}</td>
      <td data-align="end">{numbers(day.orders)}</td>
      <td>
        {changeable && day.delivers ? (
          <CapacityForm
            method="post"
            aria-label={t.capacityOn(day.inWords)}
            onSubmit={(event) => void submit(event)}
            noValidate
          >
            <TextField
              label={t.capacityOn(day.inWords)}
              hideLabel
              inputMode="numeric"
              style={{ width: '6rem' }}
              value={text}
              onChange={(value) => {
                setText(value);
                setError(null);
              }}
              validationState={error ? 'danger' : 'neutral'}
              errorMessage={error ?? undefined}
            />
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              isDisabled={saving || busy}
              aria-label={t.saveOn(day.inWords)}
            >
              {t.save}
            </Button>
          </CapacityForm>
        ) : null}
      </td>
      <td>
        {changeable && day.delivers ? (
          <Button
            size="sm"
            variant="secondary"
            isDisabled={busy}
            aria-label={day.closed ? t.openOn(day.inWords) : t.closeOn(day.inWords)}
            onPress={() => onToggle(day)}
          >
            {day.closed ? t.openDay : t.closeDay}
          </Button>
        ) : null}
        {changeable && day.closed && day.orders > 0 ? (
          // Orders left on a closed day (no room elsewhere then): try moving them again.
          <Button
            size="sm"
            variant="secondary"
            isDisabled={busy}
            aria-label={t.moveAgainOn(day.inWords)}
            onPress={() => onMoveAgain(day)}
          >
            {t.moveAgain}
          </Button>
        ) : null}
      </td>
      <td>
        <Link href={deliveryRunCsvHref(day.day)} download aria-label={t.runOn(day.inWords)}>
          {t.runCsv}
        </Link>
      </td>
    </tr>
  );
}

function DaysTable({
  zoneTitle,
  unit,
  days,
  today,
  busy,
  onCapacity,
  onToggle,
  onMoveAgain,
}: {
  zoneTitle: string;
  unit: DeliveryUnit;
  days: readonly AdminDeliveryDay[];
  today: string;
  busy: boolean;
  onCapacity: (day: AdminDeliveryDay, capacity: number) => Promise<void>;
  onToggle: (day: AdminDeliveryDay) => void;
  onMoveAgain: (day: AdminDeliveryDay) => void;
}) {
  const caption = t.caption(
    zoneDisplayName(zoneTitle),
    days[0]?.inWords ?? '',
    days.at(-1)?.inWords ?? '',
  );
  return (
    <Stack data-wide="">
      <Text variant="small">{t.unitNote(unit)}</Text>
      {/* Focusable and named, so a keyboard can scroll it on a narrow screen. */}
      <Scroll role="region" aria-label={caption} tabIndex={0}>
        <Table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.day}</th>
              <th scope="col">{t.delivers}</th>
              <th scope="col" data-align="end">
                {t.capacity}
              </th>
              <th scope="col" data-align="end">
                {t.booked}
              </th>
              <th scope="col" data-align="end">
                {t.free}
              </th>
              <th scope="col">{t.closedColumn}</th>
              <th scope="col" data-align="end">
                {t.orders}
              </th>
              <th scope="col">{t.change}</th>
              <th scope="col">{t.toggle}</th>
              <th scope="col">{t.run}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <DayRow
                // A saved change starts the row's field again from the new capacity.
                key={`${day.day}-${day.capacity}`}
                day={day}
                changeable={day.day >= today}
                busy={busy}
                onCapacity={onCapacity}
                onToggle={onToggle}
                onMoveAgain={onMoveAgain}
              />
            ))}
          </tbody>
        </Table>
      </Scroll>
    </Stack>
  );
}

/** What closing a day did: the orders it moved, and those it could not. */
function MovedReport({ report }: { report: AdminDayChange }) {
  const closedDay = report.day.inWords;
  return (
    <>
      {report.moved.length > 0 ? (
        <Section id="moved" title={t.movedTitle(closedDay)}>
          <Scroll>
            <Table>
              <caption>{t.movedCaption(closedDay)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.order}</th>
                  <th scope="col">{t.status}</th>
                  <th scope="col">{t.newDay}</th>
                  <th scope="col">{t.emailed}</th>
                </tr>
              </thead>
              <tbody>
                {report.moved.map((order) => (
                  <tr key={order.orderId}>
                    <th scope="row">
                      <Link href={`/admin/orders/${encodeURIComponent(order.orderId)}`}>
                        {order.number}
                      </Link>
                    </th>
                    <td>{statusLabels[order.status]}</td>
                    <td>{dayInWords(order.to, { year: true })}</td>
                    <td>{order.emailed ? adminPageTexts.yes : adminPageTexts.no}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Scroll>
        </Section>
      ) : null}
      {report.notMoved.length > 0 ? (
        <Notice variant="warning" title={t.notMovedTitle}>
          <ul>
            {report.notMoved.map((order) => (
              <li key={order.orderId}>
                <Link href={`/admin/orders/${encodeURIComponent(order.orderId)}`}>
                  {order.number}
                </Link>
                : {order.message}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
    </>
  );
}

function CalendarForm({
  zoneId,
  unit,
  calendar,
  onSaved,
}: {
  zoneId: number;
  unit: DeliveryUnit;
  calendar: AdminDeliveryCalendar;
  onSaved: (answer: AdminCalendarChange) => void;
}) {
  const { status, update, values, formError, busy, submit } = useAdminForm<
    CalendarFormValues,
    AdminDeliveryCalendar
  >({
    initial: () => calendarFormOf(calendar),
    check: checkCalendarForm,
    send: async (value) => onSaved(await adminApi.saveDeliveryCalendar(zoneId, value)),
  });
  const field = (name: 'cutoff' | 'leadDays' | 'horizonDays' | 'dailyCapacity') => ({
    value: values[name],
    onChange: (value: string) => update({ [name]: value }),
    ...status(name),
  });
  const weekdaysError = status('weekdays').errorMessage;
  return (
    <Form
      method="post"
      onSubmit={(event) => void submit(event)}
      aria-label={t.calendarTitle}
      noValidate
    >
      <FormSection title={t.weekdays} columns={2}>
        {weekdays.map((weekday) => (
          <Checkbox
            key={weekday}
            isSelected={values.weekdays.includes(weekday)}
            onChange={(selected) =>
              update({
                weekdays: selected
                  ? [...values.weekdays, weekday]
                  : values.weekdays.filter((w) => w !== weekday),
              })
            }
          >
            {t.weekdayNames[weekday]}
          </Checkbox>
        ))}
        {weekdaysError ? <FieldError data-span="full">{weekdaysError}</FieldError> : null}
      </FormSection>
      <Row data-align="start">
        <TextField label={t.cutoff} description={t.cutoffHelp} isRequired {...field('cutoff')} />
        <TextField
          label={t.dailyCapacity(unit)}
          inputMode="numeric"
          isRequired
          {...field('dailyCapacity')}
        />
      </Row>
      <Row data-align="start">
        <TextField label={t.leadDays} inputMode="numeric" isRequired {...field('leadDays')} />
        <TextField label={t.horizonDays} inputMode="numeric" isRequired {...field('horizonDays')} />
      </Row>
      <Checkbox
        isSelected={values.closedOnBankHolidays}
        onChange={(selected) => update({ closedOnBankHolidays: selected })}
      >
        {t.bankHolidays}
      </Checkbox>
      <FormFooter formError={formError} busy={busy} submitLabel={t.saveCalendar} />
    </Form>
  );
}

/** The zone and first day to show: kept in the address, so a link or Back shows the same. */
function ChooseForm({
  zones,
  zoneId,
  from,
  onApply,
}: {
  zones: readonly { id: number; title: string }[];
  zoneId: number;
  from: string | null;
  onApply: (zoneId: number, from: string | null) => void;
}) {
  const [zone, setZone] = useState(String(zoneId));
  const [first, setFirst] = useState(from ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = first.trim();
    const day = typed === '' ? null : adminDate(typed);
    if (typed !== '' && day === null) {
      setError(adminDateMessage('the first day'));
      return;
    }
    onApply(Number(zone), day);
  };
  return (
    <Form method="post" onSubmit={submit} aria-label={t.choose} noValidate data-wide="">
      <Row data-align="start">
        <Select
          label={t.zone}
          options={zones.map((z) => ({ id: String(z.id), label: zoneDisplayName(z.title) }))}
          selectedKey={zone}
          onSelectionChange={(key) => setZone(key === null ? zone : String(key))}
        />
        <TextField
          label={t.from}
          type="date"
          description={t.fromHelp}
          value={first}
          onChange={(value) => {
            setFirst(value);
            setError(null);
          }}
          validationState={error ? 'danger' : 'neutral'}
          errorMessage={error ?? undefined}
        />
      </Row>
      <Row>
        <Button type="submit">{t.show}</Button>
      </Row>
    </Form>
  );
}

/**
 * /admin/delivery-days: a zone's days with their room (four weeks from the day chosen); each
 * day's capacity, closing and opening it (closing moves its orders, reported here), the driver's
 * run for a day, and the zone's calendar.
 */
export default function AdminDeliveryDaysPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = deliveryDaysViewFromSearch(searchParams);
  const zonesLoad = useAdminLoad('zones', (signal) => adminApi.zones(signal));
  const zones = zonesLoad.data?.zones ?? null;
  const zoneId = view.zoneId ?? zones?.[0]?.id ?? null;
  const load = useAdminLoad(`${zoneId ?? ''}|${view.from ?? ''}`, (signal) =>
    zoneId === null
      ? Promise.resolve(null)
      : adminApi.deliveryDays(zoneId, view.from, span, signal),
  );
  const data = load.data;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [report, setReport] = useState<AdminDayChange | null>(null);
  const [closing, setClosing] = useState<AdminDeliveryDay | null>(null);

  const started = () => {
    setError(null);
    setDone(null);
    setReport(null);
  };
  const send = async (day: AdminDeliveryDay, change: DeliveryDayInput) => {
    if (zoneId === null) return;
    const answer = await adminApi.changeDeliveryDay(zoneId, day.day, change);
    setDone(answer.message);
    setReport(answer);
    load.reload();
  };
  /** Closes or opens the day; `closed` again on a closed day moves the orders still on it. */
  const toggle = async (day: AdminDeliveryDay, closed = !day.closed) => {
    setBusy(true);
    started();
    try {
      await send(day, { closed });
      setClosing(null);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminFrame title={t.title} description={t.description}>
      <LoadStatus load={zonesLoad} />
      {zones && zones.length === 0 ? <Notice variant="info">{t.noZones}</Notice> : null}
      {zones && zoneId !== null ? (
        <Section id="choose" title={t.choose}>
          <ChooseForm
            key={searchParams.toString()}
            zones={zones}
            zoneId={zoneId}
            from={view.from}
            onApply={(next, from) => {
              started();
              setSearchParams(deliveryDaysViewToSearch({ zoneId: next, from }));
            }}
          />
        </Section>
      ) : null}
      {zoneId !== null ? <LoadStatus load={load} /> : null}
      {done ? <Saved>{done}</Saved> : null}
      {error ? <ErrorNotice message={error} /> : null}
      {report ? <MovedReport report={report} /> : null}
      {closing ? (
        <Confirm
          title={t.confirmClose(closing.inWords)}
          confirmLabel={t.confirmCloseLabel}
          onConfirm={() => void toggle(closing)}
          onCancel={() => setClosing(null)}
          busy={busy}
        >
          {t.confirmCloseText(closing.orders)}
        </Confirm>
      ) : null}
      {data && zoneId !== null ? (
        <>
          <Row>
            <Link href={shiftedView(zoneId, data.days[0]?.day ?? data.today, -span)}>
              {t.earlier}
            </Link>
            <Link href={shiftedView(zoneId, data.days[0]?.day ?? data.today, span)}>{t.later}</Link>
          </Row>
          <DaysTable
            zoneTitle={data.zone.title}
            unit={data.unit}
            days={data.days}
            today={data.today}
            busy={busy}
            onCapacity={async (day, capacity) => {
              started();
              await send(day, { capacity });
            }}
            onToggle={(day) => {
              // Closing a day always asks first (issue 47): with orders, they will move and
              // customers are told; without, nobody can book it any more. Opening one does not.
              if (!day.closed) {
                started();
                setClosing(day);
              } else {
                void toggle(day);
              }
            }}
            onMoveAgain={(day) => void toggle(day, true)}
          />
          <Section id="calendar" title={t.calendarTitle}>
            <Text variant="small">{t.calendarHelp}</Text>
            {data.customCalendar ? null : <Text variant="small">{t.builtIn}</Text>}
            <CalendarForm
              key={`${zoneId}-${JSON.stringify(data.calendar)}`}
              zoneId={zoneId}
              unit={data.unit}
              calendar={data.calendar}
              onSaved={(answer) => {
                started();
                setDone(answer.message);
                load.reload();
              }}
            />
          </Section>
        </>
      ) : null}
    </AdminFrame>
  );
}
