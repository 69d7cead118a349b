import styled from 'styled-components';
import type { FormOutcome } from '../../../api/domain/pageForms';
import { Notice } from '../../../ui/components/Notice';
import { theme } from '../../../ui/theme';

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

export interface ServerNoticesPanelProps {
  /** The form the server just refused on this page, if any. */
  form: FormOutcome | null;
  /** The notice carried from the form posted just before, if any. */
  notice: string | null;
}

/**
 * The notices of `ServerNotices` (pageForm.tsx) themselves: a module of its own, loaded only by a
 * page the server rendered with one (a server-rendered target), so that the first load of every
 * other page carries neither it nor the Notice component and its icons.
 */
export default function ServerNoticesPanel({ form, notice }: ServerNoticesPanelProps) {
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
