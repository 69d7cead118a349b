import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { CartIcon, CloseIcon, MailIcon } from '../Icon';
import { Button } from './Button';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  args: { onPress: fn(), children: 'Order Online' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'link', 'icon'] },
    size: { control: 'inline-radio', options: ['md', 'sm'] },
    icon: { control: false },
    onPress: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { variant: 'primary', size: 'md', isDisabled: false, isPending: false },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Order Online' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

export const Primary: Story = {
  args: { variant: 'primary', children: 'Add to Cart' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add to Cart' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Cancel' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Link: Story = {
  args: { variant: 'link', children: 'Change postcode?' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Change postcode?' });
    await expect(button).toHaveAttribute('data-variant', 'link');
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const WithIcon: Story = {
  args: { variant: 'primary', icon: <MailIcon />, children: 'Send' },
  play: async ({ canvas }) => {
    // The icon is decorative: the accessible name is the label alone.
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeVisible();
  },
};

export const IconOnly: Story = {
  args: { variant: 'icon', icon: <CloseIcon />, 'aria-label': 'Close', children: undefined },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Close' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Small: Story = {
  args: { size: 'sm', variant: 'secondary', icon: <CartIcon />, children: 'Cart' },
};

export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Add to Cart' },
};

export const Pending: Story = {
  args: { isPending: true, icon: <MailIcon />, children: 'Send' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: /Send/ });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    // Still focusable (so focus is not lost mid-submit) but not pressable.
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, children: 'Add to Cart' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Add to Cart' });
    await expect(button).toBeDisabled();
    await userEvent.tab();
    await expect(button).not.toHaveFocus();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

const variants = ['primary', 'secondary', 'link'] as const;

/** Every variant in every state, for design review and the visual baseline. */
export const All: Story = {
  parameters: { layout: 'padded' },
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(5, max-content)', gap: '1rem' }}>
      {variants.map((variant) => (
        <div key={variant} style={{ display: 'contents' }}>
          <Button variant={variant}>Order Online</Button>
          <Button variant={variant} icon={<MailIcon />}>
            Send
          </Button>
          <Button variant={variant} size="sm">
            Small
          </Button>
          <Button variant={variant} isPending>
            Pending
          </Button>
          <Button variant={variant} isDisabled>
            Disabled
          </Button>
        </div>
      ))}
      <Button variant="icon" icon={<CloseIcon />} aria-label="Close" />
      <Button variant="icon" icon={<CartIcon />} aria-label="Cart" />
      <Button variant="icon" size="sm" icon={<CloseIcon />} aria-label="Close small" />
      <Button variant="icon" icon={<CloseIcon />} aria-label="Closing" isPending />
      <Button variant="icon" icon={<CloseIcon />} aria-label="Close disabled" isDisabled />
    </div>
  ),
};
