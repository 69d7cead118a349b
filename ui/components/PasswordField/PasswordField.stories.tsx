import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { PasswordField, type PasswordFieldProps } from './PasswordField';

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'Password', autoComplete: 'current-password' },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Hidden as typed; Show password reveals it, Hide password hides it again. */
export const ShowAndHide: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'turf smoke');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('turf smoke');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Invalid: Story = {
  args: { validationState: 'danger', errorMessage: 'Password must be at least 8 characters.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Password must be at least 8 characters.');
  },
};

interface PasswordRow extends MatrixAxis {
  props: PasswordFieldProps;
}

const passwordRows: PasswordRow[] = [
  { label: 'Empty', props: { label: 'Password' } },
  {
    label: 'Help text',
    props: {
      label: 'New password',
      autoComplete: 'new-password',
      description: 'At least 8 characters.',
    },
  },
  {
    label: 'Danger',
    props: {
      label: 'Password',
      validationState: 'danger',
      errorMessage: 'Password must be at least 8 characters.',
    },
  },
  { label: 'Success', props: { label: 'Password', validationState: 'success' } },
];

interface PasswordColumn extends MatrixAxis {
  props?: Partial<PasswordFieldProps>;
}

const passwordColumns: PasswordColumn[] = [
  defaultState,
  hoverState,
  focusState,
  { label: 'Disabled', props: { isDisabled: true } },
];

/**
 * Designers: neutral, with help text, invalid and valid, in each state. Hover and Focus are
 * static previews (ui/theme/previewState.ts) of everything in the cell, the input and its
 * Show password button alike; Disabled is the real prop.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="PasswordField: variants by state"
      rowsLabel="Variant"
      rows={passwordRows}
      columns={passwordColumns}
      fill
      renderCell={(row, column) => <PasswordField {...row.props} {...column.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: passwordColumns.map((column) => column.label),
      rows: passwordRows.map((row) => row.label),
    });
    // Every field has its Show password button.
    await expect(within(canvasElement).getAllByRole('button')).toHaveLength(
      passwordRows.length * passwordColumns.length,
    );
    const input = (row: string, column: string) =>
      within(getMatrixCell(canvasElement, row, column)).getByLabelText(/password/i, {
        selector: 'input',
      });
    const look = (row: string, column: string) => getComputedStyle(input(row, column));
    await expect(look('Empty', 'Hover').borderColor).not.toBe(look('Empty', 'Default').borderColor);
    await expect(look('Empty', 'Default').outlineStyle).toBe('none');
    await expect(look('Empty', 'Focus').outlineStyle).toBe('solid');
    await expect(input('Empty', 'Disabled')).toBeDisabled();
    await expect(input('Danger', 'Default')).toHaveAttribute('aria-invalid', 'true');
  },
};
