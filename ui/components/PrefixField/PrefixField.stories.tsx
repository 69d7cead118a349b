import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { PrefixField, type PrefixFieldProps } from './PrefixField';

const meta = {
  title: 'Components/PrefixField',
  component: PrefixField,
  tags: ['autodocs'],
  args: { label: 'Postcode', prefix: 'BT', placeholder: '1 1AA', onChange: fn() },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    onChange: { table: { category: 'Events' } },
  },
  decorators: [
    // `parameters.maxWidth` widens it for the All matrix.
    (Story, { parameters }) => (
      <div style={{ maxWidth: (parameters.maxWidth as string | undefined) ?? '320px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PrefixField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { validationState: 'neutral', errorMessage: 'Invalid postcode.' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    // The prefix is shown beside the input and described to screen readers, not typed.
    await expect(canvas.getByText('BT')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('Starts with BT');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('71AB');
    await expect(input).toHaveValue('71AB');
    await expect(args.onChange).toHaveBeenLastCalledWith('71AB');
  },
};

/** The order form locks the postcode while one is set (SPEC §4). */
export const ReadOnly: Story = {
  args: { isReadOnly: true, defaultValue: '71AB' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    await expect(input).toHaveAttribute('readonly');
    await userEvent.type(input, 'X');
    await expect(input).toHaveValue('71AB');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '71AB' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Postcode' })).toBeDisabled();
  },
};

export const Danger: Story = {
  args: { validationState: 'danger', defaultValue: '7', errorMessage: 'Invalid postcode.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Invalid postcode. Starts with BT');
  },
};

export const Success: Story = {
  args: { validationState: 'success', defaultValue: '71AB' },
};

/**
 * The order form's pattern: locked while a postcode is set, with a link-style button that
 * toggles between "Change postcode?" and "Cancel postcode change".
 */
export const ChangePostcode: Story = {
  render: function ChangePostcodeStory(args) {
    const [locked, setLocked] = useState(true);
    return (
      <div style={{ display: 'grid', gap: '0.5rem', justifyItems: 'start' }}>
        <PrefixField {...args} isReadOnly={locked} defaultValue="71AB" />
        <Button variant="link" onPress={() => setLocked((value) => !value)}>
          {locked ? 'Change postcode?' : 'Cancel postcode change'}
        </Button>
      </div>
    );
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    await expect(input).toHaveAttribute('readonly');
    await userEvent.click(canvas.getByRole('button', { name: 'Change postcode?' }));
    await expect(input).not.toHaveAttribute('readonly');
    await userEvent.clear(input);
    await userEvent.type(input, '11AA');
    await expect(input).toHaveValue('11AA');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel postcode change' }));
    await expect(input).toHaveAttribute('readonly');
  },
};

interface FieldRow extends MatrixAxis {
  props: PrefixFieldProps;
}

const fieldRows: FieldRow[] = [
  { label: 'Empty', props: { label: 'Postcode', prefix: 'BT', placeholder: '1 1AA' } },
  { label: 'Filled', props: { label: 'Postcode', prefix: 'BT', defaultValue: '71AB' } },
  {
    label: 'Danger',
    props: {
      label: 'Postcode',
      prefix: 'BT',
      defaultValue: '7',
      validationState: 'danger',
      errorMessage: 'Invalid postcode.',
    },
  },
  {
    label: 'Success',
    props: { label: 'Postcode', prefix: 'BT', defaultValue: '71AB', validationState: 'success' },
  },
];

interface FieldColumn extends MatrixAxis {
  props?: Partial<PrefixFieldProps>;
}

const fieldColumns: FieldColumn[] = [
  defaultState,
  hoverState,
  focusState,
  { label: 'Read-only (locked)', props: { isReadOnly: true } },
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
      caption="PrefixField: variants by state"
      rowsLabel="Variant"
      rows={fieldRows}
      columns={fieldColumns}
      renderCell={(row, column) => <PrefixField {...row.props} {...column.props} />}
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

    await expect(look('Filled', 'Hover').borderColor).not.toBe(
      look('Filled', 'Default').borderColor,
    );
    await expect(look('Filled', 'Default').outlineStyle).toBe('none');
    await expect(look('Filled', 'Focus').outlineStyle).toBe('solid');
    await expect(control('Filled', 'Disabled')).toBeDisabled();
    // The previews only look the part: nothing is really focused.
    await expect(control('Filled', 'Focus')).not.toHaveFocus();
  },
};
