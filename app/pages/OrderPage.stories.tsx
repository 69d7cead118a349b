import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, fn, within } from 'storybook/test';
import type { OrderView } from '../../api/domain/order';
import { orderDeliveryDayTexts, type OrderDeliveryDays } from '../../api/domain/orderDeliveryDay';
import { authTexts, createSession, SessionProvider, type SessionUser } from '../features/auth';
import { testCustomer } from '../features/auth/testing';
import { orderId, orderView, summaryOil2700 } from '../features/checkout/testing';
import { dropDanglingAnnouncements } from '../qa/storyIsolation';
import OrderPage from './OrderPage';

interface DemoProps {
  /** What GET /api/orders/{id} answers (null: the 404). */
  order: OrderView | null;
  /** The server rendered the page with the order (its loader data has it). */
  fromServer?: boolean;
  /** Told of each request for the order the page makes. */
  onFetch?: () => void;
  /** The signed-in customer (none: a guest). */
  user?: SessionUser | null;
  /** What GET /api/orders/{id}/delivery-days answers (null: nothing, no section). */
  days?: OrderDeliveryDays | null;
  /** Told of each day "Change day" sends; the stand-in API then moves the order there. */
  onChangeDay?: (day: string) => void;
}

/** /order/{id}?token=… with the order API replaced, in a router of its own. */
function OrderPageDemo({
  order,
  fromServer = false,
  onFetch,
  user = null,
  days = null,
  onChangeDay,
}: DemoProps) {
  const [session] = useState(() => createSession({ user, verified: true }, { start: false }));
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          path: '/order/:id',
          loader: ({ params, request }) => ({
            orderId: params.id ?? '',
            urlToken: new URL(request.url).searchParams.get('token'),
            order: fromServer ? order : null,
          }),
          element: (
            <OrderPage
              source={async () => {
                onFetch?.();
                return order;
              }}
              daysSource={async () => days}
              changeDay={async (_id, _token, day) => {
                onChangeDay?.(day);
                if (!order || !days) return { code: 404, message: 'Order not found.' };
                return {
                  code: 200,
                  message: orderDeliveryDayTexts.changed(day),
                  order: { ...order, deliveryDay: day },
                  deliveryDays: { ...days, current: day },
                };
              }}
            />
          ),
          HydrateFallback: () => null,
        },
      ],
      { initialEntries: [`/order/${orderId}?token=token-abc`] },
    ),
  );
  return (
    <SessionProvider session={session}>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}

