/**
 * Shared by the enquiry stories: a toaster of their own (so each story starts with no
 * notifications) and stand-ins for POST /api/enquiries, plugged in with `machine.provide(...)`.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, screen, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { EnquiryInput } from '../../../api/domain/enquiry';
import { messages } from '../../../api/domain/messages';
import { createToaster, ToastRegion, ToasterProvider } from '../../../ui';
import { EnquiryNetworkError, type EnquiryResponse } from './enquiryApi';
import { enquiryFormMachine, SEND_ENQUIRY, type EnquiryFormMachine } from './enquiryFormMachine';

export const sampleEnquiry: EnquiryInput = {
  name: 'Aoife Murphy',
  email: 'aoife@murphyfuels.co.uk',
  address: '3 Quay Street, Newry BT35 6AA',
  companyName: 'Murphy Fuels',
  telephone: '028 3026 1234',
  telephone2: '',
  message: 'Please quote for 20 pallets of smokeless coal, delivered monthly.',
};

export function WithToasts({ children }: { children: ReactNode }) {
  const [toaster] = useState(() => createToaster(8));
  return (
    <ToasterProvider toaster={toaster}>
      {children}
      <ToastRegion />
    </ToasterProvider>
  );
}

const RoutedContent = createContext<ReactNode>(null);

function Routed() {
  return <>{useContext(RoutedContent)}</>;
}

/**
 * The story inside a page of the app's data router (the form posts to its page and reads the
 * server's outcome from the root route), at `url`. The content comes through context, so a
 * story's changed args reach it.
 */
export function InPage({ url = '/contact', children }: { url?: string; children: ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter([{ id: 'root', path: '*', Component: Routed }], { initialEntries: [url] }),
  );
  return (
    <RoutedContent.Provider value={children}>
      <RouterProvider router={router} />
    </RoutedContent.Provider>
  );
}

export type Responder = (values: EnquiryInput) => Promise<EnquiryResponse>;

/** The machine with the API replaced by `respond` (default: every enquiry is accepted). */
export function machineAnswering(
  respond: Responder = async () => ({ code: 200, message: messages.enquiry.sent }),
): EnquiryFormMachine {
  return enquiryFormMachine.provide({
    actors: {
      [SEND_ENQUIRY]: fromPromise<EnquiryResponse, EnquiryInput>(({ input }) => respond(input)),
    },
  });
}

/** An API that never answers (until the actor stops): for the pending state and the explorer. */
export const neverAnswers: Responder = () => new Promise<EnquiryResponse>(() => {});

export const refuses =
  (code: number, message: string): Responder =>
  async () => ({ code, message });

export const offline: Responder = async () => {
  throw new EnquiryNetworkError('Failed to fetch');
};

/** The notification with this message, once it has faded in. */
export async function findToast(message: string): Promise<HTMLElement> {
  const toast = await screen.findByRole('alertdialog', { name: message });
  await waitFor(() => expect(toast).toBeVisible());
  return toast;
}

/** The texts of the notifications showing, top to bottom. */
export function toastTexts(): string[] {
  return screen.queryAllByRole('alertdialog').map((toast) => toast.textContent ?? '');
}
