import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { emptyCartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import type { FormOutcome } from '../../../api/domain/pageForms';
import { CartProvider } from '../cart';
import { createFakeCartApi } from '../cart/testing';
import { StaticOrderOnline } from './StaticOrderOnline';
import { kerosene, StoryToasts, storyCatalogue } from './storyFixtures';

/**
 * The Order Online modal as the server renders it for a page asked for with `?order-online`:
 * plain HTML that works before and without script (the site's script then opens the real modal in
 * its place). Each tab is a section; each order form posts to the page.
 */
function ServerPanel({ form }: { form: FormOutcome | null }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => ({ catalogue: storyCatalogue, form, notice: null }),
          element: (
            <CartProvider initialCart={emptyCartView()} api={createFakeCartApi()}>
              <main>
                <StaticOrderOnline action="/about?order-online" closeHref="/about" />
              </main>
            </CartProvider>
          ),
          children: [{ path: '*', element: null }],
        },
      ],
      {
        initialEntries: ['/about?order-online'],
        hydrationData: { loaderData: { root: { catalogue: storyCatalogue, form, notice: null } } },
      },
    ),
  );
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'Order form/Order Online (server-rendered)',
  component: ServerPanel,
  tags: ['autodocs'],
  args: { form: null },
  argTypes: { form: { control: false } },
  decorators: [
    (Story) => (
      <StoryToasts>
        <Story />
      </StoryToasts>
    ),
  ],
  parameters: { docs: { story: { inline: false, iframeHeight: 640 } } },
} satisfies Meta<typeof ServerPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every tab's content, one after the other; Close is a link to the page without the flag. */
export const Panel: Story = {
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog', { name: messages.orderOnline });
    await expect(within(dialog).getByRole('link', { name: 'Close' })).toHaveAttribute(
      'href',
      '/about',
    );
    for (const tab of ['woodpellet', 'oil', 'other'] as const) {
      const form = within(dialog).getByRole('form', {
        name: messages.orderForm.formLabel(messages.orderForm.tabs[tab]),
      });
      await expect(form).toHaveAttribute('method', 'post');
      await expect(form).toHaveAttribute('action', '/about?order-online');
      await expect(
        within(form).getByRole('button', { name: messages.orderForm.addToCart }),
      ).toBeVisible();
    }
    const oil = within(dialog).getByRole('form', {
      name: messages.orderForm.formLabel(messages.orderForm.tabs.oil),
    });
    // One native select: each product's priced sizes; no quantity for oil (SPEC §2).
    const choice = within(oil).getByRole('combobox', { name: messages.orderForm.product });
    await expect(within(choice).getByRole('option', { name: '500 Litres – £305.00' })).toHaveValue(
      `${kerosene.id}:92`,
    );
    await expect(
      within(oil).queryByRole('combobox', { name: messages.orderForm.quantity }),
    ).toBeNull();
    await expect(within(dialog).getByRole('link', { name: 'Smokeless Fuels' })).toBeVisible();
  },
};

/** After the server refused one of its forms: the message, and that form as it was sent. */
export const Refused: Story = {
  args: {
    form: {
      intent: 'add-to-cart',
      status: 422,
      message: messages.cart.cannotDeliver,
      errors: [],
      values: { type: 'oil', choice: `${kerosene.id}:93`, postcode: '471AB' },
    },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog', { name: messages.orderOnline });
    await expect(dialog).toHaveTextContent(messages.cart.cannotDeliver);
    const oil = within(dialog).getByRole('form', {
      name: messages.orderForm.formLabel(messages.orderForm.tabs.oil),
    });
    await expect(
      within(oil).getByRole('combobox', { name: messages.orderForm.product }),
    ).toHaveValue(`${kerosene.id}:93`);
    await expect(
      within(oil).getByRole('textbox', { name: messages.orderForm.postcode }),
    ).toHaveValue('471AB');
  },
};
