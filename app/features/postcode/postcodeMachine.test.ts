import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { emptyCartView, type CartView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { validatePostcode } from '../../../api/domain/postcode';
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
import { CartNetworkError, type CartResponse } from '../cart';
import {
  postcodeMachine,
  validationStateOf,
  type PostcodeContext,
  type PostcodeEvent,
} from './postcodeMachine';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const cart = (extra: Partial<CartView> = {}): CartView => ({
  ...emptyCartView(),
  cartId: '5f0c8a4e-0000-4000-8000-000000000000',
  ...extra,
});

const answers = {
  added: { code: 201, message: messages.cart.added, cart: cart({ postcode: 'BT11AA', count: 1 }) },
  set: { code: 200, message: messages.postcode.set, cart: cart({ postcode: 'BT11AA' }) },
  alreadySet: {
    code: 409,
    message: messages.postcode.alreadySet,
    cart: cart({ postcode: 'BT11AA', showPostcodeModal: true }),
  },
  closed: { code: 200, message: messages.cart.modalClosed, cart: cart() },
  closeRefused: {
    code: 400,
    message: messages.cart.modalFlagInvalid,
    cart: cart({ showPostcodeModal: true }),
  },
} satisfies Record<string, CartResponse>;

const networkError = new CartNetworkError(new TypeError('Failed to fetch'));

interface Pending<I> {
  input: I;
  resolve: (response: CartResponse) => void;
  reject: (error: unknown) => void;
}

/** The machine with its network actors answered by hand, as the site's would be by the cart. */
function startDialog() {
  const setPostcodeCalls: Pending<{ postcode: string }>[] = [];
  const closeCalls: Pending<unknown>[] = [];
  let navigations = 0;
  const machine = postcodeMachine.provide({
    actors: {
      setPostcode: fromPromise<CartResponse, { postcode: string }>(
        ({ input }) =>
          new Promise((resolve, reject) => setPostcodeCalls.push({ input, resolve, reject })),
      ),
      closeDialog: fromPromise<CartResponse>(
        ({ input }) =>
          new Promise((resolve, reject) => closeCalls.push({ input, resolve, reject })),
      ),
    },
    actions: {
      navigateToCart: () => {
        navigations++;
      },
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    setPostcodeCalls,
    closeCalls,
    navigations: () => navigations,
    send: (event: PostcodeEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
  };
}

describe('postcodeMachine', () => {
  it('starts closed and opens with the shared flag, with an empty form', () => {
    const dialog = startDialog();
    expect(dialog.snapshot().value).toBe('closed');
    dialog.send({ type: 'OPEN' });
    expect(dialog.snapshot().value).toEqual({ open: 'editing' });
    expect(dialog.snapshot().context).toEqual({ postcode: '', submitted: false, error: null });
  });

  it('normalises the postcode as it is typed', () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value: 'bt1 1aa' });
    expect(dialog.snapshot().context.postcode).toBe('BT11AA');
    dialog.send({ type: 'CHANGE', value: ' bt 47\t3rt ' });
    expect(dialog.snapshot().context.postcode).toBe('BT473RT');
  });

  it.each([
    ['', messages.postcode.required],
    ['BT1', messages.postcode.invalidModal],
    ['BT1 1AAAA', messages.postcode.invalidModal],
  ])('stops an invalid postcode %j with a danger notice: %s', (value, message) => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value });
    dialog.send({ type: 'SUBMIT' });
    expect(dialog.snapshot().value).toEqual({ open: 'editing' });
    expect(dialog.snapshot().context).toMatchObject({ submitted: true, error: message });
    expect(validationStateOf(dialog.snapshot().context)).toBe('danger');
    expect(dialog.setPostcodeCalls).toEqual([]);
  });

  it('clears the submitted state and the notice on any change', () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'SUBMIT' });
    dialog.send({ type: 'CHANGE', value: 'B' });
    expect(dialog.snapshot().context).toEqual({ postcode: 'B', submitted: false, error: null });
    expect(validationStateOf(dialog.snapshot().context)).toBe('neutral');
  });

  it('sends a valid postcode, locking the form while it is on its way', () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value: 'bt1 1aa' });
    dialog.send({ type: 'SUBMIT' });
    const snapshot = dialog.snapshot();
    expect(snapshot.value).toEqual({ open: 'submitting' });
    expect(dialog.setPostcodeCalls.map((c) => c.input)).toEqual([{ postcode: 'BT11AA' }]);
    expect(validationStateOf(snapshot.context)).toBe('success');
    for (const event of [
      { type: 'CHANGE', value: 'x' },
      { type: 'SUBMIT' },
      { type: 'DISMISS' },
    ] as const) {
      expect(snapshot.can(event)).toBe(false);
    }
  });

  it('201: goes to the cart and closes', async () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value: 'BT11AA' });
    dialog.send({ type: 'SUBMIT' });
    dialog.setPostcodeCalls[0]?.resolve(answers.added);
    await flush();
    expect(dialog.snapshot().value).toBe('closed');
    expect(dialog.navigations()).toBe(1);
  });

  it('200: closes without leaving the page', async () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value: 'BT11AA' });
    dialog.send({ type: 'SUBMIT' });
    dialog.setPostcodeCalls[0]?.resolve(answers.set);
    await flush();
    expect(dialog.snapshot().value).toBe('closed');
    expect(dialog.navigations()).toBe(0);
  });

  it('any other code: shows the message as a danger notice and stays open', async () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value: 'BT11AA' });
    dialog.send({ type: 'SUBMIT' });
    dialog.setPostcodeCalls[0]?.resolve(answers.alreadySet);
    await flush();
    expect(dialog.snapshot().value).toEqual({ open: 'editing' });
    expect(dialog.snapshot().context.error).toBe(messages.postcode.alreadySet);
    expect(validationStateOf(dialog.snapshot().context)).toBe('danger');
    expect(dialog.navigations()).toBe(0);
  });

  it('a network failure is shown in the dialog, which stays open', async () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value: 'BT11AA' });
    dialog.send({ type: 'SUBMIT' });
    dialog.setPostcodeCalls[0]?.reject(networkError);
    await flush();
    expect(dialog.snapshot().value).toEqual({ open: 'editing' });
    expect(dialog.snapshot().context.error).toBe(messages.cart.networkError);
  });

  it('the X asks the server to clear the flag, then closes', async () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'DISMISS' });
    expect(dialog.snapshot().value).toEqual({ open: 'closing' });
    expect(dialog.closeCalls).toHaveLength(1);
    dialog.closeCalls[0]?.resolve(answers.closed);
    await flush();
    expect(dialog.snapshot().value).toBe('closed');
  });

  it('stays open with a notice when closing fails', async () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'DISMISS' });
    dialog.closeCalls[0]?.reject(networkError);
    await flush();
    expect(dialog.snapshot().value).toEqual({ open: 'editing' });
    expect(dialog.snapshot().context.error).toBe(messages.cart.networkError);
  });

  it('follows the flag closing elsewhere, but not in the middle of a submission', async () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CLOSED' });
    expect(dialog.snapshot().value).toBe('closed');
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value: 'BT11AA' });
    dialog.send({ type: 'SUBMIT' });
    // The cart store applies the answer (flag false) before the dialog hears of it.
    dialog.send({ type: 'CLOSED' });
    expect(dialog.snapshot().value).toEqual({ open: 'submitting' });
    dialog.setPostcodeCalls[0]?.resolve(answers.added);
    await flush();
    expect(dialog.navigations()).toBe(1);
  });

  it('reopens with a fresh form, and ignores OPEN while open', () => {
    const dialog = startDialog();
    dialog.send({ type: 'OPEN' });
    dialog.send({ type: 'CHANGE', value: 'BT1' });
    dialog.send({ type: 'OPEN' });
    expect(dialog.snapshot().context.postcode).toBe('BT1');
    dialog.send({ type: 'CLOSED' });
    dialog.send({ type: 'OPEN' });
    expect(dialog.snapshot().context.postcode).toBe('');
  });

  it('fails loudly when the site forgot to provide the network actors', async () => {
    const actor = createActor(postcodeMachine).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE', value: 'BT11AA' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(messages.cart.unexpectedAnswer);
  });
});

