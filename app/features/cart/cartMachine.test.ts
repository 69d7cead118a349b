import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { emptyCartView, type CartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import {
  activeStateIds,
  coverageOf,
  coveringPaths,
  exploreModel,
  machineStateIds,
  machineTransitionKeys,
  replayPath,
  type LiveDriver,
} from '../../qa/modelCoverage';
import { CartNetworkError, type CartResponse } from './cartApi';
import { createCartClient, type CartNotifier } from './cartClient';
import {
  cartMachine,
  performCartCommand,
  type CartCommand,
  type CartEmitted,
  type CartEvent,
} from './cartMachine';
import { createFakeCartApi } from './testing';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A cart request the test answers by hand, to control the order of events. */
interface InFlight {
  command: CartCommand;
  resolve: (response: CartResponse) => void;
  reject: (error: unknown) => void;
}

function startStore(initial: CartView = emptyCartView()) {
  const inFlight: InFlight[] = [];
  const machine = cartMachine.provide({
    actors: {
      cartRequest: fromPromise<CartResponse, CartCommand>(
        ({ input }) =>
          new Promise((resolve, reject) => inFlight.push({ command: input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input: { cart: initial } });
  const emitted: CartEmitted[] = [];
  actor.on('settled', (event) => emitted.push(event));
  actor.on('failed', (event) => emitted.push(event));
  actor.start();
  return { actor, inFlight, emitted };
}

function recordingNotifier() {
  const shown: [string, string][] = [];
  const notifier: CartNotifier = {
    success: (message) => shown.push(['success', message]),
    warning: (message) => shown.push(['warning', message]),
    danger: (message) => shown.push(['danger', message]),
  };
  return { notifier, shown };
}

const cartWith = (count: number, extra: Partial<CartView> = {}): CartView => ({
  ...emptyCartView(),
  cartId: '5f0c8a4e-0000-4000-8000-000000000000',
  postcode: 'BT11AA',
  count,
  ...extra,
});

describe('performCartCommand', () => {
  it('sends each command to its API call', async () => {
    const api = createFakeCartApi({ postcode: 'BT11AA', lines: [{ productId: 1, quantity: 2 }] });
    const lineId = api.view().items[0]?.id ?? '';
    await performCartCommand(api, {
      kind: 'add',
      input: { type: 'coal', productId: 4, attributeId: 41, quantity: 1 },
    });
    await performCartCommand(api, { kind: 'remove', lineId });
    await performCartCommand(api, { kind: 'setPostcodeModal', open: true });
    await performCartCommand(api, { kind: 'setPostcode', postcode: 'bt2 2bb' });
    await performCartCommand(api, { kind: 'empty' });
    await performCartCommand(api, { kind: 'refresh' });
    expect(api.calls).toEqual([
      'POST /api/cart/items 4x1',
      `DELETE /api/cart/items/${lineId}`,
      'PUT /api/cart/postcode-modal true',
      'PUT /api/cart/postcode bt2 2bb',
      'DELETE /api/cart',
      'GET /api/cart',
    ]);
  });

  it('removes a whole line by taking one off until it has gone', async () => {
    const api = createFakeCartApi({
      postcode: 'BT11AA',
      lines: [
        { productId: 1, quantity: 3 },
        { productId: 4, quantity: 1 },
      ],
    });
    const lineId = api.view().items[0]?.id ?? '';
    const response = await performCartCommand(api, { kind: 'removeLine', lineId });
    expect(api.calls).toEqual(Array(3).fill(`DELETE /api/cart/items/${lineId}`));
    expect(response.code).toBe(200);
    expect(response.cart.items.map((i) => i.title)).toEqual(['Smokeless Ovals']);
  });

  it('stops removing a line at the first refusal', async () => {
    const api = createFakeCartApi({ postcode: 'BT11AA' });
    const response = await performCartCommand(api, { kind: 'removeLine', lineId: 'gone' });
    expect(api.calls).toHaveLength(1);
    expect(response).toMatchObject({ code: 404, message: messages.cart.lineNotFound });
  });
});

describe('cartMachine', () => {
  it('starts idle with the server-rendered cart', () => {
    const { actor } = startStore(cartWith(3));
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context).toEqual({ cart: cartWith(3), queue: [] });
    expect(snapshot.hasTag('busy')).toBe(false);
  });

  it('sends queued requests one at a time, in order, and keeps the latest cart', async () => {
    const { actor, inFlight, emitted } = startStore();
    actor.send({ type: 'REQUEST', id: 'a', command: { kind: 'setPostcode', postcode: 'BT11AA' } });
    actor.send({ type: 'REQUEST', id: 'b', command: { kind: 'empty' } });
    await flush();
    // Only the first is on its way; the second waits for its answer.
    expect(inFlight.map((r) => r.command.kind)).toEqual(['setPostcode']);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    inFlight[0]?.resolve({ code: 200, message: messages.postcode.set, cart: cartWith(0) });
    await flush();
    expect(inFlight.map((r) => r.command.kind)).toEqual(['setPostcode', 'empty']);
    expect(actor.getSnapshot().context.cart.postcode).toBe('BT11AA');

    inFlight[1]?.resolve({ code: 200, message: messages.cart.emptied, cart: emptyCartView() });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.cart).toEqual(emptyCartView());
    expect(emitted.map((e) => [e.type, e.id])).toEqual([
      ['settled', 'a'],
      ['settled', 'b'],
    ]);
  });

  it('keeps the cart a refusal brings (the server opened the postcode dialog)', async () => {
    const { actor, inFlight } = startStore();
    actor.send({
      type: 'REQUEST',
      id: 'a',
      command: { kind: 'add', input: { type: 'coal', productId: 1, attributeId: 11, quantity: 1 } },
    });
    await flush();
    const refused = { ...emptyCartView(), showPostcodeModal: true };
    inFlight[0]?.resolve({ code: 428, message: messages.cart.postcodeRequired, cart: refused });
    await flush();
    expect(actor.getSnapshot().context.cart.showPostcodeModal).toBe(true);
  });

  it('reports a failure, keeps the cart it had and goes on with the next request', async () => {
    const { actor, inFlight, emitted } = startStore(cartWith(2));
    actor.send({ type: 'REQUEST', id: 'a', command: { kind: 'remove', lineId: 'x' } });
    actor.send({ type: 'REQUEST', id: 'b', command: { kind: 'remove', lineId: 'y' } });
    await flush();
    const error = new CartNetworkError(new TypeError('Failed to fetch'));
    inFlight[0]?.reject(error);
    await flush();
    expect(emitted).toEqual([
      { type: 'failed', id: 'a', command: { kind: 'remove', lineId: 'x' }, error },
    ]);
    expect(actor.getSnapshot().context.cart).toEqual(cartWith(2));
    expect(inFlight[1]?.command).toEqual({ kind: 'remove', lineId: 'y' });
  });

  it('does not queue a request id twice', async () => {
    const { actor, inFlight } = startStore();
    const request: CartEvent = { type: 'REQUEST', id: 'a', command: { kind: 'empty' } };
    actor.send(request);
    expect(actor.getSnapshot().can(request)).toBe(false);
    actor.send(request);
    await flush();
    expect(actor.getSnapshot().context.queue).toHaveLength(1);
    expect(inFlight).toHaveLength(1);
  });
});

describe('cart client (what useCart() returns)', () => {
  function startClient(initial: CartView = cartWith(1)) {
    const store = startStore(initial);
    const { notifier, shown } = recordingNotifier();
    const client = createCartClient(store.actor, notifier);
    const disconnect = client.connect();
    return { ...store, actions: client.actions, shown, disconnect };
  }

  it('resolves with the answer and shows a success in green', async () => {
    const { actions, inFlight, shown, actor } = startClient();
    const pending = actions.empty();
    await flush();
    const answer = { code: 200, message: messages.cart.emptied, cart: emptyCartView() };
    inFlight[0]?.resolve(answer);
    await expect(pending).resolves.toEqual(answer);
    expect(shown).toEqual([['success', messages.cart.emptied]]);
    expect(actor.getSnapshot().context.cart).toEqual(emptyCartView());
  });

  it('shows 201 in green, refusals in red, and every warning the cart carries', async () => {
    const { actions, inFlight, shown } = startClient();
    const first = actions.setPostcode('BT11AA');
    const second = actions.setPostcode('BT11AA');
    await flush();
    inFlight[0]?.resolve({
      code: 201,
      message: messages.cart.added,
      cart: cartWith(1, { warnings: ['Logs is no longer available for this postcode.'] }),
    });
    await first;
    inFlight[1]?.resolve({ code: 409, message: messages.postcode.alreadySet, cart: cartWith(1) });
    await expect(second).resolves.toMatchObject({ code: 409 });
    expect(shown).toEqual([
      ['success', messages.cart.added],
      ['warning', 'Logs is no longer available for this postcode.'],
      ['danger', messages.postcode.alreadySet],
    ]);
  });

  it('leaves a refusal to a caller that shows it itself, but still shows the warnings', async () => {
    const { actions, inFlight, shown } = startClient();
    const pending = actions.setPostcode('BT1', { notifyFailure: false });
    await flush();
    inFlight[0]?.resolve({
      code: 400,
      message: messages.postcode.invalidModal,
      cart: cartWith(1, { warnings: ['A note.'] }),
    });
    await pending;
    expect(shown).toEqual([['warning', 'A note.']]);
  });

  it('keeps opening and closing the postcode dialog quiet unless it fails', async () => {
    const { actions, inFlight, shown } = startClient();
    const open = actions.setPostcodeModal(true);
    await flush();
    inFlight[0]?.resolve({ code: 200, message: messages.cart.modalOpened, cart: cartWith(1) });
    await open;
    const close = actions.setPostcodeModal(false);
    await flush();
    inFlight[1]?.resolve({ code: 400, message: messages.cart.modalFlagInvalid, cart: cartWith(1) });
    await close;
    expect(shown).toEqual([['danger', messages.cart.modalFlagInvalid]]);
  });

  it('refreshes the cart quietly: the new cart is held, nothing is shown', async () => {
    const { actor, actions, inFlight, shown } = startClient();
    const pending = actions.refresh();
    await flush();
    expect(inFlight[0]?.command).toEqual({ kind: 'refresh' });
    inFlight[0]?.resolve({ code: 200, message: messages.cart.loaded, cart: cartWith(0) });
    await pending;
    expect(actor.getSnapshot().context.cart.count).toBe(0);
    expect(shown).toEqual([]);
  });

  it('rejects on a network failure and shows it in red', async () => {
    const { actions, inFlight, shown } = startClient();
    const pending = actions.remove('line');
    await flush();
    const error = new CartNetworkError(new TypeError('Failed to fetch'));
    inFlight[0]?.reject(error);
    await expect(pending).rejects.toBe(error);
    expect(shown).toEqual([['danger', messages.cart.networkError]]);
  });

  it('shows an unexpected failure in words a person can act on', async () => {
    const { actions, inFlight, shown } = startClient();
    const pending = actions.empty();
    await flush();
    inFlight[0]?.reject(new SyntaxError('Unexpected token < in JSON'));
    await expect(pending).rejects.toThrow(SyntaxError);
    expect(shown).toEqual([['danger', messages.cart.unexpectedAnswer]]);
  });

  it('works end to end with the fake API: add without a postcode, set it, then remove', async () => {
    const api = createFakeCartApi();
    const actor = createActor(
      cartMachine.provide({
        actors: {
          cartRequest: fromPromise<CartResponse, CartCommand>(({ input }) =>
            performCartCommand(api, input),
          ),
        },
      }),
      { input: { cart: api.view() } },
    ).start();
    const { notifier, shown } = recordingNotifier();
    const client = createCartClient(actor, notifier);
    client.connect();
    const refused = await client.actions.add({
      type: 'coal',
      productId: 1,
      attributeId: 11,
      quantity: 2,
    });
    expect(refused.code).toBe(428);
    expect(actor.getSnapshot().context.cart.showPostcodeModal).toBe(true);
    const set = await client.actions.setPostcode('bt1 1aa');
    expect(set.code).toBe(201);
    const cart = actor.getSnapshot().context.cart;
    expect(cart).toMatchObject({ postcode: 'BT11AA', count: 2, showPostcodeModal: false });
    await client.actions.removeLine(cart.items[0]?.id ?? '');
    expect(actor.getSnapshot().context.cart.count).toBe(0);
    expect(shown).toEqual([
      ['danger', messages.cart.postcodeRequired],
      ['success', messages.cart.added],
      ['success', messages.cart.removed],
    ]);
  });
});

describe('cartMachine, model-based', () => {
  const initial = cartWith(1);
  const removed: CartResponse = {
    code: 200,
    message: messages.cart.removed,
    cart: cartWith(0),
  };
  const refused: CartResponse = {
    code: 409,
    message: messages.postcode.alreadySet,
    cart: cartWith(1, { postcode: 'BT22BB' }),
  };
  const networkError = new CartNetworkError(new TypeError('Failed to fetch'));
  type ModelEvent =
    | CartEvent
    | { type: 'xstate.done.actor.cartRequest'; output: CartResponse }
    | { type: 'xstate.error.actor.cartRequest'; error: unknown };
  const events: ModelEvent[] = [
    { type: 'REQUEST', id: 'r1', command: { kind: 'remove', lineId: 'L1' } },
    { type: 'REQUEST', id: 'r2', command: { kind: 'setPostcode', postcode: 'BT22BB' } },
    { type: 'xstate.done.actor.cartRequest', output: removed },
    { type: 'xstate.done.actor.cartRequest', output: refused },
    { type: 'xstate.error.actor.cartRequest', error: networkError },
  ];
  const input = { cart: initial };
  // Beyond every state and transition, a path for each order of a two-request queue.
  const queueOrder = (snapshot: AnyMachineSnapshot) => {
    const queue = (snapshot.context as { queue: { id: string }[] }).queue;
    return queue.length > 1 ? queue.map((r) => r.id).join(',') : null;
  };
  const model = exploreModel({ machine: cartMachine, events, input, alsoCover: queueOrder });
  const paths = coveringPaths(model);

  /** What must hold in each state, checked on the model's snapshot. */
  function assertInvariants(snapshot: AnyMachineSnapshot) {
    const { queue } = snapshot.context as { queue: { id: string }[] };
    if (snapshot.matches('idle')) {
      expect(queue).toEqual([]);
      expect(snapshot.hasTag('busy')).toBe(false);
    } else {
      expect(snapshot.matches('sending')).toBe(true);
      expect(queue.length).toBeGreaterThan(0);
      expect(snapshot.hasTag('busy')).toBe(true);
      // Ids are unique in the queue.
      expect(new Set(queue.map((r) => r.id)).size).toBe(queue.length);
    }
  }

  /** The real store: the same machine with a request actor the test answers by hand. */
  const liveStore: LiveDriver<ReturnType<typeof startStore> & { seen: number }> = {
    start: () => ({ ...startStore(initial), seen: 0 }),
    deliver: async (sut, event) => {
      const modelEvent = event as ModelEvent;
      if (modelEvent.type === 'REQUEST') {
        sut.actor.send(modelEvent);
      } else {
        const current = sut.inFlight.at(-1);
        if (!current) throw new Error('the model answered a request the store never sent');
        if (modelEvent.type === 'xstate.done.actor.cartRequest') current.resolve(modelEvent.output);
        else current.reject(modelEvent.error);
      }
      await flush();
    },
    check: (sut, step, path) => {
      if (!step) {
        assertInvariants(path.initial);
        sut.seen = sut.emitted.length;
        return;
      }
      assertInvariants(step.after);
      const actual = sut.actor.getSnapshot();
      expect(actual.value).toEqual(step.after.value);
      expect(actual.context).toEqual(step.after.context);
      // The request on its way is always the head of the queue (a new one after each answer).
      const head = step.after.context.queue[0] as { command: CartCommand } | undefined;
      if (head) expect(sut.inFlight.at(-1)?.command).toEqual(head.command);
      // An answer is reported to its caller exactly once, under the id it was asked with.
      if (step.event.type !== 'REQUEST') {
        const answered = step.before.context.queue[0] as { id: string };
        expect(sut.emitted.slice(sut.seen).map((e) => [e.type, e.id])).toEqual([
          [step.event.type.startsWith('xstate.done') ? 'settled' : 'failed', answered.id],
        ]);
      } else {
        expect(sut.emitted.length).toBe(sut.seen);
      }
      sut.seen = sut.emitted.length;
    },
    stop: (sut) => sut.actor.stop(),
  };

  // A replay is a few steps on a live actor, each waiting one tick: well under 0.1 s idle.
  for (const path of paths) {
    it(path.description, () => replayPath(path, liveStore), 15_000);
  }

  it('keeps the invariants in every reachable snapshot of the model', { timeout: 15_000 }, () => {
    expect(model.truncated).toBe(false);
    expect(model.missing).toEqual({ states: [], transitions: [] });
    for (const { snapshot } of model.states) assertInvariants(snapshot);
  });

  it('reaches every state and takes every transition of the machine', () => {
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(cartMachine));
    expect(covered.transitions).toEqual(machineTransitionKeys(cartMachine));
    expect(machineTransitionKeys(cartMachine)).toHaveLength(6);
  });

  it('visits both states on some path, the queue filled in both orders', () => {
    const queues = new Set(
      paths.flatMap((path) =>
        path.steps.map(
          (step) =>
            (step.after.context.queue as { id: string }[]).map((r) => r.id).join(',') +
            activeStateIds(cartMachine, step.after).join(''),
        ),
      ),
    );
    expect(queues).toContain('r1,r2cart.sending');
    expect(queues).toContain('r2,r1cart.sending');
  });
});
