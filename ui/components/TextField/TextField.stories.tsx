import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { TextField, type TextFieldProps } from './TextField';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Contact Name', placeholder: 'Contact Name', onChange: fn() },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    onChange: { table: { category: 'Events' } },
  },
  decorators: [
    // `parameters.maxWidth` widens it for the All matrix.
    (Story, { parameters }) => (
      <div style={{ maxWidth: (parameters.maxWidth as string | undefined) ?? '420px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { validationState: 'neutral', description: '', errorMessage: 'Name required.' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Contact Name' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Jane Doe');
    await expect(input).toHaveValue('Jane Doe');
    await expect(args.onChange).toHaveBeenLastCalledWith('Jane Doe');
  },
};

export const Neutral: Story = {};

export const WithDescription: Story = {
  args: {
    label: 'Email',
    placeholder: 'Email',
    type: 'email',
    description: 'We reply to this address.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'We reply to this address.',
    );
  },
};

/** SPEC §4: after Send, a field with an error shows the danger style and its message. */
export const Danger: Story = {
  args: {
    label: 'Email',
    placeholder: 'Email',
    defaultValue: 'jane@',
    validationState: 'danger',
    errorMessage: 'Valid email required.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Valid email required.');
    await expect(canvas.getByText('Valid email required.')).toBeVisible();
  },
};

/** SPEC §4: after Send, a field without an error shows the success style. */
export const Success: Story = {
  args: { defaultValue: 'Jane Doe', validationState: 'success', errorMessage: 'Name required.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Contact Name' });
    await expect(input).toBeValid();
    await expect(canvas.queryByText('Name required.')).toBeNull();
    await expect(input.closest('[data-state]')).toHaveAttribute('data-state', 'success');
  },
};

/** The label is visually hidden (the placeholder shows it) but still names the input. */
export const HiddenLabel: Story = {
  args: { label: 'Company Name', placeholder: 'Company Name', hideLabel: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Company Name' })).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Jane Doe' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Contact Name' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('Jane Doe');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Required: Story = {
  args: { isRequired: true, validationBehavior: 'aria' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Contact Name' })).toBeRequired();
  },
};

interface FieldRow extends MatrixAxis {
  props: TextFieldProps;
}

const fieldRows: FieldRow[] = [
  { label: 'Empty', props: { label: 'Contact Name', placeholder: 'Contact Name' } },
  { label: 'Filled', props: { label: 'Email', defaultValue: 'jane@example.com' } },
  {
    label: 'Help text',
    props: { label: 'Phone', defaultValue: '028 9000 0000', description: 'Help text.' },
  },
  {
    label: 'Danger',
    props: {
      label: 'Address',
      placeholder: 'Address',
      validationState: 'danger',
      errorMessage: 'Address required.',
    },
  },
  {
    label: 'Success',
    props: { label: 'Company Name', defaultValue: 'Acme Fuels Ltd', validationState: 'success' },
  },
  {
    label: 'Hidden label',
    props: { label: 'Hidden label', placeholder: 'Hidden label', hideLabel: true },
  },
];

interface FieldColumn extends MatrixAxis {
  props?: Partial<TextFieldProps>;
}

const fieldColumns: FieldColumn[] = [
  defaultState,
  hoverState,
  focusState,
  { label: 'Disabled', props: { isDisabled: true } },
];

/**
 * Every variant in every state, for design review and the visual baseline. Hover and Focus are
 * static previews (ui/theme/previewState.ts); the other columns are the real props.
 */
export const All: Story = {
  parameters: { maxWidth: 'none' },
  render: () => (
    <StateMatrix
      caption="TextField: variants by state"
      rowsLabel="Variant"
      rows={fieldRows}
      columns={fieldColumns}
      renderCell={(row, column) => <TextField {...row.props} {...column.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: fieldColumns.map((column) => column.label),
      rows: fieldRows.map((row) => row.label),
    });
    const control = (row: string, column: string) =>
      within(getMatrixCell(canvasElement, row, column)).getByRole('textbox', { name: /./ });
    const look = (row: string, column: string) => getComputedStyle(control(row, column));

    await expect(look('Empty', 'Hover').borderColor).not.toBe(look('Empty', 'Default').borderColor);
    await expect(look('Empty', 'Default').outlineStyle).toBe('none');
    await expect(look('Empty', 'Focus').outlineStyle).toBe('solid');
    await expect(control('Empty', 'Disabled')).toBeDisabled();
    // The previews only look the part: nothing is really focused.
    await expect(control('Empty', 'Focus')).not.toHaveFocus();
  },
};
