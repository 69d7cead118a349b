import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { TestOutcome, TestSession } from '../features/checkout';
import { orderId } from '../features/checkout/testing';
import { dropDanglingAnnouncements } from '../qa/storyIsolation';
import TestPaymentPage, { type TestPaymentPageApi } from './TestPaymentPage';

const session: TestSession = {
  id: 'ses_1',
  shopName: 'Fuelyard',
  amount: 30500,
  currency: 'GBP',
  status: 'open',
  orderNumber: 'FY-100001',
  cancelUrl: '/checkout',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** Where the provider sends the browser for each outcome (the shop's return and cancel pages). */
const returnTo = (outcome: TestOutcome) =>
  outcome === 'cancel' ? '/checkout' : `/checkout/process?order=${orderId}`;

interface DemoProps {
  session: TestSession | null;
  /** The server rendered the page with the session (its loader data has it). */
  fromServer?: boolean;
  /** The page's address (`?step=challenge`: 3-D Secure pressed without script). */
  address?: string;
  /** Told of each request for the session the page makes. */
  onFetch?: () => void;
  /** Told of each outcome sent to the provider's API. */
  onComplete: (outcome: TestOutcome) => void;
  /** Told where the browser would go. */
  onRedirect: (url: string) => void;
}

/** /pay/test/{id} with the provider's API replaced, in a router of its own. */
function TestPaymentPageDemo({
  session: shown,
  fromServer = false,
  address = '/pay/test/ses_1',
  onFetch,
  onComplete,
  onRedirect,
}: DemoProps) {
  const [router] = useState(() => {
    const api: TestPaymentPageApi = {
      fetchSession: async () => {
        onFetch?.();
        return shown;
      },
      complete: async (_id, outcome) => {
        onComplete(outcome);
        return returnTo(outcome);
      },
      redirect: onRedirect,
    };
    return createMemoryRouter(
      [
        {
          path: '/pay/test/:sessionId',
          loader: ({ params, request }) => ({
            sessionId: params.sessionId ?? '',
            session: fromServer ? shown : null,
            step:
              new URL(request.url).searchParams.get('step') === 'challenge'
                ? 'challenge'
                : 'choose',
          }),
          element: <TestPaymentPage api={api} />,
          HydrateFallback: () => null,
        },
      ],
      { initialEntries: [address] },
    );
  });
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'Site/Test payment page',
  component: TestPaymentPageDemo,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: dropDanglingAnnouncements,
  args: { session, onFetch: fn(), onComplete: fn(), onRedirect: fn() },
  argTypes: {
    onFetch: { table: { category: 'Events' } },
    onComplete: { table: { category: 'Events' } },
    onRedirect: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof TestPaymentPageDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const panel = async (canvas: Canvas) =>
  within(await canvas.findByRole('article', { name: 'Pay Fuelyard' }));

/** Plainly a test, with the shop's name and the amount; Pay returns to the shop to confirm. */
export const Pay: Story = {
  play: async ({ canvas, args }) => {
    const page = await panel(canvas);
    await expect(page.getByText('Test payment – no money is taken')).toBeVisible();
    await expect(page.getByText('£305.00')).toBeVisible();
    await expect(page.getByText('FY-100001')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: /^Pay$/ }));
    await waitFor(() =>
      expect(args.onRedirect).toHaveBeenCalledWith(`/checkout/process?order=${orderId}`),
    );
    await expect(args.onComplete).toHaveBeenCalledWith('pay');
  },
};

/** 3-D Secure: the challenge step, then Fail (a declined payment). */
export const ThreeDSecureFail: Story = {
  play: async ({ canvas, args }) => {
    const page = await panel(canvas);
    await userEvent.click(page.getByRole('button', { name: 'Pay with 3-D Secure' }));
    const challenge = within(await canvas.findByRole('group', { name: '3-D Secure check' }));
    await userEvent.click(challenge.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(args.onComplete).toHaveBeenCalledWith('3ds-fail'));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledOnce());
  },
};

/** Cancel goes back to the shop's checkout. */
export const Cancel: Story = {
  play: async ({ canvas, args }) => {
    const page = await panel(canvas);
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledWith('/checkout'));
    await expect(args.onComplete).toHaveBeenCalledWith('cancel');
  },
};

/** A session already settled cannot be paid again. */
export const AlreadyCompleted: Story = {
  args: { session: { ...session, status: 'succeeded' } },
  play: async ({ canvas }) => {
    const page = await panel(canvas);
    await expect(page.getByRole('alert')).toHaveTextContent(
      'This test payment has already been completed.',
    );
    for (const button of page.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** An unknown or expired session is the site's 404. */
export const Unknown: Story = {
  args: { session: null },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  },
};

/**
 * Rendered by the server with the session: the panel is there at once, inside a form posted to
 * this page (its intent `test-payment`), and the browser does not ask for the session again.
 * With script, a choice still goes through the provider's API.
 */
export const RenderedWithTheSession: Story = {
  args: { fromServer: true },
  play: async ({ canvas, canvasElement, args }) => {
    const page = await panel(canvas);
    const form = canvasElement.querySelector('form');
    await expect(form?.getAttribute('method')).toBe('post');
    await expect(form?.getAttribute('action')).toBe('/pay/test/ses_1');
    await expect(form?.querySelector('input[name="intent"]')?.getAttribute('value')).toBe(
      'test-payment',
    );
    await expect(args.onFetch).not.toHaveBeenCalled();
    await userEvent.click(page.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(args.onRedirect).toHaveBeenCalledWith(`/checkout/process?order=${orderId}`),
    );
    await expect(args.onComplete).toHaveBeenCalledWith('decline');
  },
};

/** `?step=challenge` (3-D Secure pressed without script): the bank's challenge is open. */
export const ChallengeFromTheAddress: Story = {
  args: { fromServer: true, address: '/pay/test/ses_1?step=challenge' },
  play: async ({ canvas, args }) => {
    const challenge = within(await canvas.findByRole('group', { name: '3-D Secure check' }));
    await userEvent.click(challenge.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(args.onComplete).toHaveBeenCalledWith('3ds-approve'));
  },
};
