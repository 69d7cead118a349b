import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../api/domain/messages';
import { createToaster, ToastRegion, ToasterProvider } from '../../ui';
import { CartProvider } from '../features/cart';
import { createFakeCartApi, type FakeCartApi } from '../features/cart/testing';
import { SitePostcodeModal } from '../features/postcode';
import { dropDanglingAnnouncements } from '../qa/storyIsolation';
import CartPage from './CartPage';

type FakeState = Parameters<typeof createFakeCartApi>[0];

/** The API behind the story on screen, for the play functions to look at. */
let api: FakeCartApi = createFakeCartApi();

/** The cart page as the site shows it: the cart store, the postcode dialog, notifications. */
function CartPageDemo({ cart }: { cart: FakeState }) {
  const [toaster] = useState(() => createToaster());
  const [fake] = useState(() => {
    api = createFakeCartApi(cart);
    return api;
  });
  return (
    <ToasterProvider toaster={toaster}>
      <MemoryRouter initialEntries={['/cart']}>
        <CartProvider initialCart={fake.view()} api={fake}>
          <CartPage />
          <SitePostcodeModal />
        </CartProvider>
      </MemoryRouter>
      <ToastRegion />
    </ToasterProvider>
  );
}

const twoLines: FakeState = {
  postcode: 'BT11AA',
  lines: [
    { productId: 1, quantity: 2 },
    { productId: 4, quantity: 1 },
  ],
};

const meta = {
  title: 'Site/Cart page',
  component: CartPageDemo,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: dropDanglingAnnouncements,
  args: { cart: twoLines },
  argTypes: { cart: { control: false } },
} satisfies Meta<typeof CartPageDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const line = (canvas: Canvas, title: string) => canvas.getByRole('article', { name: title });
const quantity = (canvas: Canvas, title: string) =>
  within(line(canvas, title)).getByRole('status', { name: messages.cartPage.quantity });
const summary = (canvas: Canvas) => canvas.getByRole('region', { name: messages.cartPage.summary });
const toast = (name: string) => screen.findByRole('alertdialog', { name });

/** Lines with photo, size, unit price, quantity and line total; postcode; totals; checkout. */
export const WithItems: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Your Cart');
    const coal = line(canvas, 'Premium House Coal');
    await expect(coal).toHaveTextContent('40kg bag');
    await expect(coal).toHaveTextContent('£24.95each');
    await expect(coal).toHaveTextContent('Total: £49.90');
    await expect(coal.querySelector('img')).toHaveAttribute(
      'src',
      '/api/uploads/products/house-coal.svg',
    );
    await expect(quantity(canvas, 'Premium House Coal')).toHaveTextContent('2');
    const totals = summary(canvas);
    await expect(totals).toHaveTextContent('Delivery to BT1 1AA');
    await expect(totals).toHaveTextContent('Subtotal£68.85');
    await expect(totals).toHaveTextContent('Delivery£6.00');
    await expect(totals).toHaveTextContent('Total£74.85');
    // Within HMRC's automatic limits, nothing about the declaration.
    await expect(totals).not.toHaveTextContent(messages.cartPage.declarationTitle);
    await expect(within(totals).getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  },
};

/** Under the minimum order: the notice says why, and Checkout is disabled and points to it. */
export const BelowMinimum: Story = {
  args: { cart: { postcode: 'BT11AA', lines: [{ productId: 14, quantity: 1 }] } },
  play: async ({ canvas }) => {
    const totals = summary(canvas);
    const notice = within(totals).getByText(messages.cart.minimumOrder('£30.00'));
    const checkout = within(totals).getByRole('button', { name: 'Checkout' });
    await expect(checkout).toBeDisabled();
    await expect(checkout).toHaveAccessibleDescription(messages.cart.minimumOrder('£30.00'));
    await expect(notice).toBeVisible();
    await expect(within(totals).queryByRole('link', { name: 'Checkout' })).toBeNull();
  },
};

/**
 * Above 2,300 litres of oil (5 × 500 L) the total depends on the domestic-use declaration that
 * checkout asks for: the summary says so, with the total at 20 % VAT.
 */
