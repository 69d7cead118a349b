import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OrderReceipt, type OrderReceiptProps } from './OrderReceipt';

const seller = {
  name: 'Fuelyard Fuels Ltd',
  addressLines: ['14 Coalisland Road', 'Dungannon', 'Co. Tyrone', 'BT71 6JT'],
  vatNumber: 'GB 123 4567 89',
};

const paid: Omit<OrderReceiptProps, 'onPrint'> = {
  number: 'FY-100001',
  placedAt: '14 March 2025, 10:42',
  paidAt: '14 March 2025, 10:43',
  status: 'Paid',
  statusTone: 'success',
  lines: [
    {
      title: 'Kerosene Heating Oil',
      sizeTitle: '500 Litres',
      quantity: 1,
      unitPrice: 30500,
      lineTotal: 30500,
      vatRate: 500,
    },
  ],
  subtotal: 30500,
  deliveryCharge: 0,
  vatAdjustment: 0,
  vatBreakdown: [{ rate: 500, amount: 1452 }],
  vatTotal: 1452,
  total: 30500,
  customer: { name: 'Jane Doe', email: 'jane@example.com', phone: '028 9000 0000' },
  deliveryAddress: ['12 Main Street', 'Belfast', 'BT1 1AA'],
  instructions: 'Tank at the back of the house, side gate code 1234',
  seller,
};

const adjusted: Omit<OrderReceiptProps, 'onPrint'> = {
  ...paid,
  number: 'FY-100002',
  paidAt: null,
  status: 'Awaiting payment',
  statusTone: 'warning',
  lines: [
    {
      title: 'Kerosene Heating Oil',
      sizeTitle: '900 Litres',
      quantity: 3,
      unitPrice: 52000,
      lineTotal: 156000,
      vatRate: 2000,
    },
  ],
  subtotal: 156000,
  vatAdjustment: 22286,
  vatBreakdown: [{ rate: 2000, amount: 29714 }],
  vatTotal: 29714,
  total: 178286,
  instructions: null,
};

const meta = {
  title: 'Components/OrderReceipt',
  component: OrderReceipt,
  tags: ['autodocs'],
  args: { ...paid, onPrint: fn() },
  argTypes: {
    statusTone: { control: 'inline-radio', options: ['success', 'warning', 'danger', 'neutral'] },
    onPrint: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof OrderReceipt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A paid order: number, dates, status, lines with VAT rates, totals, address and the seller. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const receipt = canvas.getByRole('article', { name: 'Order FY-100001' });
    await expect(receipt).toHaveTextContent('StatusPaidPlaced14 March 2025, 10:42Paid');
    const lines = within(canvas.getByRole('table', { name: /Items ordered/ }));
    const row = lines.getByRole('row', { name: /Kerosene Heating Oil/ });
    await expect(row).toHaveTextContent('Kerosene Heating Oil500 Litres1£305.005%£305.00');
    await expect(lines.getByRole('row', { name: /Total paid/ })).toHaveTextContent('£305.00');
    const vat = within(canvas.getByRole('table', { name: 'VAT included' }));
    await expect(vat.getByRole('row', { name: /^5%/ })).toHaveTextContent('£14.52');
    await expect(receipt).toHaveTextContent('Jane Doe12 Main StreetBelfastBT1 1AA');
    await expect(receipt).toHaveTextContent('Tank at the back of the house, side gate code 1234');
    await expect(receipt).toHaveTextContent('VAT number: GB 123 4567 89');
    await userEvent.click(canvas.getByRole('button', { name: 'Print receipt' }));
    await expect(args.onPrint).toHaveBeenCalledOnce();
  },
};

/** Unpaid and above the automatic VAT limits: the 20 % line, no paid date, no instructions. */
export const AwaitingPaymentWithAdjustment: Story = {
  args: { ...adjusted, onPrint: fn() },
  play: async ({ canvas }) => {
    const receipt = canvas.getByRole('article', { name: 'Order FY-100002' });
    await expect(receipt).not.toHaveTextContent('Delivery instructions');
    await expect(
      canvas.getByRole('row', { name: /no domestic-use declaration/ }),
    ).toHaveTextContent('£222.86');
    await expect(canvas.getByRole('row', { name: /Total paid/ })).toHaveTextContent('£1,782.86');
  },
};

/** Without `onPrint` there is no button (e.g. inside an e-mail preview). */
export const WithoutPrint: Story = {
  args: { onPrint: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/**
 * A paid receipt, for design review and the visual baseline (the other looks are the stories
 * above: a receipt is taller than the baseline's viewport can hold twice).
 */
export const All: Story = {
  render: () => (
    <div style={{ maxWidth: 1100 }}>
      <OrderReceipt {...paid} instructions={null} onPrint={() => {}} />
    </div>
  ),
};
