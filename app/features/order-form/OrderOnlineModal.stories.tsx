import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../../api/domain/messages';
import { Button } from '../../../ui';
import type { Catalogue } from '../catalogue';
import { OrderOnlineModal } from './OrderOnlineModal';
import {
  clearOrphanedAnnouncements,
  dialogRefocusPassed,
  findNotification,
  kerosene,
  StoryToasts,
  storyCatalogue,
  useStubCart,
  type StubBehaviour,
} from './storyFixtures';

interface StoryModalProps {
  catalogue: Catalogue;
  behaviour?: StubBehaviour;
  cartPostcode?: string | null;
  onOpenChange?: (isOpen: boolean) => void;
}

/** The modal behind its Order Online button, on a stand-in cart. */
function StoryModal({
  catalogue,
  behaviour = 'api',
  cartPostcode = null,
  onOpenChange,
}: StoryModalProps) {
  const [isOpen, setOpen] = useState(false);
  const cart = useStubCart(behaviour, cartPostcode);
  const change = (open: boolean) => {
    setOpen(open);
    onOpenChange?.(open);
  };
  return (
    <>
      <Button onPress={() => change(true)}>{messages.orderOnline}</Button>
      <OrderOnlineModal isOpen={isOpen} onOpenChange={change} catalogue={catalogue} cart={cart} />
    </>
  );
}

const meta = {
  title: 'Order form/Order Online modal',
  component: StoryModal,
  tags: ['autodocs'],
  beforeEach: clearOrphanedAnnouncements,
  decorators: [
    (Story) => (
      <StoryToasts>
        <Story />
      </StoryToasts>
    ),
  ],
  args: { catalogue: storyCatalogue, onOpenChange: fn() },
} satisfies Meta<typeof StoryModal>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** Presses Order Online and waits for the modal to have faded in and taken focus for good. */
async function open(canvas: Canvas): Promise<HTMLElement> {
  await userEvent.click(canvas.getByRole('button', { name: messages.orderOnline }));
  const dialog = await screen.findByRole('dialog', { name: messages.orderOnline });
  await waitFor(() => expect(dialog).toBeVisible());
  await dialogRefocusPassed();
  return dialog;
}

const select = (scope: Canvas, label: string) =>
  scope.getByRole('button', { name: new RegExp(`${label}$`) });

async function choose(scope: Canvas, label: string, option: string) {
  await userEvent.click(select(scope, label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** 500px wide, titled Order Online, with the four tabs in the spec's order; Coal comes first. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(within(canvasElement));
    const modal = within(dialog);
    await expect(dialog.closest('[data-modal-overlay] > *')).toHaveStyle({ width: '500px' });
    const tabs = modal.getAllByRole('tab').map((tab) => tab.textContent);
    await expect(tabs).toEqual(['Coal', 'Wood Pellets', 'Oil', 'Wood & Other Products']);
    await expect(modal.getByRole('tab', { name: 'Coal' })).toHaveAttribute('aria-selected', 'true');
    // One link per coal category, with its icon, to the category's page.
    const links = within(
      modal.getByRole('list', { name: messages.orderForm.coalCategoriesLabel }),
    ).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/products/domestic/bagged-coal?category=best-sellers',
      '/products/domestic/bagged-coal?category=coal-and-non-smokeless-fuels',
      '/products/domestic/bagged-coal?category=smokeless-fuels',
      '/products/domestic/bagged-coal?category=gravity-fed-fuel',
    ]);
    await expect(links.map((link) => link.querySelector('svg')?.dataset.icon)).toEqual([
      'BestSellers',
      'OpenFire',
      'Smokeless',
      'GravityFed',
    ]);
    await expect(modal.getByText(messages.orderForm.coalMinimumOrder)).toBeVisible();
  },
};

/** The Wood Pellets tab: the delivery note and the form with quantity. */
export const WoodPellets: Story = {
  play: async ({ canvasElement }) => {
    const modal = within(await open(within(canvasElement)));
    await userEvent.click(modal.getByRole('tab', { name: 'Wood Pellets' }));
    await expect(modal.getByText(messages.woodPelletsNote)).toBeVisible();
    await expect(modal.getByRole('form', { name: 'Order Wood Pellets' })).toBeVisible();
    await expect(select(modal, 'Quantity')).toBeVisible();
    await expect(select(modal, 'Size')).toBeDisabled();
  },
};

