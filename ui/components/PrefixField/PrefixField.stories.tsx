import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button';
import { PrefixField } from './PrefixField';

const meta = {
  title: 'Components/PrefixField',
  component: PrefixField,
  tags: ['autodocs'],
  args: { label: 'Postcode', prefix: 'BT', placeholder: '1 1AA', onChange: fn() },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    onChange: { table: { category: 'Events' } },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PrefixField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { validationState: 'neutral', errorMessage: 'Invalid postcode.' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    // The prefix is shown beside the input and described to screen readers, not typed.
    await expect(canvas.getByText('BT')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('Starts with BT');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('71AB');
    await expect(input).toHaveValue('71AB');
    await expect(args.onChange).toHaveBeenLastCalledWith('71AB');
  },
};

/** The order form locks the postcode while one is set (SPEC §4). */
export const ReadOnly: Story = {
  args: { isReadOnly: true, defaultValue: '71AB' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    await expect(input).toHaveAttribute('readonly');
    await userEvent.type(input, 'X');
    await expect(input).toHaveValue('71AB');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '71AB' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Postcode' })).toBeDisabled();
  },
};

export const Danger: Story = {
  args: { validationState: 'danger', defaultValue: '7', errorMessage: 'Invalid postcode.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Invalid postcode. Starts with BT');
  },
};

export const Success: Story = {
  args: { validationState: 'success', defaultValue: '71AB' },
};

/**
 * The order form's pattern: locked while a postcode is set, with a link-style button that
 * toggles between "Change postcode?" and "Cancel postcode change".
 */
export const ChangePostcode: Story = {
  render: function ChangePostcodeStory(args) {
    const [locked, setLocked] = useState(true);
    return (
      <div style={{ display: 'grid', gap: '0.5rem', justifyItems: 'start' }}>
        <PrefixField {...args} isReadOnly={locked} defaultValue="71AB" />
        <Button variant="link" onPress={() => setLocked((value) => !value)}>
          {locked ? 'Change postcode?' : 'Cancel postcode change'}
        </Button>
      </div>
    );
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Postcode' });
    await expect(input).toHaveAttribute('readonly');
    await userEvent.click(canvas.getByRole('button', { name: 'Change postcode?' }));
    await expect(input).not.toHaveAttribute('readonly');
    await userEvent.clear(input);
    await userEvent.type(input, '11AA');
    await expect(input).toHaveValue('11AA');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel postcode change' }));
    await expect(input).toHaveAttribute('readonly');
  },
};

/** Every state, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1.25rem' }}>
      <PrefixField label="Postcode" prefix="BT" placeholder="1 1AA" />
      <PrefixField label="Postcode (locked)" prefix="BT" defaultValue="71AB" isReadOnly />
      <PrefixField
        label="Postcode (danger)"
        prefix="BT"
        defaultValue="7"
        validationState="danger"
        errorMessage="Invalid postcode."
      />
      <PrefixField
        label="Postcode (success)"
        prefix="BT"
        defaultValue="71AB"
        validationState="success"
      />
      <PrefixField label="Postcode (disabled)" prefix="BT" defaultValue="71AB" isDisabled />
    </div>
  ),
};