export const AboveDomesticLimits: Story = {
  args: { cart: { postcode: 'BT11AA', lines: [{ productId: 8, quantity: 5 }] } },
  play: async ({ canvas }) => {
    const totals = summary(canvas);
    await expect(totals).toHaveTextContent('Total£1,525.00');
    const note = within(totals).getByText(messages.cartPage.declarationNote('£1,742.86'));
    await expect(note).toBeVisible();
    await expect(totals).toHaveTextContent(messages.cartPage.declarationTitle);
  },
};

/** One fewer: the store updates the page from the answer, and says so in green. */
export const Decrement: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'One fewer Premium House Coal, 40kg bag' }),
    );
    await expect(await toast(messages.cart.removed)).toHaveAttribute('data-variant', 'success');
    await expect(quantity(canvas, 'Premium House Coal')).toHaveTextContent('1');
    await expect(summary(canvas)).toHaveTextContent('Subtotal£43.90');
    await expect(api.calls).toEqual([`DELETE /api/cart/items/${api.view().items[0]?.id}`]);
  },
};

export const Increment: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'One more Smokeless Ovals, 25kg bag' }),
    );
    await expect(await toast(messages.cart.added)).toHaveAttribute('data-variant', 'success');
    await expect(quantity(canvas, 'Smokeless Ovals')).toHaveTextContent('2');
  },
};

/** Remove takes the whole line (one request per unit, one notification), focus stays nearby. */
export const RemoveLine: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'Remove Premium House Coal, 40kg bag from your cart' }),
    );
    await waitFor(() =>
      expect(canvas.queryByRole('article', { name: 'Premium House Coal' })).toBeNull(),
    );
    await expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await expect(api.calls).toHaveLength(2);
    await waitFor(() =>
      expect(canvas.getByRole('heading', { name: messages.cartPage.items })).toHaveFocus(),
    );
    await expect(canvas.getByRole('article', { name: 'Smokeless Ovals' })).toBeVisible();
  },
};

export const EmptyCart: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: messages.cartPage.emptyCart }));
    await expect(await toast(messages.cart.emptied)).toHaveAttribute('data-variant', 'success');
    await expect(canvas.getByRole('heading', { name: messages.cart.empty })).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('heading', { level: 1, name: 'Your Cart' })).toHaveFocus(),
    );
  },
};

/** Nothing in the cart: the ways to the products. */
export const Empty: Story = {
  args: { cart: {} },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: messages.cart.empty })).toBeVisible();
    await expect(canvas.getByText(messages.cartPage.noPostcode)).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: messages.cartPage.shopDomestic }),
    ).toHaveAttribute('href', '/products/domestic');
    await expect(
      canvas.getByRole('link', { name: messages.cartPage.shopWholesale }),
    ).toHaveAttribute('href', '/products/wholesale');
    await expect(canvas.queryByRole('button', { name: 'Checkout' })).toBeNull();
  },
};

/** Change postcode opens the Set Postcode dialog; a new postcode empties the cart (SPEC §4). */
export const ChangePostcode: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: messages.cartPage.changePostcode }));
    const dialog = await screen.findByRole('dialog', { name: messages.postcode.modalTitle });
    await expect(dialog).toHaveTextContent(messages.postcode.resetWarning);
    await expect(dialog).toHaveTextContent(messages.postcode.current('BT1 1AA'));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: messages.postcode.label }),
      'bt2 2bb{Enter}',
    );
    await expect(await toast(messages.postcode.set)).toHaveAttribute('data-variant', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('heading', { name: messages.cart.empty })).toBeVisible();
    await expect(canvas.getByText('BT2 2BB')).toBeVisible();
  },
};

/** No connection: red, and the cart stays as it was. */
export const Offline: Story = {
  play: async ({ canvas }) => {
    api.setOffline(true);
    await userEvent.click(
      canvas.getByRole('button', { name: 'One fewer Premium House Coal, 40kg bag' }),
    );
    await expect(await toast(messages.cart.networkError)).toHaveAttribute('data-variant', 'danger');
    await expect(quantity(canvas, 'Premium House Coal')).toHaveTextContent('2');
  },
};
