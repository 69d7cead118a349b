import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../../api/domain/messages';
import {
  downloadStatechartFile,
  eventButtons,
  exercisePathTools,
  pressEvent,
} from '../../qa/explorerStoryKit';
import { sampleEnquiry } from '../../qa/fixtures';
import { enquiryForm } from '../../qa/machines';
import { ExplorerToasts } from '../../qa/ExplorerToasts';
import { machineDocsPageFor } from '../../qa/MachineDocsPage';
import { explorerArgs, MachineExplorer } from '../../qa/MachineExplorer';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { EnquiryForm } from './EnquiryForm';
import type { EnquiryFormActor } from './enquiryFormMachine';
import { findToast, InPage, toastTexts } from './enquiryStoryKit';

/**
 * QA explorer for the wholesale enquiry form: the real form driven by the explorer's actor. The
 * API never answers here: QA picks the answer with the `xstate.done…`/`xstate.error…` buttons.
 * The form starts filled in (a valid enquiry); type in it, or use the presets, to change that.
 * The machine, its presets and the words for each step come from the QA registry.
 */
const send = 'SEND';
const toBadEmail = 'CHANGE(email, aoife@murphyfuels)';
const toBot = 'CHANGE(telephone2, 07700 900123)';
const answer200 = 'xstate.done.actor.sendEnquiry(200)';
const answer429 = 'xstate.done.actor.sendEnquiry(429)';
const networkError = 'xstate.error.actor.sendEnquiry(offline)';
const badEmail = 'aoife@murphyfuels';

const meta = {
  title: 'Machines/Enquiry form',
  component: MachineExplorer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { page: machineDocsPageFor(enquiryForm) } },
  beforeEach: dropDanglingAnnouncements,
  decorators: [
    (Story) => (
      <ExplorerToasts>
        <InPage>
          <Story />
        </InPage>
      </ExplorerToasts>
    ),
  ],
  args: {
    ...explorerArgs(enquiryForm),
    renderComponent: (actor) => <EnquiryForm actor={actor as unknown as EnquiryFormActor} />,
  },
} satisfies Meta<typeof MachineExplorer>;

export default meta;
type Story = StoryObj<typeof meta>;

const state = (canvas: ReturnType<typeof within>) => canvas.getByTestId('current-state');
const event = pressEvent;
const formOf = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('form', { name: messages.enquiry.formLabel }));

/** Send from the real form, then QA answers 200: "Email sent!", and three fields are cleared. */
export const SendAndSucceed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = formOf(canvas);
    await expect(state(canvas)).toHaveTextContent('ready.editing');
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
    await expect(eventButtons(canvas, 'SEND')).toHaveLength(0);
    await event(canvas, answer200);
    await expect(state(canvas)).toHaveTextContent('ready.sent');
    const sent = await findToast('Email sent!');
    // Scrolled down to the statechart, as a tester reading it would be.
    canvas.getByTestId('state-diagram-section').scrollIntoView();
    // Shown in the strip above the explorer, so it covers neither the form nor the statechart.
    const strip = canvas.getByTestId('explorer-notifications');
    await waitFor(() => {
      const [outer, box] = [strip.getBoundingClientRect(), sent.getBoundingClientRect()];
      expect(box.top >= outer.top && box.bottom <= outer.bottom).toBe(true);
    });
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
    await event(canvas, toBadEmail);
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(badEmail);
    await event(canvas, send);
    await expect(state(canvas)).toHaveTextContent('ready.invalid');
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
    await expect(state(canvas)).toHaveTextContent('ready.editing');
    await expect(email.closest('[data-state]')).toHaveAttribute('data-state', 'neutral');
  },
};

/** Any answer but 200 is shown in red, and everything typed stays. */
export const ServerRefuses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = formOf(canvas);
    await event(canvas, send);
    await event(canvas, answer429);
    await expect(state(canvas)).toHaveTextContent('ready.rejected');
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
    await event(canvas, send);
    await event(canvas, networkError);
    await expect(state(canvas)).toHaveTextContent('ready.failed');
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
    await event(canvas, toBot);
    await event(canvas, send);
    await expect(state(canvas)).toHaveTextContent('ready.discarded');
    await expect(toastTexts()).toEqual([]);
  },
};

/**
 * The test paths: filtered to those that end in "sent" and contain Send, grouped, the first one
 * replayed step by step (driving the real form) and copied as a test case.
 */
export const PathTools: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await exercisePathTools(canvas, {
      plan: enquiryForm.key,
      target: 'ready.sent',
      event: 'SEND',
      copiedTexts: [
        '- [ ] Start: Open the form filled in with a valid enquiry.',
        '- [ ] 1. Press Send.',
        '- [ ] 2. The shop answers 200 “Email sent!”.',
        `  - [ ] See “${messages.enquiry.sent}”`,
      ],
    });
    await expect(state(canvas)).toHaveTextContent('ready.sent');
    await expect(formOf(canvas).getByRole('textbox', { name: 'Contact Name' })).toHaveValue('');
    await findToast(messages.enquiry.sent);
  },
};

/** The statechart, downloaded as an SVG file. */
export const DownloadStatechart: Story = {
  play: async ({ canvasElement }) => {
    const markup = await downloadStatechartFile(within(canvasElement));
    await expect(markup).toContain('data-state-id="enquiryForm.ready.sent"');
  },
};
