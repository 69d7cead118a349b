import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PendingItemView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { CartProvider, type CartResponse } from '../cart';
import { createFakeCartApi, type FakeCartApi } from '../cart/testing';
import { PostcodeModal } from './PostcodeModal';
import { SitePostcodeModal } from './SitePostcodeModal';
import {
  answers,
  dialogMachine,
  neverAnswers,
  offlineError,
  respondLikeTheShop,
  WithToasts,
  type SetPostcodeResponder,
} from './postcodeStoryKit';

interface DemoProps {
  /** How the cart API answers PUT /api/cart/postcode. */
  respond: SetPostcodeResponder;
  /** How it answers closing the dialog. */
  closeDialog: () => Promise<CartResponse>;
  onNavigate: () => void;
  currentPostcode?: string | null;
  pendingItem?: Pick<PendingItemView, 'title' | 'attribute' | 'quantity'> | null;
}

/** The dialog with a machine of its own, opened as the shared flag would open it. */
function DialogDemo({ respond, closeDialog, onNavigate, currentPostcode, pendingItem }: DemoProps) {
  const actor = useActorRef(dialogMachine({ setPostcode: respond, closeDialog, onNavigate }));
  useEffect(() => {
    actor.send({ type: 'OPEN' });
  }, [actor]);
  return (
    <PostcodeModal actor={actor} currentPostcode={currentPostcode} pendingItem={pendingItem} />
  );
}

const meta = {
  title: 'Site/Set Postcode modal',
  component: DialogDemo,
  tags: ['autodocs'],
  beforeEach: dropDanglingAnnouncements,
  args: {
    respond: respondLikeTheShop('BT11AA'),
    closeDialog: async () => answers.closed,
    onNavigate: fn(),
    currentPostcode: null,
    pendingItem: { title: 'Premium House Coal', attribute: '40kg bag', quantity: 2 },
  },
  argTypes: {
    respond: { control: false },
    closeDialog: { control: false },
    onNavigate: { table: { category: 'Events' } },
  },
  parameters: { docs: { story: { inline: false, iframeHeight: 560 } } },
} satisfies Meta<typeof DialogDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: messages.postcode.modalTitle });
const field = (d: HTMLElement) => within(d).getByRole('textbox', { name: messages.postcode.label });
const submitButton = (d: HTMLElement) =>
  within(d).getByRole('button', { name: messages.postcode.submit });

/** SPEC §2: a postcode input, a close (X) button and the warning that the cart will be cleared. */
export const Playground: Story = {
  play: async () => {
    const d = await dialog();
    await expect(d).toHaveTextContent(messages.postcode.resetWarning);
    await expect(d).toHaveTextContent(
      messages.postcode.pendingItem('2 × Premium House Coal, 40kg bag'),
    );
    await waitFor(() => expect(within(d).getByRole('button', { name: 'Close' })).toBeVisible());
    // The field has focus, ready to type.
    await waitFor(() => expect(field(d)).toHaveFocus());
    await expect(field(d)).toHaveAttribute('placeholder', messages.postcode.placeholder);
  },
};

export const CurrentPostcode: Story = {
  args: { currentPostcode: 'BT11AA', pendingItem: null },
  play: async () => {
    const d = await dialog();
    await expect(d).toHaveTextContent(messages.postcode.current('BT1 1AA'));
  },
};

export const PostcodeRequired: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(submitButton(d));
    await expect(within(d).getByRole('alert')).toHaveTextContent(messages.postcode.required);
    await expect(field(d)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

export const InvalidPostcode: Story = {
  play: async () => {
    const d = await dialog();
    await userEvent.type(field(d), 'bt1{Enter}');
    await expect(within(d).getByRole('alert')).toHaveTextContent(messages.postcode.invalidModal);
    await expect(field(d).closest('[data-state]')).toHaveAttribute('data-state', 'danger');
    // Typing again resets the submitted state.
    await userEvent.type(field(d), '1');
    await expect(within(d).queryByRole('alert')).toBeNull();
    await expect(field(d).closest('[data-state]')).toHaveAttribute('data-state', 'neutral');
  },
};

/** 201 (the waiting item went in): the dialog closes and the visitor goes to the cart. */
export const AddedGoesToCart: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.type(field(d), 'bt2 2bb');
    await expect(field(d)).toHaveValue('BT22BB');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onNavigate).toHaveBeenCalledOnce();
  },
};

