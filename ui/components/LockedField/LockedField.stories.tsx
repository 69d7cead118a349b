import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Link } from '../Link';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { LockedField, type LockedFieldProps } from './LockedField';

const meta = {
  title: 'Components/LockedField',
  component: LockedField,
  tags: ['autodocs'],
  args: {
    label: 'Postcode',
    value: 'BT1 1AA',
    description: 'Prices and delivery were checked for this postcode.',
    action: <Link href="#cart">Change</Link>,
  },
  decorators: [
    // `parameters.maxWidth` widens it for the All matrix.
    (Story, { parameters }) => (
      <div style={{ maxWidth: (parameters.maxWidth as string | undefined) ?? '420px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LockedField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Read-only: it can be focused and read, not changed; the link says where to change it. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    await expect(input).toHaveValue('BT1 1AA');
    await expect(input).toHaveAttribute('readonly');
    await expect(input).toHaveAccessibleDescription(
      'Prices and delivery were checked for this postcode.',
    );
    await userEvent.type(input, 'X');
    await expect(input).toHaveValue('BT1 1AA');
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Change' })).toHaveFocus();
  },
};

export const WithoutAction: Story = {
  args: { action: undefined, description: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

interface LockedRow extends MatrixAxis {
  props: LockedFieldProps;
}

const lockedRows: LockedRow[] = [
  {
    label: 'Description and action',
    props: {
      label: 'Postcode',
      value: 'BT1 1AA',
      description: 'Prices and delivery were checked for this postcode.',
      action: <Link href="#cart">Change</Link>,
    },
  },
  { label: 'Value only', props: { label: 'Delivery zone', value: 'Northern Ireland' } },
];

const lockedColumns: MatrixAxis[] = [defaultState, hoverState, focusState];

/**
 * For design review and the visual baseline. Hover and Focus are static previews
 * (ui/theme/previewState.ts) of everything in the cell: the locked value has a focus ring and no
 * hover look of its own; the Change link has both.
 */
export const All: Story = {
  parameters: { maxWidth: 'none' },
  render: () => (
    <StateMatrix
      caption="LockedField: variants by state"
      rowsLabel="Variant"
      rows={lockedRows}
      columns={lockedColumns}
      renderCell={(row) => <LockedField {...row.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: lockedColumns.map((column) => column.label),
      rows: lockedRows.map((row) => row.label),
    });
    const cell = (column: string) =>
      within(getMatrixCell(canvasElement, 'Description and action', column));
    const look = (column: string, role: 'textbox' | 'link') =>
      getComputedStyle(cell(column).getByRole(role));
    await expect(look('Default', 'textbox').outlineStyle).toBe('none');
    await expect(look('Focus', 'textbox').outlineStyle).toBe('solid');
    await expect(look('Hover', 'link').color).not.toBe(look('Default', 'link').color);
    await expect(cell('Default').getByRole('textbox')).toHaveAttribute('readonly');
  },
};
