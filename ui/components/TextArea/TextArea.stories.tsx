import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'Components/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'Enquiry', placeholder: 'Enquiry', onChange: fn() },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    rows: { control: { type: 'number', min: 2, max: 12 } },
    onChange: { table: { category: 'Events' } },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { validationState: 'neutral', rows: 5, errorMessage: 'Enquiry required.' },
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('textbox', { name: 'Enquiry' });
    await expect(box.tagName).toBe('TEXTAREA');
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard('Two pallets of bagged coal,{Enter}delivered to Lisburn.');
    await expect(box).toHaveValue('Two pallets of bagged coal,\ndelivered to Lisburn.');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      'Two pallets of bagged coal,\ndelivered to Lisburn.',
    );
  },
};

export const Danger: Story = {
  args: { validationState: 'danger', errorMessage: 'Enquiry required.' },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Enquiry' });
    await expect(box).toBeInvalid();
    await expect(box).toHaveAccessibleDescription('Enquiry required.');
  },
};

export const Success: Story = {
  args: { validationState: 'success', defaultValue: 'Please call me about wood pellets.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Enquiry' })).toBeValid();
  },
};

export const HiddenLabel: Story = { args: { hideLabel: true } };

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Sent.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Enquiry' })).toBeDisabled();
  },
};

/** Every state, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1.25rem' }}>
      <TextArea label="Enquiry" placeholder="Enquiry" rows={3} />
      <TextArea
        label="Enquiry (danger)"
        rows={3}
        validationState="danger"
        errorMessage="Enquiry required."
      />
      <TextArea
        label="Enquiry (success)"
        rows={3}
        validationState="success"
        defaultValue="Please call me about wood pellets."
      />
      <TextArea label="Enquiry (disabled)" rows={3} isDisabled defaultValue="Sent." />
    </div>
  ),
};
