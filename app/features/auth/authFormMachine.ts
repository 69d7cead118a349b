import { assertEvent, assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AuthValidation } from '../../../api/domain/auth';
import { AuthNetworkError, isSuccess, type AuthAnswer } from './authApi';
import { authTexts } from './texts';

/**
 * One statechart for the account forms (login, register, forgot and reset password), each made
 * with its own fields, shared yup schema and API call:
 *
 *   editing.idle ─SUBMIT─▶ validating ─valid───▶ submitting ─2xx─────▶ done
 *        ▲  CHANGE                    ─invalid─▶ editing.invalid       ─refused─▶ editing.refused
 *        └──────────── (any editing state)                              ─error───▶ editing.failed
 *
 * The schema is the API's own (api/domain/auth.ts), so the browser shows the same messages
 * before sending. Server refusals and network failures are emitted as `notify` (the site's one
 * notification channel); success is emitted as `done` with the API's answer.
 */

export type FormValues = Record<string, string>;
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V & string, string>>;

export interface AuthFormContext<V extends FormValues> {
  values: V;
  /** The schema's (or the API's) message per field, after Submit; empty before. */
  fieldErrors: FieldErrors<V>;
  /** Set by Submit, so fields show their verdicts; typing keeps it (fields re-check live). */
  submitted: boolean;
  /** The API's refusal, or the network failure, shown above the form. */
  problem: string | null;
  /** The API's answer once it accepted the form. */
  answer: AuthAnswer | null;
}

export type AuthFormEvent<V extends FormValues> =
  { type: 'CHANGE'; field: keyof V & string; value: string } | { type: 'SUBMIT' };

export type AuthFormEmitted =
  | { type: 'notify'; variant: 'success' | 'danger'; message: string }
  | { type: 'done'; answer: AuthAnswer };

export interface AuthFormInput<V extends FormValues> {
  values?: Partial<V>;
}

/** The validation actor rejects with this: the schema's messages by field. */
export class AuthFormInvalidError extends Error {
  readonly fieldErrors: Record<string, string>;
  constructor(fieldErrors: Record<string, string>) {
    super(authTexts.checkErrors);
    this.name = 'AuthFormInvalidError';
    this.fieldErrors = fieldErrors;
  }
}

export const VALIDATE = 'validate';
export const SUBMIT = 'submit';

export interface AuthFormDefinition<V extends FormValues> {
  id: string;
  empty: V;
  /** The shared schema's check (`validateLogin`, …). */
  validate: (values: V) => AuthValidation<unknown>;
  /** The API call with the values as the schema cleaned them. */
  submit: (values: V, signal: AbortSignal) => Promise<AuthAnswer>;
}

/** The schema's verdict on one field, for live re-checks after the first Submit. */
function fieldVerdict<V extends FormValues>(
  definition: AuthFormDefinition<V>,
  values: V,
): FieldErrors<V> {
  const result = definition.validate(values);
  return result.ok ? {} : (result.fieldErrors as FieldErrors<V>);
}

/**
 * The machine for one form. Its types are those of any form (`FormValues`: XState's typed setup
 * does not take a generic context); the definition's own types check the fields it names.
 */