/** 200 (no item was waiting): the dialog closes and the visitor stays where they are. */
export const PostcodeSet: Story = {
  args: { respond: async () => answers.set, pendingItem: null },
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.type(field(d), 'BT22BB{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

/** Any other code: the message as a danger notice, and the dialog stays open. */
export const AlreadySet: Story = {
  args: { currentPostcode: 'BT11AA', pendingItem: null },
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.type(field(d), 'bt1 1aa');
    await userEvent.click(submitButton(d));
    await expect(await within(d).findByRole('alert')).toHaveTextContent(
      messages.postcode.alreadySet,
    );
    await expect(field(d).closest('[data-state]')).toHaveAttribute('data-state', 'danger');
    await expect(screen.getByRole('dialog')).toBe(d);
    await expect(args.onNavigate).not.toHaveBeenCalled();
  },
};

export const Offline: Story = {
  args: {
    respond: async () => {
      throw offlineError;
    },
  },
  play: async () => {
    const d = await dialog();
    await userEvent.type(field(d), 'BT11AA{Enter}');
    await expect(await within(d).findByRole('alert')).toHaveTextContent(messages.cart.networkError);
  },
};

/** While the postcode is on its way nothing can be changed and the dialog cannot be closed. */
export const Pending: Story = {
  args: { respond: neverAnswers },
  play: async () => {
    const d = await dialog();
    await userEvent.type(field(d), 'BT11AA{Enter}');
    await expect(field(d)).toHaveAttribute('readonly');
    await expect(submitButton(d)).toHaveAttribute('aria-disabled', 'true');
    await expect(within(d).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog')).toBe(d);
  },
};

/** The X asks the cart to clear the shared flag, then the dialog closes. */
export const CloseWithX: Story = {
  args: { closeDialog: fn(async () => answers.closed) },
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(within(d).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.closeDialog).toHaveBeenCalledOnce();
  },
};

export const EscapeCloses: Story = {
  args: { closeDialog: fn(async () => answers.closed) },
  play: async ({ args }) => {
    await dialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.closeDialog).toHaveBeenCalledOnce();
  },
};

/** The site's wiring: the cart store, its flag, its notifications and the router. */
function SiteDemo({ api }: { api: FakeCartApi }) {
  return (
    <WithToasts>
      <MemoryRouter initialEntries={['/products/domestic']}>
        <CartProvider initialCart={api.view()} api={api}>
          <Routes>
            <Route path="/products/domestic" element={<p>Home heating fuel page</p>} />
            <Route path="/cart" element={<p>Cart page</p>} />
          </Routes>
          <SitePostcodeModal />
        </CartProvider>
      </MemoryRouter>
    </WithToasts>
  );
}

/**
 * An add without a postcode left the item waiting and the flag set: the dialog is open on
 * arrival; a postcode in Northern Ireland adds the item (201), shows "Added to cart." in green
 * and goes to the cart page.
 */
export const SiteWithWaitingItem: Story = {
  render: () => (
    <SiteDemo
      api={createFakeCartApi({
        showPostcodeModal: true,
        pending: { type: 'coal', productId: 1, attributeId: 11, quantity: 1 },
      })}
    />
  ),
  play: async ({ canvas }) => {
    const d = await dialog();
    await expect(d).toHaveTextContent(
      messages.postcode.pendingItem('Premium House Coal, 40kg bag'),
    );
    await userEvent.type(field(d), 'bt1 1aa{Enter}');
    const toast = await screen.findByRole('alertdialog', { name: messages.cart.added });
    await expect(toast).toHaveAttribute('data-variant', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText('Cart page')).toBeVisible();
  },
};

/** The same postcode again: red, inside the dialog only (no second, red notification). */
export const SiteSamePostcode: Story = {
  render: () => (
    <SiteDemo api={createFakeCartApi({ postcode: 'BT11AA', showPostcodeModal: true })} />
  ),
  play: async ({ canvas }) => {
    const d = await dialog();
    await userEvent.type(field(d), 'BT11AA{Enter}');
    await expect(await within(d).findByRole('alert')).toHaveTextContent(
      messages.postcode.alreadySet,
    );
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(canvas.getByText('Home heating fuel page')).toBeInTheDocument();
  },
};

/** The X clears the shared flag on the server (dropping the waiting item), quietly. */
let closingApi: FakeCartApi | undefined;
export const SiteCloseWithX: Story = {
  render: () => {
    closingApi = createFakeCartApi({
      showPostcodeModal: true,
      pending: { type: 'coal', productId: 1, attributeId: 11, quantity: 1 },
    });
    return <SiteDemo api={closingApi} />;
  },
  play: async () => {
    const d = await dialog();
    await userEvent.click(within(d).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(closingApi?.calls).toEqual(['PUT /api/cart/postcode-modal false']);
    await expect(closingApi?.view()).toMatchObject({ showPostcodeModal: false });
    await expect(closingApi?.view().pendingItem).toBeUndefined();
    // Closing the dialog is not news: no notification.
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};
