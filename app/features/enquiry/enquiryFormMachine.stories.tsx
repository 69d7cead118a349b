import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AnyStateMachine, EventObject } from 'xstate';
import { messages } from '../../../api/domain/messages';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { describeEvent, MachineExplorer } from '../../qa/MachineExplorer';
import { EnquiryForm } from './EnquiryForm';
import { SEND_ENQUIRY, type EnquiryFormActor } from './enquiryFormMachine';
import {
  findToast,
  toastTexts,
  machineAnswering,
  neverAnswers,
  sampleEnquiry,
  WithToasts,
} from './enquiryStoryKit';

/**
 * QA explorer for the wholesale enquiry form: the real form driven by the explorer's actor. The
 * API never answers here: QA picks the answer with the `xstate.done…`/`xstate.error…` buttons.
 * The form starts filled in (a valid enquiry); type in it, or use the presets, to change that.
 */
const machine = machineAnswering(neverAnswers) as unknown as AnyStateMachine;

type Preset = EventObject & Record<string, unknown>;

const badEmail = 'aoife@murphyfuels';
const send: Preset = { type: 'SEND' };
const toBadEmail: Preset = { type: 'CHANGE', field: 'email', value: badEmail };
const toGoodEmail: Preset = { type: 'CHANGE', field: 'email', value: sampleEnquiry.email };
const toBot: Preset = { type: 'CHANGE', field: 'telephone2', value: '07700 900123' };
const toHuman: Preset = { type: 'CHANGE', field: 'telephone2', value: '' };
const answer200: Preset = {
  type: `xstate.done.actor.${SEND_ENQUIRY}`,
  output: { code: 200, message: messages.enquiry.sent },
};
const answer429: Preset = {
  type: `xstate.done.actor.${SEND_ENQUIRY}`,
  output: { code: 429, message: messages.enquiry.tooMany },
};
const networkError: Preset = {
  type: `xstate.error.actor.${SEND_ENQUIRY}`,
  error: { message: 'Failed to fetch' },
};
const presets = [send, toBadEmail, toGoodEmail, toBot, toHuman, answer200, answer429, networkError];

/** The explorer's label for an event's button. */
const label = (event: Preset) => describeEvent(event);

