import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { CartLine, type CartLineProps } from './CartLine';

const coal = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 80 80'><rect width='80' height='80' fill='#F7F6F2'/><circle cx='40' cy='44' r='22' fill='#1A1A1A'/></svg>",
)}`;

const meta = {
  title: 'Components/CartLine',
  component: CartLine,
  tags: ['autodocs'],
  args: {
    title: 'Premium House Coal',
    size: '40kg bag',
    imageSrc: coal,
    unitPence: 2495,
    quantity: 2,
    lineTotalPence: 4990,
    onDecrement: fn(),
    onIncrement: fn(),
    onRemove: fn(),
  },
  argTypes: {
    onDecrement: { table: { category: 'Events' } },
    onIncrement: { table: { category: 'Events' } },
    onRemove: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof CartLine>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const line = canvas.getByRole('article', { name: 'Premium House Coal' });
    await expect(line).toHaveTextContent('40kg bag');
    await expect(line).toHaveTextContent('£24.95each');
    await expect(line).toHaveTextContent('Total: £49.90');
    await expect(within(line).getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    await userEvent.click(
      canvas.getByRole('button', { name: 'One fewer Premium House Coal, 40kg bag' }),
    );
    await expect(args.onDecrement).toHaveBeenCalledOnce();
    await userEvent.click(
      canvas.getByRole('button', { name: 'One more Premium House Coal, 40kg bag' }),
    );
    await expect(args.onIncrement).toHaveBeenCalledOnce();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Remove Premium House Coal, 40kg bag from your cart' }),
    );
    await expect(args.onRemove).toHaveBeenCalledOnce();
  },
};

/** Keyboard only: Tab through one fewer, one more and Remove, in reading order. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /^One fewer/ })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /^One more/ })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /^Remove/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledOnce();
  },
};

/** At the most one line may hold, + is disabled; − and Remove still work. */
export const AtLimit: Story = {
  args: { quantity: 20, lineTotalPence: 49900, canIncrement: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^One more/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /^One fewer/ })).toBeEnabled();
  },
};

/** Without a photo a cart icon stands in; without a size no size line shows. */
export const NoImageNoSize: Story = {
  args: {
    title: 'Kiln Dried Kindling',
    size: null,
    imageSrc: null,
    unitPence: 350,
    quantity: 1,
    lineTotalPence: 350,
  },
  play: async ({ canvas }) => {
    const line = canvas.getByRole('article', { name: 'Kiln Dried Kindling' });
    await expect(line.querySelector('img')).toBeNull();
    await expect(
      canvas.getByRole('button', { name: 'Remove Kiln Dried Kindling from your cart' }),
    ).toBeVisible();
  },
};

export const WithoutIncrement: Story = {
  args: { onIncrement: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /^One more/ })).toBeNull();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** Stepping the quantity with a parent that owns it, as the cart page does. */
export const Interactive: Story = {
  render: function Render(args) {
    const [quantity, setQuantity] = useState(1);
    return quantity === 0 ? (
      <p>Removed.</p>
    ) : (
      <CartLine
        {...args}
        quantity={quantity}
        lineTotalPence={args.unitPence * quantity}
        onDecrement={() => setQuantity((q) => q - 1)}
        onIncrement={() => setQuantity((q) => q + 1)}
        onRemove={() => setQuantity(0)}
      />
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^One more/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^One more/ }));
    await expect(canvas.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3');
    await expect(canvas.getByRole('article')).toHaveTextContent('Total: £74.85');
    await userEvent.click(canvas.getByRole('button', { name: /^One fewer/ }));
    await expect(canvas.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    await userEvent.click(canvas.getByRole('button', { name: /^Remove/ }));
    await expect(canvas.getByText('Removed.')).toBeVisible();
  },
};

const noop = () => {};

interface CartLineRow extends MatrixAxis {
  props: CartLineProps;
}

const cartLineRows: CartLineRow[] = [
  {
    label: 'With picture and size',
    props: {
      title: 'Premium House Coal',
      size: '40kg bag',
      imageSrc: coal,
      unitPence: 2495,
      quantity: 2,
      lineTotalPence: 4990,
      onDecrement: noop,
      onIncrement: noop,
      onRemove: noop,
    },
  },
  {
    label: 'No picture',
    props: {
      title: 'Kerosene Heating Oil',
      size: '500 Litres',
      unitPence: 30500,
      quantity: 1,
      lineTotalPence: 30500,
      onDecrement: noop,
      onIncrement: noop,
      onRemove: noop,
    },
  },
  {
    label: 'At the limit',
    props: {
      title: 'Smokeless Ovals',
      size: '25kg bag',
      imageSrc: coal,
      unitPence: 1895,
      quantity: 20,
      lineTotalPence: 37900,
      canIncrement: false,
      onDecrement: noop,
      onIncrement: noop,
      onRemove: noop,
    },
  },
  {
    label: 'Disabled, no size',
    props: {
      title: 'Kiln Dried Kindling',
      unitPence: 350,
      quantity: 3,
      lineTotalPence: 1050,
      isDisabled: true,
      onDecrement: noop,
      onRemove: noop,
    },
  },
];

const cartLineColumn: MatrixAxis = { label: 'CartLine' };

/**
 * Every variant, labelled, for design review and the visual baseline. Its buttons are Buttons:
 * their hover, focus and pressed looks are in the Button matrix.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="CartLine: variants"
      rowsLabel="Variant"
      rows={cartLineRows}
      columns={[cartLineColumn]}
      fill
      renderCell={(row) => <CartLine {...row.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [cartLineColumn.label],
      rows: cartLineRows.map((row) => row.label),
    });
    await expect(
      getMatrixCell(canvasElement, 'Disabled, no size', cartLineColumn.label),
    ).toHaveTextContent(/Kiln Dried Kindling/);
  },
};
