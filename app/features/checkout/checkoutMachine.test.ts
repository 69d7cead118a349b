import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  validateCheckout,
  type CheckoutForm,
  type CheckoutInput,
} from '../../../api/domain/checkout';
import { messages } from '../../../api/domain/messages';
import type { CheckoutSummary } from '../../../api/domain/order';
import {
  coverageOf,
  coveringPaths,
  exploreModel,
  machineStateIds,
  machineTransitionKeys,
  replayPath,
  settleCall,
  type LiveDriver,
} from '../../qa/modelCoverage';
import { CheckoutNetworkError, type CheckoutAnswer } from './checkoutApi';
import {
  checkoutMachine,
  CheckoutInvalidError,
  isCreated,
  isWorthRetrying,
  validateCheckoutForm,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutMachineInput,
} from './checkoutMachine';
import {
  checkoutAnswers,
  offerOil,
  summaryOil2700,
  summaryOil2700Declared,
  summaryOil2700Priority,
  summaryOil500,
  summaryOil500Priority,
  validCheckoutValues,
} from './testing';
import { checkoutTexts } from './texts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

const networkError = new CheckoutNetworkError(
  checkoutTexts.submitFailed,
  new TypeError('Failed to fetch'),
);

/**
 * The machine with its network actors answered by hand. `validate: 'schema'` keeps the real
 * check with the shared schema; `'manual'` answers it by hand too (the model-based replays).
 */
