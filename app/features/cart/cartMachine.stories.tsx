import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { messages } from '../../../api/domain/messages';
import { createToaster, ToastRegion, ToasterProvider } from '../../../ui';
import { describeEvent, MachineExplorer } from '../../qa/MachineExplorer';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { CartNetworkError, type CartResponse } from './cartApi';
import type { CartActorRef } from './cartClient';
import { CartContents } from './CartContents';
import { cartMachine, type CartCommand } from './cartMachine';
import { CartActorProvider } from './CartProvider';
import { createFakeCartApi } from './testing';

/**
 * QA explorer for the shared cart store: the real cart page content driven by the explorer's
 * actor. The cart API never answers here: QA picks each answer with the `xstate.done…` /
 * `xstate.error…` buttons, and can queue requests of its own with the REQUEST buttons.
 */
const before = createFakeCartApi({
  postcode: 'BT11AA',
  lines: [
    { productId: 1, quantity: 2 },
    { productId: 4, quantity: 1 },
  ],
});
const after = createFakeCartApi({
  postcode: 'BT11AA',
  lines: [
    { productId: 1, quantity: 1 },
    { productId: 4, quantity: 1 },
  ],
});
const houseCoal = before.view().items[0]?.id ?? '';

/** An answer whose cart is kept out of the button label (it shows in the context instead). */
function answer(code: number, message: string, cart = after.view()): CartResponse {
  const response = { code, message } as CartResponse;
  Object.defineProperty(response, 'cart', { value: cart, enumerable: false });
  return response;
}

const machine = cartMachine.provide({
  actors: {
    cartRequest: fromPromise<CartResponse, CartCommand>(() => new Promise(() => {})),
  },
}) as unknown as AnyStateMachine;

const presets: (EventObject & Record<string, unknown>)[] = [
  { type: 'REQUEST', id: 'r1', command: { kind: 'remove', lineId: houseCoal } },
  { type: 'REQUEST', id: 'r2', command: { kind: 'setPostcodeModal', open: true } },
  { type: 'xstate.done.actor.cartRequest', output: answer(200, messages.cart.removed) },
  {
    type: 'xstate.done.actor.cartRequest',
    output: answer(404, messages.cart.lineNotFound, before.view()),
  },
  {
    type: 'xstate.error.actor.cartRequest',
    error: new CartNetworkError(new TypeError('Failed to fetch')),
  },
];
const [request1, request2, removed, notFound, offline] = presets.map(describeEvent);

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
  parameters: { layout: 'fullscreen' },
  beforeEach: dropDanglingAnnouncements,
  decorators: [
    (Story) => (
      <WithToasts>
        <Story />
      </WithToasts>
    ),
  ],
  args: {
    title: 'Cart store',
    machine,
    events: presets,
    input: { cart: before.view() },
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
const press = (canvas: Canvas, name: string | undefined) =>
  userEvent.click(canvas.getByRole('button', { name: name ?? '' }));
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
    await expect(canvas.queryByRole('button', { name: request1 })).toBeNull();
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

/** Replaying the shortest path to "both queued" step by step. */
export const ReplayShortestPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: /^Shortest paths \(\d+\)$/ })).toBeVisible();
    const twoSteps = canvas
      .getAllByText('sending', { selector: 'strong' })
      .map((node) => node.closest('li'))
      .find((li) => li?.textContent?.includes('in 2 steps'));
    if (!twoSteps) throw new Error('no two-step path to sending');
    await userEvent.click(within(twoSteps).getByRole('button', { name: /Replay path/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Play all' }));
    await expect(state(canvas)).toHaveTextContent('sending');
    await expect(canvas.getByTestId('context')).toHaveTextContent(/"id": "r\d"[\s\S]*"id": "r\d"/);
  },
};