const meta = {
  title: 'Site/Order page',
  component: OrderPageDemo,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  // "Change day" turns pending while focused: its announcement must not outlive its story.
  beforeEach: () => {
    dropDanglingAnnouncements();
  },
  args: { order: orderView(), onFetch: fn(), onChangeDay: fn() },
  argTypes: {
    order: { control: false },
    days: { control: false },
    onFetch: { table: { category: 'Events' } },
    onChangeDay: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof OrderPageDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A paid order as a printable VAT receipt with the shop's VAT number. */
export const Paid: Story = {
  play: async ({ canvas }) => {
    const receipt = await canvas.findByRole('article', { name: 'Order FY-100001' });
    await expect(receipt).toHaveTextContent('Paid');
    await expect(receipt).toHaveTextContent('14 March 2025 at 10:42');
    await expect(receipt).toHaveTextContent(
      'Where: At the back of the houseAccess: Side gate, code 1234',
    );
    await expect(receipt).toHaveTextContent('Please ring the bell when you arrive');
    await expect(receipt).toHaveTextContent('VAT number: GB 123 4567 89');
    await expect(within(receipt).getByRole('button', { name: 'Print receipt' })).toBeVisible();
  },
};

/** Above the VAT limits without the declaration, awaiting payment. */
export const AwaitingPayment: Story = {
  args: {
    order: orderView({
      lines: summaryOil2700.lines,
      subtotal: summaryOil2700.subtotal,
      vatAdjustment: summaryOil2700.vatAdjustment,
      vatBreakdown: summaryOil2700.vatBreakdown,
      vatTotal: summaryOil2700.vatTotal,
      total: summaryOil2700.total,
      number: 'FY-100002',
      status: 'pending_payment',
      paidAt: null,
      instructions: null,
    }),
  },
  play: async ({ canvas }) => {
    const receipt = await canvas.findByRole('article', { name: 'Order FY-100002' });
    await expect(receipt).toHaveTextContent('Awaiting payment');
    await expect(receipt).toHaveTextContent('VAT at 20% (no domestic-use declaration)£229.29');
  },
};

/** Anyone without the order's token (or an unknown id) sees the site's 404. */
export const NotYours: Story = {
  args: { order: null },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  },
};

/**
 * Rendered by the server with the order (its token in the address or its cookie, or its signed-in
 * owner): the receipt is there at once, and the browser does not ask for it again.
 */
export const RenderedWithTheOrder: Story = {
  args: { fromServer: true },
  play: async ({ canvas, args }) => {
    const receipt = await canvas.findByRole('article', { name: 'Order FY-100001' });
    await expect(receipt).toHaveTextContent('Paid');
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(args.onFetch).not.toHaveBeenCalled();
  },
};

/**
 * A £10 partial refund, then the rest: each refund with its amount and day under the total, and
 * what was paid net (issue 32, item 10).
 */
export const Refunded: Story = {
  args: {
    order: orderView({
      status: 'refunded',
      refunds: [
        { amount: 1000, refundedAt: '2025-03-20T09:15:00.000Z' },
        { amount: orderView().total - 1000, refundedAt: '2025-03-27T16:30:00.000Z' },
      ],
    }),
  },
  play: async ({ canvas }) => {
    const receipt = await canvas.findByRole('article', { name: 'Order FY-100001' });
    await expect(receipt).toHaveTextContent('Refunded');
    const lines = within(within(receipt).getByRole('table', { name: /Items ordered/ }));
    await expect(lines.getByRole('row', { name: /Refunded on 20 March 2025/ })).toHaveTextContent(
      '-£10.00',
    );
    await expect(lines.getByRole('row', { name: /Refunded on 27 March 2025/ })).toBeVisible();
    await expect(lines.getByRole('row', { name: /Net paid/ })).toHaveTextContent('£0.00');
  },
};

/** A signed-in customer holding the token of a guest order is offered to add it to the account. */
export const ClaimOffered: Story = {
  args: { user: testCustomer },
  play: async ({ canvas }) => {
    await canvas.findByRole('article', { name: 'Order FY-100001' });
    await expect(await canvas.findByRole('button', { name: authTexts.claim.button })).toBeVisible();
  },
};

/**
 * An order already in the account (claimed before, say, then opened again from the account's
 * list): the offer does not come back, although this tab still holds the order's token.
 */
export const AlreadyInAccount: Story = {
  args: { user: testCustomer, order: orderView({ inAccount: true }) },
  play: async ({ canvas }) => {
    await canvas.findByRole('article', { name: 'Order FY-100001' });
    await expect(canvas.queryByRole('button', { name: authTexts.claim.button })).toBeNull();
    await expect(canvas.queryByText(authTexts.claim.prompt)).toBeNull();
  },
};

/** The days of a paid order booked for Tuesday 18 March 2025: Wednesday is full. */
const changeableDays: OrderDeliveryDays = {
  current: '2025-03-18',
  canChange: true,
  reason: null,
  changeBy: { day: '2025-03-17', time: '12:00' },
  days: [
    { day: '2025-03-18', free: true, standard: true },
    { day: '2025-03-19', free: false, standard: true },
    { day: '2025-03-20', free: true, standard: true },
    { day: '2025-03-21', free: true, standard: true },
  ],
};

/**
 * A paid order before the cut-off on the day before its day: "Change delivery day" offers the
 * days it can move to (a full one shown, not choosable), its own day chosen. Changing it updates
 * the receipt in place (issue 34, item 6).
 */
export const ChangeDeliveryDay: Story = {
  args: { days: changeableDays },
  play: async ({ canvas, args, userEvent }) => {
    const section = await canvas.findByRole('region', { name: 'Change delivery day' });
    const days = within(section);
    await expect(section).toHaveTextContent(
      'You can change the day until 12:00 on Monday 17 March.',
    );
    await expect(days.getByRole('radio', { name: 'Tuesday 18 March, Your day' })).toBeChecked();
    await expect(days.getByRole('radio', { name: 'Wednesday 19 March, Full' })).toBeDisabled();
    await userEvent.click(days.getByText('20 Mar'));
    await expect(days.getByRole('radio', { name: 'Thursday 20 March' })).toBeChecked();
    await userEvent.click(days.getByRole('button', { name: 'Change day' }));
    await expect(args.onChangeDay).toHaveBeenCalledWith('2025-03-20');
    const receipt = canvas.getByRole('article', { name: 'Order FY-100001' });
    await expect(receipt).toHaveTextContent('Thursday 20 March 2025');
    // The new day is the order's own now, and chosen.
    await expect(
      await days.findByRole('radio', { name: 'Thursday 20 March, Your day' }),
    ).toBeChecked();
    await expect(section).toHaveTextContent('Your order is booked for Thursday 20 March 2025.');
  },
};

/** Past the cut-off: the section says why the day can no longer change, and has no form. */
export const DeliveryDayTooLate: Story = {
  args: {
    days: {
      ...changeableDays,
      canChange: false,
      reason: orderDeliveryDayTexts.tooLate('2025-03-18', { day: '2025-03-17', time: '12:00' }),
      days: [],
    },
  },
  play: async ({ canvas }) => {
    const section = await canvas.findByRole('region', { name: 'Change delivery day' });
    await expect(section).toHaveTextContent('It is too late to change the delivery day online');
    await expect(within(section).queryByRole('button', { name: 'Change day' })).toBeNull();
  },
};