const meta = {
  title: 'Machines/EnquiryForm',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: dropDanglingAnnouncements,
  decorators: [
    (Story) => (
      <WithToasts>
        <Story />
      </WithToasts>
    ),
  ],
  args: {
    title: 'Wholesale enquiry form',
    machine,
    events: presets,
    input: { values: sampleEnquiry },
    renderComponent: (actor) => <EnquiryForm actor={actor as unknown as EnquiryFormActor} />,
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

const state = (canvas: ReturnType<typeof within>) => canvas.getByTestId('current-state');
const event = (canvas: ReturnType<typeof within>, name: string) =>
  userEvent.click(canvas.getByRole('button', { name }));
const formOf = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('form', { name: messages.enquiry.formLabel }));

/** Send from the real form, then QA answers 200: "Email sent!", and three fields are cleared. */
export const SendAndSucceed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = formOf(canvas);
    await expect(state(canvas)).toHaveTextContent('{"ready":"editing"}');
    await expect(form.getByRole('textbox', { name: 'Contact Name' })).toHaveValue(
      sampleEnquiry.name,
    );
    await userEvent.click(form.getByRole('button', { name: /^Send/ }));
    await expect(state(canvas)).toHaveTextContent('sending');
    await expect(form.getByRole('button', { name: /^Send/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    // While sending, the explorer offers exactly the API's possible answers.
    await expect(canvas.queryByRole('button', { name: 'SEND' })).toBeNull();
    await event(canvas, label(answer200));
    await expect(state(canvas)).toHaveTextContent('{"ready":"sent"}');
    await findToast('Email sent!');
    for (const cleared of ['Contact Name', 'Email', 'Enquiry'])
      await expect(form.getByRole('textbox', { name: cleared })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Address' })).toHaveValue(sampleEnquiry.address);
    await expect(form.getByRole('textbox', { name: 'Company Name' })).toHaveValue(
      sampleEnquiry.companyName,
    );
    await expect(form.getByRole('textbox', { name: 'Contact No.' })).toHaveValue(
      sampleEnquiry.telephone,
    );
    await expect(canvas.getByTestId('context')).toHaveTextContent('"submitted": false');
  },
};

/** A badly formed email: Send shows "Valid email required.", marks the email red, the rest green. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = formOf(canvas);
    await event(canvas, label(toBadEmail));
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(badEmail);
    await event(canvas, label(send));
    await expect(state(canvas)).toHaveTextContent('{"ready":"invalid"}');
    await findToast('Valid email required.');
    await expect(toastTexts()).toEqual(['Valid email required.']);
    const email = form.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeInvalid();
    await expect(email).toHaveAccessibleDescription('Valid email required.');
    const name = form.getByRole('textbox', { name: 'Contact Name' });
    await expect(name).toBeValid();
    await expect(name.closest('[data-state]')).toHaveAttribute('data-state', 'success');
    // Typing clears the submitted flag: back to the plain look.
    await userEvent.type(email, '.ie');
    await expect(state(canvas)).toHaveTextContent('{"ready":"editing"}');
    await expect(email.closest('[data-state]')).toHaveAttribute('data-state', 'neutral');
  },
};

/** Any answer but 200 is shown in red, and everything typed stays. */
export const ServerRefuses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = formOf(canvas);
    await event(canvas, label(send));
    await event(canvas, label(answer429));
    await expect(state(canvas)).toHaveTextContent('{"ready":"rejected"}');
    await findToast(messages.enquiry.tooMany);
    await expect(form.getByRole('textbox', { name: 'Contact Name' })).toHaveValue(
      sampleEnquiry.name,
    );
    await expect(form.getByRole('button', { name: /^Send/ })).toBeEnabled();
  },
};

/** No answer at all: a retryable message; nothing typed is lost, and Send tries again. */
export const NetworkFailure: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = formOf(canvas);
    await event(canvas, label(send));
    await event(canvas, label(networkError));
    await expect(state(canvas)).toHaveTextContent('{"ready":"failed"}');
    await findToast(messages.enquiry.networkFailure);
    await expect(form.getByRole('textbox', { name: 'Enquiry' })).toHaveValue(sampleEnquiry.message);
    await userEvent.click(form.getByRole('button', { name: /^Send/ }));
    await expect(state(canvas)).toHaveTextContent('sending');
  },
};

/** The honeypot filled: Send goes nowhere and says nothing. */
export const Honeypot: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await event(canvas, label(toBot));
    await event(canvas, label(send));
    await expect(state(canvas)).toHaveTextContent('{"ready":"discarded"}');
    await expect(toastTexts()).toEqual([]);
  },
};

/** The shortest path to "sent", replayed step by step, drives the real form too. */
export const ReplayPathToSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: /^Shortest paths \(\d+\)$/ })).toBeVisible();
    const item = canvas.getByText('{"ready":"sent"}', { selector: 'strong' }).closest('li');
    if (!item) throw new Error('no path to "sent"');
    await expect(item).toHaveTextContent('in 2 steps');
    await userEvent.click(within(item).getByRole('button', { name: /Replay path/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next step' }));
    await expect(state(canvas)).toHaveTextContent('sending');
    await userEvent.click(canvas.getByRole('button', { name: 'Next step' }));
    await expect(state(canvas)).toHaveTextContent('{"ready":"sent"}');
    await waitFor(() =>
      expect(formOf(canvas).getByRole('textbox', { name: 'Contact Name' })).toHaveValue(''),
    );
    await expect(canvas.getByRole('button', { name: 'Next step' })).toBeDisabled();
  },
};
