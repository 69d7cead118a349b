import { Fragment, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Heading, Link, Notice, Pager, Text, theme, type HeadingLevel } from '../../../ui';
import { LOGIN_PATH } from '../auth';
import { pageCountOf, type Paging } from './adminApi';
import { prettyJson } from './format';
import { adminPageTexts as t } from './texts';
import type { AdminLoad } from './useAdminLoad';

/** "Loading..." while a page's data is on its way (announced politely). */
export function Loading() {
  return (
    <Text role="status" data-admin-loading="">
      {t.loading}
    </Text>
  );
}

/** A failed load or write: the API's message, and a way to try again when there is one. */
export function ErrorNotice({
  message,
  onRetry,
  signIn = false,
}: {
  message: string;
  onRetry?: () => void;
  /** Offers to sign in again (a 404 from the API is also what an ended session gets). */
  signIn?: boolean;
}) {
  const { pathname, search } = useLocation();
  return (
    <Notice variant="danger">
      <Text elementType="span">{message}</Text>
      {onRetry ? (
        <>
          {' '}
          <Button variant="link" onPress={onRetry}>
            {t.tryAgain}
          </Button>
        </>
      ) : null}
      {signIn ? (
        <>
          {' '}
          <Text elementType="span">{t.sessionEnded}</Text>{' '}
          <Link href={`${LOGIN_PATH}?${new URLSearchParams({ redirect: pathname + search })}`}>
            {t.signIn}
          </Link>
        </>
      ) : null}
    </Notice>
  );
}

/** A form's foot: its message when refused, the submit button and, when given, Cancel. */
export function FormFooter({
  formError,
  busy,
  submitLabel,
  onCancel,
}: {
  formError: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel?: () => void;
}) {
  return (
    <>
      {formError ? <ErrorNotice message={formError} /> : null}
      <Row>
        <Button type="submit" isDisabled={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
            {t.cancel}
          </Button>
        ) : null}
      </Row>
    </>
  );
}

/**
 * A list page's body: the load's status, then the rows (`children`, once the answer is there)
 * and the pager under them.
 */
export function PagedList<T extends Paging>({
  list,
  pagesLabel,
  page,
  onPageChange,
  children,
}: {
  list: AdminLoad<T>;
  pagesLabel: string;
  page: number;
  onPageChange: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      <LoadStatus load={list} />
      {list.data ? (
        <>
          {children(list.data)}
          <Pager
            aria-label={pagesLabel}
            page={page}
            pageCount={pageCountOf(list.data)}
            onPageChange={onPageChange}
          />
        </>
      ) : null}
    </>
  );
}

/** A page's load: "Loading..." until the first answer, then the API's message if it failed. */
export function LoadStatus({
  load,
}: {
  load: Pick<AdminLoad<unknown>, 'data' | 'loading' | 'error' | 'errorStatus' | 'reload'>;
}) {
  return (
    <>
      {load.error ? (
        <ErrorNotice message={load.error} onRetry={load.reload} signIn={load.errorStatus === 404} />
      ) : null}
      {load.data === null && load.loading ? <Loading /> : null}
    </>
  );
}

const SectionRoot = styled.section`
  display: grid;
  gap: ${theme.space[3]};
  align-content: start;
  min-width: 0;
`;

/** A titled part of a page (h2 by default), labelled by its heading. */
export function Section({
  id,
  title,
  level = 2,
  children,
}: {
  id: string;
  title: string;
  level?: HeadingLevel;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <SectionRoot aria-labelledby={headingId}>
      <Heading level={level} id={headingId}>
        {title}
      </Heading>
      {children}
    </SectionRoot>
  );
}

/** A column of fields and buttons. */
export const Stack = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  align-content: start;
  max-width: 40rem;

  &[data-wide] {
    max-width: none;
  }
`;

/** A lone filter field, kept to a readable width. */
export const Narrow = styled.div`
  max-width: 20rem;
`;

/** A row of buttons or fields that wraps. */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space[3]};

  /* Fields side by side: their labels line up, whatever help or error is under each. */
  &[data-align='start'] {
    align-items: flex-start;
  }
`;

/** A plain form: no margins of its own. */
export const Form = styled.form`
  display: grid;
  gap: ${theme.space[3]};
  align-content: start;
  max-width: 40rem;
  margin: 0;

  &[data-wide] {
    max-width: none;
  }
`;

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: 0;

  & > dt {
    font-weight: ${theme.fontWeights.bold};
  }
  & > dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  & > dd[data-align='end'] {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** Label and value pairs (a description list); empty values are left out. */
export function Facts({
  items,
  alignValues = 'start',
  'aria-label': ariaLabel,
}: {
  items: readonly (readonly [string, ReactNode])[];
  alignValues?: 'start' | 'end';
  'aria-label'?: string;
}) {
  return (
    <List aria-label={ariaLabel}>
      {items
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd data-align={alignValues}>{value}</dd>
          </Fragment>
        ))}
    </List>
  );
}

const Pre = styled.pre`
  max-width: 40rem;
  max-height: 24rem;
  overflow: auto;
  margin: ${theme.space[1]} 0 0;
  padding: ${theme.space[2]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
  font-size: ${theme.fontSizes.xs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Details = styled.details`
  & > summary {
    cursor: pointer;
    color: ${theme.colors.link};
    text-decoration: underline;
  }
  & > summary:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  & h3,
  & h4 {
    margin: ${theme.space[2]} 0 0;
    font-size: ${theme.fontSizes.sm};
  }
`;

/** An audit entry's before and after as indented JSON, folded away in a details element. */
export function ChangeDetails({ before, after }: { before: unknown; after: unknown }) {
  return (
    <Details>
      <summary>{t.beforeAndAfter}</summary>
      <Text elementType="div" variant="small">
        <strong>{t.before}</strong>
      </Text>
      <Pre>{prettyJson(before)}</Pre>
      <Text elementType="div" variant="small">
        <strong>{t.after}</strong>
      </Text>
      <Pre>{prettyJson(after)}</Pre>
    </Details>
  );
}

/**
 * A second step before something that cannot be undone: what will happen, and the buttons to do
 * it or not. Focus goes to it, so a keyboard user lands on the question.
 */
export function Confirm({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <Notice variant="warning" title={title} role="group" aria-label={title}>
      <Stack>
        <Text elementType="div">{children}</Text>
        <Row>
          <Button onPress={onConfirm} isDisabled={busy} autoFocus>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
            {t.cancel}
          </Button>
        </Row>
      </Stack>
    </Notice>
  );
}

/** A success line after a write (a polite status). */
export function Saved({ children }: { children: ReactNode }) {
  return <Notice variant="success">{children}</Notice>;
}
