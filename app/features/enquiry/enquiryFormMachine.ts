import {
  assertEvent,
  assign,
  emit,
  fromPromise,
  setup,
  type ActorRefFrom,
  type StateValue,
} from 'xstate';
import { ValidationError } from 'yup';
import {
  enquiryFields,
  enquirySchema,
  isHoneypotFilled,
  validateEnquiry,
  type Enquiry,
  type EnquiryInput,
} from '../../../api/domain/enquiry';
import { messages, resultCodes } from '../../../api/domain/messages';
import { postEnquiry, type EnquiryResponse } from './enquiryApi';

/**
 * The wholesale enquiry form (SPEC §4 "Enquiry form", §5, §7), as a statechart:
 *
 *   ready ─SEND─▶ sending ─done 200─▶ ready.sent
 *     │                   ─done ≠200─▶ ready.rejected
 *     │                   ─error─────▶ ready.failed
 *     ├─SEND [isHoneypotFilled?]─▶ ready.discarded   (nothing sent, nothing shown)
 *     ├─SEND [not isFormValid?]──▶ ready.invalid     (every message, red)
 *     └─CHANGE───────────────────▶ ready.editing     (the submitted flag is cleared)
 *
 * Notifications are emitted (`notify`), so the machine stays free of React and of the toaster:
 * the form component shows them.
 */

export type EnquiryField = keyof EnquiryInput;
/** The fields that are validated (every one but the honeypot). */
export type CheckedField = keyof Enquiry;

export const emptyEnquiry: EnquiryInput = {
  name: '',
  email: '',
  address: '',
  companyName: '',
  telephone: '',
  telephone2: '',
  message: '',
};

/** Each checked field's messages from the shared schema; a field without a problem is absent. */
export type FieldErrors = Partial<Record<CheckedField, string[]>>;

export interface EnquiryFormContext {
  values: EnquiryInput;
  /** SPEC §4: set when Send is pressed, cleared when any field changes. */
  submitted: boolean;
  /** The shared schema's verdict per field at the last Send; empty while not submitted. */
  fieldErrors: FieldErrors;
}

export type EnquiryFormEvent =
  { type: 'CHANGE'; field: EnquiryField; value: string } | { type: 'SEND' };

/** What the form shows as notifications: one toast per message. */
export interface EnquiryNotification {
  type: 'notify';
  variant: 'success' | 'danger';
  messages: string[];
}

export interface EnquiryFormInput {
  /** Values to start from (a story's preset, or text restored by the page); default empty. */
  values?: Partial<EnquiryInput>;
  /**
   * Start as just sent and refused (the server refused the form posted without JavaScript):
   * each field shows its verdict on these values, as after pressing Send. Default false.
   */
  submitted?: boolean;
}

/** The id (and source name) of the network call, as in `xstate.done.actor.sendEnquiry`. */
export const SEND_ENQUIRY = 'sendEnquiry';

