import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../../api/domain/messages';
import { createToaster, ToastRegion, ToasterProvider } from '../../../ui';
import {
  downloadStatechartFile,
  eventButtons,
  exercisePathTools,
  pressEvent,
} from '../../qa/explorerStoryKit';
import { houseCoalLineId } from '../../qa/fixtures';
import { cart } from '../../qa/machines';
import { machineDocsPageFor } from '../../qa/MachineDocsPage';
import { explorerArgs, MachineExplorer } from '../../qa/MachineExplorer';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import type { CartActorRef } from './cartClient';
import { CartContents } from './CartContents';
import { CartActorProvider } from './CartProvider';

/**
 * QA explorer for the shared cart store: the real cart page content driven by the explorer's
 * actor. The cart API never answers here: QA picks each answer with the `xstate.done…` /
 * `xstate.error…` buttons, and can queue requests of its own with the REQUEST buttons. The
 * machine, its presets and the words for each step come from the QA registry.
 */
const request1 = 'REQUEST(r1, remove)';
const request2 = 'REQUEST(r2, setPostcodeModal)';
const removed = 'xstate.done.actor.cartRequest(200)';
const notFound = 'xstate.done.actor.cartRequest(404)';
const offline = 'xstate.error.actor.cartRequest(offline)';
const houseCoal = houseCoalLineId;

function WithToasts({ children }: { children: ReactNode }) {
  const [toaster] = useState(() => createToaster());
  return (
    <ToasterProvider toaster={toaster}>
      {children}
      <ToastRegion />
    </ToasterProvider>
  );
}

const meta = {
  title: 'Machines/Cart',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { page: machineDocsPageFor(cart) } },
  beforeEach: dropDanglingAnnouncements,
  decorators: [
    (Story) => (
      <WithToasts>
        <Story />
      </WithToasts>
    ),
  ],
  args: {
    ...explorerArgs(cart),
    renderComponent: (actor) => (
      <CartActorProvider actor={actor as unknown as CartActorRef}>
        <CartContents />
      </CartActorProvider>
    ),
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const state = (canvas: Canvas) => canvas.getByTestId('current-state');
const press = (canvas: Canvas, name: string | undefined) => pressEvent(canvas, name ?? '');
const quantityOf = (canvas: Canvas, title: string) =>
  within(canvas.getByRole('article', { name: title })).getByRole('status', { name: 'Quantity' });

/** One fewer from the real page: on its way until QA answers, then the page shows the answer. */
export const RemoveOne: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(state(canvas)).toHaveTextContent('idle');
    await expect(quantityOf(canvas, 'Premium House Coal')).toHaveTextContent('2');
    await userEvent.click(
      canvas.getByRole('button', { name: 'One fewer Premium House Coal, 40kg bag' }),
    );
    await expect(state(canvas)).toHaveTextContent('sending');
    await expect(canvas.getByTestId('context')).toHaveTextContent(`"lineId": "${houseCoal}"`);
    // While a request is on its way the explorer offers the API's answers.
    await press(canvas, removed);
    await expect(state(canvas)).toHaveTextContent('idle');
    await expect(quantityOf(canvas, 'Premium House Coal')).toHaveTextContent('1');
    const toast = await screen.findByRole('alertdialog', { name: messages.cart.removed });
    await expect(toast).toHaveAttribute('data-variant', 'success');
  },
};

/** Requests queue up and go one at a time; a failure keeps the cart and the next one goes on. */
export const Queue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(canvas, request1);
    await press(canvas, request2);
    await expect(state(canvas)).toHaveTextContent('sending');
    await expect(canvas.getByTestId('context')).toHaveTextContent(/"id": "r1"[\s\S]*"id": "r2"/);
    // The same request is not offered twice.
    await expect(eventButtons(canvas, request1 ?? '')).toHaveLength(0);
    await press(canvas, offline);
    await expect(state(canvas)).toHaveTextContent('sending');
    await expect(canvas.getByTestId('context')).not.toHaveTextContent('"id": "r1"');
    await expect(quantityOf(canvas, 'Premium House Coal')).toHaveTextContent('2');
    await press(canvas, notFound);
    await expect(state(canvas)).toHaveTextContent('idle');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"queue": []');
  },
};

/** The empty-cart action from the page, with the answer QA gives. */
export const EmptyCartRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: messages.cartPage.emptyCart }));
    await expect(canvas.getByTestId('context')).toHaveTextContent('"kind": "empty"');
    await press(canvas, notFound);
    const toast = await screen.findByRole('alertdialog', { name: messages.cart.lineNotFound });
    await expect(toast).toHaveAttribute('data-variant', 'danger');
    await waitFor(() => expect(state(canvas)).toHaveTextContent('idle'));
  },
};

/**
 * The test paths: those that end sending with both requests queued, grouped, the first replayed
 * step by step and copied as a test case in words.
 */
export const PathTools: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: cart.key,
      target: 'sending',
      event: 'REQUEST',
      copiedTexts: [`Press “${messages.cartPage.decrease('Premium House Coal, 40kg bag')}”.`],
    });
    await expect(canvas.getByTestId('context')).toHaveTextContent(/"id": "r\d"/);
  },
};

/** The statechart, downloaded as an SVG file. */
export const DownloadStatechart: Story = {
  play: async ({ canvasElement }) => {
    const markup = await downloadStatechartFile(within(canvasElement));
    await expect(markup).toContain('data-state-id="cart.sending"');
  },
};
