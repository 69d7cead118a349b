import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { paths, useSiteNavigate } from '../navigation';
import styled from 'styled-components';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { messages } from '../../../api/domain/messages';
import { Button, CloseIcon, Heading, Modal, Notice, Text, TextField, theme } from '../../../ui';
import { displayPostcode, useCart, type CartResponse } from '../cart';
import { pendingItemName, type PendingItemSummary } from './pendingItem';
import { postcodeMachine, validationStateOf, type PostcodeMachine } from './postcodeMachine';

export type PostcodeActorRef = ActorRefFrom<PostcodeMachine>;

export interface PostcodeModalProps {
  /** The dialog's machine, running: the site's own (SitePostcodeModal) or the QA explorer's. */
  actor: PostcodeActorRef;
  /** The cart's postcode, if one is set. */
  currentPostcode?: string | null;
  /** The item waiting for a postcode, if any. */
  pendingItem?: PendingItemSummary | null;
  /**
   * `modal` (the site) covers the page; `inline` draws the same dialog in the page flow, for the
   * QA explorer, whose controls must stay usable beside it.
   */
  presentation?: 'modal' | 'inline';
}

const Form = styled.form`
  display: grid;
  gap: ${theme.space[4]};

  & > p {
    margin: 0;
  }
`;

const InlinePanel = styled.section`
  max-width: ${theme.sizes.orderModal};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-top: 6px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.md};
`;

const InlineHeader = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[4]};
`;

/**
 * The Set Postcode dialog (SPEC §2, §4), drawn from its machine: open while the machine is open,
 * the field normalised as typed, danger/success styling once submitted, the danger notice for a
 * refusal, and every control enabled only when the machine accepts its event.
 */
export function PostcodeModal({
  actor,
  currentPostcode,
  pendingItem,
  presentation = 'modal',
}: PostcodeModalProps) {
  const snapshot = useSelector(actor, (s) => s);
  const noticeId = useId();
  const titleId = useId();
  const { postcode, error } = snapshot.context;
  const submitting = snapshot.matches({ open: 'submitting' });
  const canDismiss = snapshot.can({ type: 'DISMISS' });
  const canChange = snapshot.can({ type: 'CHANGE', value: '' });
  const canSubmit = snapshot.can({ type: 'SUBMIT' });
  const waiting = pendingItem ? pendingItemName(pendingItem) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (snapshot.can({ type: 'SUBMIT' })) actor.send({ type: 'SUBMIT' });
  };

  const form = (
    <Form onSubmit={submit} noValidate aria-busy={submitting || undefined}>
      {waiting ? <Text>{messages.postcode.pendingItem(waiting)}</Text> : null}
      {currentPostcode ? (
        <Text variant="muted">{messages.postcode.current(displayPostcode(currentPostcode))}</Text>
      ) : null}
      <Notice variant="warning">{messages.postcode.resetWarning}</Notice>
      <TextField
        label={messages.postcode.label}
        placeholder={messages.postcode.placeholder}
        value={postcode}
        onChange={(value) => actor.send({ type: 'CHANGE', value })}
        isReadOnly={!canChange}
        validationState={validationStateOf(snapshot.context)}
        autoComplete="postal-code"
        autoFocus={presentation === 'modal'}
        aria-describedby={error ? noticeId : undefined}
      />
      {error ? (
        <Notice variant="danger" id={noticeId}>
          {error}
        </Notice>
      ) : null}
      <Button type="submit" fullWidth isPending={submitting} isDisabled={!canSubmit && !submitting}>
        {messages.postcode.submit}
      </Button>
    </Form>
  );

  if (presentation === 'inline') {
    if (!snapshot.matches('open')) return null;
    return (
      <InlinePanel aria-labelledby={titleId}>
        <InlineHeader>
          <Heading level={2} size={3} id={titleId}>
            {messages.postcode.modalTitle}
          </Heading>
          {submitting ? null : (
            <Button
              variant="icon"
              aria-label={messages.postcode.close}
              icon={<CloseIcon />}
              isDisabled={!canDismiss}
              onPress={() => actor.send({ type: 'DISMISS' })}
            />
          )}
        </InlineHeader>
        {form}
      </InlinePanel>
    );
  }

  return (
    <Modal
      title={messages.postcode.modalTitle}
      isOpen={snapshot.matches('open')}
      onOpenChange={(open) => {
        if (!open && actor.getSnapshot().can({ type: 'DISMISS' })) actor.send({ type: 'DISMISS' });
      }}
      isDismissable={canDismiss}
      isKeyboardDismissDisabled={!canDismiss}
      hideCloseButton={submitting}
    >
      {form}
    </Modal>
  );
}

/**
 * The site's Set Postcode dialog: its own machine, opened and closed by the cart's shared flag,
 * setting the postcode through the cart store (which shows the success message and warnings;
 * refusals are shown inside the dialog) and going to /cart on a 201.
 */
export interface SitePostcodeModalBodyProps {
  /**
   * What was typed into the server's dialog (the page rendered with it open) before this one took
   * over: the field starts with it when the dialog opens.
   */
  initialPostcode?: string;
  /** The dialog is open (it has taken over from the server's, which can go). */
  onShown?: () => void;
}

/** The dialog wired to the site's cart; loaded the first time the dialog is needed. */
export default function SitePostcodeModalBody({
  initialPostcode,
  onShown,
}: SitePostcodeModalBodyProps = {}) {
  const { cart, setPostcode, setPostcodeModal } = useCart();
  const navigate = useSiteNavigate();
  const actor = useActorRef(
    postcodeMachine.provide({
      actors: {
        setPostcode: fromPromise<CartResponse, { postcode: string }>(({ input }) =>
          setPostcode(input.postcode, { notifyFailure: false }),
        ),
        closeDialog: fromPromise<CartResponse>(() =>
          setPostcodeModal(false, { notifyFailure: false }),
        ),
      },
      actions: {
        navigateToCart: () => {
          void navigate(paths.cart);
        },
      },
    }),
  );
  const open = cart.showPostcodeModal;
  const adopt = useRef<SitePostcodeModalBodyProps>({ initialPostcode, onShown });
  useEffect(() => {
    actor.send(open ? { type: 'OPEN' } : { type: 'CLOSED' });
    if (!open) return;
    // Once: the typing from the server's dialog, and word that this one has taken its place.
    const { initialPostcode: typed, onShown: shown } = adopt.current;
    adopt.current = {};
    if (typed) actor.send({ type: 'CHANGE', value: typed });
    shown?.();
  }, [actor, open]);
  return (
    <PostcodeModal
      actor={actor}
      currentPostcode={cart.postcode}
      pendingItem={cart.pendingItem ?? null}
    />
  );
}