describe('postcodeMachine, model-based', () => {
  type ModelEvent =
    | PostcodeEvent
    | { type: 'xstate.done.actor.setPostcode'; output: CartResponse }
    | { type: 'xstate.error.actor.setPostcode'; error: unknown }
    | { type: 'xstate.done.actor.closeDialog'; output: CartResponse }
    | { type: 'xstate.error.actor.closeDialog'; error: unknown };

  const events: ModelEvent[] = [
    { type: 'OPEN' },
    { type: 'CLOSED' },
    { type: 'CHANGE', value: '' },
    { type: 'CHANGE', value: 'bt1 1aa' },
    { type: 'CHANGE', value: 'BT1' },
    { type: 'SUBMIT' },
    { type: 'DISMISS' },
    { type: 'xstate.done.actor.setPostcode', output: answers.added },
    { type: 'xstate.done.actor.setPostcode', output: answers.set },
    { type: 'xstate.done.actor.setPostcode', output: answers.alreadySet },
    { type: 'xstate.error.actor.setPostcode', error: networkError },
    { type: 'xstate.done.actor.closeDialog', output: answers.closed },
    { type: 'xstate.done.actor.closeDialog', output: answers.closeRefused },
    { type: 'xstate.error.actor.closeDialog', error: networkError },
  ];
  const model = exploreModel({ machine: postcodeMachine, events });
  const paths = coveringPaths(model);

  /** What must hold in each state, on the model and on the running dialog alike. */
  function assertInvariants(snapshot: AnyMachineSnapshot) {
    const context = snapshot.context as PostcodeContext;
    const can = (event: PostcodeEvent) => snapshot.can(event);
    // Whatever was typed is kept normalised.
    expect(context.postcode).toBe(context.postcode.replace(/\s+/g, '').toUpperCase());
    if (snapshot.matches('closed')) {
      expect(can({ type: 'OPEN' })).toBe(true);
      expect(can({ type: 'SUBMIT' })).toBe(false);
      expect(can({ type: 'CHANGE', value: 'x' })).toBe(false);
      expect(can({ type: 'DISMISS' })).toBe(false);
      expect(Object.keys(snapshot.children)).toEqual([]);
    } else if (snapshot.matches({ open: 'editing' })) {
      expect(can({ type: 'CHANGE', value: 'x' })).toBe(true);
      expect(can({ type: 'SUBMIT' })).toBe(true);
      expect(can({ type: 'DISMISS' })).toBe(true);
      expect(can({ type: 'OPEN' })).toBe(false);
      expect(Object.keys(snapshot.children)).toEqual([]);
      // A submitted form with no notice would have moved on to submitting.
      if (context.submitted) expect(context.error).not.toBeNull();
    } else if (snapshot.matches({ open: 'submitting' })) {
      // Only a valid postcode is ever sent, and nothing can be changed meanwhile.
      expect(validatePostcode(context.postcode, 'modal')).toBeNull();
      expect(context).toMatchObject({ submitted: true, error: null });
      expect(validationStateOf(context)).toBe('success');
      for (const event of [
        { type: 'CHANGE', value: 'x' },
        { type: 'SUBMIT' },
        { type: 'DISMISS' },
      ] as const) {
        expect(can(event)).toBe(false);
      }
      expect(Object.keys(snapshot.children)).toEqual(['setPostcode']);
    } else {
      expect(snapshot.matches({ open: 'closing' })).toBe(true);
      expect(can({ type: 'SUBMIT' })).toBe(false);
      expect(can({ type: 'CHANGE', value: 'x' })).toBe(false);
      expect(can({ type: 'DISMISS' })).toBe(false);
      expect(Object.keys(snapshot.children)).toEqual(['closeDialog']);
    }
  }

  it('keeps the invariants in every reachable snapshot of the model', { timeout: 15_000 }, () => {
    // Every distinct value and context the events reach, checked without an actor; the replays
    // below run the small covering set on the real dialog.
    expect(model.truncated).toBe(false);
    expect(model.missing).toEqual({ states: [], transitions: [] });
    for (const { snapshot } of model.states) assertInvariants(snapshot);
  });

  type Live = ReturnType<typeof startDialog> & { navigated: number; sent: number };

  /** The running dialog, its calls answered by hand; counts up to the last check. */
  const liveDialog: LiveDriver<Live> = {
    start: () => ({ ...startDialog(), navigated: 0, sent: 0 }),
    deliver: async (dialog, event) => {
      const calls = { setPostcode: dialog.setPostcodeCalls, closeDialog: dialog.closeCalls };
      if (!settleCall(calls, event)) dialog.send(event as PostcodeEvent);
      await flush();
    },
    check: (dialog, step, path) => {
      if (step) {
        const event = step.event as ModelEvent;
        assertInvariants(step.after);
        assertInvariants(dialog.snapshot());
        expect(dialog.snapshot().value).toEqual(step.after.value);
        expect(dialog.snapshot().context).toEqual(step.after.context);
        // 201 and only 201 goes to the cart page.
        const navigates =
          event.type === 'xstate.done.actor.setPostcode' && event.output.code === 201;
        expect(step.actions.includes('navigateToCart')).toBe(navigates);
        expect(dialog.navigations() - dialog.navigated).toBe(navigates ? 1 : 0);
        // A submission reaches the cart store with the normalised postcode.
        if (
          step.after.matches({ open: 'submitting' }) &&
          !step.before.matches({ open: 'submitting' })
        ) {
          expect(dialog.setPostcodeCalls.slice(dialog.sent).map((c) => c.input)).toEqual([
            { postcode: step.after.context.postcode },
          ]);
        } else {
          expect(dialog.setPostcodeCalls.length).toBe(dialog.sent);
        }
      } else {
        assertInvariants(path.initial);
        assertInvariants(dialog.snapshot());
      }
      dialog.navigated = dialog.navigations();
      dialog.sent = dialog.setPostcodeCalls.length;
    },
    stop: (dialog) => dialog.actor.stop(),
  };

  // A replay is a few steps on a live actor, each waiting one tick: well under 0.1 s idle.
  for (const path of paths) {
    it(path.description, () => replayPath(path, liveDialog), 15_000);
  }

  it('reaches every state and takes every transition of the machine', () => {
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(postcodeMachine));
    expect(covered.transitions).toEqual(machineTransitionKeys(postcodeMachine));
    expect(machineStateIds(postcodeMachine)).toEqual([
      'postcode.closed',
      'postcode.open',
      'postcode.open.closing',
      'postcode.open.editing',
      'postcode.open.submitting',
    ]);
  });
});
