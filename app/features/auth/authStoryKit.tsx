import { useEffect, useState, type ReactNode } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
import { createToaster, ToasterProvider, ToastRegion, useToasts } from '../../../ui';
import type { AuthAnswer } from './authApi';
import { SUBMIT, type AuthFormActorRef, type FormValues } from './authFormMachine';
import type { loginMachine } from './formMachines';
import { testCustomer } from './testing';

export const storyUser = testCustomer;

/** Stories' own notification area (the site's is in the layout). */
export function WithToasts({ children }: { children: ReactNode }) {
  const [toaster] = useState(() => createToaster(8));
  return (
    <ToasterProvider toaster={toaster}>
      {children}
      <ToastRegion />
    </ToasterProvider>
  );
}

/** Shows a form actor's notifications, as the pages do. */
export function FormNotifications({ actor }: { actor: AuthFormActorRef }) {
  const toaster = useToasts();
  useEffect(() => {
    const sub = actor.on('notify', (event) =>
      event.variant === 'success' ? toaster.success(event.message) : toaster.danger(event.message),
    );
    return () => sub.unsubscribe();
  }, [actor, toaster]);
  return null;
}

type FormMachine = typeof loginMachine;
export type Responder = (values: FormValues) => Promise<AuthAnswer>;

/** A form machine whose API answers with `respond`. */
export function answering(machine: FormMachine, respond: Responder): FormMachine {
  return machine.provide({
    actors: { [SUBMIT]: fromPromise<AuthAnswer, FormValues>(({ input }) => respond(input)) },
  });
}

export const neverAnswers: Responder = () => new Promise<AuthAnswer>(() => {});

export async function findToast(message: string): Promise<HTMLElement> {
  const toast = await screen.findByRole('alertdialog', { name: message });
  await waitFor(() => expect(toast).toBeVisible());
  return toast;
}
