import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Price, type PriceSize } from './Price';

const meta = {
  title: 'Components/Price',
  component: Price,
  tags: ['autodocs'],
  args: { pence: 1234 },
  argTypes: {
    pence: { control: { type: 'number', step: 1 }, description: 'Whole pence' },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Price>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { pence: 1234, prefix: 'from', size: 'md' },
};

export const Default: Story = {
  args: { pence: 1234 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const amount = canvas.getByText('£12.34');
    await expect(amount).toBeVisible();
    await expect(amount).toHaveAttribute('value', '12.34');
  },
};

export const FromPrice: Story = {
  args: { pence: 1650, prefix: 'from' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('from£16.50');
    await expect(within(canvasElement).getByText('from')).toBeVisible();
  },
};

export const WithSuffix: Story = {
  args: { pence: 1950, suffix: 'per 40kg bag' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('£19.50')).toBeVisible();
    await expect(within(canvasElement).getByText('per 40kg bag')).toBeVisible();
  },
};

export const Small: Story = { args: { pence: 899, size: 'sm' } };
export const Large: Story = { args: { pence: 45900, size: 'lg', prefix: 'from' } };

export const Zero: Story = {
  args: { pence: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('£0.00')).toBeVisible();
  },
};

export const ThousandsSeparator: Story = {
  args: { pence: 123456 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('£1,234.56')).toBeVisible();
  },
};

const sizes: PriceSize[] = ['sm', 'md', 'lg'];
const amounts = [
  { pence: 1234, prefix: undefined, suffix: undefined },
  { pence: 1650, prefix: 'from', suffix: undefined },
  { pence: 1950, prefix: undefined, suffix: 'per bag' },
  { pence: 45900, prefix: 'from', suffix: 'for 900 litres' },
];

interface AmountRow extends MatrixAxis {
  amount: (typeof amounts)[number];
}

const amountRows: AmountRow[] = amounts.map((amount) => ({
  label: [amount.prefix, `${amount.pence}p`, amount.suffix].filter(Boolean).join(' '),
  amount,
}));

interface SizeColumn extends MatrixAxis {
  size: PriceSize;
}

const sizeColumns: SizeColumn[] = sizes.map((size) => ({ label: size, size }));

/** Every size against every combination of prefix and suffix. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Price: amounts by size"
      rowsLabel="Amount"
      rows={amountRows}
      columns={sizeColumns}
      renderCell={(row, column) => <Price {...row.amount} size={column.size} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: sizes,
      rows: amountRows.map((row) => row.label),
    });
    await expect(within(canvasElement).getAllByText('£12.34')).toHaveLength(sizes.length);
    await expect(
      getMatrixCell(canvasElement, 'from 45900p for 900 litres', 'lg'),
    ).toHaveTextContent('£459.00');
  },
};
