import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Badge, BestsellerBadge, type BadgeTone } from './Badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { count: 3 },
  argTypes: {
    count: { control: { type: 'number', step: 1 } },
    tone: { control: 'inline-radio', options: ['primary', 'dark', 'danger'] },
    max: { control: { type: 'number', step: 1 } },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { count: 3, tone: 'primary', max: 99 },
};

export const WithCount: Story = {
  args: { count: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('3')).toBeVisible();
    // The bare number is hidden from screen readers; they hear the label instead.
    await expect(canvas.getByText('3')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByText('3 items in cart')).toBeInTheDocument();
  },
};

export const SingleItem: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1 item in cart')).toBeInTheDocument();
  },
};

export const Zero: Story = {
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText('0')).not.toBeInTheDocument();
    await expect(canvas.queryByText(/in cart/)).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-variant="count"]')).toBeNull();
  },
};

export const Negative: Story = {
  args: { count: -2 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-variant="count"]')).toBeNull();
  },
};

export const OverMax: Story = {
  args: { count: 150 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('99+')).toBeVisible();
    await expect(canvas.getByText('150 items in cart')).toBeInTheDocument();
  },
};

export const CustomLabel: Story = {
  args: { count: 2, label: (n: number) => `${n} unread messages`, tone: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('2 unread messages')).toBeInTheDocument();
  },
};

export const Bestseller: Story = {
  render: () => <BestsellerBadge />,
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Bestseller');
    await expect(badge).toBeVisible();
    await expect(badge.textContent).toBe('Bestseller');
    // Dark text on the brand yellow.
    await expect(getComputedStyle(badge).backgroundColor).toBe('rgb(255, 209, 0)');
    await expect(getComputedStyle(badge).color).toBe('rgb(26, 26, 26)');
  },
};

const tones: BadgeTone[] = ['primary', 'dark', 'danger'];
const counts = [0, 1, 3, 42, 150];

interface ToneRow extends MatrixAxis {
  tone: BadgeTone;
}

const toneRows: ToneRow[] = tones.map((tone) => ({ label: tone, tone }));

interface CountColumn extends MatrixAxis {
  count: number;
}

const countColumns: CountColumn[] = counts.map((count) => ({
  label: count === 0 ? '0 (nothing)' : String(count),
  count,
}));

/** Every tone against a range of counts (0 renders nothing), plus the Bestseller flag. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1.5rem', justifyItems: 'start' }}>
      <StateMatrix
        caption="Badge: tones by count"
        rowsLabel="Tone"
        rows={toneRows}
        columns={countColumns}
        renderCell={(row, column) => <Badge count={column.count} tone={row.tone} />}
      />
      <StateMatrix
        caption="BestsellerBadge"
        rowsLabel="Badge"
        rows={[{ label: 'Bestseller' }]}
        columns={[{ label: 'Default' }]}
        renderCell={() => <BestsellerBadge />}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement, 'Badge: tones by count')).toEqual({
      columns: countColumns.map((column) => column.label),
      rows: tones,
    });
    // 0 renders nothing: four visible counts per tone.
    await expect(canvasElement.querySelectorAll('[data-variant="count"]')).toHaveLength(
      tones.length * (counts.length - 1),
    );
    await expect(getMatrixCell(canvasElement, 'danger', '42')).toHaveTextContent('42');
    await expect(getMatrixCell(canvasElement, 'danger', '0 (nothing)')).toBeEmptyDOMElement();
  },
};
