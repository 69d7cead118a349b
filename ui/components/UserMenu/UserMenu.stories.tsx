import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  interactionStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { UserMenu } from './UserMenu';

const navigate = fn();

const links = [
  { id: 'orders', label: 'Your orders', href: '/order' },
  { id: 'account', label: 'Your account', href: '/user/account' },
];

const meta = {
  title: 'Layout/UserMenu',
  component: UserMenu,
  tags: ['autodocs'],
  args: { greeting: 'Hi, Siobhan Doherty!', links, logoutLabel: 'Logout', onLogout: fn() },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <div style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 220 }}>
          <Story />
        </div>
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** The greeting opens the three items, in order; a page item navigates through the router. */
export const Items: Story = {
  play: async ({ canvasElement }) => {
    const body = within(document.body);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Hi, Siobhan Doherty!' }),
    );
    const items = await body.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Your orders',
      'Your account',
      'Logout',
    ]);
    await userEvent.click(body.getByRole('menuitem', { name: 'Your orders' }));
    await expect(navigate).toHaveBeenCalledWith('/order', undefined);
  },
};

/** Keyboard only: ArrowDown opens, ArrowUp wraps to Logout, Enter logs out. */
export const LogoutByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Hi, Siobhan Doherty!' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const first = await within(document.body).findByRole('menuitem', { name: 'Your orders' });
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() =>
      expect(within(document.body).getByRole('menuitem', { name: 'Logout' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

/** While logging out, Logout cannot be chosen again. */
export const LoggingOut: Story = {
  args: { isLoggingOut: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Hi,/ }));
    const logout = await within(document.body).findByRole('menuitem', { name: 'Logout' });
    await expect(logout).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

/** Before the script: a native disclosure, its pages as links and Logout as a post form. */
export const BeforeScript: Story = {
  args: { native: true, logoutForm: { action: '/faqs', fields: { intent: 'logout' } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Hi, Siobhan Doherty!'));
    await expect(canvas.getByRole('link', { name: 'Your orders' })).toHaveAttribute(
      'href',
      '/order',
    );
    await expect(canvas.getByRole('link', { name: 'Your account' })).toBeVisible();
    const logout = canvas.getByRole('button', { name: 'Logout' });
    const form = logout.closest('form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/faqs');
    await expect(form?.querySelector('input[type="hidden"][name="intent"]')).toHaveValue('logout');
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

/** Greetings of every length, as columns: a state's row then reads across them. */
const greetings: MatrixAxis[] = [
  { label: 'Hi, Jo!' },
  { label: 'Hi, Siobhan Doherty!' },
  { label: 'Hi, Aodhán Ó Fearghail-McAllister!' },
];

const userMenuStates: MatrixAxis[] = [...interactionStates];

/**
 * Short, usual and long names in each state, for design review and the visual baseline. Hover,
 * Focus and Pressed are static previews (ui/theme/previewState.ts).
 */
export const All: Story = {
  render: (args) => (
    <StateMatrix
      caption="UserMenu: greetings by state"
      rowsLabel="State"
      rows={userMenuStates}
      columns={greetings}
      cellStyle={{ whiteSpace: 'nowrap' }}
      renderCell={(_state, greeting) => <UserMenu {...args} greeting={greeting.label} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: greetings.map((greeting) => greeting.label),
      rows: userMenuStates.map((state) => state.label),
    });
    await expect(within(canvasElement).getAllByRole('button')).toHaveLength(
      greetings.length * userMenuStates.length,
    );
    const look = (state: string) =>
      getComputedStyle(
        within(getMatrixCell(canvasElement, state, 'Hi, Jo!')).getByRole('button', {
          name: 'Hi, Jo!',
        }),
      );
    await expect(look('Hover').backgroundColor).not.toBe(look('Default').backgroundColor);
    await expect(look('Default').outlineStyle).toBe('none');
    await expect(look('Focus').outlineStyle).toBe('solid');
  },
};
