import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { UNSTABLE_ToastStateContext, type ToastState } from 'react-aria-components';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { sizes } from '../../theme/tokens';
import { ToastCard, ToastRegion } from './Toast';
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

/**
 * A toast shown in place rather than in the floating region, so that each variant sits in its
 * own labelled cell: the same `ToastCard` the region renders, in react-aria's toast state, here
 * from a toaster of its own (so Close still closes it).
 */
function ToastInPlace({ content }: { content: ToastContent }) {
  const [queue] = useState(() => {
    const toaster = createToaster();
    toaster.show(content, { timeout: null });
    return toaster.queue;
  });
  const visibleToasts = useSyncExternalStore(
    (onChange) => queue.subscribe(onChange),
    () => queue.visibleToasts,
  );
  const state = useMemo<ToastState<ToastContent>>(
    () => ({
      visibleToasts,
      add: (added, options) => queue.add(added, options),
      close: (key) => queue.close(key),
      pauseAll: () => queue.pauseAll(),
      resumeAll: () => queue.resumeAll(),
    }),
    [queue, visibleToasts],
  );
  return (
    <UNSTABLE_ToastStateContext.Provider value={state}>
      {visibleToasts.map((toast) => (
        <ToastCard key={toast.key} toast={toast} />
      ))}
    </UNSTABLE_ToastStateContext.Provider>
  );
}

interface ToastRow extends MatrixAxis {
  content: ToastContent;
}

const toastRows: ToastRow[] = [
  { label: 'Success', content: { variant: 'success', message: 'Email sent!' } },
  { label: 'Info', content: { variant: 'info', message: 'Postcode set.' } },
  { label: 'Warning', content: { variant: 'warning', message: 'Invalid postcode.' } },
  {
    label: 'Danger',
    content: { variant: 'danger', message: 'Product cannot be delivered to this postcode.' },
  },
  {
    label: 'Danger, with title',
    content: {
      variant: 'danger',
      title: 'Could not add to cart',
      message: 'Product cannot be delivered to this postcode.',
    },
  },
];

const toastColumns: MatrixAxis[] = [defaultState, focusState];

/**
 * Every variant, for design review and the visual baseline, each in its own row at the region's
 * width. Focus is a static preview (ui/theme/previewState.ts) of the toast and its Close button
 * as keyboard focus shows them; toasts have no hover look (the pointer only pauses the timer).
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Toast: variants by state"
      rowsLabel="Variant"
      rows={toastRows}
      columns={toastColumns}
      cellStyle={{ width: sizes.toast }}
      renderCell={(row) => <ToastInPlace content={row.content} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: toastColumns.map((column) => column.label),
      rows: toastRows.map((row) => row.label),
    });
    const toast = (row: string, column: string) =>
      within(getMatrixCell(canvasElement, row, column)).getByRole('alertdialog');
    for (const row of toastRows) {
      await expect(toast(row.label, 'Default')).toHaveAttribute(
        'data-variant',
        row.content.variant,
      );
      await expect(toast(row.label, 'Default')).toHaveAccessibleName(
        row.content.title ?? row.content.message,
      );
    }
    await expect(getComputedStyle(toast('Info', 'Default')).outlineStyle).toBe('none');
    await expect(getComputedStyle(toast('Info', 'Focus')).outlineStyle).toBe('solid');
  },
};
