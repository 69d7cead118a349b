import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import styled from 'styled-components';
import { messages } from '../../../api/domain/messages';
import { ProductCard, theme } from '../../../ui';
import type { CartResponse } from '../cart';
import type { Product } from '../catalogue';
import { OrderForm, type OrderFormVariant } from './OrderForm';
import {
  clearOrphanedAnnouncements,
  findNotification,
  gasOil,
  kerosene,
  pellets,
  StoryToasts,
  storyCatalogue,
  useStubCart,
  type StubBehaviour,
} from './storyFixtures';
import { useOrderFormActor } from './useOrderFormActor';

interface StoryFormProps {
  products: readonly Product[];
  /** Preselected product (product cards); the modal starts with none. */
  productId?: string;
  variant?: OrderFormVariant;
  behaviour?: StubBehaviour;
  /** The postcode the cart already has. */
  cartPostcode?: string | null;
  /** How many items the cart already holds (default none). */
  cartCount?: number;
  onAdded?: (response: CartResponse) => void;
  /** The form's name (default: "Order Oil", or "Order {product}" when compact). */
  label?: string;
}

/** One order form on a stand-in cart. */
function StoryForm({
  products,
  productId,
  variant = 'full',
  behaviour = 'api',
  cartPostcode = null,
  cartCount = 0,
  onAdded,
  label,
}: StoryFormProps) {
  const cart = useStubCart(behaviour, cartPostcode, cartCount);
  const type = products[0]?.type ?? 'oil';
  const actor = useOrderFormActor(
    { productType: type, products, productId: productId ?? null },
    cart,
    onAdded,
  );
  const name =
    label ??
    (variant === 'compact'
      ? messages.orderForm.formLabel(products[0]?.title ?? '')
      : messages.orderForm.formLabel(messages.orderForm.tabs[type]));
  return <OrderForm actor={actor} variant={variant} aria-label={name} />;
}

const Frame = styled.div`
  max-width: 460px;
`;

const meta = {
  title: 'Order form/Order form',
  component: StoryForm,
  tags: ['autodocs'],
  beforeEach: clearOrphanedAnnouncements,
  decorators: [
    (Story) => (
      <StoryToasts>
        <Frame>
          <Story />
        </Frame>
      </StoryToasts>
    ),
  ],
  args: { products: storyCatalogue.oil },
} satisfies Meta<typeof StoryForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** A react-aria Select's button: named by its value, then its label ("300 Litres Amount"). */
const select = (canvas: Canvas, label: string) =>
  canvas.getByRole('button', { name: new RegExp(`${label}$`) });

/** Opens a react-aria Select by its label and picks an option. */
async function choose(canvas: Canvas, label: string, option: string) {
  await userEvent.click(select(canvas, label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const price = (canvas: Canvas) => canvas.getByRole('status', { name: messages.orderForm.price });
const postcodeInput = (canvas: Canvas) =>
  canvas.getByRole('textbox', { name: messages.orderForm.postcode });
const addButton = (canvas: Canvas) =>
  canvas.queryByRole('button', { name: messages.orderForm.addToCart });

/** The modal's oil form before anything is chosen. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('form', { name: 'Order Oil' })).toBeVisible();
    // Oil: the size is the Amount, and there is no quantity.
    await expect(select(canvas, 'Amount')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: /Quantity$/ })).toBeNull();
    await expect(price(canvas)).toHaveTextContent('£0.00');
    await expect(addButton(canvas)).toBeNull();
  },
};

/** Choosing a product fills the sizes; the price is unit price × quantity. */
export const ChoosingOil: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvas, 'Product', kerosene.title);
    await expect(canvas.getByText(messages.bestseller)).toBeVisible();
    await expect(select(canvas, 'Amount')).toHaveTextContent('300 Litres');
    await expect(price(canvas)).toHaveTextContent('£192.00');
    await choose(canvas, 'Amount', '500 Litres');
    await expect(price(canvas)).toHaveTextContent('£305.00');
    // Add to Cart waits for a postcode.
    await expect(addButton(canvas)).toBeNull();
    await userEvent.type(postcodeInput(canvas), 'bt1 1aa');
    await expect(postcodeInput(canvas)).toHaveValue('11AA');
    await expect(addButton(canvas)).toBeVisible();
    // Choosing a product again resets the amount to its first size.
    await choose(canvas, 'Product', gasOil.title);
    await expect(canvas.queryByText(messages.bestseller)).toBeNull();
    await expect(price(canvas)).toHaveTextContent('£395.00');
    await expect(select(canvas, 'Amount')).toBeDisabled();
  },
};

/** Wood pellets: a quantity from 1 to 20 multiplies the price. */
export const Quantity: Story = {
  args: { products: storyCatalogue.woodpellet, productId: pellets.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(select(canvas, 'Size')).toBeEnabled();
    await expect(select(canvas, 'Quantity')).toHaveTextContent('1');
    await userEvent.click(select(canvas, 'Quantity'));
    const options = await screen.findAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1)),
    );
    await userEvent.click(screen.getByRole('option', { name: '20' }));
    await expect(price(canvas)).toHaveTextContent('£149.00');
    await choose(canvas, 'Size', 'Pallet of 65 bags (975kg)');
    await expect(price(canvas)).toHaveTextContent('£8,580.00');
  },
};

