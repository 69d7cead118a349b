import type { Meta, StoryObj } from '@storybook/react-vite';
import type * as RAC from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Text } from '../Text';
import { Tabs, type TabItem } from './Tabs';

/** The Order Online modal's tabs (SPEC §2). */
const orderTabs: TabItem[] = [
  {
    id: 'coal',
    label: 'Coal',
    content: <Text>A minimum order applies depending on your postcode.</Text>,
  },
  {
    id: 'woodpellet',
    label: 'Wood Pellets',
    content: <Text>For delivery outside NI please contact our office</Text>,
  },
  { id: 'oil', label: 'Oil', content: <Text>Home heating oil by the litre.</Text> },
  {
    id: 'other',
    label: 'Wood & Other Products',
    content: <Text>Kindling, logs and briquettes.</Text>,
  },
];

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { items: orderTabs, 'aria-label': 'Products', onSelectionChange: fn() },
  argTypes: { onSelectionChange: { table: { category: 'Events' } } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tabs>;

export default meta;

/**
 * react-aria builds the tabs in a pass after the first render: a play function waits for them (in
 * the built Storybook a story plays as soon as it has first rendered).
 */
async function tabsShown(canvas: ReturnType<typeof within>, count: number): Promise<void> {
  await waitFor(() => expect(canvas.getAllByRole('tab')).toHaveLength(count));
}
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    await tabsShown(canvas, 4);
    const coal = canvas.getByRole('tab', { name: 'Coal' });
    // The first tab is selected once react-aria has built the collection.
    await waitFor(() => expect(coal).toHaveAttribute('aria-selected', 'true'));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(/minimum order/);
    // Keyboard: Tab focuses the selected tab, arrows move and select.
    await userEvent.tab();
    await expect(coal).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const pellets = canvas.getByRole('tab', { name: 'Wood Pellets' });
    await expect(pellets).toHaveFocus();
    await expect(pellets).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent(
      'For delivery outside NI please contact our office',
    );
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('woodpellet');
    // Mouse.
    await userEvent.click(canvas.getByRole('tab', { name: 'Oil' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Home heating oil by the litre.');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('oil');
  },
};

/**
 * The Order Online modal on a 390 px phone leaves the tabs about 320 px: they narrow and the
 * longer names wrap, every name whole and on screen, nothing to scroll to.
 */
export const NarrowRow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await tabsShown(canvas, 4);
    // Measured in the theme's font (a wider fallback font would not fit while it loads).
    for (const tab of canvas.getAllByRole('tab'))
      await document.fonts.load(getComputedStyle(tab).font);
    await document.fonts.ready;
    const list = canvas.getByRole('tablist');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    const row = list.getBoundingClientRect();
    for (const tab of canvas.getAllByRole('tab')) {
      const box = tab.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(row.left);
      await expect(box.right).toBeLessThanOrEqual(row.right + 0.5);
      // No name cut off inside its tab.
      await expect(tab.scrollWidth).toBeLessThanOrEqual(tab.clientWidth);
    }
    await expect(canvas.getByRole('tab', { name: 'Wood & Other Products' })).toBeVisible();
  },
};

export const DefaultSelected: Story = {
  args: { defaultSelectedKey: 'oil' },
  play: async ({ canvas }) => {
    await tabsShown(canvas, 4);
    await expect(canvas.getByRole('tab', { name: 'Oil' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** SPEC §2: a tab appears only when its product list is not empty. */
export const OnlySomeTabs: Story = {
  args: { items: orderTabs.filter((tab) => tab.id !== 'oil') },
  play: async ({ canvas }) => {
    await tabsShown(canvas, 3);
    await expect(canvas.getAllByRole('tab')).toHaveLength(3);
    await expect(canvas.queryByRole('tab', { name: 'Oil' })).toBeNull();
  },
};

export const DisabledTab: Story = {
  args: { items: orderTabs.map((tab) => ({ ...tab, isDisabled: tab.id === 'oil' })) },
  play: async ({ canvas }) => {
    await tabsShown(canvas, 4);
    const oil = canvas.getByRole('tab', { name: 'Oil' });
    await expect(oil).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(oil);
    await expect(oil).toHaveAttribute('aria-selected', 'false');
  },
};

/** Three of the tabs, with short panels: the matrix is about the tab list. */
const matrixTabs: TabItem[] = orderTabs
  .filter((tab) => tab.id !== 'other')
  .map((tab) => ({ ...tab, content: <Text variant="small">{tab.label} products.</Text> }));

interface TabsState extends MatrixAxis {
  disabledTab?: RAC.Key;
}

const tabsStates: TabsState[] = [
  defaultState,
  hoverState,
  focusState,
  { label: 'Disabled (Oil)', disabledTab: 'oil' },
];

const tabsColumn: MatrixAxis = { label: 'Coal selected, the others not' };

/**
 * Selected, unselected and disabled tabs in each state, for design review and the visual
 * baseline. Every tab of a Hover or Focus row is a static preview of that state
 * (ui/theme/previewState.ts); the selected tab keeps its yellow. A disabled tab is the real prop.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Tabs: states"
      rowsLabel="State"
      rows={tabsStates}
      columns={[tabsColumn]}
      renderCell={(state) => (
        <Tabs
          aria-label={`Products, ${state.label.toLowerCase()}`}
          items={matrixTabs.map((tab) => ({ ...tab, isDisabled: tab.id === state.disabledTab }))}
        />
      )}
    />
  ),
  play: async ({ canvas, canvasElement }) => {
    await tabsShown(canvas, matrixTabs.length * tabsStates.length);
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [tabsColumn.label],
      rows: tabsStates.map((state) => state.label),
    });
    const tab = (state: string, name: string) =>
      within(getMatrixCell(canvasElement, state, tabsColumn.label)).getByRole('tab', { name });
    const look = (state: string, name: string) => getComputedStyle(tab(state, name));

    // The first tab of each list is selected once react-aria has built its collection.
    await waitFor(() => {
      for (const state of tabsStates)
        expect(tab(state.label, 'Coal')).toHaveAttribute('aria-selected', 'true');
    });
    // Colours ease in (a short transition): compared once they have settled.
    await waitFor(() =>
      expect(look('Hover', 'Oil').backgroundColor).not.toBe(look('Default', 'Oil').backgroundColor),
    );
    // The selected tab stays yellow under the pointer.
    await waitFor(() =>
      expect(look('Hover', 'Coal').backgroundColor).toBe(look('Default', 'Coal').backgroundColor),
    );
    await expect(look('Default', 'Oil').outlineStyle).toBe('none');
    await expect(look('Focus', 'Oil').outlineStyle).toBe('solid');
    await expect(tab('Disabled (Oil)', 'Oil')).toHaveAttribute('aria-disabled', 'true');
  },
};
