/**
 * The checkout form (issue 15) as a statechart:
 *
 *   editing ──SUBMIT──▶ validating ──done──▶ submitting ──201──────────▶ redirecting
 *     ▲  │ (ready, invalid,        └─error─▶ editing.invalid  ├─5xx, 429──────────▶ failed
 *     │  │  refused, summaryFailed)                           ├─4xx──────────────▶ editing.refused
 *     │  └─SET_DOMESTIC_USE─▶ updatingSummary ─done─▶ editing └─network error─────▶ failed
 *     │                                      └─error─▶ editing.summaryFailed
 *     └── failed ──SUBMIT──▶ submitting (the same attempt again, with the same key)
 *
 * - The form is checked with the shared schema (api/domain/checkout.ts), so the browser shows the
 *   API's own messages before anything is sent.
 * - Each attempt at paying has one Idempotency-Key: the first SUBMIT of an attempt proposes it
 *   (the page makes a random one per press) and it is kept until the attempt ends. A double
 *   click cannot send twice (SUBMIT is not accepted while validating or submitting), and a retry
 *   after a failure whose outcome is unknown (network, 5xx) sends the same key, so the server
 *   answers with the same order. Any change to the form, or a refusal (4xx), ends the attempt.
 * - Ticking the domestic-use declaration, or priority delivery, asks the server for the summary
 *   again: the figures are always the server's.
 * - Standard delivery sends the day chosen (SET_DELIVERY_DAY, only a day on offer with room);
 *   priority delivery (SET_PRIORITY) is the next delivery day, for the zone's surcharge. Pay sends the total shown (`expectedTotal`); when the server's total has
 *   changed since, it answers 409 with the new summary, which the page then shows, and the next
 *   Pay confirms it.
 * - On 201 the order's token is remembered for this tab (`rememberOrder`) and the browser goes
 *   to the provider's page (`redirectToProvider`).
 *
 * No React here. The network calls are the named actors `loadSummary`, `validateForm` and
 * `submitCheckout`; tests and stories replace them with `machine.provide(...)`.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  emptyCheckoutInput,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutForm,
  type CheckoutInput,
} from '../../../api/domain/checkout';
import type { DeliveryOffer } from '../../../api/domain/deliveryBooking';
import type { CheckoutSummary } from '../../../api/domain/order';
import {
  fetchCheckoutSummary,
  postCheckout,
  type CheckoutAnswer,
  type CreatedOrder,
} from './checkoutApi';
import { rememberLastOrder, rememberOrderToken } from './orderAccess';
import { checkoutTexts } from './texts';

/** The fields typed into (the postcode is the cart's; the two boxes have events of their own). */
export type CheckoutTextField = Exclude<CheckoutField, 'postcode' | 'domesticUse' | 'acceptTerms'>;

/** An order the API made: where to pay, and the token to read it back. */
export interface PlacedOrder extends CreatedOrder {
  orderToken: string;
  redirectUrl: string;
}

export interface CheckoutContext {
  /** What is sent: the typed fields, the cart's postcode and the two boxes. */
  values: CheckoutInput;
  /** The server's figures (GET /api/checkout), for the declaration the values say. */
  summary: CheckoutSummary;
  /** Pay was pressed: fields show their state, and are checked again as they change. */
  submitted: boolean;
  /** The shared schema's message per field (only once submitted). */
  fieldErrors: CheckoutErrors;
  /** What went wrong last: the server's refusal, a failure; shown above the button. */
  problem: string | null;
  /** The refusal's further messages (`errors`). */
  problemDetails: string[];
  /** The current attempt's Idempotency-Key, or null when no attempt is under way. */
  idempotencyKey: string | null;
  /** Set on 201. */
  order: PlacedOrder | null;
  /**
   * The delivery day chosen (ISO), one the summary offers with room: the earliest standard day
   * to begin with. Null when the summary offers none (the server then picks, or refuses).
   */
  deliveryDay: string | null;
  /** Why the shop refused the day chosen (it filled up meanwhile), until another is chosen. */
  dayError: string | null;
  /** Priority (next-day) delivery is ticked: the summary's figures include its surcharge. */
  priority: boolean;
}

