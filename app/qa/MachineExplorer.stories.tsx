import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { assign, setup, type EventFromLogic } from 'xstate';
import {
  downloadStatechartFile,
  eventButtons,
  exercisePathTools,
  listedPaths,
  pressEvent,
} from './explorerStoryKit';
import { explorerArgs, MachineExplorer } from './MachineExplorer';
import type { QaMachine } from './qaGuide';

/** A small machine that exercises the explorer itself: guards, nesting, context and a final state. */
const demoMachine = setup({
  types: {
    context: {} as { litres: number },
    events: {} as
      | { type: 'CHOOSE'; litres: number }
      | { type: 'ORDER' }
      | { type: 'RESET' }
      | { type: 'CANCEL' },
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
    ordered: {
      on: {
        RESET: { target: 'choosing', actions: assign({ litres: 0 }) },
        CANCEL: 'cancelled',
      },
    },
    cancelled: { type: 'final' },
  },
});

const demoEvents: EventFromLogic<typeof demoMachine>[] = [
  { type: 'CHOOSE', litres: 500 },
  { type: 'ORDER' },
  { type: 'RESET' },
  { type: 'CANCEL' },
];

const ordered = 'Thank you: your oil is on its way.';
const cancelled = 'Your order has been cancelled.';

/** The demo's registry entry: each event as a UI step, and what each state shows. */
const demo: QaMachine = {
  key: 'demo-oil-order',
  name: 'Demo oil order',
  story: 'QA/Machine explorer',
  intro: 'A demo: choose an amount of oil, order it, then start again or cancel.',
  machine: demoMachine,
  events: demoEvents,
  starts: [{ label: 'Open the demo' }],
  guides: {
    CHOOSE: {
      step: (event) => `Choose ${String(event.litres)} L in Amount`,
      payload: (event) => `${String(event.litres)} L`,
    },
    ORDER: { step: () => 'Press Order' },
    RESET: { step: () => 'Press Start again' },
    CANCEL: { step: () => 'Press Cancel order' },
  },
  texts: { 'oilOrder.ordered': [ordered], 'oilOrder.cancelled': [cancelled] },
};

const meta = {
  title: 'QA/Machine explorer',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: explorerArgs(demo),
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('current-state')).toHaveTextContent('choosing');
    // ORDER is guarded: it is not offered until an amount is chosen.
    await expect(eventButtons(canvas, 'ORDER')).toHaveLength(0);
    // Each event button says the step in words, over the event's technical name.
    await expect(eventButtons(canvas, 'CHOOSE(500 L)')[0]).toHaveTextContent(
      'Choose 500 L in AmountCHOOSE(500 L)',
    );
    await pressEvent(canvas, 'CHOOSE(500 L)');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"litres": 500');
    await pressEvent(canvas, 'ORDER');
    await expect(canvas.getByTestId('current-state')).toHaveTextContent('ordered');
    await expect(canvas.getByTestId('current-state-label')).toHaveTextContent('Ordered');
    const diagram = await canvas.findByTestId('state-diagram', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(diagram.querySelector('[data-active="true"]')?.getAttribute('data-state-id')).toBe(
        'oilOrder.ordered',
      ),
    );
  },
};

/** The test paths, named by their events: filtered, grouped, replayed and copied as a test case. */
export const PathTools: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Paths (2)' })).toBeVisible();
    await expect(listedPaths(canvas)).toEqual([
      'CHOOSE(500 L) → ORDER → CANCEL → cancelled',
      'CHOOSE(500 L) → ORDER → RESET → choosing',
    ]);
    // Nothing is labelled "to <state> in N steps" without its events.
    await expect(canvas.queryByText(/ in \d+ steps?$/)).toBeNull();
    await expect(
      canvas.getAllByRole('listitem').map((item) => item.getAttribute('data-title')),
    ).toEqual(['Press Cancel order → Cancelled', 'Press Start again → Choosing']);
    const markdown = await exercisePathTools(canvas, {
      plan: null,
      target: 'cancelled',
      event: 'ORDER',
      copiedTexts: [
        '- [ ] 1. Choose 500 L in Amount.',
        '- [ ] 2. Press Order.',
        `  - [ ] See “${ordered}”`,
        '- [ ] 3. Press Cancel order.',
        `  - [ ] See “${cancelled}”`,
      ],
    });
    await expect(markdown.startsWith('### Demo oil order: Press Cancel order → Cancelled\n')).toBe(
      true,
    );
    await expect(canvas.getByTestId('current-state')).toHaveTextContent('cancelled');
  },
};

/** Every distinct state and context has its shortest path; each shows its steps in words. */
export const ShortestPaths: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Show' }), 'shortest');
    await expect(listedPaths(canvas)).toEqual([
      'choosing',
      'CHOOSE(500 L) → choosing',
      'CHOOSE(500 L) → ORDER → ordered',
      'CHOOSE(500 L) → ORDER → CANCEL → cancelled',
    ]);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Replay: CHOOSE(500 L) → ORDER → ordered' }),
    );
    const steps = within(canvas.getByRole('table', { name: 'Steps' }));
    await expect(steps.getAllByRole('row')[1]).toHaveTextContent('Choose 500 L in Amount');
    await expect(steps.getAllByRole('row')[2]).toHaveTextContent(`“${ordered}”`);
    await userEvent.click(canvas.getByRole('button', { name: 'Play all' }));
    await expect(canvas.getByTestId('current-state')).toHaveTextContent('ordered');
    await expect(canvas.getByRole('button', { name: 'Next step' })).toBeDisabled();
  },
};

/** The statechart as a standalone SVG file. */
export const DownloadStatechart: Story = {
  play: async ({ canvasElement }) => {
    const markup = await downloadStatechartFile(within(canvasElement));
    await expect(markup).toContain('data-state-id="oilOrder.cancelled"');
  },
};

export const Reset: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressEvent(canvas, 'CHOOSE(500 L)');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(canvas.getByTestId('context')).toHaveTextContent('"litres": 0');
  },
};

/** A large chart is drawn at its own size and scrolled; QA can zoom out, fit it, and zoom back. */
export const ZoomTheStatechart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const diagram = await canvas.findByTestId('state-diagram', {}, { timeout: 15_000 });
    const zoom = canvas.getByTestId('diagram-zoom');
    await expect(zoom).toHaveTextContent('100 %');
    const width = () => Number(diagram.getAttribute('width'));
    const full = width();
    // At its own size a state's name is drawn 13 px high: readable.
    const label = diagram.querySelector('[data-state-id="oilOrder.choosing"] text');
    await expect(label?.getAttribute('font-size')).toBe('13');
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom out' }));
    await expect(zoom).toHaveTextContent('80 %');
    await expect(width()).toBe(Math.round(full * 0.8));
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }));
    await expect(zoom).toHaveTextContent('125 %');
    await userEvent.click(canvas.getByRole('button', { name: 'Fit to width' }));
    const viewport = canvas.getByTestId('diagram-viewport');
    // As wide as the panel, up to twice its own size (this demo chart is small).
    const fitted = Math.min(full * 2, viewport.clientWidth - 4);
    await expect(Math.abs(width() - fitted)).toBeLessThanOrEqual(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Actual size' }));
    await expect(width()).toBe(full);
  },
};
