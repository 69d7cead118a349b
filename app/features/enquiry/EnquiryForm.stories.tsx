import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { EnquiryInput } from '../../../api/domain/enquiry';
import { messages } from '../../../api/domain/messages';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { WholesaleEnquiryForm } from './EnquiryForm';
import type { EnquiryResponse } from './enquiryApi';
import {
  findToast,
  InPage,
  machineAnswering,
  neverAnswers,
  offline,
  refuses,
  sampleEnquiry,
  toastTexts,
  WithToasts,
  type Responder,
} from './enquiryStoryKit';

const placeholders = messages.enquiry.placeholders;
const checked = ['name', 'email', 'address', 'companyName', 'telephone', 'message'] as const;

/** A stand-in for the API that records what it was sent. */
const accepting = () =>
  fn<Responder>(async (): Promise<EnquiryResponse> => ({
    code: 200,
    message: messages.enquiry.sent,
  }));

const meta = {
  title: 'Features/Enquiry/EnquiryForm',
  component: WholesaleEnquiryForm,
  tags: ['autodocs'],
  beforeEach: dropDanglingAnnouncements,
  decorators: [
    (Story) => (
      <WithToasts>
        <InPage>
          <div style={{ maxWidth: 640 }}>
            <Story />
          </div>
        </InPage>
      </WithToasts>
    ),
  ],
  argTypes: { machine: { control: false }, input: { control: false } },
  args: { machine: machineAnswering() },
} satisfies Meta<typeof WholesaleEnquiryForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const box = (canvas: Canvas, field: keyof typeof placeholders) =>
  canvas.getByRole('textbox', { name: placeholders[field] });
const sendButton = (canvas: Canvas) => canvas.getByRole('button', { name: /^Send/ });

async function fill(canvas: Canvas, values: Partial<EnquiryInput>) {
  for (const [field, value] of Object.entries(values)) {
    if (field === 'telephone2' || !value) continue;
    const input = box(canvas, field as keyof typeof placeholders);
    await userEvent.clear(input);
    await userEvent.click(input);
    await userEvent.paste(value);
  }
}

/** Every field has its placeholder and an accessible name; the honeypot is out of reach. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const field of checked) {
      await expect(box(canvas, field)).toHaveAttribute('placeholder', placeholders[field]);
    }
    await expect(box(canvas, 'message').tagName).toBe('TEXTAREA');
    await expect(canvas.queryByRole('textbox', { name: placeholders.telephone2 })).toBeNull();
    const honeypot = canvasElement.querySelector<HTMLInputElement>('input[name="telephone2"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(honeypot).toHaveAttribute('placeholder', 'Contact No. 2');
    await expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    // Tab goes through the six fields and Send, never the honeypot.
    const order = [...checked.slice(0, 5).map((f) => box(canvas, f)), box(canvas, 'message')];
    for (const element of order) {
      await userEvent.tab();
      await expect(element).toHaveFocus();
    }
    await userEvent.tab();
    await expect(sendButton(canvas)).toHaveFocus();
    const form = canvas.getByRole('form', { name: 'Wholesale enquiry' });
    // Before the script, it posts to its own page, where the server sends it (issue 31).
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/contact');
    await expect(form).toHaveAttribute('novalidate');
    await expect(form.querySelector('input[type="hidden"][name="intent"]')).toHaveValue('enquiry');
    // Address and Enquiry take the whole row; the other fields pair up on wider screens.
    await expect(box(canvas, 'address').closest('[data-span]')).toHaveAttribute(
      'data-span',
      'full',
    );
    await expect(box(canvas, 'message').closest('[data-span]')).toHaveAttribute(
      'data-span',
      'full',
    );
  },
};

const emptySends = accepting();

/** Send on an empty form: nothing is sent; all seven messages, in red, in form order. */
export const SendEmpty: Story = {
  args: { machine: machineAnswering(emptySends) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(sendButton(canvas));
    await findToast('Enquiry required.');
    await expect(toastTexts()).toEqual([
      'Name required.',
      'Email required.',
      'Valid email required.',
      'Address required.',
      'Company Name required.',
      'Contact No. required.',
      'Enquiry required.',
    ]);
    for (const field of checked) {
      await expect(box(canvas, field)).toBeInvalid();
      await expect(box(canvas, field).closest('[data-state]')).toHaveAttribute(
        'data-state',
        'danger',
      );
    }
    await expect(box(canvas, 'email')).toHaveAccessibleDescription(
      'Email required. Valid email required.',
    );
    await expect(emptySends).not.toHaveBeenCalled();
  },
};

