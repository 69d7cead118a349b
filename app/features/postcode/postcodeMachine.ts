/**
 * The Set Postcode dialog (SPEC §2, §4 "Postcode modal", §5 "Postcode", §8).
 *
 * - It opens and closes with the cart's shared `showPostcodeModal` flag: the site sends OPEN when
 *   the flag turns true and CLOSED when it turns false. The X (DISMISS) asks the server to clear
 *   the flag (`closeDialog`), which also drops an item waiting for a postcode.
 * - The input is normalised as typed (spaces removed, upper case). Any change clears the
 *   submitted state and the notice.
 * - SUBMIT checks the postcode first ('Postcode required.' / 'Invalid postcode, please check and
 *   try again.', shown as a danger notice; nothing is sent), then sets it (`setPostcode`):
 *   201 goes to /cart and closes; 200 closes; any other answer is shown as a danger notice and
 *   the dialog stays open. The cart store shows the success message and any warnings.
 *
 * No React here. `setPostcode`, `closeDialog` and `navigateToCart` are provided by the site
 * (PostcodeModal.tsx) and replaced in tests and stories with `machine.provide(...)`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { normalisePostcode, validatePostcode } from '../../../api/domain/postcode';
import { failureMessage, isSuccess, type CartResponse } from '../cart';

export interface PostcodeContext {
  /** The postcode as typed, normalised. */
  postcode: string;
  /** Set by SUBMIT, cleared by any change: drives the field's danger/success styling. */
  submitted: boolean;
  /** The danger notice: a validation message, the server's refusal or a failure. */
  error: string | null;
}

export type PostcodeEvent =
  /** The shared flag turned true. */
  | { type: 'OPEN' }
  /** The shared flag turned false. */
  | { type: 'CLOSED' }
  | { type: 'CHANGE'; value: string }
  | { type: 'SUBMIT' }
  /** The X, Escape or a click outside. */
  | { type: 'DISMISS' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`${name} must be provided with postcodeMachine.provide().`));

export const postcodeMachine = setup({
  types: {
    context: {} as PostcodeContext,
    events: {} as PostcodeEvent,
  },
  actors: {
    setPostcode: fromPromise<CartResponse, { postcode: string }>(notProvided('setPostcode')),
    closeDialog: fromPromise<CartResponse>(notProvided('closeDialog')),
  },
  actions: {
    resetForm: assign({ postcode: '', submitted: false, error: null }),
    updatePostcode: assign((_, params: { value: string }) => ({
      postcode: normalisePostcode(params.value),
      submitted: false,
      error: null,
    })),
    markSubmitted: assign({ submitted: true, error: null }),
    showValidationError: assign(({ context }) => ({
      submitted: true,
      error: validatePostcode(context.postcode, 'modal'),
    })),
    showRefusal: assign((_, params: { response: CartResponse }) => ({
      error: params.response.message,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error),
    })),
    /** Provided by the site: go to the cart page. */
    navigateToCart: () => {},
  },
  guards: {
    'isPostcodeValid?': ({ context }) => validatePostcode(context.postcode, 'modal') === null,
    /** 201: the postcode was set and the item waiting for it added. */
    'isAddedToCart?': (_, params: { response: CartResponse }) => params.response.code === 201,
    'isSuccess?': (_, params: { response: CartResponse }) => isSuccess(params.response),
  },
}).createMachine({
  id: 'postcode',
  context: { postcode: '', submitted: false, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: 'resetForm' } },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            CHANGE: {
              actions: { type: 'updatePostcode', params: ({ event }) => ({ value: event.value }) },
            },
            SUBMIT: [
              { guard: 'isPostcodeValid?', target: 'submitting', actions: 'markSubmitted' },
              { actions: 'showValidationError' },
            ],
            DISMISS: { target: 'closing' },
            CLOSED: { target: '#postcode.closed' },
          },
        },
        submitting: {
          invoke: {
            id: 'setPostcode',
            src: 'setPostcode',
            input: ({ context }) => ({ postcode: context.postcode }),
            onDone: [
              {
                guard: {
                  type: 'isAddedToCart?',
                  params: ({ event }) => ({ response: event.output }),
                },
                target: '#postcode.closed',
                actions: 'navigateToCart',
              },
              {
                guard: { type: 'isSuccess?', params: ({ event }) => ({ response: event.output }) },
                target: '#postcode.closed',
              },
              {
                target: 'editing',
                actions: {
                  type: 'showRefusal',
                  params: ({ event }) => ({ response: event.output }),
                },
              },
            ],
            onError: {
              target: 'editing',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        closing: {
          invoke: {
            id: 'closeDialog',
            src: 'closeDialog',
            onDone: [
              {
                guard: { type: 'isSuccess?', params: ({ event }) => ({ response: event.output }) },
                target: '#postcode.closed',
              },
              {
                target: 'editing',
                actions: {
                  type: 'showRefusal',
                  params: ({ event }) => ({ response: event.output }),
                },
              },
            ],
            onError: {
              target: 'editing',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type PostcodeMachine = typeof postcodeMachine;

/** The field's look (SPEC §4): neutral until submitted, then danger on an error, else success. */
export function validationStateOf(
  context: Pick<PostcodeContext, 'submitted' | 'error'>,
): 'neutral' | 'danger' | 'success' {
  if (!context.submitted) return 'neutral';
  return context.error ? 'danger' : 'success';
}
