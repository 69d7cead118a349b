import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  interactionStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { CartIcon } from '../Icon';
import { ButtonLink, type ButtonLinkProps } from './ButtonLink';

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

/** The variants, as columns: a state's row then reads across every variant. */
interface ButtonLinkVariant extends MatrixAxis {
  props: Omit<ButtonLinkProps, 'href' | 'isDisabled'>;
}

const buttonLinkVariants: ButtonLinkVariant[] = [
  { label: 'Primary', props: { children: 'Checkout' } },
  { label: 'Secondary', props: { variant: 'secondary', children: 'Shop home heating fuel' } },
  {
    label: 'Primary, small, icon',
    props: { size: 'sm', icon: <CartIcon />, children: 'View cart' },
  },
  {
    label: 'Secondary, small',
    props: { variant: 'secondary', size: 'sm', children: 'Shop wholesale fuel' },
  },
];

interface ButtonLinkState extends MatrixAxis {
  isDisabled?: boolean;
}

const buttonLinkStates: ButtonLinkState[] = [
  ...interactionStates,
  { label: 'Disabled', isDisabled: true },
];

/**
 * Every variant in every state, for design review and the visual baseline. Hover, Focus and
 * Pressed are static previews (ui/theme/previewState.ts); Disabled is the real prop.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="ButtonLink: every variant in every state"
      rowsLabel="State"
      rows={buttonLinkStates}
      columns={buttonLinkVariants}
      cellStyle={{ whiteSpace: 'nowrap' }}
      renderCell={(state, variant) => (
        <ButtonLink {...variant.props} href="#checkout" isDisabled={state.isDisabled} />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: buttonLinkVariants.map((variant) => variant.label),
      rows: buttonLinkStates.map((state) => state.label),
    });
    const link = (state: string, variant: string) =>
      within(getMatrixCell(canvasElement, state, variant)).getByRole('link');
    const look = (state: string, variant: string) => getComputedStyle(link(state, variant));

    for (const variant of ['Primary', 'Secondary']) {
      const normal = look('Default', variant).backgroundColor;
      await expect(look('Hover', variant).backgroundColor).not.toBe(normal);
      await expect(look('Pressed', variant).backgroundColor).not.toBe(normal);
      await expect(look('Default', variant).outlineStyle).toBe('none');
      await expect(look('Focus', variant).outlineStyle).toBe('solid');
    }
    await expect(link('Disabled', 'Primary')).toHaveAttribute('aria-disabled', 'true');
  },
};
