import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../../api/domain/messages';
import { dropDanglingAnnouncements } from '../../qa/storyIsolation';
import { CheckoutNetworkError } from './checkoutApi';
import { CheckoutFormDemo } from './checkoutStoryKit';
import { checkoutAnswers, summaryOil2700, summaryOil500, validCheckoutValues } from './testing';
import { checkoutTexts } from './texts';

const labels = messages.checkout.labels;

const meta = {
  title: 'Site/Checkout form',
  component: CheckoutFormDemo,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  beforeEach: dropDanglingAnnouncements,
  args: {
    summary: summaryOil500,
    answers: [checkoutAnswers.created],
    onSubmit: fn(),
    onRedirect: fn(),
  },
  argTypes: {
    summary: { control: false },
    answers: { control: false },
    onSubmit: { table: { category: 'Events' } },
    onRedirect: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof CheckoutFormDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const form = (canvas: Canvas) =>
  within(canvas.getByRole('form', { name: checkoutTexts.formLabel }));
const field = (canvas: Canvas, label: string) => form(canvas).getByRole('textbox', { name: label });
const payButton = (canvas: Canvas) =>
  form(canvas).getByRole('button', { name: messages.checkout.pay });

async function fillIn(canvas: Canvas) {
  await userEvent.type(field(canvas, labels.fullName), 'Jane Doe');
  await userEvent.type(field(canvas, labels.email), 'jane@example.com');
  await userEvent.type(field(canvas, labels.phone), '028 9032 1234');
  await userEvent.type(field(canvas, labels.addressLine1), '12 Main Street');
  await userEvent.type(field(canvas, labels.town), 'Belfast');
  await userEvent.click(form(canvas).getByRole('checkbox', { name: labels.acceptTerms }));
}

/**
 * The empty form: contact, delivery address with the cart's postcode locked, instructions, the
 * Terms of Purchase, Pay securely; and the server's summary beside it.
 */
export const Empty: Story = {
  play: async ({ canvas }) => {
    const f = form(canvas);
    for (const name of [
      labels.fullName,
      labels.email,
      labels.phone,
      labels.addressLine1,
      labels.addressLine2,
      labels.town,
      labels.tankLocation,
      labels.tankAccess,
      labels.instructions,
    ]) {
      await expect(f.getByRole('textbox', { name })).toHaveValue('');
    }
    // Kerosene in the cart: the oil tank's two questions, with what to say as placeholders.
    await expect(f.getByRole('textbox', { name: labels.tankLocation })).toHaveAttribute(
      'placeholder',
      messages.checkout.placeholders.tankLocation,
    );
    await expect(f.getByRole('textbox', { name: labels.tankAccess })).toHaveAttribute(
      'maxlength',
      '200',
    );
    const postcode = f.getByRole('textbox', { name: labels.postcode });
    await expect(postcode).toHaveValue('BT1 1AA');
    await expect(postcode).toHaveAttribute('readonly');
    await expect(f.getByRole('link', { name: checkoutTexts.changePostcodeLabel })).toHaveAttribute(
      'href',
      '/cart',
    );
    await expect(f.getByRole('textbox', { name: labels.instructions })).toHaveAttribute(
      'placeholder',
      messages.checkout.placeholders.instructions,
    );
    await expect(f.getByRole('textbox', { name: labels.instructions })).toHaveAttribute(
      'maxlength',
      '500',
    );
    await expect(f.getByRole('link', { name: /Terms of Purchase/ })).toHaveAttribute(
      'href',
      '/terms-of-purchase',
    );
    await expect(f.queryByRole('checkbox', { name: labels.domesticUse })).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Order summary' })).toHaveTextContent(
      'Total£305.00',
    );
  },
};

/** Coal only: there is no oil tank to ask about, so its two questions are not shown. */
export const WithoutOil: Story = {
  args: {
    summary: {
      ...summaryOil500,
      lines: summaryOil500.lines.map((line) => ({
        ...line,
        type: 'coal' as const,
        title: 'Premium House Coal',
        sizeTitle: '40kg bag',
      })),
    },
  },
  play: async ({ canvas }) => {
    const f = form(canvas);
    await expect(f.getByRole('textbox', { name: labels.instructions })).toBeVisible();
    await expect(f.queryByRole('textbox', { name: labels.tankLocation })).toBeNull();
    await expect(f.queryByRole('textbox', { name: labels.tankAccess })).toBeNull();
    await expect(f.queryByText(checkoutTexts.sections.tank)).toBeNull();
  },
};

/** Pay with nothing filled in: every field says what is wrong, in the API's words. */
export const PayWithProblems: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(payButton(canvas));
    const name = field(canvas, labels.fullName);
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAccessibleDescription(messages.checkout.fullNameRequired);
    await expect(field(canvas, labels.email)).toHaveAccessibleDescription(
      messages.checkout.emailInvalid,
    );
    await expect(field(canvas, labels.phone)).toHaveAccessibleDescription(
      messages.checkout.phoneInvalid,
    );
    await expect(form(canvas).getByRole('checkbox', { name: labels.acceptTerms })).toBeInvalid();
    await expect(form(canvas).getByRole('alert')).toHaveTextContent(checkoutTexts.checkErrors);
    // Fixing a field turns it green at once.
    await userEvent.type(name, 'Jane Doe');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A valid form is sent once with its Idempotency-Key, and the browser goes to the payment page. */
export const Pay: Story = {
  play: async ({ canvas, args }) => {
    await fillIn(canvas);
    await userEvent.click(payButton(canvas));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledWith('/pay/test/ses_1'));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    const sent = (args.onSubmit as ReturnType<typeof fn>).mock.calls[0]?.[0] as {
      key: string;
      values: Record<string, unknown>;
    };
    await expect(sent.key).toMatch(/^checkout-[0-9a-f]{32}$/);
    await expect(sent.values).toMatchObject({
      fullName: 'Jane Doe',
      postcode: 'BT11AA',
      acceptTerms: true,
      domesticUse: false,
      // The earliest free standard day, chosen to begin with.
      deliveryDay: '2025-03-19',
    });
    await expect(payButton(canvas)).toHaveAttribute('data-pending', 'true');
  },
};

