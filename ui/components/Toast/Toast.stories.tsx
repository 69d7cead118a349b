import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { ToastRegion } from './Toast';
import { ToasterProvider, useToasts } from './ToasterProvider';
import { createToaster, type ToastContent, type ToastVariant } from './toastQueue';

interface DemoProps {
  variant: ToastVariant;
  message: string;
  title?: string;
  /** Milliseconds; empty for the default (success/info 5 s, warning/danger 8 s). */
  timeout?: number | null;
  /** Toasts already showing when the story renders. */
  initial?: ToastContent[];
}

function ShowButton({ variant, message, title, timeout }: DemoProps) {
  const toast = useToasts();
  return (
    <Button onPress={() => toast[variant](message, { title, timeout })}>Show notification</Button>
  );
}

/** Each story gets its own toaster, as the app would use the shared `toast`. */
function ToastDemo(props: DemoProps) {
  const [toaster] = useState(() => {
    const created = createToaster();
    props.initial?.forEach((content) => created.show(content, { timeout: null }));
    return created;
  });
  return (
    <ToasterProvider toaster={toaster}>
      <ShowButton {...props} />
      <ToastRegion />
    </ToasterProvider>
  );
}

const meta = {
  title: 'Components/Toast',
  component: ToastDemo,
  tags: ['autodocs'],
  args: { variant: 'success', message: 'Email sent!' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['success', 'info', 'warning', 'danger'] },
    timeout: { control: 'number' },
    initial: { control: false },
  },
  parameters: { docs: { story: { inline: false, iframeHeight: 280 } } },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

async function showAndFind(canvas: { getByRole: typeof screen.getByRole }, name: string) {
  await userEvent.click(canvas.getByRole('button', { name: 'Show notification' }));
  return screen.findByRole('alertdialog', { name });
}

export const Playground: Story = {
  play: async ({ canvas }) => {
    const toast = await showAndFind(canvas, 'Email sent!');
    // The message is announced as an alert inside a "1 notification" landmark.
    await expect(within(toast).getByRole('alert')).toHaveTextContent('Email sent!');
    await expect(screen.getByRole('region', { name: /notification/ })).toContainElement(toast);
    await userEvent.click(within(toast).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** 350px wide at the top centre (SPEC §9). */
export const Placement: Story = {
  play: async ({ canvas }) => {
    await showAndFind(canvas, 'Email sent!');
    const region = screen.getByRole('region', { name: /notification/ });
    const box = region.getBoundingClientRect();
    await expect(box.width).toBe(350);
    await expect(Math.round(box.left + box.width / 2)).toBe(Math.round(window.innerWidth / 2));
    await expect(box.top).toBeLessThan(40);
  },
};

export const Success: Story = {
  args: { variant: 'success', message: 'You have been logged out.' },
  play: async ({ canvas }) => {
    const toast = await showAndFind(canvas, 'You have been logged out.');
    await expect(toast).toHaveAttribute('data-variant', 'success');
  },
};

export const Info: Story = { args: { variant: 'info', message: 'Postcode set.' } };

export const Warning: Story = {
  args: { variant: 'warning', message: 'Invalid postcode.' },
  play: async ({ canvas }) => {
    const toast = await showAndFind(canvas, 'Invalid postcode.');
    await expect(toast).toHaveAttribute('data-variant', 'warning');
  },
};

export const Danger: Story = {
  args: { variant: 'danger', message: 'Product cannot be delivered to this postcode.' },
  play: async ({ canvas }) => {
    const toast = await showAndFind(canvas, 'Product cannot be delivered to this postcode.');
    await expect(within(toast).getByRole('alert')).toHaveTextContent(
      'Product cannot be delivered to this postcode.',
    );
  },
};

export const WithTitle: Story = {
  args: { variant: 'danger', title: 'Could not send', message: 'Email required.' },
  play: async ({ canvas }) => {
    const toast = await showAndFind(canvas, 'Could not send');
    await expect(toast).toHaveAccessibleDescription('Email required.');
  },
};

/** Keyboard users reach the close button with Tab and dismiss with Enter. */
export const DismissWithKeyboard: Story = {
  args: { variant: 'danger', message: 'Name required.' },
  play: async ({ canvas }) => {
    const toast = await showAndFind(canvas, 'Name required.');
    const close = within(toast).getByRole('button', { name: 'Close' });
    close.focus();
    await expect(close).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** With a timeout the toast closes by itself (timers pause while hovered or focused). */
export const AutoDismiss: Story = {
  args: { variant: 'success', message: 'Added to cart.', timeout: 1000 },
  play: async ({ canvas }) => {
    await showAndFind(canvas, 'Added to cart.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 5000 });
  },
};

/**
 * Errors stay 8 s (and while the pointer or focus is on them), then close like the green ones;
 * a second one does not push the first out.
 */
export const DangerStays: Story = {
  args: { variant: 'danger', message: 'Price is required.' },
  play: async ({ canvas }) => {
    await showAndFind(canvas, 'Price is required.');
    await userEvent.click(canvas.getByRole('button', { name: 'Show notification' }));
    // Both are still there: the first did not time out when the second arrived.
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(2));
  },
};

/** SPEC §5: every failed enquiry check is shown as a red notification. */
export const Several: Story = {
  args: {
    variant: 'danger',
    message: 'Enquiry required.',
    initial: [
      { variant: 'danger', message: 'Name required.' },
      { variant: 'danger', message: 'Valid email required.' },
    ],
  },
  play: async () => {
    await expect(await screen.findAllByRole('alertdialog')).toHaveLength(2);
  },
};

/** One of each variant, for design review and the visual baseline. */
export const All: Story = {
  parameters: { visual: { target: 'page' } },
  args: {
    initial: [
      { variant: 'success', message: 'Email sent!' },
      { variant: 'info', message: 'Postcode set.' },
      { variant: 'warning', message: 'Invalid postcode.' },
      {
        variant: 'danger',
        title: 'Could not add to cart',
        message: 'Product cannot be delivered to this postcode.',
      },
    ],
  },
};
