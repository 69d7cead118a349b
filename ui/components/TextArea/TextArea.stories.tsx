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
import { TextArea, type TextAreaProps } from './TextArea';

const meta = {
  title: 'Components/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'Enquiry', placeholder: 'Enquiry', onChange: fn() },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    rows: { control: { type: 'number', min: 2, max: 12 } },
    onChange: { table: { category: 'Events' } },
  },
  decorators: [
    // `parameters.maxWidth` widens it for the All matrix.
    (Story, { parameters }) => (
      <div style={{ maxWidth: (parameters.maxWidth as string | undefined) ?? '480px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { validationState: 'neutral', rows: 5, errorMessage: 'Enquiry required.' },
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('textbox', { name: 'Enquiry' });
    await expect(box.tagName).toBe('TEXTAREA');
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard('Two pallets of bagged coal,{Enter}delivered to Lisburn.');
    await expect(box).toHaveValue('Two pallets of bagged coal,\ndelivered to Lisburn.');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      'Two pallets of bagged coal,\ndelivered to Lisburn.',
    );
  },
};

export const Danger: Story = {
  args: { validationState: 'danger', errorMessage: 'Enquiry required.' },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Enquiry' });
    await expect(box).toBeInvalid();
    await expect(box).toHaveAccessibleDescription('Enquiry required.');
  },
};

export const Success: Story = {
  args: { validationState: 'success', defaultValue: 'Please call me about wood pellets.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Enquiry' })).toBeValid();
  },
};

export const HiddenLabel: Story = { args: { hideLabel: true } };

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Sent.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Enquiry' })).toBeDisabled();
  },
};

interface FieldRow extends MatrixAxis {
  props: TextAreaProps;
}

const fieldRows: FieldRow[] = [
  { label: 'Empty', props: { label: 'Enquiry', placeholder: 'Enquiry', rows: 3 } },
  {
    label: 'Danger',
    props: {
      label: 'Enquiry',
      rows: 3,
      validationState: 'danger',
      errorMessage: 'Enquiry required.',
    },
  },
  {
    label: 'Success',
    props: {
      label: 'Enquiry',
      rows: 3,
      validationState: 'success',
      defaultValue: 'Please call me about wood pellets.',
    },
  },
];

interface FieldColumn extends MatrixAxis {
  props?: Partial<TextAreaProps>;
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
      caption="TextArea: variants by state"
      rowsLabel="Variant"
      rows={fieldRows}
      columns={fieldColumns}
      renderCell={(row, column) => <TextArea {...row.props} {...column.props} />}
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
