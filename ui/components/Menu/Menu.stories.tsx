import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  Specimen,
  getMatrixCell,
  getMatrixHeaders,
  interactionStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { UserIcon } from '../Icon';
import { Menu, type MenuItem, type MenuProps } from './Menu';

/** SPEC §2: the Wholesale Fuel dropdown. */
const wholesale: MenuItem[] = [
  { id: 'best-sellers', label: 'Best Sellers', href: '/products/wholesale/best-sellers/uk' },
  {
    id: 'prepacked',
    label: 'Prepacked coal',
    href: '/products/wholesale/coal/bagged/uk?category=best-sellers',
  },
  { id: 'bulk', label: 'Bulk Coal', href: '/products/wholesale/coal/bulk' },
  { id: 'oil', label: 'Wholesale Oil', href: '/products/wholesale/oil' },
  { id: 'pellets', label: 'Wood Pellets', href: '/products/wholesale/wood-pellets' },
  { id: 'other', label: 'Wood & Other Products', href: '/products/wholesale/other-products' },
];

const userMenu: MenuItem[] = [{ id: 'logout', label: 'Logout' }];

/** Links go through react-aria's router, as in the app; the spy stands in for React Router. */
const navigate = fn();

const meta = {
  title: 'Components/Menu',
  component: Menu,
  tags: ['autodocs'],
  args: { label: 'Wholesale Fuel', items: wholesale, onAction: fn() },
  argTypes: {
    triggerVariant: { control: 'inline-radio', options: ['nav', 'outline'] },
    icon: { control: false },
    onAction: { table: { category: 'Events' } },
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <div style={{ minHeight: 360 }}>
          <Story />
        </div>
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { triggerVariant: 'nav' },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Wholesale Fuel' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'true');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await expect(menu).toBeVisible();
    await expect(screen.getAllByRole('menuitem')).toHaveLength(wholesale.length);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Bulk Coal' }));
    await expect(navigate).toHaveBeenCalledWith('/products/wholesale/coal/bulk', undefined);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/** Enter opens the menu on the first item, arrows move, Escape closes and returns focus. */
export const Keyboard: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Wholesale Fuel' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Best Sellers' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'Prepacked coal' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(navigate).not.toHaveBeenCalled();

    // ArrowDown opens on the first item; two more steps reach the third.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Best Sellers' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/products/wholesale/coal/bulk', undefined);
  },
};

/** The logged-in user's menu (SPEC §2: "Hi, {full_name}!" with Logout). */
export const UserMenu: Story = {
  args: {
    label: 'Hi, Jane Doe!',
    items: userMenu,
    icon: <UserIcon />,
    triggerVariant: 'outline',
    placement: 'bottom end',
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Hi, Jane Doe!' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await expect(args.onAction).toHaveBeenCalledWith('logout');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const DisabledItem: Story = {
  args: {
    label: 'Account',
    items: [
      { id: 'orders', label: 'My orders', isDisabled: true },
      { id: 'logout', label: 'Logout' },
    ],
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Account' }));
    const orders = await screen.findByRole('menuitem', { name: 'My orders' });
    await expect(orders).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(orders);
    await expect(args.onAction).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const DisabledTrigger: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Wholesale Fuel' })).toBeDisabled();
  },
};

/**
 * Before the script (what the server renders, and what works without JavaScript): a native
 * disclosure. The summary opens it by pointer or keyboard; its links are plain links.
 */
export const BeforeScript: Story = {
  args: { native: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Wholesale Fuel' })).toBeNull();
    const summary = canvas.getByText('Wholesale Fuel');
    const details = summary.closest('details');
    await expect(details).not.toBeNull();
    await expect(canvas.getByRole('link', { name: 'Bulk Coal', hidden: true })).not.toBeVisible();
    await userEvent.click(summary);
    await expect(details).toHaveAttribute('open');
    const bulk = canvas.getByRole('link', { name: 'Bulk Coal' });
    await expect(bulk).toBeVisible();
    await expect(bulk).toHaveAttribute('href', '/products/wholesale/coal/bulk');
    await expect(canvas.getAllByRole('link')).toHaveLength(wholesale.length);
    // The summary is a native, focusable control: it closes it again.
    summary.focus();
    await expect(summary).toHaveFocus();
    await userEvent.click(summary);
    await expect(details).not.toHaveAttribute('open');
  },
};

/** Before the script, an action item with a `form` is a `method="post"` form's button. */
export const BeforeScriptWithForm: Story = {
  args: {
    native: true,
    label: 'Hi, Jane Doe!',
    icon: <UserIcon />,
    triggerVariant: 'outline',
    placement: 'bottom end',
    items: [
      { id: 'orders', label: 'My orders', href: '/order' },
      { id: 'logout', label: 'Logout', form: { action: '/about', fields: { intent: 'logout' } } },
    ],
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText('Hi, Jane Doe!'));
    const logout = canvas.getByRole('button', { name: 'Logout' });
    await expect(logout).toBeVisible();
    await expect(logout).toHaveAttribute('type', 'submit');
    const form = logout.closest('form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/about');
    await expect(form?.querySelector('input[name="intent"]')).toHaveValue('logout');
  },
};

