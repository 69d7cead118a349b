import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent } from 'storybook/test';
import { CartIcon } from '../Icon';
import { ButtonLink } from './ButtonLink';

const meta = {
  title: 'Components/ButtonLink',
  component: ButtonLink,
  tags: ['autodocs'],
  args: { href: '#checkout', children: 'Checkout' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary'] },
    size: { control: 'inline-radio', options: ['md', 'sm'] },
    icon: { control: false },
  },
} satisfies Meta<typeof ButtonLink>;

export default meta;
type Story = StoryObj<typeof meta>;

const navigate = fn();

/**
 * A real link: reachable with Tab, followed with Enter. Inside a react-aria `RouterProvider` (as
 * in the site) it navigates through the client-side router.
 */
export const Playground: Story = {
  args: { variant: 'primary', size: 'md' },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  play: async ({ canvas }) => {
    navigate.mockClear();
    const link = canvas.getByRole('link', { name: 'Checkout' });
    await expect(link).toHaveAttribute('href', '#checkout');
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledOnce();
    await expect(navigate.mock.calls[0]?.[0]).toBe('#checkout');
  },
};

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'data-variant',
      'primary',
    );
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Shop home heating fuel', href: '#domestic' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Shop home heating fuel' })).toHaveAttribute(
      'data-variant',
      'secondary',
    );
  },
};

export const WithIcon: Story = {
  args: { icon: <CartIcon />, children: 'View cart', href: '#cart' },
  play: async ({ canvas }) => {
    // The icon is decorative: the link is named by its text alone.
    await expect(canvas.getByRole('link', { name: 'View cart' })).toBeVisible();
  },
};

/** A disabled link is announced as disabled and cannot be followed. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Checkout' });
    await expect(link).toHaveAttribute('aria-disabled', 'true');
    await expect(link).toHaveAttribute('data-disabled', 'true');
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Checkout' });
    await expect(link).toHaveAttribute('data-full-width', 'true');
    const parent = link.parentElement;
    if (!parent) throw new Error('the link has no container');
    const style = getComputedStyle(parent);
    const contentWidth =
      parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    await expect(Math.round(link.getBoundingClientRect().width)).toBe(Math.round(contentWidth));
  },
};

/** Every variant and size, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem', justifyItems: 'start' }}>
      <ButtonLink href="#checkout">Checkout</ButtonLink>
      <ButtonLink href="#domestic" variant="secondary">
        Shop home heating fuel
      </ButtonLink>
      <ButtonLink href="#cart" size="sm" icon={<CartIcon />}>
        View cart
      </ButtonLink>
      <ButtonLink href="#wholesale" variant="secondary" size="sm">
        Shop wholesale fuel
      </ButtonLink>
      <ButtonLink href="#checkout" isDisabled>
        Checkout
      </ButtonLink>
    </div>
  ),
};
