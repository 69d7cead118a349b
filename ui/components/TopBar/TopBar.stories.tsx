import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  rowInStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { TopBar, type TopBarProps } from './TopBar';

const phones = [
  { label: 'Head Office', number: '028 9649 6010' },
  { label: 'Belfast Office', number: '028 9649 6020' },
];

/** Client-side navigation is stubbed, so pressing a link in a story never leaves the story. */
const navigate = fn();

const meta = {
  title: 'Layout/TopBar',
  component: TopBar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    phones,
    email: 'info@fuelyard.co.uk',
    user: null,
    cartCount: 0,
    onLogout: fn(),
  },
  argTypes: {
    cartCount: { control: { type: 'number', min: 0, step: 1 } },
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { user: { full_name: 'Siobhan Doherty' }, cartCount: 2 },
};

export const LoggedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const login = canvas.getByRole('link', { name: 'Customer Login' });
    await expect(login).toHaveAttribute('href', '/user/login');
    await expect(canvas.queryByRole('button', { name: /^Hi,/ })).toBeNull();

    // Tab walks through every link in reading order.
    const order = [
      canvas.getByRole('link', { name: 'Head Office: 028 9649 6010' }),
      canvas.getByRole('link', { name: 'Belfast Office: 028 9649 6020' }),
      canvas.getByRole('link', { name: 'info@fuelyard.co.uk' }),
      login,
      canvas.getByRole('link', { name: 'Cart' }),
    ];
    for (const link of order) {
      await userEvent.tab();
      await expect(link).toHaveFocus();
    }
    await expect(order[0]).toHaveAttribute('href', 'tel:+442896496010');
    await expect(order[1]).toHaveAttribute('href', 'tel:+442896496020');
    await expect(order[2]).toHaveAttribute('href', 'mailto:info@fuelyard.co.uk');

    // Enter on the login link navigates through the router.
    login.focus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/user/login', undefined);
  },
};

export const CustomLabels: Story = {
  args: {
    user: { full_name: 'Siobhan Doherty' },
    labels: { greeting: (name) => `Welcome back, ${name}`, logout: 'Sign out' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Welcome back, Siobhan Doherty' }));
    await expect(
      await within(document.body).findByRole('menuitem', { name: 'Sign out' }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

export const LoggedIn: Story = {
  args: { user: { full_name: 'Siobhan Doherty' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await expect(canvas.queryByRole('link', { name: 'Customer Login' })).toBeNull();
    const trigger = canvas.getByRole('button', { name: 'Hi, Siobhan Doherty!' });

    // Open by keyboard; Escape closes and gives focus back.
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const logout = await body.findByRole('menuitem', { name: 'Logout' });
    await expect(logout).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    // Focus goes back once the menu has unmounted, which may take a frame or two under load.
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onLogout).not.toHaveBeenCalled();

    // Choose Logout with the pointer.
    await userEvent.click(trigger);
    await userEvent.click(await body.findByRole('menuitem', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
  },
};

export const LogoutByKeyboard: Story = {
  args: { user: { full_name: 'Ciaran McAllister' } },
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Hi, Ciaran McAllister!' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const logout = await within(document.body).findByRole('menuitem', { name: 'Logout' });
    await waitFor(() => expect(logout).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const EmptyCart: Story = {
  args: { cartCount: 0 },
  play: async ({ canvasElement }) => {
    const cart = within(canvasElement).getByRole('link', { name: 'Cart' });
    await expect(cart).toHaveAttribute('href', '/cart');
    // No badge at 0.
    await expect(cart.querySelector('[data-variant="count"]')).toBeNull();
    await expect(cart).not.toHaveTextContent(/\d/);
  },
};

export const WithCartItems: Story = {
  args: { cartCount: 3 },
  play: async ({ canvasElement }) => {
    const cart = within(canvasElement).getByRole('link', { name: 'Cart, 3 items' });
    const badge = cart.querySelector('[data-variant="count"]');
    await expect(badge).not.toBeNull();
    await expect(badge).toBeVisible();
    await expect(badge).toHaveTextContent('3');
    await userEvent.click(cart);
    await expect(navigate).toHaveBeenCalledWith('/cart', undefined);
  },
};

export const OneItem: Story = {
  args: { cartCount: 1, cartHref: '/checkout' },
  play: async ({ canvasElement }) => {
    const cart = within(canvasElement).getByRole('link', { name: 'Cart, 1 item' });
    await expect(cart).toHaveAttribute('href', '/checkout');
  },
};

interface TopBarRow extends MatrixAxis {
  props: Pick<TopBarProps, 'user' | 'cartCount'>;
}

const siobhan = { full_name: 'Siobhan Doherty' };

const topBarMatrixRows: TopBarRow[] = [
  { label: 'Logged out, empty cart', props: { user: null, cartCount: 0 } },
  { label: 'Logged out, 4 in cart', props: { user: null, cartCount: 4 } },
  { label: 'Logged in, empty cart', props: { user: siobhan, cartCount: 0 } },
  ...rowInStates({ label: 'Logged in, 12 in cart', props: { user: siobhan, cartCount: 12 } }),
];

const topBarColumn: MatrixAxis = { label: 'TopBar' };

/**
 * Logged out and in, with and without items, and the fullest bar in each state, for designers and
 * the visual baseline. In a hover, focus or pressed row every link and button of the bar is a static
 * preview of that state (ui/theme/previewState.ts).
 */
export const All: Story = {
  render: (args) => (
    <StateMatrix
      caption="TopBar: variants and states"
      rowsLabel="Variant, state"
      rows={topBarMatrixRows}
      fill
      columns={[topBarColumn]}
      renderCell={(row) => <TopBar {...args} {...row.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [topBarColumn.label],
      rows: topBarMatrixRows.map((row) => row.label),
    });
    const count = (test: (row: TopBarRow) => boolean) => topBarMatrixRows.filter(test).length;
    await expect(canvas.getAllByRole('link', { name: 'Customer Login' })).toHaveLength(
      count((row) => row.props.user === null),
    );
    await expect(canvas.getAllByRole('button', { name: 'Hi, Siobhan Doherty!' })).toHaveLength(
      count((row) => row.props.user !== null),
    );
    await expect(canvasElement.querySelectorAll('[data-variant="count"]')).toHaveLength(
      count((row) => (row.props.cartCount ?? 0) > 0),
    );

    const cart = (row: string) =>
      getComputedStyle(
        within(getMatrixCell(canvasElement, row, topBarColumn.label)).getByRole('link', {
          name: /^Cart/,
        }),
      );
    const base = 'Logged in, 12 in cart';
    await expect(cart(`${base}, hover`).backgroundColor).not.toBe(cart(base).backgroundColor);
    await expect(cart(`${base}, pressed`).backgroundColor).not.toBe(
      cart(`${base}, hover`).backgroundColor,
    );
    await expect(cart(base).outlineStyle).toBe('none');
    await expect(cart(`${base}, focus`).outlineStyle).toBe('solid');
  },
};
