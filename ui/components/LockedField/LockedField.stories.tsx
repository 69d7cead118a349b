import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Link } from '../Link';
import { LockedField } from './LockedField';

const meta = {
  title: 'Components/LockedField',
  component: LockedField,
  tags: ['autodocs'],
  args: {
    label: 'Postcode',
    value: 'BT1 1AA',
    description: 'Prices and delivery were checked for this postcode.',
    action: <Link href="#cart">Change</Link>,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LockedField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Read-only: it can be focused and read, not changed; the link says where to change it. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    await expect(input).toHaveValue('BT1 1AA');
    await expect(input).toHaveAttribute('readonly');
    await expect(input).toHaveAccessibleDescription(
      'Prices and delivery were checked for this postcode.',
    );
    await userEvent.type(input, 'X');
    await expect(input).toHaveValue('BT1 1AA');
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Change' })).toHaveFocus();
  },
};

export const WithoutAction: Story = {
  args: { action: undefined, description: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** For design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 420 }}>
      <LockedField
        label="Postcode"
        value="BT1 1AA"
        description="Prices and delivery were checked for this postcode."
        action={<Link href="#cart">Change</Link>}
      />
      <LockedField label="Delivery zone" value="Northern Ireland" />
    </div>
  ),
};
