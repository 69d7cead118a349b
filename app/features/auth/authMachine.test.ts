import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { SessionUser } from '../../../api/domain/auth';
import {
  coverageOf,
  coveringPaths,
  exploreModel,
  machineStateIds,
  machineTransitionKeys,
  replayPath,
  settleCall,
  walk,
  type LiveDriver,
} from '../../qa/modelCoverage';
import { AuthNetworkError, type AuthAnswer, type Credentials } from './authApi';
import {
  authMachine,
  currentUser,
  FETCH_ME,
  isSettled,
  SIGN_IN,
  SIGN_OUT,
  type AuthContext,
  type AuthEmitted,
  type AuthEvent,
  type AuthInput,
} from './authMachine';
import { signInThroughSession } from './session';
import { authTexts } from './texts';
import { testCustomer } from './testing';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const siobhan = testCustomer;
const renamed: SessionUser = { ...siobhan, fullName: 'Siobhan McAllister' };
const accepted: AuthAnswer = { code: 200, message: 'You are logged in.', user: siobhan };
const refused: AuthAnswer = { code: 401, message: 'Invalid email or password.' };
const offline = new AuthNetworkError(authTexts.networkFailure, new TypeError('Failed to fetch'));

interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/** The session with its three calls answered by hand. */
function startSession(input: AuthInput = {}) {
  const me: Pending<undefined, SessionUser | null>[] = [];
  const signIns: Pending<Credentials, AuthAnswer>[] = [];
  const signOuts: Pending<undefined, AuthAnswer>[] = [];
  const machine = authMachine.provide({
    actors: {
      [FETCH_ME]: fromPromise<SessionUser | null>(
        () => new Promise((resolve, reject) => me.push({ input: undefined, resolve, reject })),
      ),
      [SIGN_IN]: fromPromise<AuthAnswer, Credentials>(
        ({ input: credentials }) =>
          new Promise((resolve, reject) => signIns.push({ input: credentials, resolve, reject })),
      ),
      [SIGN_OUT]: fromPromise<AuthAnswer>(
        () =>
          new Promise((resolve, reject) => signOuts.push({ input: undefined, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: AuthEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, me, signIns, signOuts, emitted, snapshot: () => actor.getSnapshot() };
}

describe('authMachine', () => {
  it('checks /api/users/me on start, showing the server-rendered customer meanwhile (no flash)', async () => {
    const s = startSession({ user: siobhan });
    expect(s.snapshot().value).toBe('checking');
    expect(currentUser(s.snapshot())).toEqual(siobhan);
    expect(isSettled(s.snapshot())).toBe(false);
    s.me[0]?.resolve(siobhan);
    await flush();
    expect(s.snapshot().value).toEqual({ signedIn: 'idle' });
    expect(isSettled(s.snapshot())).toBe(true);
  });

  it('a guest the server has just verified is signed out at once: no request, no 401', () => {
    const s = startSession({ user: null, verified: true });
    expect(s.snapshot().value).toEqual({ signedOut: 'idle' });
    expect(s.me).toEqual([]);
    // A signed-in page is checked again even when fresh.
    expect(startSession({ user: siobhan, verified: true }).snapshot().value).toBe('checking');
  });

  it('a 401 on start means signed out, even if the page said otherwise', async () => {
    const s = startSession({ user: siobhan });
    s.me[0]?.resolve(null);
    await flush();
    expect(s.snapshot().value).toEqual({ signedOut: 'idle' });
    expect(currentUser(s.snapshot())).toBeNull();
  });

  it('login: signing in, then the customer; a refusal keeps the message for the form', async () => {
    const s = startSession();
    s.me[0]?.resolve(null);
    await flush();
    s.actor.send({ type: 'SIGN_IN', email: 'a@b.co', password: 'wrong-password' });
    expect(s.snapshot().value).toBe('signingIn');
    expect(s.signIns[0]?.input).toEqual({ email: 'a@b.co', password: 'wrong-password' });
    s.signIns[0]?.resolve(refused);
    await flush();
    expect(s.snapshot().value).toEqual({ signedOut: 'refused' });
    expect(s.snapshot().context.error).toBe(refused.message);
    s.actor.send({ type: 'SIGN_IN', email: 'a@b.co', password: 'right-password' });
    s.signIns[1]?.resolve(accepted);
    await flush();
    expect(s.snapshot().value).toEqual({ signedIn: 'idle' });
    expect(s.snapshot().context).toEqual({ user: siobhan, error: null, verified: false });
  });

  it('logout: the success notice, then the login page; a failed logout keeps the customer', async () => {
    const s = startSession({ user: siobhan });
    s.me[0]?.resolve(siobhan);
    await flush();
    s.actor.send({ type: 'LOGOUT' });
    s.signOuts[0]?.reject(offline);
    await flush();
    expect(s.snapshot().value).toEqual({ signedIn: 'logoutFailed' });
    expect(s.emitted).toEqual([
      { type: 'notify', variant: 'danger', message: authTexts.logoutFailed },
    ]);
    s.actor.send({ type: 'LOGOUT' });
    s.signOuts[1]?.resolve({ code: 200, message: 'You have been logged out.' });
    await flush();
    expect(s.snapshot().value).toEqual({ signedOut: 'loggedOut' });
    expect(s.snapshot().context.user).toBeNull();
    expect(s.emitted.slice(1)).toEqual([
      { type: 'notify', variant: 'success', message: 'You have been logged out.' },
      { type: 'loggedOut' },
    ]);
  });

  it('the login form goes through the session, so the header follows', async () => {
    const s = startSession();
    s.me[0]?.resolve(null);
    await flush();
    const form = createActor(signInThroughSession(s.actor), {
      input: { email: 'siobhan@example.co.uk', password: 'long enough' },
    });
    form.start();
    await flush();
    expect(s.snapshot().value).toBe('signingIn');
    s.signIns[0]?.resolve(accepted);
    await flush();
    expect(form.getSnapshot().output).toMatchObject({ code: 200, user: siobhan });
  });
});

describe('authMachine, model-based', () => {
  type ModelEvent =
    | AuthEvent
    | { type: `xstate.done.actor.${typeof FETCH_ME}`; output: SessionUser | null }
    | { type: `xstate.error.actor.${typeof FETCH_ME}`; error: unknown }
    | { type: `xstate.done.actor.${typeof SIGN_IN}`; output: AuthAnswer }
    | { type: `xstate.error.actor.${typeof SIGN_IN}`; error: unknown }
    | { type: `xstate.done.actor.${typeof SIGN_OUT}`; output: AuthAnswer }
    | { type: `xstate.error.actor.${typeof SIGN_OUT}`; error: unknown };

  // A page rendered for a customer starts by checking; a guest the server just verified does not.
  const starts = [
    { label: 'signed-in page', input: { user: siobhan } satisfies AuthInput },
    { label: 'verified guest', input: { user: null, verified: true } satisfies AuthInput },
  ];
  const events: ModelEvent[] = [
    { type: 'SIGN_IN', email: 'siobhan@example.co.uk', password: 'long enough' },
    { type: 'SIGNED_IN', user: siobhan },
    { type: 'UPDATED', user: renamed },
    { type: 'LOGOUT' },
    { type: 'SESSION_ENDED' },
    { type: 'RETRY' },
    { type: `xstate.done.actor.${FETCH_ME}`, output: siobhan },
    { type: `xstate.done.actor.${FETCH_ME}`, output: null },
    { type: `xstate.error.actor.${FETCH_ME}`, error: offline },
    { type: `xstate.done.actor.${SIGN_IN}`, output: accepted },
    { type: `xstate.done.actor.${SIGN_IN}`, output: refused },
    { type: `xstate.error.actor.${SIGN_IN}`, error: offline },
    {
      type: `xstate.done.actor.${SIGN_OUT}`,
      output: { code: 200, message: 'You have been logged out.' },
    },
    { type: `xstate.error.actor.${SIGN_OUT}`, error: offline },
  ];
  const model = exploreModel({ machine: authMachine, events: events as EventObject[], starts });
  const paths = coveringPaths(model);

  function assertInvariants(snapshot: AnyMachineSnapshot) {
    const context = snapshot.context as AuthContext;
    const children = Object.keys(snapshot.children);
    if (snapshot.matches('checking')) {
      expect(children).toEqual([FETCH_ME]);
    } else if (snapshot.matches('signingIn')) {
      expect(children).toEqual([SIGN_IN]);
      expect(context.error).toBeNull();
    } else if (snapshot.matches('signingOut')) {
      expect(children).toEqual([SIGN_OUT]);
      expect(context.user).not.toBeNull();
    } else {
      expect(children).toEqual([]);
    }
    if (snapshot.matches('signedIn')) {
      expect(context.user).not.toBeNull();
      expect(snapshot.can({ type: 'LOGOUT' })).toBe(true);
      expect(snapshot.can({ type: 'SIGN_IN', email: 'x', password: 'y' })).toBe(false);
    }
    if (snapshot.matches('signedOut')) {
      expect(context.user).toBeNull();
      expect(currentUser(snapshot as never)).toBeNull();
      expect(snapshot.can({ type: 'LOGOUT' })).toBe(false);
    }
    if (snapshot.matches({ signedOut: 'refused' }) || snapshot.matches({ signedOut: 'failed' })) {
      expect(context.error).not.toBeNull();
    }
  }

  it('keeps the invariants in every reachable snapshot of the model', { timeout: 15_000 }, () => {
    expect(model.truncated).toBe(false);
    expect(model.missing).toEqual({ states: [], transitions: [] });
    for (const { snapshot } of model.states) assertInvariants(snapshot);
  });

  /** The session, checked against the model after every step; `emitted` up to the last check. */
  const liveSession: LiveDriver<ReturnType<typeof startSession> & { seen: number }> = {
    start: (input) => ({ ...startSession(input as AuthInput), seen: 0 }),
    deliver: async (s, event) => {
      if (!settleCall({ [FETCH_ME]: s.me, [SIGN_IN]: s.signIns, [SIGN_OUT]: s.signOuts }, event)) {
        s.actor.send(event as AuthEvent);
      }
      await flush();
    },
    check: (s, step) => {
      assertInvariants(s.snapshot());
      if (step) {
        assertInvariants(step.after);
        expect(s.snapshot().value).toEqual(step.after.value);
        expect(s.snapshot().context).toEqual(step.after.context);
        // The logged-out notice and the move to the login page come with a finished logout only.
        const loggedOut = s.emitted.slice(s.seen).some((e) => e.type === 'loggedOut');
        expect(loggedOut).toBe(
          step.after.matches({ signedOut: 'loggedOut' }) && step.before.matches('signingOut'),
        );
      }
      s.seen = s.emitted.length;
    },
    stop: (s) => s.actor.stop(),
  };

  // A replay is a few steps on a live actor, each waiting one tick: well under 0.1 s idle.
  for (const path of paths) {
    it(path.description, () => replayPath(path, liveSession), 15_000);
  }

  it('reaches every state, the transient one included, and takes every transition', () => {
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(authMachine));
    expect(covered.transitions).toEqual(machineTransitionKeys(authMachine));
    // Both of starting's choices are taken: one start checks, the other is signed out at once.
    expect(starts.map(({ input }) => walk(authMachine, [], input).initial.value)).toEqual([
      'checking',
      { signedOut: 'idle' },
    ]);
    expect(
      model.initials.map((start) => start.transitions.filter((k) => k.startsWith('auth.starting'))),
    ).toEqual([
      ['auth.starting on always #1 -> auth.checking'],
      ['auth.starting on always #0 -> auth.signedOut'],
    ]);
    expect(machineStateIds(authMachine)).toEqual([
      'auth.checkFailed',
      'auth.checking',
      'auth.signedIn',
      'auth.signedIn.idle',
      'auth.signedIn.logoutFailed',
      'auth.signedOut',
      'auth.signedOut.failed',
      'auth.signedOut.idle',
      'auth.signedOut.loggedOut',
      'auth.signedOut.refused',
      'auth.signingIn',
      'auth.signingOut',
      'auth.starting',
    ]);
  });
});
