import type { FormHTMLAttributes, ReactNode } from 'react';
import { useSiteLocation } from '../navigation';
import { intentField, outcomeFor, type FormOutcome } from '../../../api/domain/pageForms';
import { useFirstPage, useRootForms } from './rootForms';

/**
 * The outcome of this page's form `intent` when the server just refused it (a post without
 * JavaScript): the API's message and errors, and the values to put back. Null otherwise.
 */
export function useFormOutcome(intent: string): FormOutcome | null {
  const { form } = useRootForms();
  const first = useFirstPage();
  return first ? outcomeFor(form, intent) : null;
}

/** The value the visitor typed into `name` before the server refused form `intent`, or ''. */
export function useKeptValue(intent: string, name: string): string {
  return useFormOutcome(intent)?.values[name] ?? '';
}

/** The address a form posts to: the page it is on (path and query). */
export function usePageAction(): string {
  const { pathname, search } = useSiteLocation();
  return `${pathname}${search}`;
}

export interface PageFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'method'> {
  /** What the form does (the server's `intent`, api/ssr/forms). */
  intent: string;
  children: ReactNode;
}

/**
 * A form that works before and without its script: `method="post"` to its own page (or
 * `action`), with its intent in a hidden field. Script enhances it through `onSubmit` (prevent
 * the default and run the machine) as before.
 */
export function PageForm({ intent, action, children, ...rest }: PageFormProps) {
  const own = usePageAction();
  return (
    <form method="post" action={action ?? own} {...rest}>
      <IntentField intent={intent} />
      {children}
    </form>
  );
}

/** The hidden `intent` field, for a form built with another component (react-aria's Form). */
export function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name={intentField} value={intent} />;
}
