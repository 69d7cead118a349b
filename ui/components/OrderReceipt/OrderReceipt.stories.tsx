import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Specimen } from '../../docs/StateMatrix';
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
  deliveryDay: 'Tuesday 18 March 2025',
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
  tankLocation: 'At the back of the house',
  tankAccess: 'Side gate, code 1234',
  instructions: 'Please ring the bell when you arrive',
  seller,
};

const adjusted: Omit<OrderReceiptProps, 'onPrint'> = {
  ...paid,
  number: 'FY-100002',
  paidAt: null,
  status: 'Awaiting payment',
  statusTone: 'warning',
  deliveryDay: null,
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
    await expect(receipt).toHaveTextContent(
      'StatusPaidPlaced14 March 2025, 10:42Paid14 March 2025, 10:43Delivery dayTuesday 18 March 2025',
    );
    const lines = within(canvas.getByRole('table', { name: /Items ordered/ }));
    const row = lines.getByRole('row', { name: /Kerosene Heating Oil/ });
    await expect(row).toHaveTextContent('Kerosene Heating Oil500 Litres1£305.005%£305.00');
    await expect(lines.getByRole('row', { name: /Total paid/ })).toHaveTextContent('£305.00');
    const vat = within(canvas.getByRole('table', { name: 'VAT included' }));
    await expect(vat.getByRole('row', { name: /^5%/ })).toHaveTextContent('£14.52');
    await expect(receipt).toHaveTextContent('Jane Doe12 Main StreetBelfastBT1 1AA');
    // The driver's notes: the tank's place and access, then the instructions.
    await expect(receipt).toHaveTextContent(
      'Oil tankWhere: At the back of the houseAccess: Side gate, code 1234Delivery instructionsPlease ring the bell when you arrive',
    );
    await expect(receipt).toHaveTextContent('VAT number: GB 123 4567 89');
    await userEvent.click(canvas.getByRole('button', { name: 'Print receipt' }));
    await expect(args.onPrint).toHaveBeenCalledOnce();
  },
};

/** Priority (next-day) delivery: its surcharge is a row of its own above the total. */
export const WithPriorityDelivery: Story = {
  args: {
    ...paid,
    prioritySurcharge: 2500,
    vatBreakdown: [{ rate: 500, amount: 1571 }],
    vatTotal: 1571,
    total: 33000,
    onPrint: fn(),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('row', { name: /Priority delivery \(next day\)/ }),
    ).toHaveTextContent('£25.00');
    await expect(canvas.getByRole('row', { name: /Total paid/ })).toHaveTextContent('£330.00');
  },
};

/** Unpaid and above the automatic VAT limits: the 20 % line, no paid date, no instructions. */
export const AwaitingPaymentWithAdjustment: Story = {
  args: { ...adjusted, onPrint: fn() },
  play: async ({ canvas }) => {
    const receipt = canvas.getByRole('article', { name: 'Order FY-100002' });
    await expect(receipt).not.toHaveTextContent('Delivery instructions');
    await expect(receipt).not.toHaveTextContent('Delivery day');
    await expect(
      canvas.getByRole('row', { name: /no domestic-use declaration/ }),
    ).toHaveTextContent('£222.86');
    await expect(canvas.getByRole('row', { name: /Total paid/ })).toHaveTextContent('£1,782.86');
  },
};

/**
 * Refunded after delivery: £10 back first, then the rest. Each refund is a row under the total,
 * with its day, then what was paid net.
 */
export const Refunded: Story = {
  args: {
    status: 'Refunded',
    statusTone: 'danger',
    refunds: [
      { amount: 1000, date: '20 March 2025' },
      { amount: 29500, date: '27 March 2025' },
    ],
  },
  play: async ({ canvas }) => {
    const lines = within(canvas.getByRole('table', { name: /Items ordered/ }));
    await expect(lines.getByRole('row', { name: /Total paid/ })).toHaveTextContent('£305.00');
    await expect(lines.getByRole('row', { name: /Refunded on 20 March 2025/ })).toHaveTextContent(
      '-£10.00',
    );
    await expect(lines.getByRole('row', { name: /Refunded on 27 March 2025/ })).toHaveTextContent(
      '-£295.00',
    );
    await expect(lines.getByRole('row', { name: /Net paid/ })).toHaveTextContent('£0.00');
  },
};

/** A partial refund: the net is what the customer has paid after it. */
export const PartlyRefunded: Story = {
  args: { refunds: [{ amount: 1000, date: '20 March 2025' }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { name: /Net paid/ })).toHaveTextContent('£295.00');
  },
};

/** A deleted customer's order keeps no e-mail or phone: there is no contact column. */
export const DeletedCustomer: Story = {
  args: {
    customer: { name: 'Deleted customer', email: '', phone: '' },
    deliveryAddress: ['Belfast', 'BT1 1AA'],
    tankLocation: null,
    tankAccess: null,
    instructions: null,
  },
  play: async ({ canvas }) => {
    const receipt = canvas.getByRole('article', { name: 'Order FY-100001' });
    await expect(receipt).toHaveTextContent('Deleted customerBelfastBT1 1AA');
    await expect(canvas.queryByRole('heading', { name: 'Contact' })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Oil tank' })).toBeNull();
  },
};

/** Without `onPrint` there is no button (e.g. inside an e-mail preview). */
export const WithoutPrint: Story = {
  args: { onPrint: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A paid order, labelled, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <Specimen caption="OrderReceipt: a paid order, without delivery instructions">
      <OrderReceipt
        {...paid}
        tankLocation={null}
        tankAccess={null}
        instructions={null}
        onPrint={() => {}}
      />
    </Specimen>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('figure')).toHaveTextContent(
      /^OrderReceipt: a paid order, without delivery instructions/,
    );
    await expect(canvas.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  },
};
