import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Specimen } from '../../docs/StateMatrix';
import { Button } from '../Button';
import { Notice } from '../Notice';
import { PrefixField } from '../PrefixField';
import { Text } from '../Text';
import { Modal, ModalTrigger } from './Modal';
import { ModalLink } from './ModalLink';
import { StaticCloseButton, StaticCloseLink, StaticModal } from './StaticModal';

const meta = {
  title: 'Components/Modal',
  component: Modal,
  tags: ['autodocs'],
  args: {
    title: 'Order Online',
    isDismissable: true,
    onOpenChange: fn(),
    children: <Text>Choose a product, a size and your postcode.</Text>,
  },
  argTypes: {
    width: { control: 'text' },
    children: { control: false },
    onOpenChange: { table: { category: 'Events' } },
  },
  // Overlays cover the viewport, so each docs example gets its own frame.
  parameters: { docs: { story: { inline: false, iframeHeight: 520 } } },
  render: (args) => (
    <ModalTrigger onOpenChange={args.onOpenChange}>
      <Button>Open “{String(args.title)}”</Button>
      <Modal {...args} onOpenChange={undefined} />
    </ModalTrigger>
  ),
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its trigger, traps focus, closes on Escape and gives focus back to the trigger. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: /Open/ });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Order Online' });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Focus stays inside while tabbing.
    await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const CloseButton: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Online' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** A click on the backdrop closes a dismissable modal. */
export const DismissOnBackdrop: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open/ }));
    const dialog = await screen.findByRole('dialog');
    const overlay = dialog.closest('[data-modal-overlay]');
    await expect(overlay).not.toBeNull();
    await userEvent.pointer({
      target: overlay as Element,
      coords: { clientX: 5, clientY: 5 },
      keys: '[MouseLeft]',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** `isDismissable={false}`: a backdrop click is ignored; Escape and Close still work. */
export const NotDismissable: Story = {
  args: { isDismissable: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open/ }));
    const dialog = await screen.findByRole('dialog');
    const overlay = dialog.closest('[data-modal-overlay]');
    await expect(overlay).not.toBeNull();
    await userEvent.pointer({
      target: overlay as Element,
      coords: { clientX: 5, clientY: 5 },
      keys: '[MouseLeft]',
    });
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible());
    // The click outside does not take focus out of the dialog: its focus scope brings it back (in
    // a frame, which a loaded CI renderer may draw late), so Escape reaches the dialog.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true), {
      timeout: 10_000,
    });
    await userEvent.keyboard('{Escape}');
    // Escape closes it: the overlay leaves (data-exiting, its fade-out) or is gone.
    await waitFor(
      () =>
        expect(
          screen
            .queryByRole('dialog')
            ?.closest('[data-modal-overlay]')
            ?.hasAttribute('data-exiting') ?? true,
        ).toBe(true),
      { timeout: 10_000 },
    );
    // The dialog is removed once the fade-out has run: on a loaded CI machine that has taken
    // over 5 s (a busy renderer draws few frames).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 20_000 });
  },
};

/** The width is a CSS custom property on the modal (default 500px, SPEC §9). */
export const Width: Story = {
  args: { title: 'Wholesale Enquiry', width: 720 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Wholesale Enquiry' });
    const modal = dialog.parentElement as HTMLElement;
    await expect(modal.style.getPropertyValue('--modal-width')).toBe('720px');
    await expect(modal.getBoundingClientRect().width).toBe(720);
    await userEvent.keyboard('{Escape}');
  },
};

export const DefaultWidth: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open/ }));
    const dialog = await screen.findByRole('dialog');
    await expect((dialog.parentElement as HTMLElement).getBoundingClientRect().width).toBe(500);
    await userEvent.keyboard('{Escape}');
  },
};

