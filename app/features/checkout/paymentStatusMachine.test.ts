import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { OrderStatus, OrderView } from '../../../api/domain/order';
import {
  coverageOf,
  coveringPaths,
  exploreModel,
  machineStateIds,
  machineTransitionKeys,
  replayPath,
  type LiveDriver,
} from '../../qa/modelCoverage';
import { CheckoutNetworkError } from './checkoutApi';
import {
  delayAfter,
  isSlow,
  lastBackoffStep,
  notPaidStatuses,
  paymentStatusMachine,
  pollSchedule,
  type PaymentStatusContext,
  type PaymentStatusEvent,
} from './paymentStatusMachine';
import { orderId, orderView } from './testing';
import { checkoutTexts } from './texts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const networkError = new CheckoutNetworkError(
  checkoutTexts.order.failed,
  new TypeError('Failed to fetch'),
);

const orders = {
  pending: orderView({ status: 'pending_payment', paidAt: null }),
  paid: orderView(),
  failed: orderView({ status: 'payment_failed', paidAt: null }),
  cancelled: orderView({ status: 'cancelled', paidAt: null }),
  review: orderView({ status: 'needs_review', paidAt: null }),
};

interface Check {
  input: { orderId: string; token: string | null };
  resolve: (order: OrderView | null) => void;
  reject: (error: unknown) => void;
}

/** The machine on a simulated clock, its checks answered by hand, its ways out recorded. */
function startPolling(token: string | null = 'token-abc') {
  const checks: Check[] = [];
  const toSuccess: number[] = [];
  const toCheckout: OrderStatus[] = [];
  const clock = new SimulatedClock();
  const machine = paymentStatusMachine.provide({
    actors: {
      checkOrder: fromPromise<OrderView | null, { orderId: string; token: string | null }>(
        ({ input }) => new Promise((resolve, reject) => checks.push({ input, resolve, reject })),
      ),
    },
    actions: {
      navigateToSuccess: () => {
        toSuccess.push(1);
      },
      navigateToCheckout: (_, params) => {
        toCheckout.push(params.status);
      },
    },
  });
  const actor = createActor(machine, { input: { orderId, token }, clock }).start();
  return {
    actor,
    clock,
    checks,
    toSuccess,
    toCheckout,
    snapshot: () => actor.getSnapshot(),
    /** Answers the check on its way, then lets the wait that follows run out. */
    async answer(order: OrderView | null | Error) {
      const check = checks.at(-1);
      if (order instanceof Error) check?.reject(order);
      else check?.resolve(order);
      await flush();
    },
    async wait() {
      clock.increment(delayAfter(actor.getSnapshot().context.step));
      await flush();
    },
  };
}

