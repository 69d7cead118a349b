import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
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

/** For design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <TestModeBanner title="Test mode">
        Payments go to the built-in test provider: no card is charged.
      </TestModeBanner>
      <div style={{ maxWidth: 360 }}>
        <TestModeBanner title="Test mode">
          A narrow screen: the text wraps under the title.
        </TestModeBanner>
      </div>
    </div>
  ),
};
