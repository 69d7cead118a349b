import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { DayPicker, type DayPickerOption, type DayPickerProps } from './DayPicker';

/** Two weeks of delivery days in December, Wednesday fully booked. */
const days: DayPickerOption[] = [
  {
    value: '2026-12-08',
    label: 'Tuesday 8 December',
    weekday: 'Tue',
    date: '8 Dec',
    note: 'Earliest',
  },
  {
    value: '2026-12-09',
    label: 'Wednesday 9 December',
    weekday: 'Wed',
    date: '9 Dec',
    note: 'Full',
    isDisabled: true,
  },
  { value: '2026-12-10', label: 'Thursday 10 December', weekday: 'Thu', date: '10 Dec' },
  { value: '2026-12-11', label: 'Friday 11 December', weekday: 'Fri', date: '11 Dec' },
  { value: '2026-12-14', label: 'Monday 14 December', weekday: 'Mon', date: '14 Dec' },
  { value: '2026-12-15', label: 'Tuesday 15 December', weekday: 'Tue', date: '15 Dec' },
  { value: '2026-12-16', label: 'Wednesday 16 December', weekday: 'Wed', date: '16 Dec' },
];

const meta = {
  title: 'Components/DayPicker',
  component: DayPicker,
  tags: ['autodocs'],
  args: {
    label: 'Delivery day',
    description:
      'Standard delivery: one of the first five delivery days. Full days cannot be chosen.',
    options: days,
    value: '2026-12-08',
    name: 'deliveryDay',
    onChange: fn(),
  },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    onChange: { table: { category: 'Events' } },
  },
  render: function ControlledDayPicker(args: DayPickerProps) {
    const [value, setValue] = useState(args.value);
    return (
      <DayPicker
        {...args}
        value={value}
        onChange={(day) => {
          setValue(day);
          args.onChange?.(day);
        }}
      />
    );
  },
} satisfies Meta<typeof DayPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A click chooses a day; the full day is shown but cannot be chosen. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Delivery day' });
    await expect(group).toHaveAccessibleDescription(/Standard delivery/);
    const earliest = canvas.getByRole('radio', { name: 'Tuesday 8 December, Earliest' });
    await expect(earliest).toBeChecked();
    const full = canvas.getByRole('radio', { name: 'Wednesday 9 December, Full' });
    await expect(full).toBeDisabled();
    await userEvent.click(canvas.getByText('10 Dec'));
    await expect(canvas.getByRole('radio', { name: 'Thursday 10 December' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('2026-12-10');
    await expect(earliest).not.toBeChecked();
    // A click on the full day changes nothing.
    await userEvent.click(canvas.getByText('9 Dec'), { pointerEventsCheck: 0 });
    await expect(args.onChange).toHaveBeenCalledOnce();
  },
};

/** Tab reaches the chosen day; the arrow keys move the choice, past the full day. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    const earliest = canvas.getByRole('radio', { name: 'Tuesday 8 December, Earliest' });
    await waitFor(() => expect(earliest).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    const thursday = canvas.getByRole('radio', { name: 'Thursday 10 December' });
    await waitFor(() => expect(thursday).toHaveFocus());
    await expect(thursday).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('2026-12-10');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(earliest).toBeChecked());
  },
};

/** The chosen day is a form field: a plain form posts it (before and without script too). */
export const InAForm: Story = {
  render: (args) => (
    <form aria-label="Checkout" onSubmit={(event) => event.preventDefault()}>
      <DayPicker {...args} value="2026-12-11" />
    </form>
  ),
  play: async ({ canvas }) => {
    const form = canvas.getByRole('form', { name: 'Checkout' });
    if (!(form instanceof HTMLFormElement)) throw new Error('no form');
    await expect(new FormData(form).get('deliveryDay')).toBe('2026-12-11');
    const radios = canvas.getAllByRole('radio');
    await expect(radios).toHaveLength(days.length);
    for (const radio of radios) await expect(radio).toHaveAttribute('name', 'deliveryDay');
  },
};

/** While the order is being sent the days can be seen but not changed. */
export const ReadOnly: Story = {
  args: { isReadOnly: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByText('10 Dec'));
    await expect(canvas.getByRole('radio', { name: 'Tuesday 8 December, Earliest' })).toBeChecked();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** The shop refused the day (it filled up meanwhile): the message is shown under the days. */
export const Invalid: Story = {
  args: {
    validationState: 'danger',
    value: null,
    errorMessage:
      'Wednesday 9 December is now fully booked. The next free delivery day is Thursday 10 December: please choose a day again.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/is now fully booked/)).toBeVisible();
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).not.toBeChecked();
    await expect(canvas.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
  },
};

const dayRows = [
  { label: 'Chosen', props: { value: '2026-12-08' } },
  { label: 'Not chosen', props: { value: '2026-12-10' } },
  { label: 'Full', props: { value: null } },
] as const satisfies readonly (MatrixAxis & { props: Partial<DayPickerProps> })[];
const dayColumns = [
  defaultState,
  hoverState,
  focusState,
  { label: 'Invalid', props: { validationState: 'danger' } },
] as const satisfies readonly (MatrixAxis & { props?: Partial<DayPickerProps> })[];
const cellDay: Record<(typeof dayRows)[number]['label'], DayPickerOption> = {
  Chosen: days[0] as DayPickerOption,
  'Not chosen': days[0] as DayPickerOption,
  Full: days[1] as DayPickerOption,
};

/** One day card in each state: chosen, not chosen and full, by interaction state. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="DayPicker: a day by state"
      rowsLabel="Day"
      rows={dayRows}
      columns={dayColumns}
      renderCell={(row, column) => (
        <DayPicker
          label={`${row.label}, ${column.label}`}
          options={[cellDay[row.label]]}
          {...row.props}
          {...('props' in column ? column.props : {})}
        />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: dayColumns.map((column) => column.label),
      rows: dayRows.map((row) => row.label),
    });
    const radio = (row: string, column: string) =>
      within(getMatrixCell(canvasElement, row, column)).getByRole('radio');
    const card = (row: string, column: string) => {
      const label = radio(row, column).closest('label');
      if (!label) throw new Error(`no card at ${row}, ${column}`);
      return getComputedStyle(label);
    };
    await expect(radio('Chosen', 'Default')).toBeChecked();
    await expect(radio('Not chosen', 'Default')).not.toBeChecked();
    await expect(radio('Full', 'Default')).toBeDisabled();
    await expect(card('Chosen', 'Default').backgroundColor).not.toBe(
      card('Not chosen', 'Default').backgroundColor,
    );
    await expect(card('Not chosen', 'Hover').borderColor).not.toBe(
      card('Not chosen', 'Default').borderColor,
    );
    await expect(card('Full', 'Hover').borderColor).toBe(card('Full', 'Default').borderColor);
    await expect(card('Not chosen', 'Focus').outlineStyle).toBe('solid');
    await expect(card('Not chosen', 'Invalid').borderColor).not.toBe(
      card('Not chosen', 'Default').borderColor,
    );
  },
};
