import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Specimen } from '../../docs/StateMatrix';
import { Button } from '../Button';
import { MenuIcon } from '../Icon';
import { Link } from '../Link';
import { Heading } from '../Text';
import { SidePanel, SidePanelTrigger, StaticSidePanel } from './SidePanel';

const navigate = fn();

const navigation = (
  <nav aria-label="Products">
    <Heading level={3} size={4}>
      Wholesale Solid Fuel
    </Heading>
    <ul style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 1.5rem', lineHeight: 2 }}>
      <li>
        <Link href="/products/wholesale/best-sellers/uk">Best Sellers</Link>
      </li>
      <li>
        <Link href="/products/wholesale/coal/bulk">Bulk Coal</Link>
      </li>
      <li>
        <Link href="/products/wholesale/oil">Wholesale Oil</Link>
      </li>
    </ul>
    <Heading level={3} size={4}>
      Home Heating Fuel
    </Heading>
    <ul style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 0', lineHeight: 2 }}>
      <li>
        <Link href="/products/domestic/oil">Home Heating Oil</Link>
      </li>
    </ul>
  </nav>
);

const meta = {
  title: 'Components/SidePanel',
  component: SidePanel,
  tags: ['autodocs'],
  args: { title: 'Menu', isDismissable: true, onOpenChange: fn(), children: navigation },
  argTypes: {
    children: { control: false },
    onOpenChange: { table: { category: 'Events' } },
  },
  parameters: { docs: { story: { inline: false, iframeHeight: 560 } } },
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
  render: (args) => (
    <SidePanelTrigger onOpenChange={args.onOpenChange}>
      <Button variant="secondary" icon={<MenuIcon />}>
        View all products
      </Button>
      <SidePanel {...args} onOpenChange={undefined} />
    </SidePanelTrigger>
  ),
} satisfies Meta<typeof SidePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from the "Menu" button, Escape closes it and focus returns to the button. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'View all products' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(panel).toBeVisible());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await expect(within(panel).getByRole('link', { name: 'Bulk Coal' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const CloseButton: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'View all products' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** It slides in from the left edge of the viewport. */
export const FromTheLeft: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'View all products' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(panel.getBoundingClientRect().left).toBe(0));
    await userEvent.keyboard('{Escape}');
  },
};

/** A click on the backdrop closes it. */
export const DismissOnBackdrop: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'View all products' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    const overlay = panel.closest('[data-side-panel-overlay]');
    await expect(overlay).not.toBeNull();
    await userEvent.pointer({
      target: overlay as Element,
      coords: { clientX: window.innerWidth - 5, clientY: 5 },
      keys: '[MouseLeft]',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Following a link closes the panel (the app closes it on navigation). */
export const NavigateAndClose: Story = {
  render: (args) => (
    <SidePanelTrigger>
      <Button variant="secondary" icon={<MenuIcon />}>
        View all products
      </Button>
      <SidePanel {...args}>
        {(close) => (
          <Link href="/products/industrial-fuel" onPress={close}>
            Industrial Fuel
          </Link>
        )}
      </SidePanel>
    </SidePanelTrigger>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'View all products' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(panel).getByRole('link', { name: 'Industrial Fuel' }));
    await expect(navigate).toHaveBeenCalledWith('/products/industrial-fuel', undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/**
 * As the server renders it on its own page (`?menu`), before and without the script: open, with
 * a close link to the page without it. The app replaces it with the modal panel once hydrated.
 */
export const ServerRendered: Story = {
  render: (args) => (
    <StaticSidePanel title={args.title} closeHref="/products/wholesale/oil">
      <Link href="/products/wholesale/coal/bulk">Bulk Coal</Link>
    </StaticSidePanel>
  ),
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await expect(panel.getBoundingClientRect().left).toBe(0);
    await expect(within(panel).getByRole('link', { name: 'Close' })).toHaveAttribute(
      'href',
      '/products/wholesale/oil',
    );
    await expect(within(panel).getByRole('link', { name: 'Bulk Coal' })).toBeVisible();
  },
};

/**
 * The open panel, for design review and the visual baseline. It covers the page: its label and
 * trigger are underneath.
 */
export const All: Story = {
  parameters: { visual: { target: 'page' } },
  render: (args) => (
    <Specimen caption="SidePanel: “Menu”, open, from the left">
      <SidePanelTrigger defaultOpen>
        <Button variant="secondary" icon={<MenuIcon />}>
          View all products
        </Button>
        <SidePanel {...args} onOpenChange={undefined} />
      </SidePanelTrigger>
    </Specimen>
  ),
  play: async ({ canvas }) => {
    // The open panel hides the page from assistive technology, hence `hidden`.
    await expect(canvas.getByRole('figure', { hidden: true })).toHaveTextContent(
      /^SidePanel: “Menu”, open, from the left/,
    );
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(panel).toBeVisible());
  },
};
