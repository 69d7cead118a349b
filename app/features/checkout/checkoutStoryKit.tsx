/**
 * Shared by the checkout stories: the machine with stand-ins for the API (plugged in with
 * `machine.provide(...)`), the answers QA can pick, and a demo of the form as the page runs it.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { CheckoutForm as ValidForm, CheckoutInput } from '../../../api/domain/checkout';
import type { CheckoutSummary, OrderView } from '../../../api/domain/order';
import { CheckoutNetworkError, type CheckoutAnswer } from './checkoutApi';
import { CheckoutForm } from './CheckoutForm';
import { checkoutMachine, validateCheckoutForm, type CheckoutMachine } from './checkoutMachine';
import { paymentStatusMachine, type PaymentStatusMachine } from './paymentStatusMachine';
import { summaryOil2700Declared, summaryOil500Priority } from './testing';
import { checkoutTexts } from './texts';

/**
 * The same value, read the same by the machine, but written as `label` in JSON: the explorer's
 * buttons and context stay readable ("output":"summary with the declaration").
 */
export function labelled<T extends object>(value: T, label: string): T {
  const copy = Object.create(
    Object.getPrototypeOf(value) as object | null,
    Object.getOwnPropertyDescriptors(value),
  ) as T;
  Object.defineProperty(copy, 'toJSON', { value: () => label, enumerable: false });
  return copy;
}

export const offline = labelled(
  new CheckoutNetworkError(checkoutTexts.submitFailed, new TypeError('Failed to fetch')),
  'offline',
);

/** An API call that never answers: the explorer's answers come from its event buttons. */
const never = <T,>() => new Promise<T>(() => {});

/** The form as POST /api/checkout receives it: the fields and the delivery day chosen. */
export type SentValues = CheckoutInput & { deliveryDay: string | null; priority: boolean };

export interface CheckoutStandIns {
  /** GET /api/checkout?domesticUse=…; default: never answers. */
  loadSummary?: (domesticUse: boolean, priority: boolean) => Promise<CheckoutSummary>;
  /** Default: the shared schema (as on the site). `'never'`: QA answers. */
  validate?: 'schema' | 'never';
  /** POST /api/checkout (the form, and the delivery day chosen); default: never answers. */
  submit?: (values: SentValues, key: string) => Promise<CheckoutAnswer>;
  /** Instead of leaving for the payment page. */
  onRedirect?: (url: string) => void;
}

/** The checkout machine with the network replaced and the page kept where it is. */
export function checkoutMachineWith(standIns: CheckoutStandIns = {}): CheckoutMachine {
  return checkoutMachine.provide({
    actors: {
      loadSummary: fromPromise<CheckoutSummary, { domesticUse: boolean; priority?: boolean }>(
        ({ input }) =>
          (standIns.loadSummary ?? (() => never<CheckoutSummary>()))(
            input.domesticUse,
            input.priority ?? false,
          ),
      ),
      validateForm: fromPromise<ValidForm, CheckoutInput>(({ input }) =>
        standIns.validate === 'never' ? never<ValidForm>() : validateCheckoutForm(input),
      ),
      submitCheckout: fromPromise<
        CheckoutAnswer,
        { values: CheckoutInput; key: string; deliveryDay?: string | null; priority?: boolean }
      >(({ input }) =>
        (standIns.submit ?? (() => never<CheckoutAnswer>()))(
          {
            ...input.values,
            deliveryDay: input.deliveryDay ?? null,
            priority: input.priority ?? false,
          },
          input.key,
        ),
      ),
    },
    actions: {
      rememberOrder: () => {},
      redirectToProvider: ({ context }) => standIns.onRedirect?.(context.order?.redirectUrl ?? ''),
    },
  });
}

/** What the form demo's fake API was asked. */
export interface SentCheckout {
  key: string;
  values: SentValues;
}

export interface CheckoutFormDemoProps {
  summary: CheckoutSummary;
  /** The API's answers to Pay, in turn (the last one repeats); an Error is a network failure. */
  answers?: (CheckoutAnswer | Error)[];
  /** The figures the server gives for a declaration. */
  declared?: CheckoutSummary;
  /** The figures the server gives for priority delivery (without the declaration). */
  priority?: CheckoutSummary;
  values?: Partial<CheckoutInput>;
  /** Opened as after a post without script that the server refused (the fields' states shown). */
  submitted?: boolean;
  /** The Idempotency-Key of a post without script. */
  formKey?: string;
  paymentNotice?: string | null;
  /** Told of every POST and of the redirect, for the play functions. */
  onSubmit?: (sent: SentCheckout) => void;
  onRedirect?: (url: string) => void;
}

/** The checkout form as /checkout runs it, with a fake API that answers at once. */
export function CheckoutFormDemo({
  summary,
  answers = [],
  declared = summaryOil2700Declared,
  priority = summaryOil500Priority,
  values,
  submitted,
  formKey,
  paymentNotice,
  onSubmit,
  onRedirect,
}: CheckoutFormDemoProps) {
  const [machine] = useState(() => {
    let turn = 0;
    return checkoutMachineWith({
      loadSummary: async (domesticUse, fast) =>
        domesticUse ? declared : fast ? priority : summary,
      submit: async (sent, key) => {
        onSubmit?.({ key, values: sent });
        const answer = answers[Math.min(turn++, answers.length - 1)];
        if (!answer) return never<CheckoutAnswer>();
        if (answer instanceof Error) throw answer;
        return answer;
      },
      onRedirect,
    });
  });
  const actor = useActorRef(machine, { input: { summary, values, submitted } });
  return <CheckoutForm actor={actor} paymentNotice={paymentNotice} formKey={formKey} />;
}

/** The payment status machine with GET /api/orders/{id} never answering (QA answers). */
export function paymentStatusMachineWith(
  check: () => Promise<OrderView | null> = () => never<OrderView | null>(),
): PaymentStatusMachine {
  return paymentStatusMachine.provide({
    actors: {
      checkOrder: fromPromise<OrderView | null, { orderId: string; token: string | null }>(() =>
        check(),
      ),
    },
    actions: { navigateToSuccess: () => {}, navigateToCheckout: () => {} },
  });
}