/** The cart has a postcode: it is locked until "Change postcode?". */
export const PostcodeLocked: Story = {
  args: { cartPostcode: 'BT11AA', productId: kerosene.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = postcodeInput(canvas);
    await expect(input).toHaveValue('11AA');
    await expect(input).toHaveAttribute('readonly');
    await expect(addButton(canvas)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: messages.postcode.changePostcode }));
    await expect(input).not.toHaveAttribute('readonly');
    await expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, '71 2AB');
    await expect(input).toHaveValue('712AB');

    await userEvent.click(
      canvas.getByRole('button', { name: messages.postcode.cancelPostcodeChange }),
    );
    await expect(input).toHaveValue('11AA');
    await expect(input).toHaveAttribute('readonly');
    await expect(
      canvas.getByRole('button', { name: messages.postcode.changePostcode }),
    ).toBeVisible();
  },
};

/** Types a new postcode over the cart's, then presses Add to Cart. */
async function addWithNewPostcode(canvas: Canvas, postcode: string) {
  await userEvent.click(canvas.getByRole('button', { name: messages.postcode.changePostcode }));
  const input = postcodeInput(canvas);
  await userEvent.clear(input);
  await userEvent.type(input, postcode);
  await userEvent.click(addButton(canvas) as HTMLElement);
}

/**
 * A new postcode empties the cart (SPEC §4), so with items in the cart the form asks first, as the
 * Set Postcode dialog warns. "Keep my cart" goes back to the cart's postcode; nothing is sent.
 */
export const NewPostcodeKeepsTheCart: Story = {
  args: { cartPostcode: 'BT11AA', cartCount: 2, productId: kerosene.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await addWithNewPostcode(canvas, '712AB');
    await expect(canvas.getByText(messages.postcode.resetWarning, { exact: false })).toBeVisible();
    await expect(
      canvas.getByText(messages.orderForm.cartHolds(2, 'BT1 1AA'), { exact: false }),
    ).toBeVisible();
    const keep = canvas.getByRole('button', { name: messages.orderForm.keepCart });
    await waitFor(() => expect(keep).toHaveFocus());
    await userEvent.click(keep);
    await expect(postcodeInput(canvas)).toHaveValue('11AA');
    await expect(postcodeInput(canvas)).toHaveAttribute('readonly');
    await expect(canvas.queryByText(messages.postcode.resetWarning, { exact: false })).toBeNull();
    await expect(screen.queryByText(messages.postcode.set)).toBeNull();
  },
};

/** "Clear cart and add": the new postcode is set (the cart empties), then the item is added. */
export const NewPostcodeClearsTheCart: Story = {
  args: { cartPostcode: 'BT11AA', cartCount: 2, productId: kerosene.id, onAdded: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await addWithNewPostcode(canvas, '712AB');
    await userEvent.click(canvas.getByRole('button', { name: messages.orderForm.clearCartAndAdd }));
    await findNotification(messages.postcode.set);
    await findNotification(messages.cart.added);
    await waitFor(() => expect(args.onAdded).toHaveBeenCalledTimes(1));
    await expect(postcodeInput(canvas)).toHaveValue('712AB');
    await expect(postcodeInput(canvas)).toHaveAttribute('readonly');
  },
};

/** SPEC §5: "Postcode required." as a warning at the top centre; nothing is sent. */
export const PostcodeRequired: Story = {
  args: { productId: kerosene.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // No postcode: no Add to Cart button, but Enter in the field still submits the form.
    await expect(addButton(canvas)).toBeNull();
    await userEvent.click(postcodeInput(canvas));
    await userEvent.keyboard('{Enter}');
    const warning = await findNotification(messages.postcode.required);
    await expect(warning).toHaveAttribute('data-variant', 'warning');
  },
};

/** SPEC §5: a 5-character postcode is "Invalid postcode." (a warning); nothing is sent. */
export const InvalidPostcode: Story = {
  args: { productId: kerosene.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(postcodeInput(canvas), '1AA');
    await userEvent.click(addButton(canvas) as HTMLElement);
    const warning = await findNotification(messages.postcode.invalidOrderForm);
    await expect(warning).toHaveAttribute('data-variant', 'warning');
    // The form is ready for a correction.
    await expect(postcodeInput(canvas)).not.toHaveAttribute('readonly');
  },
};

/** A new postcode is set first, then the item is added; the postcode then locks. */
export const AddsToCart: Story = {
  args: { productId: kerosene.id, onAdded: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await choose(canvas, 'Amount', '500 Litres');
    await userEvent.type(postcodeInput(canvas), '11AA');
    await userEvent.click(addButton(canvas) as HTMLElement);
    await findNotification(messages.postcode.set);
    const added = await findNotification(messages.cart.added);
    await expect(added).toHaveAttribute('data-variant', 'success');
    await waitFor(() => expect(args.onAdded).toHaveBeenCalledTimes(1));
    await expect(postcodeInput(canvas)).toHaveAttribute('readonly');
    await expect(
      canvas.getByRole('button', { name: messages.postcode.changePostcode }),
    ).toBeVisible();
  },
};

