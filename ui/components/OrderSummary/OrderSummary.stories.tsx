import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactElement } from 'react';
import { expect, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { OrderSummary, vatPercent, type OrderSummaryProps } from './OrderSummary';

/** 500 L of kerosene to a BT postcode: one line, free delivery, VAT at 5 % included. */
const oil = {
  lines: [
    {
      title: 'Kerosene Heating Oil',
      sizeTitle: '500 Litres',
      quantity: 1,
      unitPrice: 30500,
      lineTotal: 30500,
    },
  ],
  subtotal: 30500,
  deliveryCharge: 0,
  vatAdjustment: 0,
  vatBreakdown: [{ rate: 500, amount: 1452 }],
  total: 30500,
};

/** 3 × 900 L without the domestic-use declaration: 20 % VAT, the difference on its own line. */
const aboveTheLimit = {
  lines: [
    {
      title: 'Kerosene Heating Oil',
      sizeTitle: '900 Litres',
      quantity: 3,
      unitPrice: 52000,
      lineTotal: 156000,
    },
  ],
  subtotal: 156000,
  deliveryCharge: 0,
  vatAdjustment: 22286,
  vatBreakdown: [{ rate: 2000, amount: 29714 }],
  total: 178286,
};

const coal = {
  lines: [
    {
      title: 'Premium House Coal',
      sizeTitle: '40kg bag',
      quantity: 2,
      unitPrice: 2495,
      lineTotal: 4990,
    },
    { title: 'Kiln Dried Kindling', sizeTitle: null, quantity: 3, unitPrice: 350, lineTotal: 1050 },
  ],
  subtotal: 6040,
  deliveryCharge: 1500,
  vatAdjustment: 0,
  vatBreakdown: [
    { rate: 500, amount: 288 },
    { rate: 2000, amount: 175 },
  ],
  total: 7540,
};

/** The width of the checkout page's summary column. */
const narrow = (Story: () => ReactElement) => (
  <div style={{ maxWidth: 420 }}>
    <Story />
  </div>
);

const meta = {
  title: 'Components/OrderSummary',
  component: OrderSummary,
  tags: ['autodocs'],
  args: oil,
} satisfies Meta<typeof OrderSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  decorators: [narrow],
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('region', { name: 'Order summary' });
    const items = within(summary).getByRole('list', { name: 'Items' });
    await expect(within(items).getAllByRole('listitem')).toHaveLength(1);
    await expect(items).toHaveTextContent('Kerosene Heating Oil, 500 Litres');
    await expect(items).toHaveTextContent('1 × £305.00');
    await expect(summary).toHaveTextContent('DeliveryFree');
    await expect(summary).toHaveTextContent('Total£305.00');
    await expect(summary).toHaveTextContent('Includes VAT at 5%£14.52');
    // No adjustment line when there is nothing to adjust.
    await expect(summary).not.toHaveTextContent('no domestic-use declaration');
  },
};

/** Above HMRC's automatic limits without the declaration: the 20 % line shows before the total. */
export const WithVatAdjustment: Story = {
  decorators: [narrow],
  args: aboveTheLimit,
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('region', { name: 'Order summary' });
    await expect(summary).toHaveTextContent(
      'VAT at 20% (no domestic-use declaration)£222.86Total£1,782.86',
    );
    await expect(summary).toHaveTextContent('Includes VAT at 20%£297.14');
  },
};

/** Priority (next-day) delivery: its surcharge on its own line, its VAT with the fuel's. */
export const WithPriorityDelivery: Story = {
  decorators: [narrow],
  args: {
    ...oil,
    prioritySurcharge: 2500,
    vatBreakdown: [{ rate: 500, amount: 1571 }],
    total: 33000,
  },
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('region', { name: 'Order summary' });
    await expect(summary).toHaveTextContent(
      'DeliveryFreePriority delivery (next day)£25.00Total£330.00',
    );
    await expect(summary).toHaveTextContent('Includes VAT at 5%£15.71');
  },
};

/** Several lines, a delivery charge and VAT at two rates. */
export const SeveralRates: Story = {
  decorators: [narrow],
  args: coal,
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('region', { name: 'Order summary' });
    await expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    await expect(summary).toHaveTextContent('Kiln Dried Kindling3 × £3.50£10.50');
    await expect(summary).toHaveTextContent('Delivery£15.00');
    await expect(summary).toHaveTextContent('Includes VAT at 5%£2.88Includes VAT at 20%£1.75');
  },
};

/** New figures on their way: the summary is busy and says so to screen readers. */
export const Updating: Story = {
  decorators: [narrow],
  args: { ...aboveTheLimit, isUpdating: true },
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('region', { name: 'Order summary' });
    await expect(summary).toHaveAttribute('aria-busy', 'true');
    await expect(within(summary).getByRole('status')).toHaveTextContent('Updating the totals…');
  },
};

/** Labels can be replaced, e.g. a heading of the page's own. */
export const CustomLabels: Story = {
  decorators: [narrow],
  args: { labels: { heading: 'Your order', total: 'To pay' }, headingLevel: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Your order' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Your order' })).toHaveTextContent(
      'To pay£305.00',
    );
    await expect(vatPercent(1750)).toBe('17.5%');
  },
};

interface SummaryColumn extends MatrixAxis {
  props: OrderSummaryProps;
}

const summaryColumns: SummaryColumn[] = [
  { label: 'One rate', props: oil },
  { label: 'Above the limit', props: aboveTheLimit },
  { label: 'Two rates', props: coal },
];

interface SummaryRow extends MatrixAxis {
  isUpdating: boolean;
}

const summaryRows: SummaryRow[] = [
  { label: 'Ready', isUpdating: false },
  { label: 'Updating', isUpdating: true },
];

/**
 * Every case, ready and updating, for design review and the visual baseline. Each summary is a
 * landmark named by its heading, so here each heading says which cell it is.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="OrderSummary: cases by state"
      rowsLabel="State"
      rows={summaryRows}
      columns={summaryColumns}
      fill
      cellStyle={{ verticalAlign: 'top' }}
      renderCell={(row, column) => (
        <OrderSummary
          {...column.props}
          isUpdating={row.isUpdating}
          labels={{ heading: `${column.label}, ${row.label.toLowerCase()}` }}
        />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: summaryColumns.map((column) => column.label),
      rows: summaryRows.map((row) => row.label),
    });
    const cell = within(getMatrixCell(canvasElement, 'Updating', 'Two rates'));
    await expect(cell.getByRole('heading', { name: 'Two rates, updating' })).toBeVisible();
    await expect(cell.getByText(/Updating the totals/)).toBeVisible();
  },
};
