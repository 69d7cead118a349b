import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { colors } from '../../theme/tokens';
import { Logo } from './Logo';

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

/** Sizes and surfaces, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1.5rem', justifyItems: 'start' }}>
      <Logo height={24} title="Fuelyard small" />
      <Logo height={40} />
      <Logo height={64} title="Fuelyard large" />
      <div style={{ background: colors.surfaceDark, padding: '1rem' }}>
        <Logo height={40} variant="light" title="Fuelyard on dark" />
      </div>
      <div style={{ display: 'flex', gap: '1rem' }}>
        <Logo height={32} markOnly title="Fuelyard mark small" />
        <Logo height={56} markOnly title="Fuelyard mark" />
      </div>
    </div>
  ),
};
