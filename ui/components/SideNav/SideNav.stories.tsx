import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Button } from '../Button';
import { email, phones } from '../ContactLink/ContactLink.fixtures';
import { SidePanel } from '../SidePanel';
import { SideNav, type SideNavProps } from './SideNav';
import { siteLinks, sideNavGroups, socials } from './SideNav.fixtures';

/** Client-side navigation is stubbed, so pressing a link in a story never leaves the story. */
const navigate = fn();
const onOrder = fn();

/**
 * Shown as in the 340px side panel, under its "Menu" title (an h2, as in the SidePanel);
 * `parameters.bare` skips the frame. Client-side navigation is stubbed either way.
 */
const panelFrame: Decorator = (Story, { parameters }) => (
  <RouterProvider navigate={navigate}>
    {parameters.bare ? (
      <Story />
    ) : (
      <div style={{ maxWidth: '340px' }}>
        <h2 style={{ margin: 0 }}>Menu</h2>
        <Story />
      </div>
    )}
  </RouterProvider>
);

const meta = {
  title: 'Layout/SideNav',
  component: SideNav,
  tags: ['autodocs'],
  args: {
    groups: sideNavGroups,
    links: siteLinks,
    phones,
    email,
    socials,
    orderButton: (
      <Button fullWidth onPress={onOrder}>
        Order Online
      </Button>
    ),
    onNavigate: fn(),
    layout: 'responsive',
  },
  argTypes: {
    layout: { control: 'inline-radio', options: ['responsive', 'mobile', 'desktop'] },
    headingLevel: { control: 'inline-radio', options: [2, 3, 4] },
    orderButton: { control: false },
  },
  decorators: [panelFrame],
  beforeEach: () => {
    navigate.mockClear();
    onOrder.mockClear();
  },
} satisfies Meta<typeof SideNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Small screens: the Order Online button comes first. */
export const Mobile: Story = {
  args: {
    layout: 'mobile',
    currentPath: '/products/domestic/bagged-coal?category=smokeless-fuels',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'All products' });
    for (const title of [
      'Wholesale Solid Fuel',
      'Industrial Solid Fuel',
      'Home Heating Fuel',
      'Biomass Fuel',
    ]) {
      await expect(within(nav).getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    const homeHeating = within(nav).getByRole('list', { name: 'Home Heating Fuel' });
    const smokeless = within(homeHeating).getByRole('link', { name: 'Smokeless Fuels' });
    await expect(smokeless).toHaveAttribute(
      'href',
      '/products/domestic/bagged-coal?category=smokeless-fuels',
    );
    await expect(smokeless).toHaveAttribute('aria-current', 'page');
    await expect(
      within(homeHeating).getByRole('link', { name: 'Best Sellers' }),
    ).not.toHaveAttribute('aria-current');

    // Order Online comes first in the tab order, then the first product link.
    await userEvent.tab();
    const order = canvas.getByRole('button', { name: 'Order Online' });
    await expect(order).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onOrder).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await expect(
      within(within(nav).getByRole('list', { name: 'Wholesale Solid Fuel' })).getByRole('link', {
        name: 'Best Sellers',
      }),
    ).toHaveFocus();

    // Pressing a link reports it (so the app can close the panel) and navigates.
    await userEvent.click(within(nav).getByRole('link', { name: 'Bulk Coal' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/products/wholesale/coal/bulk');
    await expect(navigate).toHaveBeenCalledWith('/products/wholesale/coal/bulk', undefined);
  },
};

/** From 960px up the Order Online button is in the NavBar, so the side navigation hides it. */
export const Desktop: Story = {
  args: { layout: 'desktop' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Order Online' })).toBeNull();
  },
};

/** Phone numbers, e-mail and social links. */
export const ContactAndSocial: Story = {
  args: { layout: 'desktop' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const contact = canvas.getByRole('list', { name: 'Contact us' });
    await expect(
      within(contact).getByRole('link', { name: 'Head Office: 028 9649 6010' }),
    ).toHaveAttribute('href', 'tel:+442896496010');
    await expect(
      within(contact).getByRole('link', { name: 'Belfast Office: 028 9649 6020' }),
    ).toHaveAttribute('href', 'tel:+442896496020');
    await expect(
      within(contact).getByRole('link', { name: 'info@fuelyard.co.uk' }),
    ).toHaveAttribute('href', 'mailto:info@fuelyard.co.uk');

    const social = canvas.getByRole('list', { name: 'Follow us' });
    const facebook = within(social).getByRole('link', {
      name: 'Fuelyard on Facebook (opens in a new tab)',
    });
    await expect(facebook).toHaveAttribute('target', '_blank');
    await expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(within(social).getAllByRole('link')).toHaveLength(3);
  },
};

/** Only product groups: no contact or social blocks. */
export const GroupsOnly: Story = {
  args: {
    layout: 'desktop',
    links: undefined,
    phones: undefined,
    email: undefined,
    socials: undefined,
    orderButton: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('heading', { name: 'Contact us' })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Follow us' })).toBeNull();
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  },
};

function InPanel(args: SideNavProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Menu</Button>
      <SidePanel title="Menu" isOpen={isOpen} onOpenChange={setOpen}>
        {(close) => (
          <SideNav
            {...args}
            onNavigate={(href) => {
              args.onNavigate?.(href);
              close();
            }}
          />
        )}
      </SidePanel>
    </>
  );
}

/** Inside the off-canvas SidePanel, as the site uses it: choosing a link closes the panel. */
export const InSidePanel: Story = {
  args: { layout: 'mobile' },
  parameters: { bare: true },
  render: (args) => <InPanel {...args} />,
  play: async ({ canvasElement, args }) => {
    const body = within(document.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menu' }));
    const dialog = await body.findByRole('dialog', { name: 'Menu' });
    const oil = within(dialog).getByRole('link', { name: 'Home Heating Oil' });
    await userEvent.click(oil);
    await expect(args.onNavigate).toHaveBeenCalledWith('/products/domestic/oil');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** The layouts, as columns: a state's row then shows both side by side. */
interface SideNavColumn extends MatrixAxis {
  layout: 'mobile' | 'desktop';
}

const sideNavColumns: SideNavColumn[] = [
  { label: 'Mobile', layout: 'mobile' },
  { label: 'Desktop', layout: 'desktop' },
];

const sideNavStates: MatrixAxis[] = [defaultState, hoverState, focusState];

/**
 * Both layouts in each state, for designers and the visual baseline. Hover and Focus are static
 * previews (ui/theme/previewState.ts) of every link and button in the cell; pressed links look
 * as hovered ones do.
 */
export const All: Story = {
  parameters: { bare: true },
  render: (args) => (
    <StateMatrix
      caption="SideNav: layouts by state"
      rowsLabel="State"
      rows={sideNavStates}
      columns={sideNavColumns}
      cellStyle={{ width: '320px', verticalAlign: 'top' }}
      renderCell={(state, column) => (
        <SideNav
          {...args}
          layout={column.layout}
          aria-label={`All products (${column.label.toLowerCase()}, ${state.label.toLowerCase()})`}
        />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: sideNavColumns.map((column) => column.label),
      rows: sideNavStates.map((state) => state.label),
    });
    await expect(canvas.getAllByRole('navigation')).toHaveLength(
      sideNavStates.length * sideNavColumns.length,
    );
    // Order Online leads the mobile layout only.
    await expect(canvas.getAllByRole('button', { name: 'Order Online' })).toHaveLength(
      sideNavStates.length,
    );
    const social = (state: string) => {
      const [first] = within(getMatrixCell(canvasElement, state, 'Desktop')).getAllByRole('link', {
        name: /Facebook/i,
      });
      if (!first) throw new Error(`no social link in ${state}`);
      return getComputedStyle(first);
    };
    await expect(social('Hover').backgroundColor).not.toBe(social('Default').backgroundColor);
    await expect(social('Default').outlineStyle).toBe('none');
    await expect(social('Focus').outlineStyle).toBe('solid');
  },
};
