import type { Meta, StoryObj } from '@storybook/react-vite';
import type { within } from 'storybook/test';
import { expect, userEvent } from 'storybook/test';
import { downloadStatechartFile, exercisePathTools, pressEvent } from '../../qa/explorerStoryKit';
import { orderId } from '../../qa/fixtures';
import { paymentStatus } from '../../qa/machines';
import { machineDocsPageFor } from '../../qa/MachineDocsPage';
import { explorerArgs, MachineExplorer } from '../../qa/MachineExplorer';
import { PaymentStatusView } from './PaymentStatusView';
import type { PaymentStatusActorRef } from './paymentStatusMachine';
import { checkoutTexts } from './texts';

/**
 * QA explorer for /checkout/process: the real view driven by the explorer's actor. The order is
 * never fetched here: QA picks each answer with the `xstate.done…` / `xstate.error…` buttons, and
 * the waits between checks wait for QA too (the `xstate.after…` button), so a replayed path goes
 * exactly as written. The machine, its presets and the words come from the QA registry.
 */
const pending = 'xstate.done.actor.checkOrder(pending_payment)';
const paid = 'xstate.done.actor.checkOrder(paid)';
const declined = 'xstate.done.actor.checkOrder(payment_failed)';
const cancelled = 'xstate.done.actor.checkOrder(cancelled)';
const review = 'xstate.done.actor.checkOrder(needs_review)';
const missing = 'xstate.done.actor.checkOrder(404)';
const noAnswer = 'xstate.error.actor.checkOrder(offline)';
const waitOver = 'xstate.after.pollDelay.paymentStatus.waiting';

const meta = {
  title: 'Machines/Payment status',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { page: machineDocsPageFor(paymentStatus) } },
  args: {
    ...explorerArgs(paymentStatus),
    renderComponent: (actor) => (
      <PaymentStatusView actor={actor as unknown as PaymentStatusActorRef} />
    ),
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const state = (canvas: Canvas) => canvas.getByTestId('current-state');
const press = pressEvent;

/** Still pending: a wait, then another check; paid ends it. */
export const PendingThenPaid: Story = {
  play: async ({ canvas }) => {
    await expect(state(canvas)).toHaveTextContent('checking');
    await expect(
      canvas.getByRole('progressbar', { name: checkoutTexts.process.title }),
    ).toBeVisible();
    await press(canvas, pending);
    // The wait ends when QA says so.
    await expect(state(canvas)).toHaveTextContent('waiting');
    await press(canvas, waitOver);
    await expect(state(canvas)).toHaveTextContent('checking');
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
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Target state' }), 'gaveUp');
    const [toGaveUp] = canvas.getAllByRole('button', { name: /^Replay: / });
    if (!toGaveUp) throw new Error('no path to gaveUp');
    await userEvent.click(toGaveUp);
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

/**
 * The test paths: those that end waiting after a check without an answer, grouped, the first
 * replayed step by step and copied as a test case.
 */
export const PathTools: Story = {
  play: async ({ canvas }) => {
    await exercisePathTools(canvas, {
      plan: paymentStatus.key,
      target: 'waiting',
      event: 'xstate.error.actor.checkOrder',
      copiedTexts: [
        '- [ ] 1. The check gets no answer (the connection fails).',
        `  - [ ] See “${checkoutTexts.process.description}”`,
      ],
    });
    await expect(canvas.getByTestId('context')).toHaveTextContent(checkoutTexts.order.failed);
  },
};

/** The statechart, downloaded as an SVG file. */
export const DownloadStatechart: Story = {
  play: async ({ canvas }) => {
    const markup = await downloadStatechartFile(canvas);
    await expect(markup).toContain('data-state-id="paymentStatus.gaveUp"');
  },
};