export type CheckoutEvent =
  | { type: 'CHANGE'; field: CheckoutTextField; value: string }
  | { type: 'SET_DOMESTIC_USE'; value: boolean }
  | { type: 'SET_ACCEPT_TERMS'; value: boolean }
  /** Choose a delivery day (ISO); only a day on offer with room is taken. */
  | { type: 'SET_DELIVERY_DAY'; day: string }
  /** Tick or untick priority (next-day) delivery; ticked only while its day has room. */
  | { type: 'SET_PRIORITY'; value: boolean }
  /** Pay securely. `key` is a fresh random key, used only when this press starts an attempt. */
  | { type: 'SUBMIT'; key: string }
  /** The page is shown again (Back from the provider's page, out of the back-forward cache). */
  | { type: 'RESUME' };

export interface CheckoutMachineInput {
  /** The summary the page opened with (never blocked). */
  summary: CheckoutSummary;
  /** Values to start from (stories, tests); the postcode is always the summary's. */
  values?: Partial<CheckoutInput>;
  /**
   * Start as if Pay had been pressed (the server refused the form posted without script): the
   * fields show their state, each with the shared schema's message.
   */
  submitted?: boolean;
  /** The day chosen before (a form posted without script); kept when it still has room. */
  deliveryDay?: string | null;
}

/** Whether these figures include priority delivery's surcharge. */
export function isPriced(summary: CheckoutSummary): boolean {
  return (summary.prioritySurcharge ?? 0) > 0;
}

/** Whether the offer has room on `day`. */
function isFreeDay(offer: DeliveryOffer | undefined, day: string | null | undefined): boolean {
  return day != null && offer?.days.some((d) => d.day === day && d.free) === true;
}

/**
 * The day to show chosen: `wanted` when it still has room, else the first free day after it,
 * else the earliest free standard day (or the earliest free day).
 */
export function chosenDay(
  offer: DeliveryOffer | undefined,
  wanted: string | null | undefined,
): string | null {
  if (!offer) return null;
  if (isFreeDay(offer, wanted)) return wanted ?? null;
  const after = wanted ? offer.days.find((d) => d.free && d.day > wanted)?.day : undefined;
  return after ?? offer.standard ?? offer.earliest;
}

/** The schema's verdict, as `validateForm` rejects with it. */
export class CheckoutInvalidError extends Error {
  readonly fieldErrors: CheckoutErrors;
  readonly errors: string[];
  // Defaults: Storybook's docs copy args by calling each value's constructor with no arguments.
  constructor(errors: string[] = [], fieldErrors: CheckoutErrors = {}) {
    super(errors[0] ?? checkoutTexts.checkErrors);
    this.name = 'CheckoutInvalidError';
    this.errors = errors;
    this.fieldErrors = fieldErrors;
  }
}

/** Checks the form with the shared schema; resolves with the clean form or rejects with why. */
export async function validateCheckoutForm(values: CheckoutInput): Promise<CheckoutForm> {
  const result = validateCheckout(values);
  if (result.ok) return result.value;
  throw new CheckoutInvalidError(result.errors, result.fieldErrors);
}

function fieldErrorsOf(values: CheckoutInput): CheckoutErrors {
  const result = validateCheckout(values);
  return result.ok ? {} : result.fieldErrors;
}

/** A 201 with everything the browser needs to go on. */
export function isCreated(answer: CheckoutAnswer): boolean {
  return (
    answer.code === 201 &&
    typeof answer.redirectUrl === 'string' &&
    answer.redirectUrl !== '' &&
    typeof answer.orderToken === 'string' &&
    answer.order !== undefined
  );
}

/**
 * An answer that leaves the attempt's outcome open, so the same key is sent again: a server
 * fault, the provider out of reach, the payment page still being prepared for the same key (all
 * 5xx), or too many requests.
 */
