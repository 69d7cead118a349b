import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type Ref } from 'react';
import styled from 'styled-components';
import { enquiryFields } from '../../../api/domain/enquiry';
import { messages } from '../../../api/domain/messages';
import { site } from '../../../api/domain/site';
import {
  EmailLink,
  Modal,
  Notice,
  PhoneLink,
  StaticCloseLink,
  StaticModal,
  Text,
  theme,
  useIsHydrated,
} from '../../../ui';
import { useFormOutcome } from '../forms';
import { EnquiryForm } from './EnquiryForm';
import { enquiryFormMachine, type EnquiryField, type EnquiryFormActor } from './enquiryFormMachine';
import { ENQUIRY_INTENT, useRestoredEnquiry } from './restored';

const Contacts = styled.ul`
  list-style: none;
  margin: ${theme.space[3]} 0 ${theme.space[4]};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]} ${theme.space[5]};
  font-size: ${theme.fontSizes.sm};
`;

/** The shop's phones and e-mail address (api/domain/site.ts), as links that dial and mail. */
export function EnquiryContacts() {
  return (
    <Contacts aria-label="Contact details">
      {site.offices.map((office) => (
        <li key={office.name}>
          <PhoneLink phone={{ label: office.name, number: office.phone }} />
        </li>
      ))}
      <li>
        <EmailLink email={site.email} />
      </li>
    </Contacts>
  );
}

export interface WholesaleEnquiryModalProps {
  actor: EnquiryFormActor;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The form element inside the modal. */
  formRef?: Ref<HTMLFormElement>;
}

/**
 * The Wholesale Enquiry modal (SPEC §2): the contact details and the enquiry form. It cannot be
 * dismissed while an enquiry is on its way, so the answer is always seen.
 */
export function WholesaleEnquiryModal({
  actor,
  isOpen,
  onOpenChange,
  formRef,
}: WholesaleEnquiryModalProps) {
  const sending = useSelector(actor, (s) => s.matches('sending'));
  return (
    <Modal
      title={messages.enquiry.modalTitle}
      width={640}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!sending}
      isKeyboardDismissDisabled={sending}
      hideCloseButton={sending}
    >
      <Text variant="small">{messages.enquiry.modalIntro}</Text>
      <EnquiryContacts />
      <EnquiryForm actor={actor} ref={formRef} />
    </Modal>
  );
}

const StaticNotice = styled.div`
  margin-bottom: ${theme.space[4]};

  & ul {
    margin: ${theme.space[1]} 0 0;
    padding-left: ${theme.space[4]};
  }
`;

export interface StaticEnquiryDialogProps {
  actor: EnquiryFormActor;
  /** Where Close goes: the same page without `wsm`. */
  closeHref: string;
  formRef?: Ref<HTMLFormElement>;
}

/**
 * The Wholesale Enquiry modal as the server renders it for `?wsm` (DESIGN.md, Rendering): the
 * same content in a panel over the page, with no script needed. The form posts to this page
 * (with `wsm`, so a refusal shows it again with its messages) and Close is a link. Once the
 * page's script runs, the real modal replaces it.
 */
export function StaticEnquiryDialog({ actor, closeHref, formRef }: StaticEnquiryDialogProps) {
  const outcome = useFormOutcome(ENQUIRY_INTENT);
  const errors = outcome ? outcome.errors.filter((error) => error !== outcome.message) : [];
  return (
    <StaticModal
      title={messages.enquiry.modalTitle}
      width={640}
      close={<StaticCloseLink href={closeHref} />}
    >
      <Text variant="small">{messages.enquiry.modalIntro}</Text>
      <EnquiryContacts />
      {outcome ? (
        // The refusal's messages, here too: the page's own notices are behind the panel.
        <StaticNotice>
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
        </StaticNotice>
      ) : null}
      <EnquiryForm actor={actor} ref={formRef} named={false} />
    </StaticModal>
  );
}

/** Every field of the form, the honeypot too. */
const typedFields: readonly EnquiryField[] = [...enquiryFields, 'telephone2'];

interface TypedFocus {
  name: string;
  start: number | null;
  end: number | null;
}

/**
 * Gives the machine what was typed into the server's form before the script ran (the DOM holds
 * it, the machine does not), and notes the field being typed in, to focus it again in the modal.
 */
function adoptTyping(form: HTMLFormElement, actor: EnquiryFormActor): TypedFocus | null {
  for (const field of typedFields) {
    const element = form.elements.namedItem(field);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    if (element.value !== actor.getSnapshot().context.values[field]) {
      actor.send({ type: 'CHANGE', field, value: element.value });
    }
  }
  const active = document.activeElement;
  if (
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    form.contains(active) &&
    active.name !== ''
  ) {
    // An e-mail field has no selection (null): the caret then goes to the end.
    return { name: active.name, start: active.selectionStart, end: active.selectionEnd };
  }
  return null;
}

function refocus(form: HTMLFormElement, focus: TypedFocus): void {
  const element = form.elements.namedItem(focus.name);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
  element.focus();
  const end = element.value.length;
  try {
    element.setSelectionRange(focus.start ?? end, focus.end ?? focus.start ?? end);
  } catch {
    // Not every input type has a selection (e-mail); the caret stays where the browser put it.
  }
}

export interface WholesaleEnquiryTargetProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * The page was rendered with the modal open (`?wsm`): start as the server's panel (the same
   * HTML, so it hydrates as it is), then turn into the modal. Default false: the modal at once.
   */
  serverRendered?: boolean;
  /** Where the server's panel's Close goes (the page without `wsm`). */
  closeHref?: string;
  /** Called once the modal has taken over from the server's panel. */
  onTakeOver?: () => void;
}

/**
 * The modal with its own form actor: what the URL watcher loads on first open. The actor outlives
 * closing, so text typed in the modal survives closing and reopening it on the same visit; on the
 * page the server rendered after refusing the enquiry, it starts from what was sent.
 */
export default function WholesaleEnquiryModalWithActor({
  isOpen,
  onOpenChange,
  serverRendered = false,
  closeHref = '',
  onTakeOver,
}: WholesaleEnquiryTargetProps) {
  const actor = useActorRef(enquiryFormMachine, { input: useRestoredEnquiry() });
  // The server's panel only while hydrating the server's HTML; rendered by the browser itself
  // (opened from a link, or a page whose panel could not be hydrated), the modal at once.
  const hydrated = useIsHydrated();
  const [takenOver, setTakenOver] = useState(!serverRendered || hydrated);
  const staticForm = useRef<HTMLFormElement>(null);
  const modalForm = useRef<HTMLFormElement>(null);
  const focus = useRef<TypedFocus | null>(null);

  useEffect(() => {
    if (takenOver) return;
    // Hydrated: the server's panel becomes the modal, keeping what was typed into it.
    if (staticForm.current) focus.current = adoptTyping(staticForm.current, actor);
    setTakenOver(true);
  }, [takenOver, actor]);

  useEffect(() => {
    if (takenOver) onTakeOver?.();
  }, [takenOver, onTakeOver]);

  useEffect(() => {
    const wanted = focus.current;
    if (!takenOver || !wanted) return;
    focus.current = null;
    // After the dialog has moved focus into itself.
    const frame = requestAnimationFrame(() => {
      if (modalForm.current) refocus(modalForm.current, wanted);
    });
    return () => cancelAnimationFrame(frame);
  }, [takenOver]);

  if (!takenOver) {
    return <StaticEnquiryDialog actor={actor} closeHref={closeHref} formRef={staticForm} />;
  }
  return (
    <WholesaleEnquiryModal
      actor={actor}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      formRef={modalForm}
    />
  );
}
