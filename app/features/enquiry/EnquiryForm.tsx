import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type FormEvent, type Ref } from 'react';
import styled from 'styled-components';
import { messages } from '../../../api/domain/messages';
import {
  Button,
  MailIcon,
  TextArea,
  TextField,
  theme,
  useToasts,
  type ValidationState,
} from '../../../ui';
import { fieldNotices, IntentField, usePageAction } from '../forms';
import { ENQUIRY_INTENT, useRestoredEnquiry } from './restored';
import {
  enquiryFormMachine,
  statePath,
  type CheckedField,
  type EnquiryFormActor,
  type EnquiryFormInput,
  type EnquiryFormMachine,
  validationMessages,
} from './enquiryFormMachine';

const placeholders = messages.enquiry.placeholders;

const Form = styled.form`
  position: relative;
  display: grid;
  gap: ${theme.space[3]};
  grid-template-columns: minmax(0, 1fr);

  ${theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    & > [data-span='full'] {
      grid-column: 1 / -1;
    }
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/**
 * "Contact No. 2": a honeypot for bots (SPEC §4). People never meet it: it is off-screen, out of
 * the tab order and hidden from assistive technology, and browsers are told not to autofill it.
 */
const Honeypot = styled.div`
  position: absolute;
  left: -10000px;
  top: 0;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

/**
 * Shows the machine's notifications as toasts at the top centre, one per message. A new set
 * replaces the form's previous one, so pressing Send again never stacks stale messages, and the
 * notice about a field closes as soon as what is typed there passes its check.
 */
export function useEnquiryNotifications(actor: EnquiryFormActor): void {
  const toaster = useToasts();
  useEffect(() => {
    const notices = fieldNotices(toaster, () =>
      validationMessages(actor.getSnapshot().context.values),
    );
    const notified = actor.on('notify', ({ variant, messages: texts }) => {
      notices.show(texts, variant);
    });
    const changed = actor.subscribe(() => notices.update());
    return () => {
      notified.unsubscribe();
      changed.unsubscribe();
    };
  }, [actor, toaster]);
}

export interface EnquiryFormProps {
  /** The running enquiry form machine (the site's own, or the QA explorer's). */
  actor: EnquiryFormActor;
  /** The <form> element (the modal reads what was typed before the script, and focuses it). */
  ref?: Ref<HTMLFormElement>;
  /**
   * Whether the form is named (a "Wholesale enquiry" form landmark; the default). The server's
   * dialog for `?wsm` leaves it unnamed: the dialog names it already, and over /contact a named
   * one would be a second landmark of that name beside the page's own form.
   */
  named?: boolean;
}

/**
 * The wholesale enquiry form (SPEC §2, §4, §5), bound to an `enquiryFormMachine` actor. Send is
 * pending while the enquiry is on its way, and the fields are read-only then. After a Send, a
 * field with a problem shows the danger style (and its message) and the others the success style.
 */
export function EnquiryForm({ actor, ref, named = true }: EnquiryFormProps) {
  const snapshot = useSelector(actor, (s) => s);
  useEnquiryNotifications(actor);
  const honeypotId = useId();
  const action = usePageAction();

  const { values, submitted, fieldErrors } = snapshot.context;
  const sending = snapshot.matches('sending');
  const canSend = snapshot.can({ type: 'SEND' });
  const canType = snapshot.can({ type: 'CHANGE', field: 'name', value: values.name });

  const stateOf = (field: CheckedField): ValidationState =>
    submitted ? (fieldErrors[field] ? 'danger' : 'success') : 'neutral';

  const fieldProps = (field: CheckedField) => ({
    name: field,
    label: placeholders[field],
    placeholder: placeholders[field],
    hideLabel: true,
    value: values[field],
    onChange: (value: string) => actor.send({ type: 'CHANGE', field, value }),
    isReadOnly: !canType,
    validationBehavior: 'aria' as const,
    validationState: stateOf(field),
    errorMessage: fieldErrors[field]?.join(' '),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSend) actor.send({ type: 'SEND' });
  };

  return (
    <Form
      ref={ref}
      // Before the script (or without it) the browser posts the form to this page, where the
      // server sends it through the same API and answers with the page and its messages
      // (api/ssr/forms/enquiry.ts). `noValidate`: the spec's messages, never the browser's.
      method="post"
      action={action}
      noValidate
      aria-label={named ? messages.enquiry.formLabel : undefined}
      onSubmit={onSubmit}
      data-enquiry-state={statePath(snapshot.value)}
    >
      <IntentField intent={ENQUIRY_INTENT} />
      <TextField {...fieldProps('name')} autoComplete="name" />
      <TextField {...fieldProps('email')} type="email" autoComplete="email" />
      <TextField {...fieldProps('address')} autoComplete="address-line1" data-span="full" />
      <TextField {...fieldProps('companyName')} autoComplete="organization" />
      <TextField {...fieldProps('telephone')} type="tel" autoComplete="tel" />
      <Honeypot aria-hidden="true">
        <label htmlFor={honeypotId}>{placeholders.telephone2}</label>
        <input
          id={honeypotId}
          name="telephone2"
          type="tel"
          tabIndex={-1}
          autoComplete="off"
          placeholder={placeholders.telephone2}
          value={values.telephone2}
          readOnly={!canType}
          onChange={(event) =>
            actor.send({ type: 'CHANGE', field: 'telephone2', value: event.target.value })
          }
        />
      </Honeypot>
      <TextArea {...fieldProps('message')} rows={5} data-span="full" />
      <Actions data-span="full">
        <Button
          type="submit"
          icon={<MailIcon />}
          isPending={sending}
          isDisabled={!canSend && !sending}
        >
          {messages.enquiry.send}
        </Button>
      </Actions>
    </Form>
  );
}

export interface WholesaleEnquiryFormProps {
  /** The machine to run (tests and stories provide one with a stand-in for the API). */
  machine?: EnquiryFormMachine;
  input?: EnquiryFormInput;
}

/**
 * The enquiry form with its own machine, for pages (e.g. /contact). Without `input`, it starts
 * from what the visitor sent if the server has just refused the form (posted without script).
 */
export function WholesaleEnquiryForm({
  machine = enquiryFormMachine,
  input,
}: WholesaleEnquiryFormProps) {
  const restored = useRestoredEnquiry();
  const actor = useActorRef(machine, { input: input ?? restored });
  return <EnquiryForm actor={actor} />;
}