export function isWorthRetrying(answer: CheckoutAnswer): boolean {
  return answer.code >= 500 || answer.code === 429;
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutMachineInput,
  },
  actors: {
    loadSummary: fromPromise<CheckoutSummary, { domesticUse: boolean; priority?: boolean }>(
      ({ input, signal }) => fetchCheckoutSummary(input.domesticUse, signal, input.priority),
    ),
    validateForm: fromPromise<CheckoutForm, CheckoutInput>(({ input }) =>
      validateCheckoutForm(input),
    ),
    submitCheckout: fromPromise<
      CheckoutAnswer,
      {
        values: CheckoutInput;
        key: string;
        expectedTotal?: number;
        deliveryDay?: string | null;
        priority?: boolean;
      }
    >(({ input, signal }) =>
      postCheckout(
        {
          ...input.values,
          expectedTotal: input.expectedTotal ?? 0,
          ...(input.priority
            ? { deliveryService: 'priority' as const }
            : input.deliveryDay
              ? { deliveryDay: input.deliveryDay }
              : {}),
        },
        input.key,
        signal,
      ),
    ),
  },
  actions: {
    assignField: assign({
      values: ({ context }, params: { field: CheckoutTextField; value: string }) => ({
        ...context.values,
        [params.field]: params.value,
      }),
    }),
    assignAcceptTerms: assign({
      values: ({ context }, params: { value: boolean }) => ({
        ...context.values,
        acceptTerms: params.value,
      }),
    }),
    /** The box shows the new choice at once; the figures follow from the server. */
    assignDomesticUse: assign({
      values: ({ context }, params: { value: boolean }) => ({
        ...context.values,
        domesticUse: params.value,
      }),
    }),
    /** The box shows the new choice at once; the figures follow from the server. */
    assignPriority: assign({ priority: (_, params: { value: boolean }) => params.value }),
    /** Another day: the refusal of the last one no longer applies. */
    assignDeliveryDay: assign((_, params: { day: string }) => ({
      deliveryDay: params.day,
      dayError: null,
    })),
    /** Once Pay was pressed, every change is checked again, so fixed fields turn green. */
    revalidate: assign({
      fieldErrors: ({ context }) => (context.submitted ? fieldErrorsOf(context.values) : {}),
    }),
    /** The form changed: the next Pay is a new attempt, with a new key. */
    endAttempt: assign({ idempotencyKey: null }),
    /** The first press of an attempt fixes its key; later presses (retries) keep it. */
    startAttempt: assign({
      idempotencyKey: ({ context }, params: { key: string }) =>
        context.idempotencyKey ?? params.key,
    }),
    markSubmitted: assign({ submitted: true }),
    clearFieldErrors: assign({ fieldErrors: {} }),
    clearProblem: assign({ problem: null, problemDetails: [], dayError: null }),
    applySummary: assign(({ context }, params: { summary: CheckoutSummary }) => ({
      summary: params.summary,
      values: { ...context.values, domesticUse: params.summary.domesticUse },
      deliveryDay: chosenDay(params.summary.delivery, context.deliveryDay),
      priority: isPriced(params.summary),
    })),
    showSummaryFailure: assign(({ context }) => ({
      values: { ...context.values, domesticUse: context.summary.domesticUse },
      priority: isPriced(context.summary),
      problem: checkoutTexts.summaryFailed,
      problemDetails: [],
    })),
    showFieldErrors: assign((_, params: { error: unknown }) => {
      if (params.error instanceof CheckoutInvalidError) {
        return {
          fieldErrors: params.error.fieldErrors,
          problem: checkoutTexts.checkErrors,
          problemDetails: [],
        };
      }
      return { problem: checkoutTexts.checkErrors, problemDetails: [] };
    }),
    showRefusal: assign(({ context }, params: { answer: CheckoutAnswer }) => ({
      // A total that changed since the summary was shown (409): the new figures are shown, and
      // the next Pay confirms them.
      ...(params.answer.summary ? { summary: params.answer.summary } : {}),
      // The day chosen filled up (409): the days on offer now, the next free one chosen.
      ...(params.answer.delivery
        ? {
            summary: {
              ...(params.answer.summary ?? context.summary),
              delivery: params.answer.delivery,
            },
            deliveryDay: chosenDay(params.answer.delivery, context.deliveryDay),
          }
        : {}),
      dayError: params.answer.fieldErrors?.deliveryDay ?? null,
      problem: params.answer.message,
      problemDetails: (params.answer.errors ?? []).filter((m) => m !== params.answer.message),
      fieldErrors: params.answer.fieldErrors
        ? { ...context.fieldErrors, ...params.answer.fieldErrors }
        : context.fieldErrors,
    })),
    showAnswerFailure: assign((_, params: { answer: CheckoutAnswer }) => ({
      problem: params.answer.message,
      problemDetails: [],
    })),
    showNetworkFailure: assign({ problem: checkoutTexts.submitFailed, problemDetails: [] }),
    assignOrder: assign({
      order: (_, params: { answer: CheckoutAnswer }): PlacedOrder | null =>
        params.answer.order
          ? {
              ...params.answer.order,
              orderToken: params.answer.orderToken ?? '',
              redirectUrl: params.answer.redirectUrl ?? '',
            }
          : null,
    }),
    /** Keeps the order's token for /checkout/process and /checkout/success in this tab. */
    rememberOrder: (_, params: { answer: CheckoutAnswer }) => {
      if (params.answer.order && params.answer.orderToken) {
        rememberOrderToken(params.answer.order.id, params.answer.orderToken);
        rememberLastOrder(params.answer.order.id);
      }
    },
    /** Leaves for the provider's payment page (a full page load: it may be another site). */
    redirectToProvider: ({ context }) => {
      if (typeof window !== 'undefined' && context.order) {
        window.location.assign(context.order.redirectUrl);
      }
    },
  },
  guards: {
    /** Is the declaration offered, and is this a change of the box? */
    'isNewDeclaration?': ({ context }, params: { value: boolean }) =>
      context.summary.declarationApplies && params.value !== context.values.domesticUse,
    /** Untick, or tick while priority delivery's day has room; and a change of the box. */
    'isNewPriority?': ({ context }, params: { value: boolean }) =>
      params.value !== context.priority &&
      (!params.value || (context.summary.delivery?.priority.day ?? null) !== null),
    /** Is the day on offer with room, and another than the one chosen? */
    'isOtherFreeDay?': ({ context }, params: { day: string }) =>
      params.day !== context.deliveryDay && isFreeDay(context.summary.delivery, params.day),
    'isCreated?': (_, params: { answer: CheckoutAnswer }) => isCreated(params.answer),
    'isWorthRetrying?': (_, params: { answer: CheckoutAnswer }) => isWorthRetrying(params.answer),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const values: CheckoutInput = {
      ...emptyCheckoutInput,
      ...input.values,
      postcode: input.summary.postcode ?? '',
      domesticUse: input.summary.domesticUse,
    };
    const submitted = input.submitted ?? false;
    return {
      values,
      summary: input.summary,
      submitted,
      fieldErrors: submitted ? fieldErrorsOf(values) : {},
      problem: null,
      problemDetails: [],
      idempotencyKey: null,
      order: null,
      deliveryDay: chosenDay(input.summary.delivery, input.deliveryDay),
      dayError: null,
      priority: isPriced(input.summary),
    };
  },
  initial: 'editing',
  states: {
    editing: {
      initial: 'ready',
      states: {
        /** Typing. */
        ready: {},
        /** Pay found problems in the form: each field says what. Nothing was sent. */
        invalid: {},
        /** The server refused the order (4xx): its message; the attempt is over. */
        refused: {},
        /** The figures for the declaration could not be fetched: the box is as it was. */
        summaryFailed: {},
      },
      on: {
        CHANGE: {
          actions: [
            { type: 'assignField', params: ({ event }) => event },
            'endAttempt',
            'revalidate',
          ],
        },
        SET_ACCEPT_TERMS: {
          actions: [
            { type: 'assignAcceptTerms', params: ({ event }) => event },
            'endAttempt',
            'revalidate',
          ],
        },
        SET_DELIVERY_DAY: {
          guard: { type: 'isOtherFreeDay?', params: ({ event }) => event },
          actions: [{ type: 'assignDeliveryDay', params: ({ event }) => event }, 'endAttempt'],
        },
        SET_DOMESTIC_USE: {
          guard: { type: 'isNewDeclaration?', params: ({ event }) => event },
          target: 'updatingSummary',
          actions: [
            { type: 'assignDomesticUse', params: ({ event }) => event },
            'endAttempt',
            'clearProblem',
          ],
        },
        SET_PRIORITY: {
          guard: { type: 'isNewPriority?', params: ({ event }) => event },
          target: 'updatingSummary',
          actions: [
            { type: 'assignPriority', params: ({ event }) => event },
            'endAttempt',
            'clearProblem',
          ],
        },
        SUBMIT: {
          target: 'validating',
          actions: [
            'markSubmitted',
            'clearProblem',
            { type: 'startAttempt', params: ({ event }) => ({ key: event.key }) },
          ],
        },
      },
    },
    /** The summary for the new declaration is on its way; typing goes on. */
    updatingSummary: {
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        input: ({ context }) => ({
          domesticUse: context.values.domesticUse,
          priority: context.priority,
        }),
        onDone: {
          target: 'editing.ready',
          actions: [
            { type: 'applySummary', params: ({ event }) => ({ summary: event.output }) },
            'revalidate',
          ],
        },
        onError: { target: 'editing.summaryFailed', actions: 'showSummaryFailure' },
      },
      on: {
        CHANGE: {
          actions: [
            { type: 'assignField', params: ({ event }) => event },
            'endAttempt',
            'revalidate',
          ],
        },
        SET_ACCEPT_TERMS: {
          actions: [
            { type: 'assignAcceptTerms', params: ({ event }) => event },
            'endAttempt',
            'revalidate',
          ],
        },
        SET_DELIVERY_DAY: {
          guard: { type: 'isOtherFreeDay?', params: ({ event }) => event },
          actions: [{ type: 'assignDeliveryDay', params: ({ event }) => event }, 'endAttempt'],
        },
      },
    },
    /** The form is checked with the shared schema; nothing can change meanwhile. */
    validating: {
      invoke: {
        id: 'validateForm',
        src: 'validateForm',
        input: ({ context }) => context.values,
        onDone: { target: 'submitting', actions: 'clearFieldErrors' },
        onError: {
          target: 'editing.invalid',
          actions: { type: 'showFieldErrors', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** POST /api/checkout with the attempt's key. Pay is pending; the form is read-only. */
    submitting: {
      invoke: {
        id: 'submitCheckout',
        src: 'submitCheckout',
        input: ({ context }) => ({
          values: context.values,
          key: context.idempotencyKey ?? '',
          // The total the page shows: the server refuses (409) any other.
          expectedTotal: context.summary.total,
          deliveryDay: context.deliveryDay,
          priority: context.priority,
        }),
        onDone: [
          {
            guard: { type: 'isCreated?', params: ({ event }) => ({ answer: event.output }) },
            target: 'redirecting',
            actions: [
              { type: 'assignOrder', params: ({ event }) => ({ answer: event.output }) },
              { type: 'rememberOrder', params: ({ event }) => ({ answer: event.output }) },
            ],
          },
          {
            guard: { type: 'isWorthRetrying?', params: ({ event }) => ({ answer: event.output }) },
            target: 'failed',
            actions: {
              type: 'showAnswerFailure',
              params: ({ event }) => ({ answer: event.output }),
            },
          },
          {
            target: 'editing.refused',
            actions: [
              { type: 'showRefusal', params: ({ event }) => ({ answer: event.output }) },
              'endAttempt',
            ],
          },
        ],
        onError: { target: 'failed', actions: 'showNetworkFailure' },
      },
    },
    /** Going to the provider's page. Back from there (page restored) resumes the same attempt. */
    redirecting: {
      entry: 'redirectToProvider',
      on: { RESUME: { target: 'editing.ready' } },
    },
    /**
     * The attempt's outcome is unknown (no answer, or a fault): Pay sends it again with the same
     * key; a change to the form starts a new one.
     */
    failed: {
      on: {
        SUBMIT: { target: 'submitting', actions: 'clearProblem' },
        CHANGE: {
          target: 'editing.ready',
          actions: [
            { type: 'assignField', params: ({ event }) => event },
            'endAttempt',
            'clearProblem',
            'revalidate',
          ],
        },
        SET_ACCEPT_TERMS: {
          target: 'editing.ready',
          actions: [
            { type: 'assignAcceptTerms', params: ({ event }) => event },
            'endAttempt',
            'clearProblem',
            'revalidate',
          ],
        },
        SET_DELIVERY_DAY: {
          guard: { type: 'isOtherFreeDay?', params: ({ event }) => event },
          target: 'editing.ready',
          actions: [
            { type: 'assignDeliveryDay', params: ({ event }) => event },
            'endAttempt',
            'clearProblem',
          ],
        },
        SET_DOMESTIC_USE: {
          guard: { type: 'isNewDeclaration?', params: ({ event }) => event },
          target: 'updatingSummary',
          actions: [
            { type: 'assignDomesticUse', params: ({ event }) => event },
            'endAttempt',
            'clearProblem',
          ],
        },
        SET_PRIORITY: {
          guard: { type: 'isNewPriority?', params: ({ event }) => event },
          target: 'updatingSummary',
          actions: [
            { type: 'assignPriority', params: ({ event }) => event },
            'endAttempt',
            'clearProblem',
          ],
        },
      },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
export type CheckoutActorRef = ActorRefFrom<CheckoutMachine>;
