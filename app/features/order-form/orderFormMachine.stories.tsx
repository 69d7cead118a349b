import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { StateValue } from 'xstate';
import { messages } from '../../../api/domain/messages';
import {
  currentStateOf,
  eventButtons,
  expectListedAsPlan,
  pressEvent,
} from '../../qa/explorerStoryKit';
import { orderForm } from '../../qa/machines';
import { ExplorerToasts } from '../../qa/ExplorerToasts';
import { machineDocsPageFor } from '../../qa/MachineDocsPage';
import { explorerArgs, MachineExplorer } from '../../qa/MachineExplorer';
import { stateName } from '../../qa/modelCoverage';
import { OrderForm, type OrderFormActor } from './OrderForm';
import { clearOrphanedAnnouncements, findNotification } from './storyFixtures';

/**
 * QA explorer for the order form, from the QA registry (app/qa/machines.ts): the same machine,
 * preset events, starts and words as its test plan (docs/qa/order-form.md), so the explorer lists
 * the plan's test cases. It opens on the Oil tab of Order Online; replaying a test case from
 * another start (the Wood & Other Products tab, a product card) starts the form there. The cart
 * never answers on its own: QA settles each call with the answer buttons, or drives the real form
 * above the statechart. The statechart has three regions side by side (choice, postcode and
 * cart); the current state names one state of each.
 */
const meta = {
  title: 'Machines/Order form',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { page: machineDocsPageFor(orderForm) } },
  beforeEach: clearOrphanedAnnouncements,
  decorators: [
    (Story) => (
      <ExplorerToasts>
        <Story />
      </ExplorerToasts>
    ),
  ],
  args: {
    ...explorerArgs(orderForm),
    renderComponent: (actor) => (
      <OrderForm actor={actor as unknown as OrderFormActor} aria-label="Order form" />
    ),
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const form = (canvas: Canvas) => within(canvas.getByRole('form', { name: 'Order form' }));
const kerosene = 'PRODUCT_CHANGED(Kerosene Heating Oil)';

/** The current state's technical name: `choice.…,postcode.…,cart.…`. */
const stateText = (choice: string, postcode: StateValue, cart: StateValue) =>
  stateName({ choice, postcode, cart });

/** The plan's test cases, then the whole add with the cart's answers given by hand. */
export const Explorer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectListedAsPlan(canvas, orderForm.key);
    await expect(currentStateOf(canvas)).toHaveTextContent(
      stateText('choosingProduct', { editing: 'entering' }, { open: 'idle' }),
    );
    await expect(canvas.getByTestId('current-state-label')).toHaveTextContent(
      'Choice: choosing product · Postcode: editing › entering · Cart: open › idle',
    );
    // Each event button says the step in words, over its technical name.
    const [choose] = eventButtons(canvas, kerosene);
    await expect(choose).toHaveTextContent(`Choose “Kerosene Heating Oil” in Product${kerosene}`);

    await pressEvent(canvas, kerosene);
    await pressEvent(canvas, 'SIZE_CHANGED(500 Litres)');
    await expect(currentStateOf(canvas)).toHaveTextContent(
      stateText('somethingToAdd', { editing: 'entering' }, { open: 'idle' }),
    );
    await expect(form(canvas).getByRole('status', { name: 'Price' })).toHaveTextContent('£305.00');
    // Typing in the real form changes the machine's context.
    await userEvent.type(form(canvas).getByRole('textbox', { name: 'Postcode' }), '11AA');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"value": "11AA"');

    await userEvent.click(form(canvas).getByRole('button', { name: messages.orderForm.addToCart }));
    await expect(currentStateOf(canvas)).toHaveTextContent(
      stateText('somethingToAdd', { editing: 'entering' }, { adding: 'settingPostcode' }),
    );
    await pressEvent(canvas, 'xstate.done.actor.setPostcode(200)');
    // The cart now has the postcode: cancelling the change would go back to it.
    await expect(currentStateOf(canvas)).toHaveTextContent(
      stateText('somethingToAdd', { editing: 'changing' }, { adding: 'addingToCart' }),
    );
    await pressEvent(canvas, 'xstate.done.actor.addToCart(200)');
    await expect(currentStateOf(canvas)).toHaveTextContent(
      stateText('somethingToAdd', 'locked', { open: 'added' }),
    );
    // SPEC §4: the postcode is locked again after a successful add.
    await expect(form(canvas).getByRole('textbox', { name: 'Postcode' })).toHaveAttribute(
      'readonly',
    );
    await expect(
      form(canvas).getByRole('button', { name: messages.postcode.changePostcode }),
    ).toBeVisible();
    // The history names each step in words, whoever took it (the form or a button).
    await expect(canvas.getByTestId('event-history')).toHaveTextContent(
      'The cart answers the add: 200 “Added to cart.” → Choice: something to add · Postcode: locked · Cart: open › added',
    );
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
    // The chart is drawn at its own size (scrolled, not shrunk): its state names are legible.
    const label = diagram.querySelector('[data-state-id="orderForm.cart.open.added"] text');
    await expect(label?.getBoundingClientRect().height ?? 0).toBeGreaterThanOrEqual(12);
    // The chart is larger than its viewport, which scrolls to keep a state just entered in sight.
    const viewport = canvas.getByTestId('diagram-viewport');
    const entered = ['orderForm.postcode.locked', 'orderForm.cart.open.added'].map((id) =>
      diagram.querySelector(`[data-state-id="${id}"] rect`),
    );
    await waitFor(() => {
      const outer = viewport.getBoundingClientRect();
      const inSight = entered.some((node) => {
        const box = node?.getBoundingClientRect();
        return (
          box !== undefined &&
          box.left >= outer.left &&
          box.right <= outer.right &&
          box.top >= outer.top &&
          box.bottom <= outer.bottom
        );
      });
      expect(inSight).toBe(true);
    });
  },
};

