import { memo, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { messages } from '../../../api/domain/messages';
import {
  Button,
  Notice,
  StaticCloseButton,
  StaticModal,
  Text,
  TextField,
  theme,
} from '../../../ui';
import { cartIntents, displayPostcode } from '../cart';
import { IntentField, useFormOutcome, useKeptValue } from '../forms';
import { pendingItemName, type PendingItemSummary } from './pendingItem';

const Form = styled.form`
  display: grid;
  gap: ${theme.space[4]};

  & > p {
    margin: 0;
  }
`;

const Messages = styled.div`
  & ul {
    margin: ${theme.space[1]} 0 0;
    padding-left: ${theme.space[4]};
  }
`;

export interface StaticPostcodeState {
  refused: boolean;
  /** The postcode typed into the dialog, if any. */
  typed: string | undefined;
}

export interface StaticPostcodeDialogProps {
  /** Where both forms post: the page the dialog is on (with `?postcode` when it has it). */
  action: string;
  currentPostcode: string | null;
  pendingItem: PendingItemSummary | null;
  /**
   * Called once the browser has hydrated it (its script is there): `refused` when it shows the
   * server's refusal, which the modal could not show, and what was typed before (read before any
   * render could put the field's value back).
   */
  onReady?: (state: StaticPostcodeState) => void;
}

/**
 * The Set Postcode dialog as the server renders it (a page opened with `?postcode`, or whose cart
 * asks for a postcode): the same texts as the modal, in a panel over the page that needs no
 * script. Its form posts the postcode to the page (api/ssr/forms/cart.ts sets it: 201 goes to
 * /cart, 200 back to the page); its X posts too, since closing drops an item waiting for a
 * postcode. A refusal shows the page again with this dialog and the API's message in it (the
 * page's own notices are behind the panel).
 */
function StaticPostcodeDialog({
  action,
  currentPostcode,
  pendingItem,
  onReady,
}: StaticPostcodeDialogProps) {
  const outcome = useFormOutcome(cartIntents.setPostcode);
  const ready = useRef(onReady);
  const form = useRef<HTMLFormElement>(null);
  const refused = outcome !== null;
  useEffect(() => {
    const field = form.current?.elements.namedItem('postcode');
    const typed = field instanceof HTMLInputElement ? field.value.trim() : '';
    ready.current?.({ refused, typed: typed === '' ? undefined : typed });
  }, [refused]);

  const kept = useKeptValue(cartIntents.setPostcode, 'postcode');
  const waiting = pendingItem ? pendingItemName(pendingItem) : null;
  const errors = outcome ? outcome.errors.filter((error) => error !== outcome.message) : [];
  return (
    <StaticModal
      title={messages.postcode.modalTitle}
      close={
        <form method="post" action={action}>
          <IntentField intent={cartIntents.closePostcode} />
          <StaticCloseButton label={messages.postcode.close} />
        </form>
      }
    >
      <Form method="post" action={action} noValidate ref={form} data-static-postcode="">
        <IntentField intent={cartIntents.setPostcode} />
        {waiting ? <Text>{messages.postcode.pendingItem(waiting)}</Text> : null}
        {currentPostcode ? (
          <Text variant="muted">{messages.postcode.current(displayPostcode(currentPostcode))}</Text>
        ) : null}
        <Notice variant="warning">{messages.postcode.resetWarning}</Notice>
        <TextField
          name="postcode"
          label={messages.postcode.label}
          placeholder={messages.postcode.placeholder}
          defaultValue={kept}
          autoComplete="postal-code"
          validationState={outcome ? 'danger' : 'neutral'}
        />
        {outcome ? (
          <Messages>
            <Notice variant="danger">
              <p>{outcome.message}</p>
              {errors.length > 0 ? (
                <ul>
                  {errors.map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              ) : null}
            </Notice>
          </Messages>
        ) : null}
        <Button type="submit" fullWidth>
          {messages.postcode.submit}
        </Button>
      </Form>
    </StaticModal>
  );
}

/*
 * Not rendered again for its parent's renders (the one just after hydration): a field's text
 * typed before the script stays as typed (react-aria's field would put its own value back).
 */
export default memo(StaticPostcodeDialog);
