import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link as RACLink, RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  rowInStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Button } from '../Button';
import { Logo } from '../Logo';
import { NavBar } from './NavBar';
import { primaryNav } from './NavBar.fixtures';

/** Client-side navigation is stubbed, so choosing a link in a story never leaves the story. */
const navigate = fn();
const onOrder = fn();

const homeLogo = (
  <RACLink href="/" style={{ display: 'inline-flex' }}>
    <Logo height={40} />
  </RACLink>
);

const meta = {
  title: 'Layout/NavBar',
  component: NavBar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    items: primaryNav,
    currentPath: '/',
    logo: homeLogo,
    orderButton: <Button onPress={onOrder}>Order Online</Button>,
    onOpenMenu: fn(),
    layout: 'responsive',
  },
  argTypes: {
    layout: { control: 'inline-radio', options: ['responsive', 'mobile', 'desktop'] },
    logo: { control: false },
    orderButton: { control: false },
    items: { control: 'object' },
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
    onOrder.mockClear();
  },
} satisfies Meta<typeof NavBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Resize the canvas across 960px to see the links collapse into the Menu button. */
export const Playground: Story = {};

/** From 960px up: the links, "View all products" and "Order Online". */
export const Desktop: Story = {
  args: { layout: 'desktop', currentPath: '/faqs' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Home',
      'Industrial Fuel',
      'Biomass Fuel',
      'FAQs',
      'About Us',
      'Contact Us',
    ]) {
      await expect(within(nav).getByRole('link', { name: label })).toBeVisible();
    }
    for (const label of ['Wholesale Fuel', 'Home Heating Fuel']) {
      await expect(within(nav).getByRole('button', { name: label })).toBeVisible();
    }
    await expect(within(nav).getByRole('link', { name: 'FAQs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
    );

    // Tab order: logo, View all products, Order Online, then every entry of the navigation.
    const sequence = [
      canvas.getByRole('link', { name: 'Fuelyard' }),
      canvas.getByRole('button', { name: 'View all products' }),
      canvas.getByRole('button', { name: 'Order Online' }),
      within(nav).getByRole('link', { name: 'Home' }),
      within(nav).getByRole('button', { name: 'Wholesale Fuel' }),
      within(nav).getByRole('link', { name: 'Industrial Fuel' }),
      within(nav).getByRole('button', { name: 'Home Heating Fuel' }),
      within(nav).getByRole('link', { name: 'Biomass Fuel' }),
      within(nav).getByRole('link', { name: 'FAQs' }),
      within(nav).getByRole('link', { name: 'About Us' }),
      within(nav).getByRole('link', { name: 'Contact Us' }),
    ];
    for (const element of sequence) {
      await userEvent.tab();
      await expect(element).toHaveFocus();
    }

    // The side navigation opens from "View all products".
    await userEvent.click(canvas.getByRole('button', { name: 'View all products' }));
    await expect(args.onOpenMenu).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Order Online' }));
    await expect(onOrder).toHaveBeenCalledTimes(1);
  },
};

