import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { assign, setup, type EventFromLogic } from 'xstate';
import { MachineExplorer } from './MachineExplorer';

/** A small machine that exercises the explorer itself: guards, nesting and context. */
const demoMachine = setup({
  types: {
    context: {} as { litres: number },
    events: {} as { type: 'CHOOSE'; litres: number } | { type: 'ORDER' } | { type: 'RESET' },
  },
  guards: { 'hasAmount?': ({ context }) => context.litres > 0 },
}).createMachine({
  id: 'oilOrder',
  initial: 'choosing',
  context: { litres: 0 },
  states: {
    choosing: {
      on: {
        CHOOSE: { actions: assign({ litres: ({ event }) => event.litres }) },
        ORDER: { target: 'ordered', guard: 'hasAmount?' },
      },
    },
    ordered: { on: { RESET: { target: 'choosing', actions: assign({ litres: 0 }) } } },
  },
});

const demoEvents: EventFromLogic<typeof demoMachine>[] = [
  { type: 'CHOOSE', litres: 500 },
  { type: 'ORDER' },
  { type: 'RESET' },
];

const meta = {
  title: 'QA/Machine explorer',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Demo oil order',
    machine: demoMachine,
    events: demoEvents,
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('current-state')).toHaveTextContent('choosing');
    // ORDER is guarded: it is not offered until an amount is chosen.
    await expect(canvas.queryByRole('button', { name: 'ORDER' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'CHOOSE {"litres":500}' }));
    await expect(canvas.getByTestId('context')).toHaveTextContent('"litres": 500');
    await userEvent.click(canvas.getByRole('button', { name: 'ORDER' }));
    await expect(canvas.getByTestId('current-state')).toHaveTextContent('ordered');
    const diagram = await canvas.findByTestId('state-diagram');
    await waitFor(() =>
      expect(diagram.querySelector('[data-active="true"]')?.getAttribute('data-state-id')).toBe(
        'oilOrder.ordered',
      ),
    );
  },
};

export const ReplayShortestPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Start, an amount chosen (a different context is a different state), and ordered.
    await expect(canvas.getByRole('heading', { name: 'Shortest paths (3)' })).toBeVisible();
    const toOrdered = canvas.getByText('ordered', { selector: 'strong' }).closest('li');
    if (!toOrdered) throw new Error('no path to "ordered"');
    await expect(toOrdered).toHaveTextContent('in 2 steps');
    await userEvent.click(within(toOrdered).getByRole('button', { name: /Replay path/ }));
    const steps = within(toOrdered).getByRole('list', { name: /Steps of path/ });
    await expect(within(steps).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Next step' }));
    await expect(canvas.getByTestId('context')).toHaveTextContent('"litres": 500');
    await userEvent.click(canvas.getByRole('button', { name: 'Next step' }));
    await expect(canvas.getByTestId('current-state')).toHaveTextContent('ordered');
    await expect(canvas.getByRole('button', { name: 'Next step' })).toBeDisabled();
  },
};

export const Reset: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'CHOOSE {"litres":500}' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(canvas.getByTestId('context')).toHaveTextContent('"litres": 0');
  },
};
