import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useToasts } from '../../../ui';
import type { AuthAnswer, AuthFormActorRef } from '../../features/auth';
import type { createAuthFormMachine } from '../../features/auth';

type FormMachine = ReturnType<typeof createAuthFormMachine>;

/**
 * Runs an account form's machine for a page: its refusals go to the site's notifications, and
 * `onDone` gets the API's answer when it accepts the form.
 */
export function useAuthForm(
  machine: FormMachine,
  onDone: (answer: AuthAnswer) => void,
  values?: Record<string, string>,
): AuthFormActorRef {
  const actor = useActorRef(machine, { input: { values } });
  const toaster = useToasts();
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const notify = actor.on('notify', (event) => {
      if (event.variant === 'success') toaster.success(event.message);
      else toaster.danger(event.message);
    });
    const finished = actor.on('done', (event) => done.current(event.answer));
    return () => {
      notify.unsubscribe();
      finished.unsubscribe();
    };
  }, [actor, toaster]);
  return actor;
}