export function createAuthFormMachine<D extends FormValues>(typed: AuthFormDefinition<D>) {
  type V = FormValues;
  const definition = typed as unknown as AuthFormDefinition<V>;
  return setup({
    types: {
      context: {} as AuthFormContext<V>,
      events: {} as AuthFormEvent<V>,
      input: {} as AuthFormInput<V>,
      emitted: {} as AuthFormEmitted,
    },
    actors: {
      [VALIDATE]: fromPromise<V, V>(async ({ input }) => {
        const result = definition.validate(input);
        if (!result.ok) throw new AuthFormInvalidError(result.fieldErrors);
        return input;
      }),
      [SUBMIT]: fromPromise<AuthAnswer, V>(({ input, signal }) => definition.submit(input, signal)),
    },
    guards: {
      'isAccepted?': (_, params: { answer: AuthAnswer }) => isSuccess(params.answer),
    },
    actions: {
      assignField: assign(({ context, event }) => {
        assertEvent(event, 'CHANGE');
        const values = { ...context.values, [event.field]: event.value } as V;
        return {
          values,
          // Once submitted, each change is checked again so a fixed field turns green.
          fieldErrors: context.submitted ? fieldVerdict(definition, values) : {},
          problem: null,
        };
      }),
      markSubmitted: assign({ submitted: true, problem: null }),
      setFieldErrors: assign((_, params: { error: unknown }) => ({
        fieldErrors: (params.error instanceof AuthFormInvalidError
          ? params.error.fieldErrors
          : {}) as FieldErrors<V>,
        problem: authTexts.checkErrors,
      })),
      setRefusal: assign((_, params: { answer: AuthAnswer }) => ({
        problem: params.answer.message,
        fieldErrors: (params.answer.fieldErrors ?? {}) as FieldErrors<V>,
      })),
      setFailure: assign((_, params: { error: unknown }) => ({
        problem:
          params.error instanceof AuthNetworkError
            ? params.error.message
            : authTexts.networkFailure,
      })),
      setAnswer: assign((_, params: { answer: AuthAnswer }) => ({
        answer: params.answer,
        problem: null,
        fieldErrors: {},
      })),
      notifyProblem: emit(({ context }) => ({
        type: 'notify' as const,
        variant: 'danger' as const,
        message: context.problem ?? authTexts.networkFailure,
      })),
      emitDone: emit((_, params: { answer: AuthAnswer }) => ({
        type: 'done' as const,
        answer: params.answer,
      })),
    },
  }).createMachine({
    id: definition.id,
    context: ({ input }: { input: AuthFormInput<V> | undefined }) => ({
      values: { ...definition.empty, ...input?.values } as V,
      fieldErrors: {},
      submitted: false,
      problem: null,
      answer: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        initial: 'idle',
        states: {
          /** Typing (a change clears the last refusal or failure). */
          idle: {},
          /** Submit found problems: each field says which; nothing was sent. */
          invalid: {},
          /** The API refused (wrong password, e-mail taken, link expired…): its message. */
          refused: {},
          /** No usable answer: a retryable message; everything typed is kept. */
          failed: {},
        },
        on: {
          CHANGE: { target: '.idle', actions: 'assignField' },
          SUBMIT: { target: 'validating', actions: 'markSubmitted' },
        },
      },
      /** The shared schema checks the form (as the API will). */
      validating: {
        invoke: {
          id: VALIDATE,
          src: VALIDATE,
          input: ({ context }) => context.values,
          onDone: { target: 'submitting' },
          onError: {
            target: 'editing.invalid',
            actions: { type: 'setFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      /** The request is in flight: the button is pending, the fields read-only. */
      submitting: {
        invoke: {
          id: SUBMIT,
          src: SUBMIT,
          input: ({ context }) => context.values,
          onDone: [
            {
              guard: { type: 'isAccepted?', params: ({ event }) => ({ answer: event.output }) },
              target: 'done',
              actions: [
                { type: 'setAnswer', params: ({ event }) => ({ answer: event.output }) },
                { type: 'emitDone', params: ({ event }) => ({ answer: event.output }) },
              ],
            },
            {
              target: 'editing.refused',
              actions: [
                { type: 'setRefusal', params: ({ event }) => ({ answer: event.output }) },
                'notifyProblem',
              ],
            },
          ],
          onError: {
            target: 'editing.failed',
            actions: [
              { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
              'notifyProblem',
            ],
          },
        },
      },
      /** The API accepted the form; the page moves on (or shows what happens next). */
      done: { type: 'final' },
    },
  });
}

export type AuthFormMachine = ReturnType<typeof createAuthFormMachine>;
export type AuthFormActorRef = ActorRefFrom<AuthFormMachine>;