function startCheckout(
  input: CheckoutMachineInput = { summary: summaryOil500 },
  options: { validate?: 'schema' | 'manual' } = {},
) {
  const summaryCalls: Pending<{ domesticUse: boolean; priority?: boolean }, CheckoutSummary>[] = [];
  const validateCalls: Pending<CheckoutInput, CheckoutForm>[] = [];
  const submitCalls: Pending<
    {
      values: CheckoutInput;
      key: string;
      expectedTotal?: number;
      deliveryDay?: string | null;
      priority?: boolean;
    },
    CheckoutAnswer
  >[] = [];
  const remembered: CheckoutAnswer[] = [];
  const redirects: string[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      loadSummary: fromPromise<CheckoutSummary, { domesticUse: boolean; priority?: boolean }>(
        ({ input }) =>
          new Promise((resolve, reject) => summaryCalls.push({ input, resolve, reject })),
      ),
      ...(options.validate === 'manual'
        ? {
            validateForm: fromPromise<CheckoutForm, CheckoutInput>(
              ({ input }) =>
                new Promise((resolve, reject) => validateCalls.push({ input, resolve, reject })),
            ),
          }
        : {}),
      submitCheckout: fromPromise<
        CheckoutAnswer,
        { values: CheckoutInput; key: string; expectedTotal?: number; deliveryDay?: string | null }
      >(
        ({ input }) =>
          new Promise((resolve, reject) => submitCalls.push({ input, resolve, reject })),
      ),
    },
    actions: {
      rememberOrder: (_, params) => {
        remembered.push(params.answer);
      },
      redirectToProvider: ({ context }) => {
        redirects.push(context.order?.redirectUrl ?? '(none)');
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    summaryCalls,
    validateCalls,
    submitCalls,
    remembered,
    redirects,
    send: (event: CheckoutEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
  };
}

/** Fills the form with values the shared schema accepts. */
function fillIn(checkout: ReturnType<typeof startCheckout>) {
  for (const [field, value] of Object.entries(validCheckoutValues)) {
    if (field === 'acceptTerms') checkout.send({ type: 'SET_ACCEPT_TERMS', value: true });
    else checkout.send({ type: 'CHANGE', field: field as 'fullName', value: String(value) });
  }
}

async function submitValid(checkout: ReturnType<typeof startCheckout>, key = 'key-1') {
  fillIn(checkout);
  checkout.send({ type: 'SUBMIT', key });
  await flush();
}

describe('checkoutMachine', () => {
  it('starts editing, with the cart postcode and the summary from the server', () => {
    const checkout = startCheckout({ summary: summaryOil2700 });
    const snapshot = checkout.snapshot();
    expect(snapshot.value).toEqual({ editing: 'ready' });
    expect(snapshot.context).toMatchObject({
      summary: summaryOil2700,
      submitted: false,
      fieldErrors: {},
      problem: null,
      idempotencyKey: null,
      order: null,
    });
    expect(snapshot.context.values).toMatchObject({
      postcode: 'BT11AA',
      domesticUse: false,
      acceptTerms: false,
      fullName: '',
    });
  });

  it('checks the form with the shared schema: the same messages as the API, nothing sent', async () => {
    const checkout = startCheckout();
    checkout.send({ type: 'CHANGE', field: 'email', value: 'jane@' });
    checkout.send({ type: 'SUBMIT', key: 'key-1' });
    expect(checkout.snapshot().value).toBe('validating');
    await flush();
    const snapshot = checkout.snapshot();
    expect(snapshot.value).toEqual({ editing: 'invalid' });
    const server = validateCheckout(snapshot.context.values);
    if (server.ok) throw new Error('the form should be invalid');
    expect(snapshot.context.fieldErrors).toEqual(server.fieldErrors);
    expect(snapshot.context.fieldErrors).toMatchObject({
      fullName: messages.checkout.fullNameRequired,
      email: messages.checkout.emailInvalid,
      phone: messages.checkout.phoneInvalid,
      acceptTerms: messages.checkout.acceptTerms,
    });
    expect(snapshot.context.problem).toBe(checkoutTexts.checkErrors);
    expect(checkout.submitCalls).toEqual([]);
  });

  it('checks each change again once Pay was pressed, so a fixed field turns green', async () => {
    const checkout = startCheckout();
    checkout.send({ type: 'SUBMIT', key: 'key-1' });
    await flush();
    expect(checkout.snapshot().context.fieldErrors.fullName).toBe(
      messages.checkout.fullNameRequired,
    );
    checkout.send({ type: 'CHANGE', field: 'fullName', value: 'Jane Doe' });
    expect(checkout.snapshot().context.fieldErrors.fullName).toBeUndefined();
    checkout.send({ type: 'SET_ACCEPT_TERMS', value: true });
    expect(checkout.snapshot().context.fieldErrors.acceptTerms).toBeUndefined();
  });

  it('sends a valid form once, with the attempt key, whatever the number of presses', async () => {
    const checkout = startCheckout();
    fillIn(checkout);
    checkout.send({ type: 'SUBMIT', key: 'key-1' });
    // A double click: the second press is not accepted while the first is on its way.
    expect(checkout.snapshot().can({ type: 'SUBMIT', key: 'key-2' })).toBe(false);
    checkout.send({ type: 'SUBMIT', key: 'key-2' });
    await flush();
    checkout.send({ type: 'SUBMIT', key: 'key-3' });
    expect(checkout.snapshot().value).toBe('submitting');
    expect(checkout.submitCalls).toHaveLength(1);
    expect(checkout.submitCalls[0]?.input).toEqual({
      key: 'key-1',
      values: { ...checkout.snapshot().context.values },
      // The total the page shows: the server refuses any other.
      expectedTotal: summaryOil500.total,
      // The earliest free standard day, chosen to begin with; standard delivery.
      deliveryDay: '2025-03-19',
      priority: false,
    });
    expect(checkout.submitCalls[0]?.input.values).toMatchObject({
      postcode: 'BT11AA',
      acceptTerms: true,
      domesticUse: false,
    });
  });

  it('starts on the earliest free standard day; another free day can be chosen, a full or unknown one cannot', async () => {
    const checkout = startCheckout();
    expect(checkout.snapshot().context.deliveryDay).toBe('2025-03-19');
    // Full, a Saturday, the priority day, the day chosen, not a day.
    for (const day of ['2025-03-20', '2025-03-22', '2025-03-18', '2025-03-19', 'soon']) {
      expect(checkout.snapshot().can({ type: 'SET_DELIVERY_DAY', day })).toBe(false);
    }
    checkout.send({ type: 'SET_DELIVERY_DAY', day: '2025-03-25' });
    expect(checkout.snapshot().context.deliveryDay).toBe('2025-03-25');
    await submitValid(checkout);
    expect(checkout.submitCalls[0]?.input.deliveryDay).toBe('2025-03-25');
    // Being sent: the day cannot change.
    expect(checkout.snapshot().can({ type: 'SET_DELIVERY_DAY', day: '2025-03-21' })).toBe(false);
  });

  it('a day kept from a form posted without script is chosen while it has room, else the next free one', () => {
    const kept = startCheckout({ summary: summaryOil500, deliveryDay: '2025-03-21' });
    expect(kept.snapshot().context.deliveryDay).toBe('2025-03-21');
    const full = startCheckout({ summary: summaryOil500, deliveryDay: '2025-03-20' });
    expect(full.snapshot().context.deliveryDay).toBe('2025-03-21');
    const none = startCheckout({ summary: { ...summaryOil500, delivery: undefined } });
    expect(none.snapshot().context.deliveryDay).toBeNull();
  });

  it('priority delivery: ticking asks the server for the figures with the surcharge; Pay sends priority, not a day; unticking goes back', async () => {
    const checkout = startCheckout();
    expect(checkout.snapshot().context.priority).toBe(false);
    checkout.send({ type: 'SET_PRIORITY', value: true });
    expect(checkout.snapshot().value).toBe('updatingSummary');
    expect(checkout.summaryCalls[0]?.input).toEqual({ domesticUse: false, priority: true });
    checkout.summaryCalls[0]?.resolve(summaryOil500Priority);
    await flush();
    expect(checkout.snapshot().context).toMatchObject({
      priority: true,
      summary: summaryOil500Priority,
    });
    await submitValid(checkout);
    expect(checkout.submitCalls[0]?.input).toMatchObject({
      priority: true,
      expectedTotal: summaryOil500Priority.total,
    });
    // Not while the order is sent; back to standard afterwards.
    expect(checkout.snapshot().can({ type: 'SET_PRIORITY', value: false })).toBe(false);
    checkout.submitCalls[0]?.resolve(checkoutAnswers.dayFull);
    await flush();
    checkout.send({ type: 'SET_PRIORITY', value: false });
    expect(checkout.summaryCalls[1]?.input).toEqual({ domesticUse: false, priority: false });
  });

  it('priority delivery cannot be ticked when its day is full', () => {
    const full = {
      ...summaryOil500,
      delivery: { ...offerOil, priority: { ...offerOil.priority, day: null } },
    };
    const checkout = startCheckout({ summary: full });
    expect(checkout.snapshot().can({ type: 'SET_PRIORITY', value: true })).toBe(false);
  });

  it('409 for a day that filled up: the days on offer now, the next free day chosen, the message under the days', async () => {
    const checkout = startCheckout();
    await submitValid(checkout);
    checkout.submitCalls[0]?.resolve(checkoutAnswers.dayFull);
    await flush();
    const { context, value } = checkout.snapshot();
    expect(value).toEqual({ editing: 'refused' });
    expect(context.deliveryDay).toBe('2025-03-21');
    expect(context.summary.delivery).toEqual(checkoutAnswers.dayFull.delivery);
    expect(context.dayError).toBe(checkoutAnswers.dayFull.message);
    expect(context.problem).toBe(checkoutAnswers.dayFull.message);
    // Choosing another day clears the day's message.
    checkout.send({ type: 'SET_DELIVERY_DAY', day: '2025-03-24' });
    expect(checkout.snapshot().context.dayError).toBeNull();
  });

  it('409 with a new total: the page shows the new figures, and the next Pay (a new attempt) confirms that total', async () => {
    const checkout = startCheckout();
    await submitValid(checkout, 'key-1');
    const raised = { ...summaryOil500, total: summaryOil500.total + 10000 };
    checkout.submitCalls[0]?.resolve({
      code: 409,
      message: messages.checkout.totalChanged('£405.00'),
      total: raised.total,
      summary: raised,
    });
    await flush();
    const snapshot = checkout.snapshot();
    expect(snapshot.value).toEqual({ editing: 'refused' });
    expect(snapshot.context.summary.total).toBe(raised.total);
    expect(snapshot.context.problem).toBe(messages.checkout.totalChanged('£405.00'));
    checkout.send({ type: 'SUBMIT', key: 'key-2' });
    await flush();
    expect(checkout.submitCalls[1]?.input).toMatchObject({
      key: 'key-2',
      expectedTotal: raised.total,
    });
  });

  it('201: keeps the token for this tab and goes to the payment page', async () => {
    const checkout = startCheckout();
    await submitValid(checkout);
    checkout.submitCalls[0]?.resolve(checkoutAnswers.created);
    await flush();
    expect(checkout.snapshot().value).toBe('redirecting');
    expect(checkout.snapshot().context.order).toEqual({
      ...checkoutAnswers.created.order,
      orderToken: 'token-abc',
      redirectUrl: '/pay/test/ses_1',
    });
    expect(checkout.remembered).toEqual([checkoutAnswers.created]);
    expect(checkout.redirects).toEqual(['/pay/test/ses_1']);
    // Nothing more can be done here; the page is leaving.
    expect(checkout.snapshot().can({ type: 'SUBMIT', key: 'k' })).toBe(false);
    expect(checkout.snapshot().can({ type: 'CHANGE', field: 'town', value: 'x' })).toBe(false);
  });

  it('retries a failure of unknown outcome with the same key, so the server makes one order', async () => {
    const checkout = startCheckout();
    await submitValid(checkout, 'key-1');
    checkout.submitCalls[0]?.reject(networkError);
    await flush();
    expect(checkout.snapshot().value).toBe('failed');
    expect(checkout.snapshot().context.problem).toBe(checkoutTexts.submitFailed);
    checkout.send({ type: 'SUBMIT', key: 'key-2' });
    expect(checkout.snapshot().value).toBe('submitting');
    expect(checkout.snapshot().context.problem).toBeNull();
    checkout.submitCalls[1]?.resolve(checkoutAnswers.providerDown);
    await flush();
    expect(checkout.snapshot().value).toBe('failed');
    expect(checkout.snapshot().context.problem).toBe(messages.checkout.providerUnavailable);
    checkout.send({ type: 'SUBMIT', key: 'key-3' });
    expect(checkout.submitCalls.map((call) => call.input.key)).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('a change after a failure starts a new attempt with a new key', async () => {
    const checkout = startCheckout();
    await submitValid(checkout, 'key-1');
    checkout.submitCalls[0]?.reject(networkError);
    await flush();
    checkout.send({ type: 'CHANGE', field: 'town', value: 'Lisburn' });
    expect(checkout.snapshot().value).toEqual({ editing: 'ready' });
    expect(checkout.snapshot().context).toMatchObject({ idempotencyKey: null, problem: null });
    checkout.send({ type: 'SUBMIT', key: 'key-2' });
    await flush();
    expect(checkout.submitCalls.map((call) => call.input.key)).toEqual(['key-1', 'key-2']);
  });

  it('a refusal ends the attempt: its message, the fields it names, and a new key next time', async () => {
    const checkout = startCheckout();
    await submitValid(checkout, 'key-1');
    checkout.submitCalls[0]?.resolve(checkoutAnswers.invalid);
    await flush();
    expect(checkout.snapshot().value).toEqual({ editing: 'refused' });
    expect(checkout.snapshot().context).toMatchObject({
      problem: messages.checkout.fullNameRequired,
      problemDetails: [],
      fieldErrors: { fullName: messages.checkout.fullNameRequired },
      idempotencyKey: null,
    });
    checkout.send({ type: 'SUBMIT', key: 'key-2' });
    await flush();
    expect(checkout.submitCalls.map((call) => call.input.key)).toEqual(['key-1', 'key-2']);
  });

  it('shows a blocked cart as the refusal it is', async () => {
    const checkout = startCheckout();
    await submitValid(checkout);
    checkout.submitCalls[0]?.resolve(checkoutAnswers.blocked);
    await flush();
    expect(checkout.snapshot().value).toEqual({ editing: 'refused' });
    expect(checkout.snapshot().context.problem).toBe('Your cart is empty.');
  });

  it('the declaration asks the server for the figures again; typing goes on meanwhile', async () => {
    const checkout = startCheckout({ summary: summaryOil2700 });
    checkout.send({ type: 'SET_DOMESTIC_USE', value: true });
    expect(checkout.snapshot().value).toBe('updatingSummary');
    expect(checkout.summaryCalls.map((call) => call.input)).toEqual([
      { domesticUse: true, priority: false },
    ]);
    expect(checkout.snapshot().context.values.domesticUse).toBe(true);
    checkout.send({ type: 'CHANGE', field: 'town', value: 'Belfast' });
    expect(checkout.snapshot().context.values.town).toBe('Belfast');
    expect(checkout.snapshot().can({ type: 'SUBMIT', key: 'k' })).toBe(false);
    checkout.summaryCalls[0]?.resolve(summaryOil2700Declared);
    await flush();
    expect(checkout.snapshot().value).toEqual({ editing: 'ready' });
    expect(checkout.snapshot().context.summary.vatAdjustment).toBe(0);
    expect(checkout.snapshot().context.values).toMatchObject({
      domesticUse: true,
      town: 'Belfast',
    });
  });

  it('keeps the box as the figures are when the summary cannot be fetched', async () => {
    const checkout = startCheckout({ summary: summaryOil2700 });
    checkout.send({ type: 'SET_DOMESTIC_USE', value: true });
    checkout.summaryCalls[0]?.reject(networkError);
    await flush();
    expect(checkout.snapshot().value).toEqual({ editing: 'summaryFailed' });
    expect(checkout.snapshot().context.values.domesticUse).toBe(false);
    expect(checkout.snapshot().context.problem).toBe(checkoutTexts.summaryFailed);
  });

  it('offers the declaration only when the cart is above the automatic limits', () => {
    const checkout = startCheckout({ summary: summaryOil500 });
    expect(checkout.snapshot().can({ type: 'SET_DOMESTIC_USE', value: true })).toBe(false);
    const above = startCheckout({ summary: summaryOil2700 });
    expect(above.snapshot().can({ type: 'SET_DOMESTIC_USE', value: true })).toBe(true);
    // Ticking it again to the value it has is not a change.
    expect(above.snapshot().can({ type: 'SET_DOMESTIC_USE', value: false })).toBe(false);
  });

  it('back from the payment page (restored from the cache) resumes the same attempt', async () => {
    const checkout = startCheckout();
    await submitValid(checkout, 'key-1');
    checkout.submitCalls[0]?.resolve(checkoutAnswers.created);
    await flush();
    checkout.send({ type: 'RESUME' });
    expect(checkout.snapshot().value).toEqual({ editing: 'ready' });
    checkout.send({ type: 'SUBMIT', key: 'key-2' });
    await flush();
    expect(checkout.submitCalls.map((call) => call.input.key)).toEqual(['key-1', 'key-1']);
  });
});

describe('checkout answers', () => {
  it('201 with a payment page and a token is a created order', () => {
    expect(isCreated(checkoutAnswers.created)).toBe(true);
    expect(isCreated({ ...checkoutAnswers.created, redirectUrl: '' })).toBe(false);
    expect(isCreated({ code: 201, message: 'x' })).toBe(false);
  });

  it.each([
    [500, true],
    [502, true],
    [503, true],
    [429, true],
    [400, false],
    [409, false],
    [422, false],
  ])('%i is worth sending again with the same key: %s', (code, expected) => {
    expect(isWorthRetrying({ code, message: 'x' })).toBe(expected);
  });

  it('validateCheckoutForm resolves with the clean form or rejects with every field message', async () => {
    await expect(
      validateCheckoutForm({
        ...(validCheckoutValues as CheckoutInput),
        postcode: 'bt1 1aa',
        domesticUse: false,
      }),
    ).resolves.toMatchObject({ postcode: 'BT11AA', addressLine2: null });
    const failure = await validateCheckoutForm({
      ...(validCheckoutValues as CheckoutInput),
      postcode: 'BT11AA',
      domesticUse: false,
      email: 'nope',
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckoutInvalidError);
    expect((failure as CheckoutInvalidError).fieldErrors).toEqual({
      email: messages.checkout.emailInvalid,
    });
  });
});

describe('checkoutMachine, model-based', () => {
  type ModelEvent =
    | CheckoutEvent
    | { type: 'xstate.done.actor.loadSummary'; output: CheckoutSummary }
    | { type: 'xstate.error.actor.loadSummary'; error: unknown }
    | { type: 'xstate.done.actor.validateForm'; output: CheckoutForm }
    | { type: 'xstate.error.actor.validateForm'; error: unknown }
    | { type: 'xstate.done.actor.submitCheckout'; output: CheckoutAnswer }
    | { type: 'xstate.error.actor.submitCheckout'; error: unknown };

  const input: CheckoutMachineInput = {
    summary: summaryOil2700,
    values: { ...validCheckoutValues, fullName: '' },
  };
  const validForm = validateCheckout({
    ...validCheckoutValues,
    postcode: 'BT11AA',
    domesticUse: false,
  });
  if (!validForm.ok) throw new Error('the fixture form must be valid');
  const invalid = new CheckoutInvalidError([messages.checkout.fullNameRequired], {
    fullName: messages.checkout.fullNameRequired,
  });

  const events: ModelEvent[] = [
    { type: 'CHANGE', field: 'fullName', value: 'Jane Doe' },
    { type: 'SET_ACCEPT_TERMS', value: false },
    { type: 'SET_DOMESTIC_USE', value: true },
    { type: 'SET_DELIVERY_DAY', day: '2025-03-21' },
    { type: 'SET_PRIORITY', value: true },
    { type: 'SUBMIT', key: 'k1' },
    { type: 'RESUME' },
    { type: 'xstate.done.actor.loadSummary', output: summaryOil2700Declared },
    { type: 'xstate.done.actor.loadSummary', output: summaryOil2700Priority },
    { type: 'xstate.error.actor.loadSummary', error: networkError },
    { type: 'xstate.done.actor.validateForm', output: validForm.value },
    { type: 'xstate.error.actor.validateForm', error: invalid },
    { type: 'xstate.done.actor.submitCheckout', output: checkoutAnswers.created },
    { type: 'xstate.done.actor.submitCheckout', output: checkoutAnswers.invalid },
    { type: 'xstate.done.actor.submitCheckout', output: checkoutAnswers.providerDown },
    { type: 'xstate.done.actor.submitCheckout', output: checkoutAnswers.dayFull },
    { type: 'xstate.error.actor.submitCheckout', error: networkError },
  ];
  const model = exploreModel({ machine: checkoutMachine, events, input });
  const paths = coveringPaths(model);

  /** What must hold in each state, on the model and on the running form alike. */
  function assertInvariants(snapshot: AnyMachineSnapshot) {
    const context = snapshot.context as CheckoutContext;
    const can = (event: CheckoutEvent) => snapshot.can(event);
    const canType = can({ type: 'CHANGE', field: 'town', value: 'x' });
    const canPay = can({ type: 'SUBMIT', key: 'probe' });
    const children = Object.keys(snapshot.children);
    // The postcode is always the cart's.
    expect(context.values.postcode).toBe(context.summary.postcode);
    // Field messages only ever show after Pay.
    if (!context.submitted) expect(context.fieldErrors).toEqual({});
    // The day chosen is always one on offer with room.
    const chosen = context.summary.delivery?.days.find((d) => d.day === context.deliveryDay);
    expect(chosen?.free).toBe(true);
    // Only the day's refusal says something about the day.
    if (context.dayError !== null) expect(snapshot.matches({ editing: 'refused' })).toBe(true);
    if (snapshot.matches('editing')) {
      expect(canType).toBe(true);
      expect(canPay).toBe(true);
      expect(children).toEqual([]);
      // The boxes show what the figures assume.
      expect(context.values.domesticUse).toBe(context.summary.domesticUse);
      expect(context.priority).toBe((context.summary.prioritySurcharge ?? 0) > 0);
      if (snapshot.matches({ editing: 'invalid' })) {
        expect(context.problem).toBe(checkoutTexts.checkErrors);
      }
      if (snapshot.matches({ editing: 'refused' })) {
        expect(context.problem).not.toBeNull();
        // A refusal ended the attempt.
        expect(context.idempotencyKey).toBeNull();
      }
      if (snapshot.matches({ editing: 'summaryFailed' })) {
        expect(context.problem).toBe(checkoutTexts.summaryFailed);
      }
    } else if (snapshot.matches('updatingSummary')) {
      expect(canType).toBe(true);
      expect(canPay).toBe(false);
      expect(can({ type: 'SET_DOMESTIC_USE', value: !context.values.domesticUse })).toBe(false);
      expect(children).toEqual(['loadSummary']);
      // Exactly one box differs from the figures: the one whose figures are on their way.
      const declarationChanged = context.values.domesticUse !== context.summary.domesticUse;
      const priorityChanged = context.priority !== (context.summary.prioritySurcharge ?? 0) > 0;
      expect(declarationChanged).not.toBe(priorityChanged);
      expect(context.idempotencyKey).toBeNull();
    } else if (snapshot.matches('validating')) {
      expect(canType).toBe(false);
      expect(canPay).toBe(false);
      expect(children).toEqual(['validateForm']);
      expect(context.submitted).toBe(true);
      expect(context.idempotencyKey).not.toBeNull();
    } else if (snapshot.matches('submitting')) {
      expect(canType).toBe(false);
      expect(canPay).toBe(false);
      expect(children).toEqual(['submitCheckout']);
      expect(context.idempotencyKey).not.toBeNull();
      expect(context.problem).toBeNull();
    } else if (snapshot.matches('redirecting')) {
      expect(canType).toBe(false);
      expect(canPay).toBe(false);
      expect(can({ type: 'RESUME' })).toBe(true);
      expect(context.order?.redirectUrl).toBe(checkoutAnswers.created.redirectUrl);
      expect(context.idempotencyKey).not.toBeNull();
    } else {
      expect(snapshot.matches('failed')).toBe(true);
      expect(canType).toBe(true);
      expect(canPay).toBe(true);
      expect(children).toEqual([]);
      // The outcome is unknown: the attempt (and its key) lives on for the retry.
      expect(context.idempotencyKey).not.toBeNull();
      expect(context.problem).not.toBeNull();
    }
  }

  it('keeps the invariants in every reachable snapshot of the model', { timeout: 15_000 }, () => {
    expect(model.truncated).toBe(false);
    expect(model.missing).toEqual({ states: [], transitions: [] });
    for (const { snapshot } of model.states) assertInvariants(snapshot);
  });

  type Live = ReturnType<typeof startCheckout> & { sent: number; redirected: number };

  /** The running form, its calls answered by hand; counts up to the last check. */
  const liveCheckout: LiveDriver<Live> = {
    start: () => ({ ...startCheckout(input, { validate: 'manual' }), sent: 0, redirected: 0 }),
    deliver: async (checkout, event) => {
      const calls = {
        loadSummary: checkout.summaryCalls,
        validateForm: checkout.validateCalls,
        submitCheckout: checkout.submitCalls,
      };
      if (!settleCall(calls, event)) checkout.send(event as CheckoutEvent);
      await flush();
    },
    check: (checkout, step, path) => {
      if (!step) {
        assertInvariants(path.initial);
        assertInvariants(checkout.snapshot());
        return;
      }
      const keyBefore = step.before.context.idempotencyKey as string | null;
      assertInvariants(step.after);
      assertInvariants(checkout.snapshot());
      expect(checkout.snapshot().value).toEqual(step.after.value);
      expect(checkout.snapshot().context).toEqual(step.after.context);
      // A request goes out exactly when the model enters submitting, with the attempt's key;
      // a retry from failed sends the key it had.
      if (step.after.matches('submitting') && !step.before.matches('submitting')) {
        expect(checkout.submitCalls.length).toBe(checkout.sent + 1);
        const sent = checkout.submitCalls.at(-1)?.input;
        expect(sent?.key).toBe(step.after.context.idempotencyKey);
        if (step.before.matches('failed')) expect(sent?.key).toBe(keyBefore);
        expect(sent?.values).toEqual(step.after.context.values);
        expect(sent?.deliveryDay).toBe(step.after.context.deliveryDay);
      } else {
        expect(checkout.submitCalls.length).toBe(checkout.sent);
      }
      // The browser leaves for the provider on 201, and only then.
      const leaves = step.after.matches('redirecting') && !step.before.matches('redirecting');
      expect(checkout.redirects.length - checkout.redirected).toBe(leaves ? 1 : 0);
      expect(step.actions.includes('rememberOrder')).toBe(leaves);
      checkout.sent = checkout.submitCalls.length;
      checkout.redirected = checkout.redirects.length;
    },
    stop: (checkout) => checkout.actor.stop(),
  };

  // A replay is a few steps on a live actor, each waiting one tick: well under 0.1 s idle.
  for (const path of paths) {
    it(path.description, () => replayPath(path, liveCheckout), 15_000);
  }

  it('reaches every state and takes every transition of the machine', () => {
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(checkoutMachine));
    expect(covered.transitions).toEqual(machineTransitionKeys(checkoutMachine));
    expect(machineStateIds(checkoutMachine)).toEqual([
      'checkout.editing',
      'checkout.editing.invalid',
      'checkout.editing.ready',
      'checkout.editing.refused',
      'checkout.editing.summaryFailed',
      'checkout.failed',
      'checkout.redirecting',
      'checkout.submitting',
      'checkout.updatingSummary',
      'checkout.validating',
    ]);
  });
});