/** No answer: Pay again sends the same key, so the shop makes one order. */
export const RetryAfterNoAnswer: Story = {
  args: {
    answers: [
      new CheckoutNetworkError(checkoutTexts.submitFailed, new TypeError('Failed to fetch')),
      checkoutAnswers.created,
    ],
  },
  play: async ({ canvas, args }) => {
    await fillIn(canvas);
    await userEvent.click(payButton(canvas));
    await expect(await form(canvas).findByRole('alert')).toHaveTextContent(
      checkoutTexts.submitFailed,
    );
    await userEvent.click(payButton(canvas));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledOnce());
    const keys = (args.onSubmit as ReturnType<typeof fn>).mock.calls.map(
      (call) => (call[0] as { key: string }).key,
    );
    await expect(keys).toHaveLength(2);
    await expect(keys[1]).toBe(keys[0]);
  },
};

/** The shop refuses (the cart changed meanwhile): its message, red. */
export const Refused: Story = {
  args: { answers: [checkoutAnswers.blocked] },
  play: async ({ canvas, args }) => {
    await fillIn(canvas);
    await userEvent.click(payButton(canvas));
    await expect(await form(canvas).findByRole('alert')).toHaveTextContent('Your cart is empty.');
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

/**
 * The day chosen filled up before Pay (409): the days on offer now, the next free day chosen,
 * the shop's message under the days; Pay again sends the new day.
 */
export const DayFull: Story = {
  args: { answers: [checkoutAnswers.dayFull, checkoutAnswers.created] },
  play: async ({ canvas, args }) => {
    await fillIn(canvas);
    await userEvent.click(payButton(canvas));
    const days = form(canvas).getByRole('radiogroup', { name: checkoutTexts.deliveryDay.label });
    await waitFor(() =>
      expect(within(days).getByRole('radio', { name: 'Friday 21 March, Earliest' })).toBeChecked(),
    );
    await expect(
      within(days).getByRole('radio', { name: 'Wednesday 19 March, Full' }),
    ).toBeDisabled();
    await expect(days).toHaveTextContent(checkoutAnswers.dayFull.message);
    await userEvent.click(payButton(canvas));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledOnce());
    const sent = (args.onSubmit as ReturnType<typeof fn>).mock.calls.map(
      (call) => (call[0] as { values: { deliveryDay: string | null } }).values.deliveryDay,
    );
    await expect(sent).toEqual(['2025-03-19', '2025-03-21']);
  },
};

/**
 * Priority delivery: ticking it asks the shop for the figures with the surcharge (its own line),
 * the day picker gives way to the next day, and Pay sends priority at the new total.
 */
export const PriorityDelivery: Story = {
  play: async ({ canvas, args }) => {
    await fillIn(canvas);
    const box = form(canvas).getByRole('checkbox', {
      name: /Priority delivery: next day, Tuesday 18 March, for £25.00 more/,
    });
    await expect(box).toHaveAccessibleDescription(/Your total with priority delivery is £330.00/);
    await userEvent.click(box);
    const summary = canvas.getByRole('region', { name: 'Order summary' });
    await waitFor(() =>
      expect(summary).toHaveTextContent('Priority delivery (next day)£25.00Total£330.00'),
    );
    const days = form(canvas).getByRole('radiogroup', { name: checkoutTexts.deliveryDay.label });
    for (const radio of within(days).getAllByRole('radio')) await expect(radio).toBeDisabled();
    // Both totals the page showed, for a post without script: standard and priority.
    const formElement = canvas.getByRole('form', { name: checkoutTexts.formLabel });
    if (!(formElement instanceof HTMLFormElement)) throw new Error('no form');
    const fields = new FormData(formElement);
    await expect(fields.get('expectedTotal')).toBe('30500');
    await expect(fields.get('expectedPriorityTotal')).toBe('33000');
    await userEvent.click(payButton(canvas));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledOnce());
    const sent = (args.onSubmit as ReturnType<typeof fn>).mock.calls[0]?.[0] as {
      values: { priority: boolean };
    };
    await expect(sent.values.priority).toBe(true);
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** Above the automatic limits: the declaration; ticking it takes the 20 % line away. */
export const DomesticUseDeclaration: Story = {
  args: { summary: summaryOil2700 },
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('region', { name: 'Order summary' });
    await expect(summary).toHaveTextContent('VAT at 20% (no domestic-use declaration)£229.29');
    await expect(summary).toHaveTextContent('Total£1,834.29');
    const box = form(canvas).getByRole('checkbox', { name: labels.domesticUse });
    await expect(box).toHaveAccessibleDescription(checkoutTexts.declarationHint);
    await userEvent.click(box);
    await waitFor(() => expect(summary).toHaveTextContent('Total£1,605.00'));
    await expect(summary).not.toHaveTextContent('no domestic-use declaration');
    await expect(box).toBeChecked();
  },
};

/** Back from a declined payment: the red notice, until Pay is pressed again. */
export const AfterDeclinedPayment: Story = {
  args: { paymentNotice: checkoutTexts.paymentDeclined, values: validCheckoutValues },
  play: async ({ canvas }) => {
    await expect(form(canvas).getByRole('alert')).toHaveTextContent(checkoutTexts.paymentDeclined);
    await userEvent.click(payButton(canvas));
    await waitFor(() => expect(form(canvas).queryByText(checkoutTexts.paymentDeclined)).toBeNull());
  },
};

/** Keyboard only: every field in reading order, the boxes by Space, Pay by Enter. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const order = [
      labels.fullName,
      labels.email,
      labels.phone,
      labels.addressLine1,
      labels.addressLine2,
      labels.town,
    ];
    const values = ['Jane Doe', 'jane@example.com', '07700 900123', '1 Quay Street', '', 'Newry'];
    for (const [index, name] of order.entries()) {
      await userEvent.tab();
      await expect(field(canvas, name)).toHaveFocus();
      if (values[index]) await userEvent.keyboard(values[index]);
    }
    await userEvent.tab();
    await expect(field(canvas, labels.postcode)).toHaveFocus();
    await userEvent.tab();
    await expect(
      form(canvas).getByRole('link', { name: checkoutTexts.changePostcodeLabel }),
    ).toHaveFocus();
    // Priority delivery's box, then the delivery day: Tab reaches the day chosen (the
    // earliest), the arrows choose another, passing over the full day.
    await userEvent.tab();
    await expect(form(canvas).getByRole('checkbox', { name: /Priority delivery/ })).toHaveFocus();
    await userEvent.tab();
    const days = form(canvas).getByRole('radiogroup', { name: checkoutTexts.deliveryDay.label });
    await expect(
      within(days).getByRole('radio', { name: 'Wednesday 19 March, Earliest' }),
    ).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const friday = within(days).getByRole('radio', { name: 'Friday 21 March' });
    await waitFor(() => expect(friday).toBeChecked());
    await expect(
      within(days).getByRole('radio', { name: 'Thursday 20 March, Full' }),
    ).toBeDisabled();
    // The kerosene's tank: where it is and how the tanker reaches it.
    await userEvent.tab();
    await expect(field(canvas, labels.tankLocation)).toHaveFocus();
    await userEvent.keyboard('Beside the garage');
    await userEvent.tab();
    await expect(field(canvas, labels.tankAccess)).toHaveFocus();
    await userEvent.tab();
    await expect(field(canvas, labels.instructions)).toHaveFocus();
    await userEvent.tab();
    await expect(form(canvas).getByRole('checkbox', { name: labels.acceptTerms })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await expect(form(canvas).getByRole('link', { name: /Terms of Purchase/ })).toHaveFocus();
    await userEvent.tab();
    await expect(payButton(canvas)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledOnce());
  },
};

/**
 * The page the server renders after refusing the form posted without script: what was typed is
 * back in the fields and each field shows its state (the refusal's message is at the top of the
 * page). The form itself posts to /checkout with its intent, the total shown and its key; with
 * script, Pay still goes through the machine.
 */
export const RefusedWithoutScript: Story = {
  args: {
    values: { ...validCheckoutValues, phone: '12', acceptTerms: true },
    submitted: true,
    formKey: 'checkout-0123456789abcdef0123456789abcdef',
  },
  play: async ({ canvas, canvasElement, args }) => {
    const element = canvasElement.querySelector('form');
    await expect(element).toHaveAttribute('method', 'post');
    await expect(element).toHaveAttribute('action', '/checkout');
    const hiddenValue = (name: string) =>
      element?.querySelector(`input[type="hidden"][name="${name}"]`)?.getAttribute('value');
    await expect(hiddenValue('intent')).toBe('checkout');
    await expect(hiddenValue('expectedTotal')).toBe(String(summaryOil500.total));
    await expect(hiddenValue('idempotencyKey')).toBe(args.formKey);
    const phone = field(canvas, labels.phone);
    await expect(phone).toHaveValue('12');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(form(canvas).getByText(messages.checkout.phoneInvalid)).toBeVisible();
    await expect(field(canvas, labels.fullName)).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(phone);
    await userEvent.type(phone, '028 9032 1234');
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await userEvent.click(payButton(canvas));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
  },
};
