import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AnyStateMachine, EventObject } from 'xstate';
import { validateCheckout } from '../../../api/domain/checkout';
import { messages } from '../../../api/domain/messages';
import { describeEvent, MachineExplorer } from '../../qa/MachineExplorer';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { CheckoutForm } from './CheckoutForm';
import { CheckoutInvalidError, type CheckoutActorRef } from './checkoutMachine';
import { checkoutMachineWith, labelled, offline } from './checkoutStoryKit';
import {
  checkoutAnswers,
  summaryOil2700,
  summaryOil2700Declared,
  validCheckoutValues,
} from './testing';
import { checkoutTexts } from './texts';

/**
 * QA explorer for the checkout form: the real form driven by the explorer's actor. The API never
 * answers here, and the form check waits too: QA picks every answer with the `xstate.done…` /
 * `xstate.error…` buttons. The cart is 3 × 900 L of kerosene (above HMRC's automatic limit, so
 * the declaration shows), and the form is filled in but for the full name.
 */
const machine = checkoutMachineWith({ validate: 'never' }) as unknown as AnyStateMachine;

const validForm = validateCheckout({
  ...validCheckoutValues,
  postcode: 'BT11AA',
  domesticUse: false,
});
if (!validForm.ok) throw new Error('The story form must be valid.');

type Preset = EventObject & Record<string, unknown>;

const typeName: Preset = { type: 'CHANGE', field: 'fullName', value: 'Jane Doe' };
const clearName: Preset = { type: 'CHANGE', field: 'fullName', value: '' };
const untickTerms: Preset = { type: 'SET_ACCEPT_TERMS', value: false };
const tickTerms: Preset = { type: 'SET_ACCEPT_TERMS', value: true };
const declare: Preset = { type: 'SET_DOMESTIC_USE', value: true };
const undeclare: Preset = { type: 'SET_DOMESTIC_USE', value: false };
const pay: Preset = { type: 'SUBMIT', key: 'attempt-1' };
const resume: Preset = { type: 'RESUME' };
const summaryDeclared: Preset = {
  type: 'xstate.done.actor.loadSummary',
  output: labelled(summaryOil2700Declared, 'summary with the declaration'),
};
const summaryUndeclared: Preset = {
  type: 'xstate.done.actor.loadSummary',
  output: labelled(summaryOil2700, 'summary without the declaration'),
};
const summaryOffline: Preset = { type: 'xstate.error.actor.loadSummary', error: offline };
const formValid: Preset = {
  type: 'xstate.done.actor.validateForm',
  output: labelled(validForm.value, 'valid form'),
};
const formInvalid: Preset = {
  type: 'xstate.error.actor.validateForm',
  error: labelled(
    new CheckoutInvalidError([messages.checkout.fullNameRequired], {
      fullName: messages.checkout.fullNameRequired,
    }),
    'full name missing',
  ),
};
const created: Preset = {
  type: 'xstate.done.actor.submitCheckout',
  output: labelled(checkoutAnswers.created, '201 order created'),
};
const refused: Preset = {
  type: 'xstate.done.actor.submitCheckout',
  output: labelled(checkoutAnswers.blocked, '422 cart empty'),
};
const providerDown: Preset = {
  type: 'xstate.done.actor.submitCheckout',
  output: labelled(checkoutAnswers.providerDown, '502 provider down'),
};
const submitOffline: Preset = { type: 'xstate.error.actor.submitCheckout', error: offline };

const presets = [
  typeName,
  clearName,
  tickTerms,
  untickTerms,
  declare,
  undeclare,
  pay,
  resume,
  summaryDeclared,
  summaryUndeclared,
  summaryOffline,
  formValid,
  formInvalid,
  created,
  refused,
  providerDown,
  submitOffline,
];

