import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { colors } from '../../theme/tokens';
import { Logo, type LogoProps } from './Logo';

const meta = {
  title: 'Components/Logo',
  component: Logo,
  tags: ['autodocs'],
  args: { height: 40, variant: 'dark', markOnly: false },
  argTypes: {
    variant: { control: 'inline-radio', options: ['dark', 'light'] },
    height: { control: { type: 'range', min: 16, max: 160, step: 4 } },
  },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

const onDark: Decorator = (Story) => (
  <div style={{ background: colors.surfaceDark, padding: '1rem', display: 'inline-block' }}>
    <Story />
  </div>
);

export const Playground: Story = {
  play: async ({ canvas }) => {
    const logo = canvas.getByRole('img', { name: 'Fuelyard' });
    await expect(logo).toHaveAttribute('height', '40');
    await expect(logo.getAttribute('width')).toBe(String((40 * 200) / 48));
  },
};

export const Dark: Story = { args: { variant: 'dark' } };

export const Light: Story = { args: { variant: 'light' }, decorators: [onDark] };

export const MarkOnly: Story = {
  args: { markOnly: true, height: 56 },
  play: async ({ canvas }) => {
    const logo = canvas.getByRole('img', { name: 'Fuelyard' });
    await expect(logo).toHaveAttribute('viewBox', '0 0 48 48');
    await expect(logo.querySelector('text')).toBeNull();
  },
};

interface LogoRow extends MatrixAxis {
  props: Pick<LogoProps, 'variant' | 'markOnly'>;
}

const onDarkCell = { background: colors.surfaceDark, color: colors.onSurfaceDark };

const logoRows: LogoRow[] = [
  { label: 'Full, dark', props: { variant: 'dark' } },
  { label: 'Full, light (on dark)', props: { variant: 'light' }, cellStyle: onDarkCell },
  { label: 'Mark, dark', props: { variant: 'dark', markOnly: true } },
  {
    label: 'Mark, light (on dark)',
    props: { variant: 'light', markOnly: true },
    cellStyle: onDarkCell,
  },
];

interface HeightColumn extends MatrixAxis {
  height: number;
}

const heightColumns: HeightColumn[] = [24, 40, 64].map((height) => ({
  label: `${height}px`,
  height,
}));

/** Sizes and surfaces, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Logo: variants by height"
      rowsLabel="Variant"
      rows={logoRows}
      columns={heightColumns}
      renderCell={(row, column) => <Logo {...row.props} height={column.height} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: heightColumns.map((column) => column.label),
      rows: logoRows.map((row) => row.label),
    });
    const logo = within(getMatrixCell(canvasElement, 'Mark, dark', '64px')).getByRole('img', {
      name: 'Fuelyard',
    });
    await expect(logo).toHaveAttribute('height', '64');
    await expect(logo).toHaveAttribute('viewBox', '0 0 48 48');
  },
};
