import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, fn, within } from 'storybook/test';
import type { OrderView } from '../../api/domain/order';
import { authTexts, createSession, SessionProvider, type SessionUser } from '../features/auth';
import { testCustomer } from '../features/auth/testing';
import { orderId, orderView, summaryOil2700 } from '../features/checkout/testing';
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
}

/** /order/{id}?token=… with the order API replaced, in a router of its own. */
function OrderPageDemo({ order, fromServer = false, onFetch, user = null }: DemoProps) {
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
  args: { order: orderView(), onFetch: fn() },
  argTypes: { order: { control: false }, onFetch: { table: { category: 'Events' } } },
} satisfies Meta<typeof OrderPageDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A paid order as a printable VAT receipt with the shop's VAT number. */
export const Paid: Story = {
  play: async ({ canvas }) => {
    const receipt = await canvas.findByRole('article', { name: 'Order FY-100001' });
    await expect(receipt).toHaveTextContent('Paid');
    await expect(receipt).toHaveTextContent('14 March 2025 at 10:42');
    await expect(receipt).toHaveTextContent('Tank at the back of the house, side gate code 1234');
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
