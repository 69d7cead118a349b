import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../../api/domain/messages';
import {
  downloadStatechartFile,
  eventButton,
  eventButtons,
  exercisePathTools,
  pressEvent,
} from '../../qa/explorerStoryKit';
import { checkout } from '../../qa/machines';
import { machineDocsPageFor } from '../../qa/MachineDocsPage';
import { explorerArgs, MachineExplorer } from '../../qa/MachineExplorer';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { CheckoutForm } from './CheckoutForm';
import type { CheckoutActorRef } from './checkoutMachine';
import { checkoutTexts } from './texts';

/**
 * QA explorer for the checkout form: the real form driven by the explorer's actor. The API never
 * answers here, and the form check waits too: QA picks every answer with the `xstate.done…` /
 * `xstate.error…` buttons. The cart is 3 × 900 L of kerosene (above HMRC's automatic limit, so
 * the declaration shows), and the form is filled in but for the full name. The machine, its
 * presets and the words for each step come from the QA registry.
 */
const typeName = 'CHANGE(fullName, Jane Doe)';
const clearName = 'CHANGE(fullName, "")';
const pay = 'SUBMIT(attempt-1)';
const resume = 'RESUME';
const summaryDeclared = 'xstate.done.actor.loadSummary(declared)';
const formValid = 'xstate.done.actor.validateForm(valid)';
const formInvalid = 'xstate.error.actor.validateForm(fullName)';
const created = 'xstate.done.actor.submitCheckout(201)';
const providerDown = 'xstate.done.actor.submitCheckout(502)';
const submitOffline = 'xstate.error.actor.submitCheckout(offline)';

const meta = {
  title: 'Machines/Checkout',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { page: machineDocsPageFor(checkout) } },
  beforeEach: dropDanglingAnnouncements,
  args: {
    ...explorerArgs(checkout),
    wideComponent: true,
    renderComponent: (actor) => <CheckoutForm actor={actor as unknown as CheckoutActorRef} />,
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const state = (canvas: Canvas) => canvas.getByTestId('current-state');
const press = pressEvent;
const formOf = (canvas: Canvas) =>
  within(canvas.getByRole('form', { name: checkoutTexts.formLabel }));

/** Pay with a valid form: checked, sent with the attempt's key, then off to the payment page. */
export const PayToRedirect: Story = {
  play: async ({ canvas }) => {
    await expect(state(canvas)).toHaveTextContent('editing.ready');
    await press(canvas, typeName);
    await expect(formOf(canvas).getByRole('textbox', { name: 'Full name' })).toHaveValue(
      'Jane Doe',
    );
    await press(canvas, pay);
    await expect(state(canvas)).toHaveTextContent('validating');
    await expect(canvas.getByTestId('context')).toHaveTextContent('"idempotencyKey": "attempt-1"');
    // While the form is checked nothing can be changed, and Pay cannot be pressed twice.
    await expect(eventButtons(canvas, pay)).toHaveLength(0);
    await expect(eventButtons(canvas, typeName)).toHaveLength(0);
    await press(canvas, formValid);
    await expect(state(canvas)).toHaveTextContent('submitting');
    await press(canvas, created);
    await expect(state(canvas)).toHaveTextContent('redirecting');
    await expect(canvas.getByTestId('context')).toHaveTextContent(
      '"redirectUrl": "/pay/test/ses_1"',
    );
    await expect(eventButton(canvas, resume)).toBeVisible();
  },
};

/** Pay with the full name missing: the field says so, in the shared schema's words. */
export const Invalid: Story = {
  play: async ({ canvas }) => {
    await press(canvas, pay);
    await press(canvas, formInvalid);
    await expect(state(canvas)).toHaveTextContent('editing.invalid');
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
    await expect(state(canvas)).toHaveTextContent('editing.ready');
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
    await expect(state(canvas)).toHaveTextContent('editing.ready');
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

/**
 * The test paths: those that come back from the payment page, grouped, the first replayed step by
 * step (driving the real form) and copied as a test case.
 */
export const PathTools: Story = {
  play: async ({ canvas }) => {
    await exercisePathTools(canvas, {
      plan: checkout.key,
      target: 'editing.ready',
      event: 'RESUME',
      copiedTexts: [
        `. Press ${messages.checkout.pay}.`,
        '. The form checks the fields: they pass.',
        `. The shop answers 201 “${messages.checkout.created}”.`,
        '. Come back from the payment page with the browser’s Back button.',
      ],
    });
    await expect(canvas.getByTestId('context')).toHaveTextContent(
      '"redirectUrl": "/pay/test/ses_1"',
    );
  },
};

/** The statechart, downloaded as an SVG file. */
export const DownloadStatechart: Story = {
  play: async ({ canvas }) => {
    const markup = await downloadStatechartFile(canvas);
    await expect(markup).toContain('data-state-id="checkout.updatingSummary"');
  },
};
