import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Select, type SelectOption, type SelectProps } from './Select';

const products: SelectOption[] = [
  { id: 'house-coal', label: 'House Coal 40kg' },
  { id: 'smokeless', label: 'Smokeless Ovals 25kg' },
  { id: 'kindling', label: 'Kindling Sticks' },
  { id: 'briquettes', label: 'Hayes Lignite Briquettes', disabled: true },
];

const quantities: SelectOption[] = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  label: String(i + 1),
}));

const meta = {
  title: 'Components/Select',
  component: Select,
  tags: ['autodocs'],
  args: { label: 'Product', options: products, onSelectionChange: fn() },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    onSelectionChange: { table: { category: 'Events' } },
  },
  decorators: [
    // `parameters.maxWidth` widens it for the All matrix.
    (Story, { parameters }) => (
      <div
        style={{ maxWidth: (parameters.maxWidth as string | undefined) ?? '360px', minHeight: 260 }}
      >
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { placeholder: 'Select a product', validationState: 'neutral', isDisabled: false },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: /Product/ });
    await expect(trigger).toHaveTextContent('Select a product');
    // Mouse: open and pick.
    await userEvent.click(trigger);
    const listbox = await screen.findByRole('listbox');
    await expect(listbox).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: 'Smokeless Ovals 25kg' }));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('smokeless');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(trigger).toHaveTextContent('Smokeless Ovals 25kg');
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Arrow keys open the list and move through it; Enter picks; Escape closes without a change. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: /Product/ });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(await screen.findByRole('listbox')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'House Coal 40kg' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('kindling');
    await expect(trigger).toHaveTextContent('Kindling Sticks');
    // react-aria gives focus back to the trigger after the list closes, a frame later.
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{ArrowDown}');
    await expect(await screen.findByRole('listbox')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onSelectionChange).toHaveBeenCalledOnce();
  },
};

/** A disabled option cannot be chosen (e.g. out of stock). */
export const DisabledOption: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Product/ }));
    const option = await screen.findByRole('option', { name: 'Hayes Lignite Briquettes' });
    await expect(option).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(option);
    await expect(args.onSelectionChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
  },
};

export const Controlled: Story = {
  args: { label: 'Quantity', options: quantities },
  render: function ControlledSelect(args) {
    const [quantity, setQuantity] = useState<Key | null>(1);
    return (
      <>
        <Select
          {...args}
          selectedKey={quantity}
          onSelectionChange={(key) => {
            args.onSelectionChange?.(key);
            setQuantity(key);
          }}
        />
        <p>Quantity: {String(quantity)}</p>
      </>
    );
  },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /Quantity/ });
    await expect(trigger).toHaveTextContent('1');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: '3' }));
    await expect(canvas.getByText('Quantity: 3')).toBeVisible();
  },
};

/** A single size is shown but cannot be changed (SPEC §2: "disabled when only one size exists"). */
export const Disabled: Story = {
  args: {
    label: 'Size',
    options: [{ id: '25kg', label: '25kg bag' }],
    defaultSelectedKey: '25kg',
    isDisabled: true,
  },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /Size/ });
    await expect(trigger).toBeDisabled();
    await expect(trigger).toHaveTextContent('25kg bag');
  },
};

export const Danger: Story = {
  args: { validationState: 'danger', errorMessage: 'Please choose a product.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Please choose a product.')).toBeVisible();
  },
};

export const Success: Story = {
  args: { validationState: 'success', defaultSelectedKey: 'house-coal' },
};

interface SelectRow extends MatrixAxis {
  props: SelectProps;
}

const selectRows: SelectRow[] = [
  { label: 'Placeholder', props: { label: 'Product', options: products } },
  {
    label: 'Selected',
    props: { label: 'Product', options: products, defaultSelectedKey: 'smokeless' },
  },
  {
    label: 'Danger',
    props: {
      label: 'Product',
      options: products,
      validationState: 'danger',
      errorMessage: 'Please choose a product.',
    },
  },
  {
    label: 'Success',
    props: {
      label: 'Quantity',
      options: quantities,
      defaultSelectedKey: 2,
      validationState: 'success',
    },
  },
];

interface SelectColumn extends MatrixAxis {
  props?: Partial<SelectProps>;
}

const selectColumns: SelectColumn[] = [
  defaultState,
  hoverState,
  focusState,
  { label: 'Disabled', props: { isDisabled: true } },
];

/**
 * Every variant in every state, for design review and the visual baseline. Hover and Focus are
 * static previews (ui/theme/previewState.ts); Disabled is the real prop.
 */
export const All: Story = {
  parameters: { maxWidth: 'none' },
  render: () => (
    <StateMatrix
      caption="Select: variants by state"
      rowsLabel="Variant"
      rows={selectRows}
      columns={selectColumns}
      renderCell={(row, column) => <Select {...row.props} {...column.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: selectColumns.map((column) => column.label),
      rows: selectRows.map((row) => row.label),
    });
    const trigger = (row: string, column: string) =>
      within(getMatrixCell(canvasElement, row, column)).getByRole('button');
    const look = (row: string, column: string) => getComputedStyle(trigger(row, column));
    await expect(look('Placeholder', 'Hover').borderColor).not.toBe(
      look('Placeholder', 'Default').borderColor,
    );
    await expect(look('Placeholder', 'Default').outlineStyle).toBe('none');
    await expect(look('Placeholder', 'Focus').outlineStyle).toBe('solid');
    await expect(trigger('Placeholder', 'Disabled')).toBeDisabled();
    await expect(trigger('Selected', 'Default')).toHaveTextContent('Smokeless Ovals 25kg');
  },
};
