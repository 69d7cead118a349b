import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AnyStateMachine, EventObject } from 'xstate';
import type { OrderView } from '../../../api/domain/order';
import { describeEvent, MachineExplorer } from '../../qa/MachineExplorer';
import { labelled, offline, paymentStatusMachineWith } from './checkoutStoryKit';
import { PaymentStatusView } from './PaymentStatusView';
import type { PaymentStatusActorRef } from './paymentStatusMachine';
import { orderId, orderView } from './testing';
import { checkoutTexts } from './texts';

/**
 * QA explorer for /checkout/process: the real view driven by the explorer's actor. The order is
 * never fetched here: QA picks each answer with the `xstate.done…` / `xstate.error…` buttons. The
 * waits run on the real clock (1 s, 2 s, 4 s, then 5 s), or QA skips one with its `after` button.
 */
const machine = paymentStatusMachineWith() as unknown as AnyStateMachine;

type Preset = EventObject & Record<string, unknown>;

const answer = (order: Partial<OrderView>, label: string): Preset => ({
  type: 'xstate.done.actor.checkOrder',
  output: labelled(orderView(order), label),
});
const pending = answer({ status: 'pending_payment', paidAt: null }, 'pending');
const paid = answer({}, 'paid');
const declined = answer({ status: 'payment_failed', paidAt: null }, 'payment_failed');
const cancelled = answer({ status: 'cancelled', paidAt: null }, 'cancelled');
const review = answer({ status: 'needs_review', paidAt: null }, 'needs_review');
const missing: Preset = { type: 'xstate.done.actor.checkOrder', output: null };
const noAnswer: Preset = { type: 'xstate.error.actor.checkOrder', error: offline };
const waitOver: Preset = { type: 'xstate.after.pollDelay.paymentStatus.waiting' };
const checkAgain: Preset = { type: 'CHECK_AGAIN' };

const meta = {
  title: 'Machines/Payment status',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Confirming the payment',
    machine,
    events: [pending, paid, declined, cancelled, review, missing, noAnswer, waitOver, checkAgain],
    input: { orderId, token: 'token-abc' },
    renderComponent: (actor) => (
      <PaymentStatusView actor={actor as unknown as PaymentStatusActorRef} />
    ),
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const state = (canvas: Canvas) => canvas.getByTestId('current-state');
const press = (canvas: Canvas, event: Preset) =>
  userEvent.click(canvas.getByRole('button', { name: describeEvent(event) }));

/** Still pending: a wait, then another check; paid ends it. */
export const PendingThenPaid: Story = {
  play: async ({ canvas }) => {
    await expect(state(canvas)).toHaveTextContent('checking');
    await expect(
      canvas.getByRole('progressbar', { name: checkoutTexts.process.title }),
    ).toBeVisible();
    await press(canvas, pending);
    // The first wait is 1 s on the real clock; QA may skip it with its button.
    const skip = canvas.queryByRole('button', { name: describeEvent(waitOver) });
    if (skip) await userEvent.click(skip);
    await waitFor(() => expect(state(canvas)).toHaveTextContent('checking'));
    await press(canvas, paid);
    await expect(state(canvas)).toHaveTextContent('paid');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"status": "paid"');
  },
};

/** Declined: the page goes back to checkout (the machine's way out). */
export const Declined: Story = {
  play: async ({ canvas }) => {
    await press(canvas, declined);
    await expect(state(canvas)).toHaveTextContent('notPaid');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"status": "payment_failed"');
  },
};

/** After about two minutes the page stops asking and says e-mail will follow; QA can ask again. */
export const GaveUp: Story = {
  play: async ({ canvas }) => {
    const toGaveUp = canvas.getAllByText('gaveUp', { selector: 'strong' })[0]?.closest('li');
    if (!toGaveUp) throw new Error('no path to gaveUp');
    await userEvent.click(within(toGaveUp).getByRole('button', { name: /Replay path/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Play all' }));
    await expect(state(canvas)).toHaveTextContent('gaveUp');
    await expect(canvas.getByText(checkoutTexts.process.gaveUp)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: checkoutTexts.process.checkAgain }));
    await expect(state(canvas)).toHaveTextContent('checking');
  },
};

/** In review: nothing more to wait for; the order page is one link away. */
export const Review: Story = {
  play: async ({ canvas }) => {
    await press(canvas, review);
    await expect(state(canvas)).toHaveTextContent('review');
    await expect(canvas.getByText(checkoutTexts.process.review)).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: checkoutTexts.process.orderLink }),
    ).toHaveAttribute('href', `/order/${orderId}`);
  },
};

/** Cancelled on the provider's page: back to checkout too. */
export const Cancelled: Story = {
  play: async ({ canvas }) => {
    await press(canvas, cancelled);
    await expect(state(canvas)).toHaveTextContent('notPaid');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"status": "cancelled"');
  },
};

/** No answer: noted quietly, and the checks go on after the wait. */
export const Unanswered: Story = {
  play: async ({ canvas }) => {
    await press(canvas, noAnswer);
    await expect(canvas.getByTestId('context')).toHaveTextContent(checkoutTexts.order.failed);
    await expect(
      canvas.getByRole('progressbar', { name: checkoutTexts.process.title }),
    ).toBeVisible();
  },
};

export const NotFound: Story = {
  play: async ({ canvas }) => {
    await press(canvas, missing);
    await expect(state(canvas)).toHaveTextContent('notFound');
    await expect(canvas.getByText(checkoutTexts.process.noOrder)).toBeVisible();
  },
};
