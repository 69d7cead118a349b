import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { emptyCartView, type AddToCartInput } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { MachineExplorer } from '../../qa/MachineExplorer';
import { eventName, stateName } from '../../qa/modelCoverage';
import type { CartResponse } from '../cart';
import { OrderForm, type OrderFormActor } from './OrderForm';
import { orderFormMachine, type OrderFormInput, type SetPostcodeInput } from './orderFormMachine';
import {
  clearOrphanedAnnouncements,
  findNotification,
  hardwoodPellets,
  pellets,
  StoryToasts,
} from './storyFixtures';

/**
 * QA explorer for the order form (the Wood Pellets tab: product, size and quantity). The cart
 * never answers on its own here: QA settles each call with the `xstate.done.actor…` and
 * `xstate.error.actor…` buttons, or drives the real form above the statechart. The statechart
 * has three regions side by side: `choice`, `postcode` and `cart`; the current state names one
 * state of each (`choice.somethingToAdd,postcode.locked,cart.open.added`).
 */
const neverAnswers = <Input,>() =>
  fromPromise<CartResponse, Input>(() => new Promise<CartResponse>(() => {}));
const machine = orderFormMachine.provide({
  actors: {
    setPostcode: neverAnswers<SetPostcodeInput>(),
    addToCart: neverAnswers<AddToCartInput>(),
  },
}) as unknown as AnyStateMachine;

const input: OrderFormInput = {
  productType: 'woodpellet',
  products: [pellets, hardwoodPellets],
  cartPostcode: null,
};

type Preset = EventObject & Record<string, unknown>;
const cart = (postcode: string | null) => ({ ...emptyCartView(), postcode });

const presets: Preset[] = [
  { type: 'PRODUCT_CHANGED', productId: pellets.id },
  { type: 'PRODUCT_CHANGED', productId: hardwoodPellets.id },
  { type: 'SIZE_CHANGED', sizeId: '112' },
  { type: 'QUANTITY_CHANGED', quantity: 3 },
  { type: 'POSTCODE_CHANGED', value: '11AA' },
  { type: 'POSTCODE_CHANGED', value: '1AA' },
  { type: 'POSTCODE_CHANGED', value: '' },
  { type: 'POSTCODE_CHANGED', value: '201AA' },
  { type: 'CHANGE_POSTCODE' },
  { type: 'CANCEL_POSTCODE_CHANGE' },
  { type: 'ADD_TO_CART' },
  { type: 'KEEP_CART' },
  { type: 'CLEAR_CART_AND_ADD' },
  { type: 'CART_POSTCODE_CHANGED', postcode: 'BT11AA' },
  { type: 'CART_POSTCODE_CHANGED', postcode: null },
  { type: 'CART_COUNT_CHANGED', count: 2 },
  {
    type: 'xstate.done.actor.setPostcode',
    output: { code: 200, message: messages.postcode.set, cart: cart('BT11AA') },
  },
  {
    type: 'xstate.done.actor.setPostcode',
    output: { code: 400, message: messages.postcode.invalidModal, cart: cart(null) },
  },
  {
    type: 'xstate.error.actor.setPostcode',
    error: { message: 'We could not reach the shop.' },
  },
  {
    type: 'xstate.done.actor.addToCart',
    output: { code: 200, message: messages.cart.added, cart: cart('BT11AA') },
  },
  {
    type: 'xstate.done.actor.addToCart',
    output: { code: 422, message: messages.cart.cannotDeliver, cart: cart('BT11AA') },
  },
  {
    type: 'xstate.error.actor.addToCart',
    error: { message: 'We could not reach the shop.' },
  },
];