/** A 3-character postcode: the warning comes from the machine, through the real form. */
export const InvalidPostcodeWarning: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressEvent(canvas, kerosene);
    await pressEvent(canvas, 'POSTCODE_CHANGED(1AA)');
    await pressEvent(canvas, 'ADD_TO_CART');
    await findNotification(messages.postcode.invalidOrderForm);
    await expect(currentStateOf(canvas)).toHaveTextContent(
      stateText('somethingToAdd', { editing: 'entering' }, { open: 'invalidPostcode' }),
    );
  },
};

/** No answer from the cart shows in the form as a danger notice, in the plan's words. */
export const CartException: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pressEvent(canvas, kerosene);
    await pressEvent(canvas, 'POSTCODE_CHANGED(BT1 1AA)');
    await pressEvent(canvas, 'ADD_TO_CART');
    await pressEvent(canvas, 'xstate.error.actor.setPostcode(offline)');
    await expect(currentStateOf(canvas)).toHaveTextContent('cart.open.failed');
    await expect(form(canvas).getByRole('alert')).toHaveTextContent(
      'We could not reach the shop. Please check your connection and try again.',
    );
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
      .map((option) => (option as HTMLOptionElement).value);
    // Listed by name, with the technical one as the value.
    const addingToCart = targets.find((id) => id.includes('cart.adding.addingToCart'));
    if (!addingToCart) throw new Error('no path to cart.adding.addingToCart');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Target state' }),
      addingToCart,
    );
    const [replay] = canvas.getAllByRole('button', { name: /^Replay: / });
    if (!replay) throw new Error('no path listed');
    await userEvent.click(replay);
    await userEvent.click(canvas.getByRole('button', { name: 'Play all' }));
    await expect(currentStateOf(canvas)).toHaveTextContent(addingToCart);
    await expect(
      form(canvas).getByRole('button', { name: messages.orderForm.addToCart }),
    ).toHaveAttribute('data-pending');
  },
};
