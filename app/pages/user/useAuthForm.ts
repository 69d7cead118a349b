import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useToasts } from '../../../ui';
import { fieldNotices, useFormOutcome, usePageAction } from '../../features/forms';
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
    // A refusal about a field ("This password is too common.") closes once the field is changed.
    const notices = fieldNotices(toaster, () =>
      Object.values(actor.getSnapshot().context.fieldErrors).filter(
        (message): message is string => typeof message === 'string',
      ),
    );
    const notify = actor.on('notify', (event) => {
      if (event.variant === 'success') toaster.success(event.message);
      else notices.show([event.message], 'danger');
    });
    const changed = actor.subscribe(() => notices.update());
    const finished = actor.on('done', (event) => done.current(event.answer));
    return () => {
      notify.unsubscribe();
      changed.unsubscribe();
      finished.unsubscribe();
    };
  }, [actor, toaster]);
  return actor;
}

/**
 * What the visitor typed into `names` before the server refused form `intent` (a post without
 * JavaScript), for the form's first values: nothing typed is lost. Empty otherwise.
 */
export function useKeptValues(intent: string, names: readonly string[]): Record<string, string> {
  const outcome = useFormOutcome(intent);
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = outcome?.values[name];
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

/**
 * The address a link's page (reset, confirmation) posts its form to: this page without the link's
 * `token`, which goes in the form's hidden field instead (never in another address).
 */
export function useActionWithoutToken(): string {
  const url = new URL(usePageAction(), 'http://page.invalid');
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}`;
}
