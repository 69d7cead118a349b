import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useHref,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { emptyCartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { Link } from '../../../ui';
import { CartProvider } from '../cart';
import { createFakeCartApi } from '../cart/testing';
import { OrderOnlineButton } from './OrderOnlineButton';
import { clearOrphanedAnnouncements, StoryToasts, storyCatalogue } from './storyFixtures';

/**
 * The button as the site wires it: inside the router (the modal closes on route change), with
 * the root loader's catalogue and the shared cart store. The modal's code loads on first use.
 */
function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  const [api] = useState(() => createFakeCartApi());
  return (
    <AriaRouterProvider navigate={(href) => void navigate(href)} useHref={useHref}>
      <CartProvider initialCart={emptyCartView()} api={api}>
        <header>
          <OrderOnlineButton />
        </header>
        <main>
          <p>
            Page: <output aria-label="Current page">{location.pathname + location.search}</output>
          </p>
          <Link href="/about">About</Link>
          <Outlet />
        </main>
      </CartProvider>
    </AriaRouterProvider>
  );
}

function SiteWiring() {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => ({ catalogue: storyCatalogue }),
          Component: Shell,
          children: [
            { index: true, Component: () => null },
            { path: 'about', Component: () => null },
            { path: 'products/domestic/bagged-coal', Component: () => null },
          ],
        },
      ],
      { hydrationData: { loaderData: { root: { catalogue: storyCatalogue } } } },
    ),
  );
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'Order form/Order Online button',
  component: SiteWiring,
  tags: ['autodocs'],
  beforeEach: clearOrphanedAnnouncements,
  decorators: [
    (Story) => (
      <StoryToasts>
        <Story />
      </StoryToasts>
    ),
  ],
} satisfies Meta<typeof SiteWiring>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

async function openModal(canvas: Canvas): Promise<HTMLElement> {
  await userEvent.click(canvas.getByRole('button', { name: messages.orderOnline }));
  const dialog = await screen.findByRole('dialog', { name: messages.orderOnline });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** Loads the modal on first press; Escape closes it and focus returns to the button. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: messages.orderOnline });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openModal(canvas);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(within(dialog).getAllByRole('tab')).toHaveLength(4);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  },
};

/** SPEC §2: the modal closes on route change (here: a coal category link in the Coal tab). */
export const ClosesOnRouteChange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await openModal(canvas);
    await userEvent.click(within(dialog).getByRole('link', { name: 'Smokeless Fuels' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(canvas.getByRole('status', { name: 'Current page' })).toHaveTextContent(
      '/products/domestic/bagged-coal?category=smokeless-fuels',
    );
    // It opens again on the new page.
    await openModal(canvas);
  },
};