/** A tab appears only when its product list is not empty. */
export const OnlyTabsWithProducts: Story = {
  args: { catalogue: { ...storyCatalogue, coal: [], woodpellet: [] } },
  play: async ({ canvasElement }) => {
    const modal = within(await open(within(canvasElement)));
    const tabs = modal.getAllByRole('tab').map((tab) => tab.textContent);
    await expect(tabs).toEqual(['Oil', 'Wood & Other Products']);
    await expect(modal.getByRole('form', { name: 'Order Oil' })).toBeVisible();
  },
};

/** With nothing to order at all, the modal says so. */
export const NothingToOrder: Story = {
  args: { catalogue: { ...storyCatalogue, coal: [], woodpellet: [], oil: [], other: [] } },
  play: async ({ canvasElement }) => {
    const modal = within(await open(within(canvasElement)));
    await expect(modal.queryByRole('tablist')).toBeNull();
    await expect(modal.getByText(messages.orderForm.nothingToOrder)).toBeVisible();
  },
};

/** The choices stay when switching tabs. */
export const ChoicesSurviveTabs: Story = {
  play: async ({ canvasElement }) => {
    const modal = within(await open(within(canvasElement)));
    await userEvent.click(modal.getByRole('tab', { name: 'Oil' }));
    await choose(modal, 'Product', kerosene.title);
    await choose(modal, 'Amount', '900 Litres');
    await userEvent.click(modal.getByRole('tab', { name: 'Wood & Other Products' }));
    await userEvent.click(modal.getByRole('tab', { name: 'Oil' }));
    await expect(select(modal, 'Amount')).toHaveTextContent('900 Litres');
    await expect(modal.getByRole('status', { name: 'Price' })).toHaveTextContent('£535.00');
  },
};

/** A successful add closes the modal and focus returns to the Order Online button. */
export const AddingClosesTheModal: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const dialog = await open(canvas);
    const modal = within(dialog);
    await userEvent.click(modal.getByRole('tab', { name: 'Oil' }));
    await choose(modal, 'Product', kerosene.title);
    await choose(modal, 'Amount', '500 Litres');
    await expect(modal.getByRole('status', { name: 'Price' })).toHaveTextContent('£305.00');
    await userEvent.type(modal.getByRole('textbox', { name: 'Postcode' }), '11AA');
    await userEvent.click(modal.getByRole('button', { name: messages.orderForm.addToCart }));
    await findNotification(messages.cart.added);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: messages.orderOnline })).toHaveFocus(),
    );
    // react-aria announced the pending Add to Cart button by reference; that button has gone with
    // the modal, so the announcement now points nowhere (it would expire by itself).
    clearOrphanedAnnouncements();
  },
};

/** A refused add (outside the oil zone) keeps the modal open. */
export const RefusedAddStaysOpen: Story = {
  play: async ({ canvasElement }) => {
    const modal = within(await open(within(canvasElement)));
    await userEvent.click(modal.getByRole('tab', { name: 'Oil' }));
    await choose(modal, 'Product', kerosene.title);
    await userEvent.type(modal.getByRole('textbox', { name: 'Postcode' }), '471AB');
    await userEvent.click(modal.getByRole('button', { name: messages.orderForm.addToCart }));
    const refusal = await findNotification(messages.cart.cannotDeliver);
    await expect(refusal).toHaveAttribute('data-variant', 'danger');
    await expect(screen.getByRole('dialog', { name: messages.orderOnline })).toBeVisible();
  },
};

/** The whole flow by keyboard alone; Escape closes and focus goes back to the button. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: messages.orderOnline });
    // Start from the top of the page, whatever an earlier story left focused.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: messages.orderOnline });
    const modal = within(dialog);
    await dialogRefocusPassed();

    // Past the close button into the tab list; the arrow keys move to the Oil tab.
    await userEvent.tab();
    await expect(modal.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await expect(modal.getByRole('tab', { name: 'Coal' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(modal.getByRole('tab', { name: 'Oil' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.tab();
    await expect(select(modal, 'Product')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: kerosene.title });
    await userEvent.keyboard('{Enter}');
    await expect(select(modal, 'Product')).toHaveTextContent(kerosene.title);
    // The list closes and hands focus back to its button a moment later (on a busy machine,
    // after the next keystroke could land): Tab from there, as a person would.
    await waitFor(() => expect(select(modal, 'Product')).toHaveFocus());
    await userEvent.tab();
    await expect(select(modal, 'Amount')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: '500 Litres' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(select(modal, 'Amount')).toHaveTextContent('500 Litres');
    await waitFor(() => expect(select(modal, 'Amount')).toHaveFocus());
    await userEvent.tab();
    await expect(modal.getByRole('textbox', { name: 'Postcode' })).toHaveFocus();
    await userEvent.keyboard('11AA');
    await userEvent.tab();
    await expect(modal.getByRole('button', { name: messages.orderForm.addToCart })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
