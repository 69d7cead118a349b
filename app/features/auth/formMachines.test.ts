import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { authAnswers } from '../../../api/domain/authAnswers';
import { messages } from '../../../api/domain/messages';
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
import { AuthNetworkError, type AuthAnswer } from './authApi';
import {
  AuthFormInvalidError,
  SUBMIT,
  VALIDATE,
  type AuthFormContext,
  type AuthFormEmitted,
  type FormValues,
} from './authFormMachine';
import {
  forgotMachine,
  loginMachine,
  registerMachine,
  resetMachine,
  verifyEmailMachine,
} from './formMachines';
import { authTexts } from './texts';

const m = messages.auth;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const offline = new AuthNetworkError(authTexts.networkFailure, new TypeError('Failed to fetch'));

type FormMachine = typeof loginMachine;

interface Case {
  name: string;
  machine: FormMachine;
  valid: FormValues;
  /** One field and a value the schema refuses, with its message. */
  bad: { field: string; value: string; message: string };
  refusal: AuthAnswer;
}

const cases: Case[] = [
  {
    name: 'login',
    machine: loginMachine,
    valid: { email: 'siobhan@example.co.uk', password: 'a long passphrase' },
    bad: { field: 'email', value: 'siobhan@example', message: m.emailInvalid },
    refusal: { code: 401, message: m.invalidCredentials },
  },
  {
    name: 'register',
    machine: registerMachine,
    valid: {
      fullName: 'Siobhan Doherty',
      email: 'siobhan@example.co.uk',
      password: 'a long passphrase',
    },
    bad: { field: 'password', value: 'short', message: m.passwordTooShort(8) },
    refusal: { code: 400, message: m.passwordTooCommon },
  },
  {
    name: 'forgot',
    machine: forgotMachine,
    valid: { email: 'siobhan@example.co.uk' },
    bad: { field: 'email', value: '', message: m.emailRequired },
    refusal: { code: 429, message: m.tooManyAttempts },
  },
  {
    name: 'reset',
    machine: resetMachine,
    valid: { token: 'a'.repeat(43), password: 'a new long passphrase' },
    bad: { field: 'password', value: '', message: m.passwordRequired },
    refusal: { code: 400, message: m.resetInvalid },
  },
  {
    name: 'verify e-mail',
    machine: verifyEmailMachine,
    valid: { token: 'a'.repeat(43), password: 'the registration passphrase' },
    bad: { field: 'password', value: '', message: m.passwordRequired },
    refusal: { code: 400, message: authAnswers.verifyWrongPassword },
  },
];