/** Controlled from outside (the app opens the postcode modal from the cart's flag, SPEC §4). */
export const Controlled: Story = {
  render: function ControlledModal(args) {
    const [isOpen, setOpen] = useState(false);
    return (
      <>
        <Button onPress={() => setOpen(true)}>Set postcode</Button>
        <Modal
          {...args}
          title="Set Postcode"
          isOpen={isOpen}
          onOpenChange={(open) => {
            args.onOpenChange?.(open);
            setOpen(open);
          }}
        >
          {(close) => (
            <div style={{ display: 'grid', gap: '1rem' }}>
              <Notice variant="warning">Resetting the postcode will clear your cart.</Notice>
              <PrefixField label="Postcode" prefix="BT" placeholder="1 1AA" />
              <Button onPress={close}>Save</Button>
            </div>
          )}
        </Modal>
      </>
    );
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Set postcode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Postcode' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const WithDangerNotice: Story = {
  args: {
    title: 'Set Postcode',
    children: (
      <div style={{ display: 'grid', gap: '1rem' }}>
        <Notice variant="danger">Invalid postcode, please check and try again.</Notice>
        <PrefixField
          label="Postcode"
          prefix="BT"
          defaultValue="7"
          validationState="danger"
          errorMessage="Invalid postcode, please check and try again."
        />
      </div>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Open/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Postcode' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Invalid postcode, please check and try again.',
    );
  },
};

/**
 * The opener of a dialog with a server-rendered target: a link to the page with the dialog open
 * (followed before the script, or without it), announced as a button. With script a click, Enter
 * or Space opens the modal in place and the link is not followed.
 */
export const OpenerLink: Story = {
  render: function OpenerLinkModal(args) {
    const [isOpen, setOpen] = useState(false);
    return (
      <>
        <ModalLink href="?order-online" isOpen={isOpen} onOpen={() => setOpen(true)}>
          Order Online
        </ModalLink>
        <Modal {...args} isOpen={isOpen} onOpenChange={setOpen} />
      </>
    );
  },
  play: async ({ canvas }) => {
    const opener = canvas.getByRole('button', { name: 'Order Online' });
    await expect(opener.tagName).toBe('A');
    await expect(opener).toHaveAttribute('href', '?order-online');
    await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    const before = window.location.href;
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Order Online' });
    await expect(window.location.href).toBe(before);
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    // Space presses it as it would a button.
    await userEvent.keyboard(' ');
    await screen.findByRole('dialog', { name: 'Order Online' });
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * A dialog as the server renders it for its page's flag: the look of the modal, in the page's
 * HTML, working without script. Close is a link to the page without the flag, or the submit
 * button of a form that closes it on the server.
 */
export const ServerRendered: Story = {
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
  render: () => (
    <main>
      <StaticModal title="Order Online" close={<StaticCloseLink href="?" />}>
        <Text>Choose a product, a size and your postcode.</Text>
      </StaticModal>
    </main>
  ),
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog', { name: 'Order Online' });
    await expect(dialog).toBeVisible();
    await expect(within(dialog).getByRole('link', { name: 'Close' })).toHaveAttribute('href', '?');
  },
};

/** Its X as a form's submit button (the Set Postcode dialog: closing drops a waiting item). */
export const ServerRenderedCloseForm: Story = {
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
  render: () => (
    <main>
      <StaticModal
        title="Set Postcode"
        close={
          <form method="post" action="?" onSubmit={(event) => event.preventDefault()}>
            <StaticCloseButton />
          </form>
        }
      >
        <Notice variant="warning">Resetting the postcode will clear your cart.</Notice>
      </StaticModal>
    </main>
  ),
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog', { name: 'Set Postcode' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await expect(close).toHaveAttribute('type', 'submit');
  },
};

/**
 * An open modal with the usual contents, for design review and the visual baseline. It covers the
 * page: its label and trigger are underneath.
 */
export const All: Story = {
  parameters: { visual: { target: 'page' } },
  render: (args) => (
    <Specimen caption="Modal: “Set Postcode”, open, with a notice, a field and two buttons">
      <ModalTrigger defaultOpen>
        <Button>Open “Set Postcode”</Button>
        <Modal {...args} title="Set Postcode">
          <div style={{ display: 'grid', gap: '1rem' }}>
            <Notice variant="warning">Resetting the postcode will clear your cart.</Notice>
            <PrefixField label="Postcode" prefix="BT" placeholder="1 1AA" />
            <div style={{ display: 'flex', gap: '0.75rem' }}>
              <Button>Save</Button>
              <Button variant="secondary" slot="close">
                Cancel
              </Button>
            </div>
          </div>
        </Modal>
      </ModalTrigger>
    </Specimen>
  ),
  play: async ({ canvas }) => {
    // The open modal hides the page from assistive technology, hence `hidden`.
    await expect(canvas.getByRole('figure', { hidden: true })).toHaveTextContent(
      /^Modal: “Set Postcode”, open/,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set Postcode' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
