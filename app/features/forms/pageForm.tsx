import type { FormHTMLAttributes, ReactNode } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { intentField, outcomeFor, type FormOutcome } from '../../../api/domain/pageForms';
import { Notice, theme } from '../../../ui';

interface RootForms {
  form?: FormOutcome | null;
  notice?: string | null;
}

function useRootForms(): RootForms {
  return (useRouteLoaderData('root') as RootForms | undefined) ?? {};
}

/**
 * Whether this is still the page the server rendered (no client navigation since): what the
 * server rendered for one request (a refused form, a notice) belongs to that page only.
 */
function useFirstPage(): boolean {
  return useLocation().key === 'default';
}

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
  const { pathname, search } = useLocation();
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

const Stack = styled.div`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0 0 ${theme.space[4]};

  &:empty {
    display: none;
  }
`;

const List = styled.ul`
  margin: ${theme.space[1]} 0 0;
  padding-left: ${theme.space[4]};
`;

/**
 * What the server says about the form posted just before, in the page itself: the success
 * notice carried across the redirect, or the refusal's message and its field messages. This is
 * how the spec's notifications reach a visitor without JavaScript; it shows only on the page
 * the server rendered, never after a client navigation.
 */
export function ServerNotices() {
  const { form, notice } = useRootForms();
  const first = useFirstPage();
  if (!first || (!form && !notice)) return null;
  const errors = form ? form.errors.filter((error) => error !== form.message) : [];
  return (
    <Stack data-server-notices="">
      {notice ? <Notice variant="success">{notice}</Notice> : null}
      {form ? (
        <Notice variant="danger">
          <p>{form.message}</p>
          {errors.length > 0 ? (
            <List>
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </List>
          ) : null}
        </Notice>
      ) : null}
    </Stack>
  );
}