/**
 * Outside the oil zone the cart refuses (red) before anything changes: no postcode is set (no
 * "Postcode set." beside the refusal) and the field stays open to correct it.
 */
export const CannotDeliver: Story = {
  args: { productId: kerosene.id, onAdded: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(postcodeInput(canvas), '471AB');
    await userEvent.click(addButton(canvas) as HTMLElement);
    const refusal = await findNotification(messages.cart.cannotDeliver);
    await expect(refusal).toHaveAttribute('data-variant', 'danger');
    await expect(args.onAdded).not.toHaveBeenCalled();
    await expect(screen.queryByText(messages.postcode.set)).toBeNull();
    await expect(postcodeInput(canvas)).not.toHaveAttribute('readonly');
    await expect(postcodeInput(canvas)).toHaveValue('471AB');
    // The cart has no postcode to go back to.
    await expect(
      canvas.queryByRole('button', { name: messages.postcode.cancelPostcodeChange }),
    ).toBeNull();
  },
};

/** While the cart is busy the button shows progress and nothing can be changed. */
export const Submitting: Story = {
  args: { productId: pellets.id, products: storyCatalogue.woodpellet, behaviour: 'pending' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(postcodeInput(canvas), '11AA');
    await userEvent.click(addButton(canvas) as HTMLElement);
    await expect(canvas.getByRole('form', { name: 'Order Wood Pellets' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(select(canvas, 'Product')).toBeDisabled();
    await expect(select(canvas, 'Size')).toBeDisabled();
    await expect(select(canvas, 'Quantity')).toBeDisabled();
    await expect(postcodeInput(canvas)).toHaveAttribute('readonly');
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** An exception (the shop cannot be reached) shows as a danger notice in the form. */
export const Offline: Story = {
  args: { productId: kerosene.id, behaviour: 'offline', cartPostcode: 'BT11AA' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(addButton(canvas) as HTMLElement);
    const notice = await canvas.findByRole('alert');
    await expect(notice).toHaveTextContent('We could not reach the shop.');
    // Changing anything clears it.
    await choose(canvas, 'Amount', '900 Litres');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const CardFrame = styled.div`
  max-width: 320px;
`;

/** The compact form in a product card (catalogue pages): no product select. */
export const OnAProductCard: Story = {
  args: { products: [pellets], productId: pellets.id, variant: 'compact' },
  render: (args) => (
    <CardFrame>
      <ProductCard
        title={pellets.title}
        bestseller
        description={pellets.description}
        sizes={pellets.sizes.map((s) => ({ id: s.id, title: s.title, pence: s.price ?? 0 }))}
        actions={<StoryForm {...args} />}
      />
    </CardFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(canvas.getByRole('form', { name: `Order ${pellets.title}` }));
    await expect(form.queryByRole('button', { name: /Product$/ })).toBeNull();
    await expect(form.getByRole('button', { name: /Size$/ })).toHaveTextContent('15kg bag');
    await choose(canvas, 'Quantity', '3');
    await expect(price(canvas)).toHaveTextContent('£22.35');
  },
};

const Matrix = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));

  & > section {
    padding: ${theme.space[4]};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
  }
  & h3 {
    margin: 0 0 ${theme.space[3]};
    font-size: ${theme.fontSizes.sm};
  }
`;

/** Every look of the form side by side, for designers. */
export const All: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <Matrix>
      <section aria-label="Nothing chosen">
        <h3>Nothing chosen (oil)</h3>
        <StoryForm products={storyCatalogue.oil} label="Order oil (nothing chosen)" />
      </section>
      <section aria-label="Product chosen, cart postcode locked">
        <h3>Chosen, postcode locked</h3>
        <StoryForm
          products={storyCatalogue.oil}
          productId={kerosene.id}
          cartPostcode="BT11AA"
          label="Order oil (postcode locked)"
        />
      </section>
      <section aria-label="One size only">
        <h3>One size only (Amount disabled)</h3>
        <StoryForm
          products={storyCatalogue.oil}
          productId={gasOil.id}
          label="Order oil (one size)"
        />
      </section>
      <section aria-label="With quantity">
        <h3>With quantity (wood pellets)</h3>
        <StoryForm products={storyCatalogue.woodpellet} productId={pellets.id} />
      </section>
      <section aria-label="Compact">
        <h3>Compact (product card)</h3>
        <StoryForm products={[pellets]} productId={pellets.id} variant="compact" />
      </section>
    </Matrix>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('form')).toHaveLength(5);
    const locked = within(canvas.getByRole('region', { name: /cart postcode locked/ }));
    await expect(locked.getByRole('textbox', { name: 'Postcode' })).toHaveAttribute('readonly');
  },
};