const meta = {
  title: 'Machines/Checkout',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: dropDanglingAnnouncements,
  args: {
    title: 'Checkout form',
    machine,
    events: presets,
    input: { summary: summaryOil2700, values: { ...validCheckoutValues, fullName: '' } },
    renderComponent: (actor) => <CheckoutForm actor={actor as unknown as CheckoutActorRef} />,
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const state = (canvas: Canvas) => canvas.getByTestId('current-state');
const press = (canvas: Canvas, event: Preset) =>
  userEvent.click(canvas.getByRole('button', { name: describeEvent(event) }));
const formOf = (canvas: Canvas) =>
  within(canvas.getByRole('form', { name: checkoutTexts.formLabel }));

/** Pay with a valid form: checked, sent with the attempt's key, then off to the payment page. */
export const PayToRedirect: Story = {
  play: async ({ canvas }) => {
    await expect(state(canvas)).toHaveTextContent('{"editing":"ready"}');
    await press(canvas, typeName);
    await expect(formOf(canvas).getByRole('textbox', { name: 'Full name' })).toHaveValue(
      'Jane Doe',
    );
    await press(canvas, pay);
    await expect(state(canvas)).toHaveTextContent('validating');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"idempotencyKey": "attempt-1"');
    // While the form is checked nothing can be changed, and Pay cannot be pressed twice.
    await expect(canvas.queryByRole('button', { name: describeEvent(pay) })).toBeNull();
    await expect(canvas.queryByRole('button', { name: describeEvent(typeName) })).toBeNull();
    await press(canvas, formValid);
    await expect(state(canvas)).toHaveTextContent('submitting');
    await press(canvas, created);
    await expect(state(canvas)).toHaveTextContent('redirecting');
    await expect(canvas.getByTestId('context')).toHaveTextContent(
      '"redirectUrl": "/pay/test/ses_1"',
    );
    await expect(canvas.getByRole('button', { name: describeEvent(resume) })).toBeVisible();
  },
};

/** Pay with the full name missing: the field says so, in the shared schema's words. */
export const Invalid: Story = {
  play: async ({ canvas }) => {
    await press(canvas, pay);
    await press(canvas, formInvalid);
    await expect(state(canvas)).toHaveTextContent('{"editing":"invalid"}');
    const form = formOf(canvas);
    const name = form.getByRole('textbox', { name: 'Full name' });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(messages.checkout.fullNameRequired);
    await expect(form.getByRole('alert')).toHaveTextContent(checkoutTexts.checkErrors);
  },
};

/** No answer: the same key is sent again on the next press; a change starts a new attempt. */
export const FailedAndRetried: Story = {
  play: async ({ canvas }) => {
    await press(canvas, typeName);
    await press(canvas, pay);
    await press(canvas, formValid);
    await press(canvas, submitOffline);
    await expect(state(canvas)).toHaveTextContent('failed');
    await expect(formOf(canvas).getByRole('alert')).toHaveTextContent(checkoutTexts.submitFailed);
    await press(canvas, pay);
    await expect(state(canvas)).toHaveTextContent('submitting');
    await press(canvas, providerDown);
    await expect(formOf(canvas).getByRole('alert')).toHaveTextContent(
      messages.checkout.providerUnavailable,
    );
    await expect(canvas.getByTestId('context')).toHaveTextContent('"idempotencyKey": "attempt-1"');
    await press(canvas, clearName);
    await expect(state(canvas)).toHaveTextContent('{"editing":"ready"}');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"idempotencyKey": null');
  },
};

/** The declaration: the summary is fetched again, and the 20 % line goes. */
export const Declaration: Story = {
  play: async ({ canvas }) => {
    const form = formOf(canvas);
    const adjustment = 'VAT at 20% (no domestic-use declaration)';
    await expect(canvas.getByRole('region', { name: 'Order summary' })).toHaveTextContent(
      adjustment,
    );
    await userEvent.click(
      form.getByRole('checkbox', { name: messages.checkout.labels.domesticUse }),
    );
    await expect(state(canvas)).toHaveTextContent('updatingSummary');
    await expect(canvas.getByRole('region', { name: 'Order summary' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await press(canvas, summaryDeclared);
    await expect(state(canvas)).toHaveTextContent('{"editing":"ready"}');
    await waitFor(() =>
      expect(canvas.getByRole('region', { name: 'Order summary' })).not.toHaveTextContent(
        adjustment,
      ),
    );
    await expect(
      form.getByRole('checkbox', { name: messages.checkout.labels.domesticUse }),
    ).toBeChecked();
  },
};

/** Every state has a shortest path; replaying one drives the real form. */
export const ReplayShortestPath: Story = {
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { name: /^Shortest paths \(\d+\)$/ });
    const count = Number(/\((\d+)\)/.exec(heading.textContent ?? '')?.[1]);
    await expect(count).toBeGreaterThan(20);
    const toRedirecting = canvas
      .getAllByText('redirecting', { selector: 'strong' })[0]
      ?.closest('li');
    if (!toRedirecting) throw new Error('no path to redirecting');
    await userEvent.click(within(toRedirecting).getByRole('button', { name: /Replay path/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Play all' }));
    await expect(state(canvas)).toHaveTextContent('redirecting');
  },
};
