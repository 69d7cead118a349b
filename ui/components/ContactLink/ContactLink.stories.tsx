import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { colors } from '../../theme/tokens';
import { EmailLink, PhoneLink } from './ContactLink';

const headOffice = { label: 'Head Office', number: '028 9649 6010' };
const belfast = { label: 'Belfast Office', number: '028 9649 6020' };

const meta = {
  title: 'Components/ContactLink',
  component: PhoneLink,
  tags: ['autodocs'],
  args: { phone: headOffice },
  argTypes: {
    variant: { control: 'inline-radio', options: ['default', 'muted', 'inverse'] },
  },
} satisfies Meta<typeof PhoneLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { phone: headOffice, showLabel: true, showIcon: true, variant: 'default' },
};

export const Phone: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: 'Head Office: 028 9649 6010',
    });
    await expect(link).toHaveAttribute('href', 'tel:+442896496010');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

/** Only the number shows; the label stays in the accessible name. */
export const PhoneNumberOnly: Story = {
  args: { phone: belfast, showLabel: false },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: 'Belfast Office: 028 9649 6020',
    });
    await expect(link).toHaveTextContent(/^028 9649 6020$/);
  },
};

export const Email: Story = {
  render: () => <EmailLink email="info@fuelyard.co.uk" />,
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'info@fuelyard.co.uk' });
    await expect(link).toHaveAttribute('href', 'mailto:info@fuelyard.co.uk');
  },
};

/** Every variant, for designers. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      {(['default', 'muted', 'inverse'] as const).map((variant) => (
        <div
          key={variant}
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '1.5rem',
            padding: '1rem',
            background: variant === 'inverse' ? colors.surfaceDark : colors.surface,
          }}
        >
          <PhoneLink phone={headOffice} variant={variant} />
          <PhoneLink phone={belfast} variant={variant} showLabel={false} />
          <EmailLink email="info@fuelyard.co.uk" variant={variant} />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('link', { name: /028 9649 60[12]0/ })).toHaveLength(6);
    await expect(canvas.getAllByRole('link', { name: 'info@fuelyard.co.uk' })).toHaveLength(3);
  },
};