const meta = {
  title: 'Machines/Order form',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: clearOrphanedAnnouncements,
  decorators: [
    (Story) => (
      <StoryToasts>
        <Story />
      </StoryToasts>
    ),
  ],
  args: {
    title: 'Order form',
    machine,
    events: presets,
    input,
    renderComponent: (actor) => (
      <OrderForm actor={actor as unknown as OrderFormActor} aria-label="Order Wood Pellets" />
    ),
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const currentState = (canvas: Canvas) => canvas.getByTestId('current-state');
/** Presses the explorer's button for a preset event (named as the explorer names it). */
const press = (canvas: Canvas, event: Preset) =>
  userEvent.click(canvas.getByRole('button', { name: eventName(event) }));
const preset = (type: string, match: (event: Preset) => boolean = () => true): Preset => {
  const found = presets.find((event) => event.type === type && match(event));
  if (!found) throw new Error(`No preset ${type}`);
  return found;
};
const form = (canvas: Canvas) => within(canvas.getByRole('form', { name: 'Order Wood Pellets' }));

/** The current state as the explorer names it: `choice.…,postcode.…,cart.…`. */
const stateText = (choice: string, postcode: StateValue, cart: StateValue) =>
  stateName({ choice, postcode, cart });

/** The whole add, with the cart's answers given by hand; the real form follows along. */
export const Explorer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(currentState(canvas)).toHaveTextContent(
      stateText('choosingProduct', { editing: 'entering' }, { open: 'idle' }),
    );
    // Nothing chosen: adding is not offered.
    await expect(
      canvas.queryByRole('button', { name: eventName(preset('ADD_TO_CART')) }),
    ).toBeNull();

    await press(
      canvas,
      preset('PRODUCT_CHANGED', (e) => e.productId === pellets.id),
    );
    await expect(currentState(canvas)).toHaveTextContent(
      stateText('somethingToAdd', { editing: 'entering' }, { open: 'idle' }),
    );
    await expect(form(canvas).getByRole('status', { name: 'Price' })).toHaveTextContent('£7.45');
    // Typing in the real form changes the machine's context.
    await userEvent.type(form(canvas).getByRole('textbox', { name: 'Postcode' }), '11AA');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"value": "11AA"');

    await userEvent.click(form(canvas).getByRole('button', { name: messages.orderForm.addToCart }));
    await expect(currentState(canvas)).toHaveTextContent(
      stateText('somethingToAdd', { editing: 'entering' }, { adding: 'settingPostcode' }),
    );
    await press(
      canvas,
      preset('xstate.done.actor.setPostcode', (e) => e.output !== undefined),
    );
    // The cart now has the postcode: cancelling the change would go back to it.
    await expect(currentState(canvas)).toHaveTextContent(
      stateText('somethingToAdd', { editing: 'changing' }, { adding: 'addingToCart' }),
    );
    await press(
      canvas,
      preset(
        'xstate.done.actor.addToCart',
        (e) => (e.output as CartResponse | undefined)?.code === 200,
      ),
    );
    await expect(currentState(canvas)).toHaveTextContent(
      stateText('somethingToAdd', 'locked', { open: 'added' }),
    );
    // SPEC §4: the postcode is locked again after a successful add.
    await expect(form(canvas).getByRole('textbox', { name: 'Postcode' })).toHaveAttribute(
      'readonly',
    );
    await expect(
      form(canvas).getByRole('button', { name: messages.postcode.changePostcode }),
    ).toBeVisible();
    const diagram = await canvas.findByTestId('state-diagram', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(
        [...diagram.querySelectorAll('[data-active="true"]')].map((node) =>
          node.getAttribute('data-state-id'),
        ),
      ).toEqual(
        expect.arrayContaining([
          'orderForm.choice.somethingToAdd',
          'orderForm.postcode.locked',
          'orderForm.cart.open.added',
        ]),
      ),
    );
  },
};

/** A 5-character postcode: the warning comes from the machine, through the real form. */
export const InvalidPostcodeWarning: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(
      canvas,
      preset('PRODUCT_CHANGED', (e) => e.productId === hardwoodPellets.id),
    );
    await press(
      canvas,
      preset('POSTCODE_CHANGED', (e) => e.value === '1AA'),
    );
    await press(canvas, preset('ADD_TO_CART'));
    await findNotification(messages.postcode.invalidOrderForm);
    await expect(currentState(canvas)).toHaveTextContent(
      stateText('somethingToAdd', { editing: 'entering' }, { open: 'invalidPostcode' }),
    );
  },
};

/** An exception from the cart shows in the form as a danger notice. */
export const CartException: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(
      canvas,
      preset('PRODUCT_CHANGED', (e) => e.productId === pellets.id),
    );
    await press(
      canvas,
      preset('POSTCODE_CHANGED', (e) => e.value === '11AA'),
    );
    await press(canvas, preset('ADD_TO_CART'));
    await press(canvas, preset('xstate.error.actor.setPostcode'));
    await expect(currentState(canvas)).toHaveTextContent('cart.open.failed');
    await expect(form(canvas).getByRole('alert')).toHaveTextContent('We could not reach the shop.');
  },
};

/** The shortest path to every state is listed and can be replayed. */
export const ReplayAPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: /^Paths \(\d+\)$/ })).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Show' }), 'shortest');
    const targets = within(canvas.getByRole('combobox', { name: 'Target state' }))
      .getAllByRole('option')
      .map((option) => option.textContent ?? '');
    const addingToCart = targets.find((name) => name.includes('cart.adding.addingToCart'));
    if (!addingToCart) throw new Error('no path to cart.adding.addingToCart');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Target state' }),
      addingToCart,
    );
    const [replay] = canvas.getAllByRole('button', { name: /^Replay: / });
    if (!replay) throw new Error('no path listed');
    await userEvent.click(replay);
    await userEvent.click(canvas.getByRole('button', { name: 'Play all' }));
    await expect(currentState(canvas)).toHaveTextContent(addingToCart);
    await expect(
      form(canvas).getByRole('button', { name: messages.orderForm.addToCart }),
    ).toHaveAttribute('data-pending');
  },
};