describe('paymentStatusMachine', () => {
  it('waits 1 s after the first check, doubling to at most 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(delayAfter)).toEqual([
      1000, 2000, 4000, 5000, 5000, 5000, 5000,
    ]);
    expect(lastBackoffStep).toBe(4);
  });

  it('asks for the order at once, with the token, as a waiting customer', () => {
    const polling = startPolling();
    expect(polling.snapshot().value).toBe('checking');
    expect(polling.checks.map((c) => c.input)).toEqual([{ orderId, token: 'token-abc' }]);
    expect(polling.snapshot().context.step).toBe(1);
  });

  it('paid: goes to the success page', async () => {
    const polling = startPolling();
    await polling.answer(orders.paid);
    expect(polling.snapshot().value).toBe('paid');
    expect(polling.snapshot().status).toBe('done');
    expect(polling.toSuccess).toHaveLength(1);
    expect(polling.toCheckout).toEqual([]);
  });

  it.each(notPaidStatuses)('%s: back to checkout with the notice for it', async (status) => {
    const polling = startPolling();
    await polling.answer(orderView({ status, paidAt: null }));
    expect(polling.snapshot().value).toBe('notPaid');
    expect(polling.toCheckout).toEqual([status]);
    expect(polling.toSuccess).toEqual([]);
  });

  it('pending: asks again after 1 s, 2 s, 4 s, then every 5 s', async () => {
    const polling = startPolling();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await polling.answer(orders.pending);
      expect(polling.snapshot().value).toBe('waiting');
      const before = polling.checks.length;
      const delay = delayAfter(polling.snapshot().context.step);
      polling.clock.increment(delay - 1);
      await flush();
      expect(polling.checks.length).toBe(before);
      polling.clock.increment(1);
      await flush();
      expect(polling.checks.length).toBe(before + 1);
      waits.push(delay);
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(polling.snapshot().context.waitedMs).toBe(17_000);
  });

  it('a check without an answer is said quietly and the checks go on', async () => {
    const polling = startPolling();
    await polling.answer(networkError);
    expect(polling.snapshot().value).toBe('waiting');
    expect(polling.snapshot().context.error).toBe(checkoutTexts.order.failed);
    await polling.wait();
    await polling.answer(orders.paid);
    expect(polling.snapshot().value).toBe('paid');
  });

  it('says confirmation will follow by e-mail after a long wait, and stops after about two minutes', async () => {
    const polling = startPolling();
    let slowAt: number | null = null;
    for (let i = 0; i < 100 && polling.snapshot().matches('checking'); i++) {
      await polling.answer(orders.pending);
      if (slowAt === null && isSlow(polling.snapshot().context)) slowAt = polling.checks.length;
      if (polling.snapshot().matches('waiting')) await polling.wait();
    }
    expect(polling.snapshot().value).toBe('gaveUp');
    const { waitedMs, step } = polling.snapshot().context;
    expect(waitedMs).toBeLessThanOrEqual(pollSchedule.giveUpAfterMs);
    expect(waitedMs + delayAfter(step)).toBeGreaterThan(pollSchedule.giveUpAfterMs);
    const checks = polling.checks.length;
    expect(checks).toBeLessThan(30);
    expect(slowAt).not.toBeNull();
    // Nothing more happens by itself.
    polling.clock.increment(60_000);
    await flush();
    expect(polling.checks.length).toBe(checks);
    // Check again asks once more.
    polling.actor.send({ type: 'CHECK_AGAIN' });
    expect(polling.checks.length).toBe(checks + 1);
    await polling.answer(orders.paid);
    expect(polling.snapshot().value).toBe('paid');
  });

  it('an order in review is for the shop to look at; nothing more to wait for', async () => {
    const polling = startPolling();
    await polling.answer(orders.review);
    expect(polling.snapshot().value).toBe('review');
    expect(polling.snapshot().status).toBe('done');
  });

  it('404 (unknown order, no token or a wrong one) ends on notFound', async () => {
    const polling = startPolling(null);
    await polling.answer(null);
    expect(polling.snapshot().value).toBe('notFound');
    expect(polling.toSuccess).toEqual([]);
    expect(polling.toCheckout).toEqual([]);
  });
});

