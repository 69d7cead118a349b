import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { messages } from '../../../api/domain/messages';
import { site } from '../../../api/domain/site';
import { EmailLink, Modal, PhoneLink, Text, theme } from '../../../ui';
import { EnquiryForm } from './EnquiryForm';
import { enquiryFormMachine, type EnquiryFormActor } from './enquiryFormMachine';

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
}

/**
 * The Wholesale Enquiry modal (SPEC §2): the contact details and the enquiry form. It cannot be
 * dismissed while an enquiry is on its way, so the answer is always seen.
 */
export function WholesaleEnquiryModal({ actor, isOpen, onOpenChange }: WholesaleEnquiryModalProps) {
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
      <EnquiryForm actor={actor} />
    </Modal>
  );
}

/**
 * Mounted once in the layout: `?wsm` on any page opens the modal, and `wsm` is then taken out of
 * the URL by replacing the history entry (so Back does not reopen it). The form's machine lives
 * here, so text typed in the modal survives closing and reopening it on the same visit.
 */
/** The modal with its own form actor: what the URL watcher loads on first open. */
export default function WholesaleEnquiryModalWithActor({
  isOpen,
  onOpenChange,
}: Omit<WholesaleEnquiryModalProps, 'actor'>) {
  // The actor outlives closing, so what was typed is still there when the modal reopens.
  const actor = useActorRef(enquiryFormMachine, { input: {} });
  return <WholesaleEnquiryModal actor={actor} isOpen={isOpen} onOpenChange={onOpenChange} />;
}
