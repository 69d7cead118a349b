import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { messages } from '../../../api/domain/messages';
import type { FormOutcome } from '../../../api/domain/pageForms';
import StaticPostcodeDialog from './StaticPostcodeDialog';
import type { PendingItemSummary } from './pendingItem';

/**
 * The Set Postcode dialog as the server renders it (a page asked for with `?postcode`, or whose
 * cart waits for a postcode): plain HTML that works before and without script. Both its forms
 * post to the page: the postcode, and its X (closing drops a waiting item).
 */
function ServerDialog({
  form,
  currentPostcode,
  pendingItem,
}: {
  form: FormOutcome | null;
  currentPostcode: string | null;
  pendingItem: PendingItemSummary | null;
}) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => ({ form, notice: null }),
          element: (
            <main>
              <StaticPostcodeDialog
                action="/about?postcode"
                currentPostcode={currentPostcode}
                pendingItem={pendingItem}
              />
            </main>
          ),
          children: [{ path: '*', element: null }],
        },
      ],
      {
        initialEntries: ['/about?postcode'],
        hydrationData: { loaderData: { root: { form, notice: null } } },
      },
    ),
  );
  return <RouterProvider router={router} />;
}

const meta = {
  title: 'Site/Set Postcode (server-rendered)',
  component: ServerDialog,
  tags: ['autodocs'],
  args: {
    form: null,
    currentPostcode: 'BT11AA',
    pendingItem: { title: 'Premium House Coal', attribute: '40kg bag', quantity: 2 },
  },
  argTypes: { form: { control: false } },
  parameters: { docs: { story: { inline: false, iframeHeight: 560 } } },
} satisfies Meta<typeof ServerDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('dialog', { name: messages.postcode.modalTitle });

/** The modal's texts and field; the X is a form's submit button. */
export const Open: Story = {
  play: async ({ canvas }) => {
    const d = dialog(canvas);
    await expect(d).toHaveTextContent(messages.postcode.resetWarning);
    await expect(d).toHaveTextContent(
      messages.postcode.pendingItem('2 × Premium House Coal, 40kg bag'),
    );
    await expect(d).toHaveTextContent(messages.postcode.current('BT1 1AA'));
    const close = within(d).getByRole('button', { name: messages.postcode.close });
    await expect(close).toHaveAttribute('type', 'submit');
    await expect(close.closest('form')).toHaveAttribute('method', 'post');
    const submit = within(d).getByRole('button', { name: messages.postcode.submit });
    await expect(submit.closest('form')).toHaveAttribute('action', '/about?postcode');
    await expect(within(d).getByRole('textbox', { name: messages.postcode.label })).toHaveValue('');
  },
};

/** After the server refused the postcode: the message in the dialog, the value sent kept. */
export const Refused: Story = {
  args: {
    currentPostcode: null,
    pendingItem: null,
    form: {
      intent: 'set-postcode',
      status: 400,
      message: messages.postcode.invalidModal,
      errors: [messages.postcode.invalidModal],
      values: { postcode: 'BT1' },
    },
  },
  play: async ({ canvas }) => {
    const d = dialog(canvas);
    await expect(d).toHaveTextContent(messages.postcode.invalidModal);
    const field = within(d).getByRole('textbox', { name: messages.postcode.label });
    await expect(field).toHaveValue('BT1');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  },
};
