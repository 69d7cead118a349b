import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { TestModeBanner } from './TestModeBanner';

const meta = {
  title: 'Components/TestModeBanner',
  component: TestModeBanner,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Test mode',
    children: 'Payments go to the built-in test provider: no card is charged.',
  },
} satisfies Meta<typeof TestModeBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A note, not an alert: it is always there and is not announced as news. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const banner = canvas.getByRole('note', { name: 'Test mode' });
    await expect(banner).toHaveTextContent(
      'Test modePayments go to the built-in test provider: no card is charged.',
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

interface BannerColumn extends MatrixAxis {
  text: string;
}

const bannerColumns: BannerColumn[] = [
  {
    label: 'Wide',
    text: 'Payments go to the built-in test provider: no card is charged.',
  },
  {
    label: 'Narrow (360px)',
    text: 'A narrow screen: the text wraps under the title.',
    cellStyle: { width: 360 },
  },
];

const bannerRow: MatrixAxis = { label: 'Test mode' };

/** Wide and narrow, labelled, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="TestModeBanner: widths"
      rowsLabel="Banner"
      rows={[bannerRow]}
      columns={bannerColumns}
      renderCell={(_row, column) => (
        <TestModeBanner title="Test mode">{column.text}</TestModeBanner>
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: bannerColumns.map((column) => column.label),
      rows: [bannerRow.label],
    });
    await expect(getMatrixCell(canvasElement, 'Test mode', 'Narrow (360px)')).toHaveTextContent(
      /wraps under the title/,
    );
  },
};