describe('paymentStatusMachine, model-based', () => {
  const after = 'xstate.after.pollDelay.paymentStatus.waiting';
  type ModelEvent =
    | PaymentStatusEvent
    | { type: 'xstate.done.actor.checkOrder'; output: OrderView | null }
    | { type: 'xstate.error.actor.checkOrder'; error: unknown }
    | { type: typeof after };

  const events: ModelEvent[] = [
    { type: 'CHECK_AGAIN' },
    { type: 'xstate.done.actor.checkOrder', output: orders.pending },
    { type: 'xstate.done.actor.checkOrder', output: orders.paid },
    { type: 'xstate.done.actor.checkOrder', output: orders.failed },
    { type: 'xstate.done.actor.checkOrder', output: orders.cancelled },
    { type: 'xstate.done.actor.checkOrder', output: orders.review },
    { type: 'xstate.done.actor.checkOrder', output: null },
    { type: 'xstate.error.actor.checkOrder', error: networkError },
    { type: after },
  ];
  const input = { orderId, token: 'token-abc' };
  const model = exploreModel({ machine: paymentStatusMachine, events, input });
  const paths = coveringPaths(model);

  function assertInvariants(snapshot: AnyMachineSnapshot) {
    const context = snapshot.context as PaymentStatusContext;
    const children = Object.keys(snapshot.children);
    expect(context.waitedMs).toBeLessThanOrEqual(pollSchedule.giveUpAfterMs);
    expect(context.step).toBeGreaterThanOrEqual(1);
    expect(context.step).toBeLessThanOrEqual(lastBackoffStep);
    expect(snapshot.can({ type: 'CHECK_AGAIN' })).toBe(snapshot.matches('gaveUp'));
    if (snapshot.matches('checking')) {
      expect(children).toEqual(['checkOrder']);
    } else {
      expect(children).toEqual([]);
    }
    if (snapshot.matches('waiting')) {
      // Another wait fits in the bound; the order is still pending, or was not heard from.
      expect(context.waitedMs + delayAfter(context.step)).toBeLessThanOrEqual(
        pollSchedule.giveUpAfterMs,
      );
      expect([null, 'pending_payment']).toContain(context.status);
    }
    if (snapshot.matches('paid')) expect(context.status).toBe('paid');
    if (snapshot.matches('notPaid')) expect(notPaidStatuses).toContain(context.status);
    if (snapshot.matches('review')) expect(context.status).toBe('needs_review');
    if (snapshot.matches('notFound')) expect(context.status).not.toBe('paid');
    if (snapshot.matches('gaveUp')) expect([null, 'pending_payment']).toContain(context.status);
  }

  it('keeps the invariants in every reachable snapshot of the model', { timeout: 15_000 }, () => {
    expect(model.truncated).toBe(false);
    expect(model.missing).toEqual({ states: [], transitions: [] });
    for (const { snapshot } of model.states) assertInvariants(snapshot);
  });

  /** The polling page on a simulated clock; `checked` counts the requests up to the last check. */
  const livePolling: LiveDriver<ReturnType<typeof startPolling> & { checked: number }> = {
    start: () => ({ ...startPolling(), checked: 0 }),
    deliver: async (polling, event) => {
      const modelEvent = event as ModelEvent;
      switch (modelEvent.type) {
        case 'xstate.done.actor.checkOrder':
          await polling.answer(modelEvent.output);
          break;
        case 'xstate.error.actor.checkOrder':
          await polling.answer(modelEvent.error as Error);
          break;
        case after:
          await polling.wait();
          break;
        default:
          polling.actor.send(modelEvent);
          await flush();
      }
    },
    check: (polling, step, path) => {
      if (!step) {
        assertInvariants(path.initial);
        polling.checked = polling.checks.length;
        return;
      }
      assertInvariants(step.after);
      assertInvariants(polling.snapshot());
      expect(polling.snapshot().value).toEqual(step.after.value);
      expect(polling.snapshot().context).toEqual(step.after.context);
      // One request each time the model enters checking.
      const entersChecking = step.after.matches('checking') && !step.before.matches('checking');
      expect(polling.checks.length - polling.checked).toBe(entersChecking ? 1 : 0);
      expect(step.actions.includes('navigateToSuccess')).toBe(
        step.after.matches('paid') && !step.before.matches('paid'),
      );
      expect(step.actions.includes('navigateToCheckout')).toBe(
        step.after.matches('notPaid') && !step.before.matches('notPaid'),
      );
      polling.checked = polling.checks.length;
    },
    stop: (polling) => polling.actor.stop(),
  };

  // The longest replay (to gaveUp) is about 60 steps on a live actor, each waiting one tick.
  for (const path of paths) {
    it(path.description, () => replayPath(path, livePolling), 30_000);
  }

  it('reaches every state and takes every transition of the machine', () => {
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(paymentStatusMachine));
    expect(covered.transitions).toEqual(machineTransitionKeys(paymentStatusMachine));
  });
});