/** A drop-down opens by keyboard, lists its links, and Escape closes it. */
export const DropdownByKeyboard: Story = {
  args: { layout: 'desktop' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    const trigger = canvas.getByRole('button', { name: 'Wholesale Fuel' });

    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Best Sellers',
      'Prepacked coal',
      'Bulk Coal',
      'Wholesale Oil',
      'Wood Pellets',
      'Wood & Other Products',
    ]);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    // Focus goes back to the trigger once the popover has gone (a tick later on a busy machine).
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // ArrowDown opens it too.
    await userEvent.keyboard('{ArrowDown}');
    await expect(await body.findByRole('menu')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Choosing a drop-down link by keyboard navigates to it. */
export const DropdownNavigates: Story = {
  args: { layout: 'desktop' },
  play: async ({ canvasElement }) => {
    const body = within(document.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Home Heating Fuel' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const oil = await body.findByRole('menuitem', { name: 'Home Heating Oil' });
    await expect(oil).toHaveAttribute('href', '/products/domestic/oil');
    await waitFor(() =>
      expect(body.getByRole('menuitem', { name: 'Prepacked coal' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}');
    await expect(oil).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    await expect(navigate.mock.calls[0]?.[0]).toBe('/products/domestic/oil');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
  },
};

/** Below 960px the links collapse: only the logo and the Menu button show. */
export const Mobile: Story = {
  args: { layout: 'mobile' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Order Online' })).toBeNull();
    const menuButton = canvas.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toBeVisible();

    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Fuelyard' })).toHaveFocus();
    await userEvent.tab();
    await expect(menuButton).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenMenu).toHaveBeenCalledTimes(1);
  },
};

/** The menu button reports whether the side navigation is open. */
export const MenuOpen: Story = {
  args: { layout: 'mobile', isMenuOpen: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/**
 * With its server-rendered target (`menuHref`): the Menu button is a link to the page with the
 * side navigation open, so a tap before the script still opens it. With the script, a click,
 * Enter or Space opens the panel and the address stays as it is.
 */
export const MenuTarget: Story = {
  args: { layout: 'mobile', menuHref: '/faqs?menu', isMenuOpen: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Menu' });
    await expect(button).toHaveAttribute('href', '/faqs?menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const address = window.location.href;
    await userEvent.click(button);
    await expect(args.onOpenMenu).toHaveBeenCalledTimes(1);
    await expect(window.location.href).toBe(address);
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenMenu).toHaveBeenCalledTimes(2);
    await userEvent.keyboard(' ');
    await expect(args.onOpenMenu).toHaveBeenCalledTimes(3);
    await expect(window.location.href).toBe(address);
  },
};

/** Without `onOpenMenu` and the order slot: just the logo and the links. */
export const LinksOnly: Story = {
  args: { layout: 'desktop', onOpenMenu: undefined, orderButton: undefined, currentPath: '/about' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'View all products' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'About Us' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

interface NavBarRow extends MatrixAxis {
  layout: 'mobile' | 'desktop';
}

const navBarRows: NavBarRow[] = [
  // The mobile bar's only control is the Menu button, the desktop's "View all products".
  { label: 'Mobile', layout: 'mobile' },
  ...rowInStates<NavBarRow>({ label: 'Desktop', layout: 'desktop' }),
];

const navBarColumn: MatrixAxis = { label: 'NavBar (FAQs is the current page)' };

/**
 * Both layouts, and the desktop one in each state, for designers and the visual baseline. In a
 * hover, focus or pressed row every entry (links, drop-downs and buttons) is a static preview of
 * that state (ui/theme/previewState.ts).
 */
export const All: Story = {
  render: (args) => (
    <StateMatrix
      caption="NavBar: layouts by state"
      rowsLabel="Layout, state"
      rows={navBarRows}
      fill
      columns={[navBarColumn]}
      renderCell={(row) => (
        <NavBar
          {...args}
          layout={row.layout}
          aria-label={`Main (${row.label})`}
          currentPath="/faqs"
        />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [navBarColumn.label],
      rows: navBarRows.map((row) => row.label),
    });
    // The links show in the desktop rows only.
    const desktopRows = navBarRows.filter((row) => row.layout === 'desktop').length;
    await expect(canvas.getAllByRole('navigation')).toHaveLength(desktopRows);
    await expect(canvas.getAllByRole('button', { name: 'Menu' })).toHaveLength(
      navBarRows.length - desktopRows,
    );
    const viewAll = (row: string) =>
      getComputedStyle(
        within(getMatrixCell(canvasElement, row, navBarColumn.label)).getByRole('button', {
          name: 'View all products',
        }),
      );
    await expect(viewAll('Desktop, hover').backgroundColor).not.toBe(
      viewAll('Desktop').backgroundColor,
    );
    await expect(canvas.getAllByRole('button', { name: 'View all products' })).toHaveLength(
      desktopRows,
    );

    const link = (row: string, name: string) =>
      within(getMatrixCell(canvasElement, row, navBarColumn.label)).getByRole('link', { name });
    const look = (row: string, name: string) => getComputedStyle(link(row, name));
    await expect(look('Desktop, hover', 'Home').backgroundColor).not.toBe(
      look('Desktop', 'Home').backgroundColor,
    );
    await expect(look('Desktop, pressed', 'Home').backgroundColor).not.toBe(
      look('Desktop, hover', 'Home').backgroundColor,
    );
    await expect(look('Desktop', 'Home').outlineStyle).toBe('none');
    await expect(look('Desktop, focus', 'Home').outlineStyle).toBe('solid');
    await expect(link('Desktop', 'FAQs')).toHaveAttribute('aria-current', 'page');
  },
};