/** The trigger kinds, as columns: a state's row then reads across every kind. */
interface MenuKind extends MatrixAxis {
  props: Pick<MenuProps, 'label' | 'items' | 'icon' | 'triggerVariant' | 'native'>;
}

const menuKinds: MenuKind[] = [
  { label: 'Nav', props: { label: 'Wholesale Fuel', items: wholesale } },
  {
    label: 'Outline, icon',
    props: { label: 'Hi, Jane!', items: userMenu, icon: <UserIcon />, triggerVariant: 'outline' },
  },
  {
    label: 'Nav, before script',
    props: { label: 'Wholesale Fuel', items: wholesale, native: true },
  },
  {
    label: 'Outline, before script',
    props: {
      label: 'Hi, Jane!',
      items: userMenu,
      icon: <UserIcon />,
      triggerVariant: 'outline',
      native: true,
    },
  },
];

interface MenuState extends MatrixAxis {
  isDisabled?: boolean;
}

const menuStates: MenuState[] = [...interactionStates, { label: 'Disabled', isDisabled: true }];

/**
 * Every trigger in every state, and one menu open, for design review and the visual baseline.
 * Hover, Focus and Pressed are static previews (ui/theme/previewState.ts); Disabled is the real
 * prop. Before the script the trigger is a native summary: it has no pressed look of its own.
 */
export const All: Story = {
  parameters: { visual: { target: 'page' } },
  render: () => (
    // Side by side, so the open menu drops into the space beside the states, not over them.
    <div style={{ display: 'flex', gap: '1.5rem', alignItems: 'flex-start' }}>
      <StateMatrix
        caption="Menu: trigger states"
        rowsLabel="State"
        rows={menuStates}
        columns={menuKinds}
        cellStyle={{ whiteSpace: 'nowrap' }}
        renderCell={(state, kind) => <Menu {...kind.props} isDisabled={state.isDisabled} />}
      />
      <Specimen caption="Menu: open (nav trigger)">
        <Menu label="Wholesale Fuel" items={wholesale} defaultOpen />
      </Specimen>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement, 'Menu: trigger states')).toEqual({
      columns: menuKinds.map((kind) => kind.label),
      rows: menuStates.map((state) => state.label),
    });
    // The open menu hides the rest of the page from assistive technology, hence `hidden`.
    await expect(within(canvasElement).getByRole('figure', { hidden: true })).toHaveTextContent(
      /^Menu: open \(nav trigger\)/,
    );
    await expect(await screen.findByRole('menu')).toBeVisible();

    const trigger = (state: string, kind: string) => {
      const cell = getMatrixCell(canvasElement, state, kind, 'Menu: trigger states');
      const found = cell.querySelector('button, summary');
      if (!(found instanceof HTMLElement)) throw new Error(`no trigger at ${state}, ${kind}`);
      return found;
    };
    const look = (state: string, kind: string) => getComputedStyle(trigger(state, kind));
    for (const kind of ['Nav', 'Nav, before script']) {
      await expect(look('Hover', kind).backgroundColor).not.toBe(
        look('Default', kind).backgroundColor,
      );
      await expect(look('Default', kind).outlineStyle).toBe('none');
      await expect(look('Focus', kind).outlineStyle).toBe('solid');
    }
    await expect(look('Pressed', 'Nav').backgroundColor).not.toBe(
      look('Hover', 'Nav').backgroundColor,
    );
    await expect(trigger('Disabled', 'Nav')).toBeDisabled();
  },
};