/** Per-field verdicts from the same yup schema `validateEnquiry` uses (and the API). */
export function fieldErrorsOf(values: EnquiryInput): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of enquiryFields) {
    try {
      enquirySchema.validateSyncAt(field, values, { abortEarly: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors[field] = [...new Set(error.errors)];
    }
  }
  return errors;
}

/** Every validation message for the values, in form order (empty when the form is valid). */
export function validationMessages(values: EnquiryInput): string[] {
  const result = validateEnquiry(values);
  return result.ok ? [] : result.errors;
}

/** The fields a successful send clears (SPEC §4); address, company and telephone are kept. */
export const clearedAfterSend = ['name', 'email', 'message'] as const satisfies CheckedField[];

export const enquiryFormMachine = setup({
  types: {
    context: {} as EnquiryFormContext,
    events: {} as EnquiryFormEvent,
    input: {} as EnquiryFormInput,
    emitted: {} as EnquiryNotification,
  },
  actors: {
    [SEND_ENQUIRY]: fromPromise<EnquiryResponse, EnquiryInput>(({ input, signal }) =>
      postEnquiry(input, signal),
    ),
  },
  guards: {
    'isHoneypotFilled?': ({ context }) => isHoneypotFilled(context.values),
    'isFormValid?': ({ context }) => validateEnquiry(context.values).ok,
    'isSuccess?': (_, params: { code: number }) => params.code === resultCodes.success,
  },
  actions: {
    assignField: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'CHANGE');
        return { ...context.values, [event.field]: event.value };
      },
    }),
    clearSubmitted: assign({ submitted: false, fieldErrors: {} }),
    markSubmitted: assign({
      submitted: true,
      fieldErrors: ({ context }) => fieldErrorsOf(context.values),
    }),
    notifyValidationErrors: emit(({ context }) => ({
      type: 'notify' as const,
      variant: 'danger' as const,
      messages: validationMessages(context.values),
    })),
    clearSentFields: assign({
      values: ({ context }) => ({
        ...context.values,
        ...Object.fromEntries(clearedAfterSend.map((field) => [field, ''])),
      }),
    }),
    notifySent: emit({
      type: 'notify' as const,
      variant: 'success' as const,
      messages: [messages.enquiry.sent],
    }),
    notifyRejected: emit((_, params: { message: string }) => ({
      type: 'notify' as const,
      variant: 'danger' as const,
      messages: [params.message],
    })),
    notifyNetworkFailure: emit({
      type: 'notify' as const,
      variant: 'danger' as const,
      messages: [messages.enquiry.networkFailure],
    }),
  },
}).createMachine({
  id: 'enquiryForm',
  // `input` may be missing at run time (an actor created without options): an empty form.
  context: ({ input }: { input: EnquiryFormInput | undefined }) => {
    const values = { ...emptyEnquiry, ...input?.values };
    const submitted = input?.submitted ?? false;
    return { values, submitted, fieldErrors: submitted ? fieldErrorsOf(values) : {} };
  },
  initial: 'ready',
  states: {
    ready: {
      initial: 'editing',
      states: {
        /** Typing; nothing has been sent since the last change. */
        editing: {},
        /** Send found problems: every message is shown, and nothing was sent. */
        invalid: {},
        /** Contact No. 2 (the honeypot) was filled: nothing was sent, nothing is shown. */
        discarded: {},
        /** The server answered 200: "Email sent!"; name, email and enquiry are cleared. */
        sent: {},
        /** The server answered anything else: its message, in red; everything is kept. */
        rejected: {},
        /** No usable answer: a retryable message, in red; everything is kept. */
        failed: {},
      },
      on: {
        CHANGE: { target: '.editing', actions: ['assignField', 'clearSubmitted'] },
        SEND: [
          { guard: 'isHoneypotFilled?', target: '.discarded', actions: 'markSubmitted' },
          { guard: 'isFormValid?', target: 'sending', actions: 'markSubmitted' },
          { target: '.invalid', actions: ['markSubmitted', 'notifyValidationErrors'] },
        ],
      },
    },
    /** The request is in flight: Send is pending and the fields are read-only. */
    sending: {
      invoke: {
        id: SEND_ENQUIRY,
        src: SEND_ENQUIRY,
        input: ({ context }) => context.values,
        onDone: [
          {
            guard: { type: 'isSuccess?', params: ({ event }) => ({ code: event.output.code }) },
            target: 'ready.sent',
            actions: ['clearSentFields', 'clearSubmitted', 'notifySent'],
          },
          {
            target: 'ready.rejected',
            actions: {
              type: 'notifyRejected',
              params: ({ event }) => ({ message: event.output.message }),
            },
          },
        ],
        onError: { target: 'ready.failed', actions: 'notifyNetworkFailure' },
      },
    },
  },
});

export type EnquiryFormMachine = typeof enquiryFormMachine;

/** A state value as a dotted path ("ready.sent", "sending"), for tests, QA and data attributes. */
export function statePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${statePath(child)}`))
    .join(',');
}
export type EnquiryFormActor = ActorRefFrom<EnquiryFormMachine>;
