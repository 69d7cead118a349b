import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { TextField } from './TextField';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Contact Name', placeholder: 'Contact Name', onChange: fn() },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    onChange: { table: { category: 'Events' } },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { validationState: 'neutral', description: '', errorMessage: 'Name required.' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Contact Name' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Jane Doe');
    await expect(input).toHaveValue('Jane Doe');
    await expect(args.onChange).toHaveBeenLastCalledWith('Jane Doe');
  },
};

export const Neutral: Story = {};

export const WithDescription: Story = {
  args: {
    label: 'Email',
    placeholder: 'Email',
    type: 'email',
    description: 'We reply to this address.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'We reply to this address.',
    );
  },
};

/** SPEC §4: after Send, a field with an error shows the danger style and its message. */
export const Danger: Story = {
  args: {
    label: 'Email',
    placeholder: 'Email',
    defaultValue: 'jane@',
    validationState: 'danger',
    errorMessage: 'Valid email required.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Valid email required.');
    await expect(canvas.getByText('Valid email required.')).toBeVisible();
  },
};

/** SPEC §4: after Send, a field without an error shows the success style. */
export const Success: Story = {
  args: { defaultValue: 'Jane Doe', validationState: 'success', errorMessage: 'Name required.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Contact Name' });
    await expect(input).toBeValid();
    await expect(canvas.queryByText('Name required.')).toBeNull();
    await expect(input.closest('[data-state]')).toHaveAttribute('data-state', 'success');
  },
};

/** The label is visually hidden (the placeholder shows it) but still names the input. */
export const HiddenLabel: Story = {
  args: { label: 'Company Name', placeholder: 'Company Name', hideLabel: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Company Name' })).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Jane Doe' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Contact Name' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x');
    await expect(input).toHaveValue('Jane Doe');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Required: Story = {
  args: { isRequired: true, validationBehavior: 'aria' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Contact Name' })).toBeRequired();
  },
};

/** Every state, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1.25rem' }}>
      <TextField label="Contact Name" placeholder="Contact Name" />
      <TextField label="Email" defaultValue="jane@example.com" description="Help text." />
      <TextField
        label="Address"
        defaultValue=""
        placeholder="Address"
        validationState="danger"
        errorMessage="Address required."
      />
      <TextField label="Company Name" defaultValue="Acme Fuels Ltd" validationState="success" />
      <TextField label="Contact No." defaultValue="028 9000 0000" isDisabled />
      <TextField label="Hidden label" placeholder="Hidden label" hideLabel />
    </div>
  ),
};