interface Pending<O> {
  input: FormValues;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/** A form with its calls answered by hand (`validate: 'schema'` keeps the real shared check). */
function startForm(machine: FormMachine, values: FormValues, validate: 'schema' | 'manual') {
  const validations: Pending<FormValues>[] = [];
  const submissions: Pending<AuthAnswer>[] = [];
  const provided = machine.provide({
    actors: {
      ...(validate === 'manual'
        ? {
            [VALIDATE]: fromPromise<FormValues, FormValues>(
              ({ input }) =>
                new Promise((resolve, reject) => validations.push({ input, resolve, reject })),
            ),
          }
        : {}),
      [SUBMIT]: fromPromise<AuthAnswer, FormValues>(
        ({ input }) =>
          new Promise((resolve, reject) => submissions.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(provided, { input: { values } });
  const emitted: AuthFormEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, validations, submissions, emitted, snapshot: () => actor.getSnapshot() };
}

describe.each(cases)('$name form machine', ({ machine, valid, bad, refusal }) => {
  it('checks with the shared schema: its messages, nothing sent', async () => {
    const f = startForm(machine, valid, 'schema');
    f.actor.send({ type: 'CHANGE', field: bad.field, value: bad.value });
    f.actor.send({ type: 'SUBMIT' });
    await flush();
    expect(f.snapshot().value).toEqual({ editing: 'invalid' });
    expect(f.snapshot().context.fieldErrors).toEqual({ [bad.field]: bad.message });
    expect(f.submissions).toEqual([]);
    // Fixing the field clears its message at once (the form was submitted).
    f.actor.send({ type: 'CHANGE', field: bad.field, value: valid[bad.field] ?? '' });
    expect(f.snapshot().context.fieldErrors).toEqual({});
  });

  it('sends a valid form once; a refusal is shown in the notifications; then done', async () => {
    const f = startForm(machine, valid, 'schema');
    f.actor.send({ type: 'SUBMIT' });
    await flush();
    expect(f.snapshot().value).toBe('submitting');
    expect(f.submissions.map((s) => s.input)).toEqual([valid]);
    f.actor.send({ type: 'SUBMIT' });
    expect(f.submissions).toHaveLength(1);
    f.submissions[0]?.resolve(refusal);
    await flush();
    expect(f.snapshot().value).toEqual({ editing: 'refused' });
    expect(f.emitted).toEqual([{ type: 'notify', variant: 'danger', message: refusal.message }]);
    f.actor.send({ type: 'SUBMIT' });
    await flush();
    f.submissions[1]?.resolve({ code: 200, message: 'OK' });
    await flush();
    expect(f.snapshot().value).toBe('done');
    expect(f.emitted.at(-1)).toEqual({ type: 'done', answer: { code: 200, message: 'OK' } });
  });
});

describe.each(cases)('$name form machine, model-based', ({ machine, valid, bad, refusal }) => {
  const invalid = new AuthFormInvalidError({ [bad.field]: bad.message });
  const events: (EventObject & Record<string, unknown>)[] = [
    { type: 'CHANGE', field: bad.field, value: bad.value },
    { type: 'SUBMIT' },
    { type: `xstate.done.actor.${VALIDATE}`, output: valid },
    { type: `xstate.error.actor.${VALIDATE}`, error: invalid },
    { type: `xstate.done.actor.${SUBMIT}`, output: { code: 200, message: 'OK' } },
    { type: `xstate.done.actor.${SUBMIT}`, output: refusal },
    { type: `xstate.error.actor.${SUBMIT}`, error: offline },
  ];
  const input = { values: valid };
  const model = exploreModel({ machine, events, input });
  const paths = coveringPaths(model);

  function assertInvariants(snapshot: AnyMachineSnapshot) {
    const context = snapshot.context as AuthFormContext<FormValues>;
    const children = Object.keys(snapshot.children);
    const canType = snapshot.can({ type: 'CHANGE', field: bad.field, value: 'x' });
    if (snapshot.matches('editing')) {
      expect(canType).toBe(true);
      expect(children).toEqual([]);
      if (snapshot.matches({ editing: 'invalid' })) expect(context.submitted).toBe(true);
      if (snapshot.matches({ editing: 'failed' })) expect(context.problem).toBe(offline.message);
    } else if (snapshot.matches('validating')) {
      expect(canType).toBe(false);
      expect(children).toEqual([VALIDATE]);
    } else if (snapshot.matches('submitting')) {
      expect(canType).toBe(false);
      expect(children).toEqual([SUBMIT]);
      expect(context.problem).toBeNull();
    } else {
      expect(snapshot.matches('done')).toBe(true);
      expect(snapshot.status).toBe('done');
      expect(context.answer).not.toBeNull();
    }
    if (!context.submitted) expect(context.fieldErrors).toEqual({});
  }

  it('keeps the invariants in every reachable snapshot', { timeout: 15_000 }, () => {
    expect(model.truncated).toBe(false);
    expect(model.missing).toEqual({ states: [], transitions: [] });
    for (const { snapshot } of model.states) assertInvariants(snapshot);
  });

  /** The form with its calls answered by hand; `sent` counts the requests up to the last check. */
  const liveForm: LiveDriver<ReturnType<typeof startForm> & { sent: number }> = {
    start: () => ({ ...startForm(machine, valid, 'manual'), sent: 0 }),
    deliver: async (f, event) => {
      if (!settleCall({ [VALIDATE]: f.validations, [SUBMIT]: f.submissions }, event)) {
        f.actor.send(event as never);
      }
      await flush();
    },
    check: (f, step) => {
      assertInvariants(f.snapshot());
      if (step) {
        assertInvariants(step.after);
        expect(f.snapshot().value).toEqual(step.after.value);
        expect(f.snapshot().context).toEqual(step.after.context);
        // A request goes out exactly when the form enters submitting.
        const entered = step.after.matches('submitting') && !step.before.matches('submitting');
        expect(f.submissions.length - f.sent).toBe(entered ? 1 : 0);
      }
      f.sent = f.submissions.length;
    },
    stop: (f) => f.actor.stop(),
  };

  // A replay is a few steps on a live actor, each waiting one tick: well under 0.1 s idle.
  for (const path of paths) {
    it(path.description, () => replayPath(path, liveForm), 15_000);
  }

  it('reaches every state and takes every transition', () => {
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(machine));
    expect(covered.transitions).toEqual(machineTransitionKeys(machine));
    expect(machineStateIds(machine).map((id) => id.split('.').slice(1).join('.'))).toEqual([
      'done',
      'editing',
      'editing.failed',
      'editing.idle',
      'editing.invalid',
      'editing.refused',
      'submitting',
      'validating',
    ]);
  });
});
