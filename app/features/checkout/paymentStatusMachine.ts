/**
 * /checkout/process: waiting for the payment provider's verdict, which only its signed webhook
 * gives (the browser coming back proves nothing). The page asks for the order with
 * `?waiting=1` (the server reconciles with the provider when no webhook has come), with a
 * bounded back-off:
 *
 *   checking ──paid──────────────────────▶ paid       (→ /checkout/success)
 *      │     ──failed, cancelled, expired─▶ notPaid    (→ /checkout, the red notice)
 *      │     ──needs review───────────────▶ review
 *      │     ──404────────────────────────▶ notFound
 *      │     ──still pending, or no answer─▶ waiting ──after 1, 2, 4, 5, 5… s──▶ checking
 *      └─ (about two minutes of waiting spent) ──────▶ gaveUp ──CHECK_AGAIN──▶ checking
 *
 * No React here: the network call is the named actor `checkOrder`, and the two ways out are the
 * actions `navigateToSuccess` and `navigateToCheckout`, which the page provides.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { OrderStatus, OrderView } from '../../../api/domain/order';
import { notPaidStatuses } from './addresses';
import { fetchOrder } from './checkoutApi';
import { checkoutTexts } from './texts';

/** The back-off: the first wait, the longest, and when to stop asking. */
export const pollSchedule = {
  firstDelayMs: 1_000,
  maxDelayMs: 5_000,
  /** Waiting between checks stops after this much (about two minutes). */
  giveUpAfterMs: 120_000,
  /** From then on the page says confirmation will follow by e-mail. */
  slowAfterMs: 15_000,
} as const;

/** The wait after the `step`-th check: 1 s, doubling, at most 5 s. */
export function delayAfter(step: number): number {
  const doubled = pollSchedule.firstDelayMs * 2 ** Math.max(0, step - 1);
  return Math.min(pollSchedule.maxDelayMs, doubled);
}

/** The first step whose wait is the longest: the back-off counts no further. */
export const lastBackoffStep =
  1 + Math.ceil(Math.log2(pollSchedule.maxDelayMs / pollSchedule.firstDelayMs));

// In addresses.ts, so that the route table (first load) reads it without this machine.
export { notPaidStatuses };

export interface PaymentStatusContext {
  orderId: string;
  token: string | null;
  /**
   * The back-off's step: 1 at the first check, one more per check, no further than the step whose
   * wait is the longest (5 s), so the machine has finitely many states.
   */
  step: number;
  /** Time spent waiting between checks, in ms: the bound on the whole wait. */
  waitedMs: number;
  /** The order's status at the last answer. */
  status: OrderStatus | null;
  /** The order as last seen (for the pages that follow). */
  order: OrderView | null;
  /** The last check failed (no answer): said quietly, the checks go on. */
  error: string | null;
}

export type PaymentStatusEvent = { type: 'CHECK_AGAIN' };

export interface PaymentStatusInput {
  orderId: string;
  token: string | null;
}

export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    events: {} as PaymentStatusEvent,
    input: {} as PaymentStatusInput,
  },
  actors: {
    /** GET /api/orders/{id}?waiting=1: the order, or null (404). */
    checkOrder: fromPromise<OrderView | null, { orderId: string; token: string | null }>(
      ({ input, signal }) => fetchOrder(input.orderId, input.token, { waiting: true, signal }),
    ),
  },
  delays: {
    pollDelay: ({ context }) => delayAfter(context.step),
  },
  actions: {
    nextStep: assign({ step: ({ context }) => Math.min(context.step + 1, lastBackoffStep) }),
    addWait: assign({
      waitedMs: ({ context }) => context.waitedMs + delayAfter(context.step),
    }),
    assignOrder: assign((_, params: { order: OrderView | null }) =>
      params.order ? { order: params.order, status: params.order.status, error: null } : {},
    ),
    noteFailure: assign({ error: checkoutTexts.order.failed }),
    /** Provided by the page: to /checkout/success. */
    navigateToSuccess: () => {},
    /** Provided by the page: back to /checkout with the red notice for the status. */
    navigateToCheckout: (_, _params: { status: OrderStatus }) => {},
  },
  guards: {
    'isMissing?': (_, params: { order: OrderView | null }) => params.order === null,
    'isPaid?': (_, params: { order: OrderView | null }) => params.order?.status === 'paid',
    'isNotPaid?': (_, params: { order: OrderView | null }) =>
      params.order !== null && notPaidStatuses.includes(params.order.status),
    'isInReview?': (_, params: { order: OrderView | null }) =>
      params.order?.status === 'needs_review',
    /** Is there room for another wait before the bound? */
    'hasTimeLeft?': ({ context }) =>
      context.waitedMs + delayAfter(context.step) <= pollSchedule.giveUpAfterMs,
  },
}).createMachine({
  id: 'paymentStatus',
  context: ({ input }) => ({
    orderId: input.orderId,
    token: input.token,
    step: 0,
    waitedMs: 0,
    status: null,
    order: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      entry: 'nextStep',
      invoke: {
        id: 'checkOrder',
        src: 'checkOrder',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token }),
        onDone: [
          {
            guard: { type: 'isMissing?', params: ({ event }) => ({ order: event.output }) },
            target: 'notFound',
          },
          {
            guard: { type: 'isPaid?', params: ({ event }) => ({ order: event.output }) },
            target: 'paid',
            actions: [
              { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
              'navigateToSuccess',
            ],
          },
          {
            guard: { type: 'isNotPaid?', params: ({ event }) => ({ order: event.output }) },
            target: 'notPaid',
            actions: [
              { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
              {
                type: 'navigateToCheckout',
                params: ({ event }) => ({ status: event.output?.status ?? 'payment_failed' }),
              },
            ],
          },
          {
            guard: { type: 'isInReview?', params: ({ event }) => ({ order: event.output }) },
            target: 'review',
            actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: 'hasTimeLeft?',
            target: 'waiting',
            actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            target: 'gaveUp',
            actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
          },
        ],
        onError: [
          { guard: 'hasTimeLeft?', target: 'waiting', actions: 'noteFailure' },
          { target: 'gaveUp', actions: 'noteFailure' },
        ],
      },
    },
    /** Between checks: 1 s after the first, doubling to 5 s. */
    waiting: {
      after: { pollDelay: { target: 'checking', actions: 'addWait' } },
    },
    /** About two minutes without a verdict: confirmation will follow by e-mail. */
    gaveUp: {
      on: { CHECK_AGAIN: { target: 'checking' } },
    },
    paid: { type: 'final' },
    notPaid: { type: 'final' },
    /** The amount did not match: the shop's staff look at it; nothing more to wait for. */
    review: { type: 'final' },
    /** No such order for this token: the page is the site's 404. */
    notFound: { type: 'final' },
  },
});

export type PaymentStatusMachine = typeof paymentStatusMachine;
export type PaymentStatusActorRef = ActorRefFrom<PaymentStatusMachine>;

/** The page says confirmation will follow by e-mail once the wait is long. */
export function isSlow(context: Pick<PaymentStatusContext, 'waitedMs'>): boolean {
  return context.waitedMs >= pollSchedule.slowAfterMs;
}