/**
 * Typing clears the submitted look; the next Send replaces the old messages with the new ones:
 * only the badly formed email is red, the other fields green.
 */
const fixSends = accepting();

export const FixAndSendAgain: Story = {
  args: { machine: machineAnswering(fixSends) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(sendButton(canvas));
    await findToast('Name required.');
    await userEvent.type(box(canvas, 'name'), 'A');
    for (const field of checked) {
      await expect(box(canvas, field).closest('[data-state]')).toHaveAttribute(
        'data-state',
        'neutral',
      );
    }
    await fill(canvas, { ...sampleEnquiry, email: 'aoife@murphyfuels' });
    await userEvent.click(sendButton(canvas));
    await waitFor(() => expect(toastTexts()).toEqual(['Valid email required.']));
    await expect(box(canvas, 'email')).toBeInvalid();
    for (const field of checked.filter((f) => f !== 'email')) {
      await expect(box(canvas, field)).toBeValid();
      await expect(box(canvas, field).closest('[data-state]')).toHaveAttribute(
        'data-state',
        'success',
      );
    }
    await expect(fixSends).not.toHaveBeenCalled();
  },
};

const sendsOk = accepting();

/** A valid enquiry: "Email sent!", name, email and enquiry cleared; the rest kept for the next. */
export const Sent: Story = {
  args: { machine: machineAnswering(sendsOk) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas, sampleEnquiry);
    await userEvent.click(sendButton(canvas));
    await findToast('Email sent!');
    await expect(sendsOk).toHaveBeenCalledTimes(1);
    await expect(sendsOk).toHaveBeenCalledWith(sampleEnquiry);
    for (const field of ['name', 'email', 'message'] as const) {
      await expect(box(canvas, field)).toHaveValue('');
      await expect(box(canvas, field).closest('[data-state]')).toHaveAttribute(
        'data-state',
        'neutral',
      );
    }
    await expect(box(canvas, 'address')).toHaveValue(sampleEnquiry.address);
    await expect(box(canvas, 'companyName')).toHaveValue(sampleEnquiry.companyName);
    await expect(box(canvas, 'telephone')).toHaveValue(sampleEnquiry.telephone);
  },
};

const hangs = fn<Responder>(neverAnswers);

/** While the enquiry is on its way, Send is pending (not pressable) and the fields read-only. */
export const Sending: Story = {
  args: { machine: machineAnswering(hangs), input: { values: sampleEnquiry } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(sendButton(canvas));
    await expect(sendButton(canvas)).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    for (const field of checked) await expect(box(canvas, field)).toHaveAttribute('readonly');
    await userEvent.click(sendButton(canvas));
    await userEvent.keyboard('{Enter}');
    await expect(hangs).toHaveBeenCalledTimes(1);
    await expect(toastTexts()).toEqual([]);
  },
};

/** The server refuses (here: the rate limit): its message in red; everything typed stays. */
export const Refused: Story = {
  args: {
    machine: machineAnswering(refuses(429, messages.enquiry.tooMany)),
    input: { values: sampleEnquiry },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(sendButton(canvas));
    const toast = await findToast(messages.enquiry.tooMany);
    await expect(toast).toHaveAttribute('data-variant', 'danger');
    for (const field of checked) await expect(box(canvas, field)).toHaveValue(sampleEnquiry[field]);
    await expect(sendButton(canvas)).toBeEnabled();
  },
};

/** No connection: a clear, retryable message; everything typed stays. */
export const Offline: Story = {
  args: { machine: machineAnswering(offline), input: { values: sampleEnquiry } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(sendButton(canvas));
    const toast = await findToast(
      'We could not send your enquiry. Please check your connection and try again.',
    );
    await expect(toast).toHaveAttribute('data-variant', 'danger');
    for (const field of checked) await expect(box(canvas, field)).toHaveValue(sampleEnquiry[field]);
  },
};

const botSends = accepting();

/** A bot fills Contact No. 2: Send does nothing at all, not even an error. */
export const Honeypot: Story = {
  args: { machine: machineAnswering(botSends), input: { values: sampleEnquiry } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const honeypot = canvasElement.querySelector<HTMLInputElement>('input[name="telephone2"]');
    if (!honeypot) throw new Error('no honeypot');
    await userEvent.type(honeypot, '07700 900123');
    await expect(honeypot).toHaveValue('07700 900123');
    await userEvent.click(sendButton(canvas));
    await expect(canvas.getByRole('form')).toHaveAttribute('data-enquiry-state', 'ready.discarded');
    await expect(botSends).not.toHaveBeenCalled();
    await expect(toastTexts()).toEqual([]);
  },
};
