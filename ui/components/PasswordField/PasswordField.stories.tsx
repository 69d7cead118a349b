import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'Password', autoComplete: 'current-password' },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Hidden as typed; Show password reveals it, Hide password hides it again. */
export const ShowAndHide: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'turf smoke');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('turf smoke');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Invalid: Story = {
  args: { validationState: 'danger', errorMessage: 'Password must be at least 8 characters.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Password must be at least 8 characters.');
  },
};

/** Designers: neutral, with help text, invalid and valid. */
export const All: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem', maxWidth: 420 }}>
      <PasswordField {...args} label="Password" />
      <PasswordField {...args} label="New password" description="At least 8 characters." />
      <PasswordField
        {...args}
        label="Too short"
        validationState="danger"
        errorMessage="Password must be at least 8 characters."
      />
      <PasswordField {...args} label="Fine" validationState="success" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button')).toHaveLength(4);
  },
};
