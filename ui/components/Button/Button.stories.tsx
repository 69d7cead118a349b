import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  interactionStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { CartIcon, CloseIcon, MailIcon } from '../Icon';
import { Button, type ButtonProps } from './Button';

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

type ButtonState = Pick<ButtonProps, 'isDisabled' | 'isPending'>;

/** The variants, as columns: a state's row then reads across every variant. */
interface ButtonVariantColumn extends MatrixAxis {
  render: (state: ButtonState) => ReactNode;
}

const buttonVariants: ButtonVariantColumn[] = [
  { label: 'Primary', render: (state) => <Button {...state}>Order Online</Button> },
  {
    label: 'Primary, icon',
    render: (state) => (
      <Button {...state} icon={<MailIcon />}>
        Send
      </Button>
    ),
  },
  {
    label: 'Primary, small',
    render: (state) => (
      <Button {...state} size="sm">
        Small
      </Button>
    ),
  },
  {
    label: 'Secondary',
    render: (state) => (
      <Button {...state} variant="secondary">
        Cancel
      </Button>
    ),
  },
  {
    label: 'Secondary, small',
    render: (state) => (
      <Button {...state} variant="secondary" size="sm" icon={<CartIcon />}>
        Cart
      </Button>
    ),
  },
  {
    label: 'Link',
    render: (state) => (
      <Button {...state} variant="link">
        Change postcode?
      </Button>
    ),
  },
  {
    label: 'Icon',
    render: (state) => <Button {...state} variant="icon" icon={<CloseIcon />} aria-label="Close" />,
  },
  {
    label: 'Icon, small',
    render: (state) => (
      <Button {...state} variant="icon" size="sm" icon={<CartIcon />} aria-label="Cart" />
    ),
  },
];

interface ButtonStateRow extends MatrixAxis {
  state?: ButtonState;
}

const buttonStates: ButtonStateRow[] = [
  ...interactionStates,
  { label: 'Disabled', state: { isDisabled: true } },
  { label: 'Pending', state: { isPending: true } },
];

/**
 * Every variant in every state, for design review and the visual baseline. Hover, Focus and
 * Pressed are static previews of those states (see ui/theme/previewState.ts); Disabled and
 * Pending are the real props.
 */
export const All: Story = {
  parameters: { layout: 'padded' },
  render: () => (
    <StateMatrix
      caption="Button: every variant in every state"
      rowsLabel="State"
      rows={buttonStates}
      columns={buttonVariants}
      cellStyle={{ whiteSpace: 'nowrap' }}
      renderCell={(row, column) => column.render(row.state ?? {})}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: buttonVariants.map((variant) => variant.label),
      rows: buttonStates.map((state) => state.label),
    });
    const button = (variant: string, state: string) =>
      within(getMatrixCell(canvasElement, state, variant)).getByRole('button');
    const look = (variant: string, state: string) => getComputedStyle(button(variant, state));

    // Hover and Pressed each darken the yellow; Focus adds the focus ring.
    const primary = look('Primary', 'Default').backgroundColor;
    await expect(look('Primary', 'Hover').backgroundColor).not.toBe(primary);
    await expect(look('Primary', 'Pressed').backgroundColor).not.toBe(primary);
    await expect(look('Primary', 'Pressed').backgroundColor).not.toBe(
      look('Primary', 'Hover').backgroundColor,
    );
    await expect(look('Primary', 'Default').outlineStyle).toBe('none');
    await expect(look('Primary', 'Focus').outlineStyle).toBe('solid');
    await expect(look('Secondary', 'Hover').borderColor).not.toBe(
      look('Secondary', 'Default').borderColor,
    );
    await expect(look('Link', 'Hover').color).not.toBe(look('Link', 'Default').color);
    await expect(look('Icon', 'Hover').backgroundColor).not.toBe(
      look('Icon', 'Default').backgroundColor,
    );

    // The previews only look the part: the buttons keep their real state.
    await expect(button('Primary', 'Hover')).not.toHaveAttribute('data-hovered');
    await expect(button('Primary', 'Disabled')).toBeDisabled();
    await expect(button('Primary', 'Pending')).toHaveAttribute('aria-disabled', 'true');
    await expect(
      within(getMatrixCell(canvasElement, 'Pending', 'Primary')).getByRole('progressbar'),
    ).toBeInTheDocument();
  },
};
