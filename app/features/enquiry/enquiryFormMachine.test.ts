import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  waitFor,
  type AnyMachineSnapshot,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { isHoneypotFilled, validateEnquiry, type EnquiryInput } from '../../../api/domain/enquiry';
import { messages } from '../../../api/domain/messages';
import {
  coverageOf,
  coveringPaths,
  exploreModel,
  machineStateIds,
  machineTransitionKeys,
  replayPath,
  type LiveDriver,
  type ModelStep,
} from '../../qa/modelCoverage';
import { EnquiryNetworkError, type EnquiryResponse } from './enquiryApi';
import {
  clearedAfterSend,
  emptyEnquiry,
  enquiryFormMachine,
  fieldErrorsOf,
  SEND_ENQUIRY,
  statePath,
  validationMessages,
  type EnquiryFormEvent,
  type EnquiryFormInput,
  type EnquiryNotification,
} from './enquiryFormMachine';

type Snapshot = SnapshotFrom<typeof enquiryFormMachine>;

const m = messages.enquiry;

const sample: EnquiryInput = {
  name: 'Aoife Murphy',
  email: 'aoife@murphyfuels.co.uk',
  address: '3 Quay Street, Newry BT35 6AA',
  companyName: 'Murphy Fuels',
  telephone: '028 3026 1234',
  telephone2: '',
  message: 'Please quote for 20 pallets of smokeless coal.',
};

const allSevenMessages = [
  'Name required.',
  'Email required.',
  'Valid email required.',
  'Address required.',
  'Company Name required.',
  'Contact No. required.',
  'Enquiry required.',
];

const DONE = `xstate.done.actor.${SEND_ENQUIRY}`;
const ERROR = `xstate.error.actor.${SEND_ENQUIRY}`;

/** A stand-in for the API that the test settles by hand, recording every request. */
function createHarness(input: EnquiryFormInput = {}) {
  const requests: EnquiryInput[] = [];
  let pending: { resolve: (r: EnquiryResponse) => void; reject: (e: unknown) => void } | null =
    null;
  const machine = enquiryFormMachine.provide({
    actors: {
      [SEND_ENQUIRY]: fromPromise<EnquiryResponse, EnquiryInput>(({ input: values }) => {
        requests.push(values);
        return new Promise((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    },
  });
  const actor = createActor(machine, { input });
  const notifications: EnquiryNotification[] = [];
  actor.on('notify', (notification) => notifications.push(notification));
  actor.start();
  const settled = () => waitFor(actor, (s) => !s.matches('sending'));
  return {
    actor,
    requests,
    notifications,
    async answer(response: EnquiryResponse) {
      if (!pending) throw new Error('nothing is being sent');
      pending.resolve(response);
      pending = null;
      return settled();
    },
    async fail(error: unknown) {
      if (!pending) throw new Error('nothing is being sent');
      pending.reject(error);
      pending = null;
      return settled();
    },
    fill(values: Partial<EnquiryInput>) {
      for (const [field, value] of Object.entries(values)) {
        actor.send({ type: 'CHANGE', field: field as keyof EnquiryInput, value: value ?? '' });
      }
    },
  };
}

const stateName = (snapshot: Snapshot): string => statePath(snapshot.value);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('enquiryFormMachine: examples', () => {
  it('starts empty, editing, not submitted; input can preset values', () => {
    const { actor } = createHarness();
    const snapshot = actor.getSnapshot();
    expect(stateName(snapshot)).toBe('ready.editing');
    expect(snapshot.context).toEqual({ values: emptyEnquiry, submitted: false, fieldErrors: {} });
    expect(snapshot.can({ type: 'SEND' })).toBe(true);
    const preset = createHarness({ values: { companyName: 'Murphy Fuels' } }).actor.getSnapshot();
    expect(preset.context.values).toEqual({ ...emptyEnquiry, companyName: 'Murphy Fuels' });
  });

  it('on Send with an empty form sends nothing and shows all seven messages, in red', () => {
    const { actor, requests, notifications } = createHarness();
    actor.send({ type: 'SEND' });
    const snapshot = actor.getSnapshot();
    expect(stateName(snapshot)).toBe('ready.invalid');
    expect(requests).toEqual([]);
    expect(notifications).toEqual([
      { type: 'notify', variant: 'danger', messages: allSevenMessages },
    ]);
    expect(snapshot.context.submitted).toBe(true);
    expect(snapshot.context.fieldErrors).toEqual({
      name: [m.nameRequired],
      email: [m.emailRequired, m.emailInvalid],
      address: [m.addressRequired],
      companyName: [m.companyRequired],
      telephone: [m.telephoneRequired],
      message: [m.messageRequired],
    });
  });

  it('marks only the bad email when everything else is filled', () => {
    const { actor, notifications, requests, fill } = createHarness();
    fill({ ...sample, email: 'aoife@murphyfuels' });
    actor.send({ type: 'SEND' });
    expect(requests).toEqual([]);
    expect(notifications.at(-1)?.messages).toEqual(['Valid email required.']);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: ['Valid email required.'] });
  });

  it('clears the submitted flag (and the field verdicts) when any field changes', () => {
    const { actor, fill } = createHarness();
    actor.send({ type: 'SEND' });
    fill({ address: '3 Quay Street' });
    const snapshot = actor.getSnapshot();
    expect(stateName(snapshot)).toBe('ready.editing');
    expect(snapshot.context.submitted).toBe(false);
    expect(snapshot.context.fieldErrors).toEqual({});
    expect(snapshot.context.values.address).toBe('3 Quay Street');
  });

  it('with Contact No. 2 filled sends nothing and shows nothing, valid or not', () => {
    for (const values of [{ telephone2: '07700 900123' }, { ...sample, telephone2: 'x' }]) {
      const { actor, notifications, requests, fill } = createHarness();
      fill(values);
      actor.send({ type: 'SEND' });
      expect(stateName(actor.getSnapshot())).toBe('ready.discarded');
      expect(requests).toEqual([]);
      expect(notifications).toEqual([]);
      expect(actor.getSnapshot().context.submitted).toBe(true);
    }
  });

  it('sends a valid form once; Send and typing are refused while it is in flight', () => {
    const { actor, requests, notifications, fill } = createHarness();
    fill(sample);
    actor.send({ type: 'SEND' });
    const snapshot = actor.getSnapshot();
    expect(stateName(snapshot)).toBe('sending');
    expect(requests).toEqual([sample]);
    expect(notifications).toEqual([]);
    expect(snapshot.can({ type: 'SEND' })).toBe(false);
    expect(snapshot.can({ type: 'CHANGE', field: 'name', value: 'x' })).toBe(false);
    actor.send({ type: 'SEND' });
    actor.send({ type: 'CHANGE', field: 'name', value: 'x' });
    expect(requests).toHaveLength(1);
    expect(actor.getSnapshot().context.values.name).toBe(sample.name);
  });

  it('on 200 shows "Email sent!" and clears name, email and enquiry, keeping the rest', async () => {
    const { actor, notifications, fill, answer } = createHarness();
    fill(sample);
    actor.send({ type: 'SEND' });
    const snapshot = await answer({ code: 200, message: 'Email sent!' });
    expect(stateName(snapshot)).toBe('ready.sent');
    expect(notifications).toEqual([
      { type: 'notify', variant: 'success', messages: ['Email sent!'] },
    ]);
    expect(snapshot.context.values).toEqual({
      ...sample,
      name: '',
      email: '',
      message: '',
    });
    // Freshly cleared fields are not shown as errors: the flag goes with the cleared text.
    expect(snapshot.context.submitted).toBe(false);
  });

  it.each([
    [429, m.tooMany],
    [400, 'Valid email required.'],
    [500, 'Something went wrong.'],
    [201, 'Created.'],
  ])('on %i shows the answer in red and keeps everything typed', async (code, message) => {
    const { actor, notifications, fill, answer } = createHarness();
    fill(sample);
    actor.send({ type: 'SEND' });
    const snapshot = await answer({ code, message });
    expect(stateName(snapshot)).toBe('ready.rejected');
    expect(notifications).toEqual([{ type: 'notify', variant: 'danger', messages: [message] }]);
    expect(snapshot.context.values).toEqual(sample);
    expect(snapshot.context.submitted).toBe(true);
  });

  it('on a network failure shows a retryable message, keeps everything, and Send retries', async () => {
    const { actor, notifications, requests, fill, fail, answer } = createHarness();
    fill(sample);
    actor.send({ type: 'SEND' });
    const snapshot = await fail(new EnquiryNetworkError('offline'));
    expect(stateName(snapshot)).toBe('ready.failed');
    expect(notifications).toEqual([
      {
        type: 'notify',
        variant: 'danger',
        messages: ['We could not send your enquiry. Please check your connection and try again.'],
      },
    ]);
    expect(snapshot.context.values).toEqual(sample);
    actor.send({ type: 'SEND' });
    expect(requests).toEqual([sample, sample]);
    expect(stateName(await answer({ code: 200, message: 'Email sent!' }))).toBe('ready.sent');
  });

  it('by default POSTs the form as JSON to /api/enquiries', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ code: 200, message: 'Email sent!' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const actor = createActor(enquiryFormMachine, { input: { values: sample } }).start();
    actor.send({ type: 'SEND' });
    const snapshot = await waitFor(actor, (s) => s.matches({ ready: 'sent' }));
    expect(snapshot.context.values.name).toBe('');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/enquiries');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(sample);
  });

  it('aborts the request when the form goes away mid-send', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_url, init) => {
        signal = init?.signal ?? undefined;
        return new Promise<Response>(() => {});
      }),
    );
    const actor = createActor(enquiryFormMachine, { input: { values: sample } }).start();
    actor.send({ type: 'SEND' });
    await vi.waitFor(() => expect(signal).toBeDefined());
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('fieldErrorsOf agrees with validateEnquiry message for message', () => {
    const cases: EnquiryInput[] = [
      emptyEnquiry,
      sample,
      { ...sample, email: 'bad' },
      { ...sample, name: ' ', message: '\n' },
      { ...sample, companyName: 'c'.repeat(201) },
    ];
    for (const values of cases) {
      const perField = Object.values(fieldErrorsOf(values)).flat();
      expect(perField).toEqual(validationMessages(values));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Model-based tests, on the shared harness (app/qa/modelCoverage.ts): the machine is explored with
// these concrete events; a small set of paths that reaches every state, takes every transition
// and exercises every (state, event, branch) the model reaches is replayed on a live actor (with
// the API settled by hand), and every step and state is checked. (`createTestModel` refuses
// machines that invoke actors, so the harness plays the test model's part.)
// ---------------------------------------------------------------------------------------------

const change = (field: keyof EnquiryInput, value: string): EnquiryFormEvent => ({
  type: 'CHANGE',
  field,
  value,
});

/** The events the model may take, with payloads that exercise every guard. */
const modelEvents = [
  change('name', sample.name),
  change('email', sample.email),
  change('email', 'aoife@murphyfuels'),
  change('address', sample.address),
  change('companyName', sample.companyName),
  change('telephone', sample.telephone),
  change('message', sample.message),
  change('telephone2', '07700 900123'),
  change('telephone2', ''),
  { type: 'SEND' },
  { type: DONE, output: { code: 200, message: m.sent } },
  { type: DONE, output: { code: 429, message: m.tooMany } },
  { type: ERROR, error: new EnquiryNetworkError('offline') },
] as unknown as EnquiryFormEvent[];

type Transition = AnyTransitionDefinition;

/** Every state node of the machine, by dotted path ("ready.sent"). */
function allStateNodes(node: AnyStateNode = enquiryFormMachine.root): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...allStateNodes(child),
  ]);
}
const atomicNodes = allStateNodes().filter((node) => node.type === 'atomic');
const dotted = (node: AnyStateNode) => node.path.join('.');

function guardName(transition: Transition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  return (guard as { type?: string }).type ?? 'inline';
}

/** Every event each atomic state handles (its own transitions and its ancestors'). */
const allStateEvents = new Set(
  atomicNodes.flatMap((atomic) => {
    const types = new Set<string>();
    for (let node: AnyStateNode | undefined = atomic; node; node = node.parent) {
      for (const type of node.transitions.keys()) types.add(type);
    }
    return [...types].map((type) => `${type} in ${dotted(atomic)}`);
  }),
);

/** What a step does in its state: `ready.editing --SEND [isFormValid?]--> sending`. */
function concreteKeys(before: AnyMachineSnapshot, event: EventObject): string[] {
  const taken = enquiryFormMachine.getTransitionData(
    before as Snapshot,
    event as EnquiryFormEvent,
  ) as Transition[];
  return taken.map(
    (t) =>
      `${stateName(before as Snapshot)} --${event.type}${guardName(t) ? ` [${guardName(t)}]` : ''}--> ${(t.target ?? []).map((n: AnyStateNode) => dotted(n)).join(',')}`,
  );
}
const stateEventOf = (step: ModelStep) =>
  `${step.event.type} in ${stateName(step.before as Snapshot)}`;

const model = exploreModel({
  machine: enquiryFormMachine,
  events: modelEvents,
  // Beyond every state and transition: every (state, event, branch) the model reaches.
  alsoCoverStep: (step) => concreteKeys(step.before, step.event).join(' & ') || null,
});
const paths = coveringPaths(model);

function expectInvariants(snapshot: Snapshot) {
  const { values, submitted, fieldErrors } = snapshot.context;
  const valid = validateEnquiry(values).ok;
  const bot = isHoneypotFilled(values);
  if (submitted) expect(fieldErrors).toEqual(fieldErrorsOf(values));
  else expect(fieldErrors).toEqual({});
  const typing = snapshot.can({ type: 'CHANGE', field: 'name', value: 'x' });
  const sendable = snapshot.can({ type: 'SEND' });
  switch (stateName(snapshot)) {
    case 'ready.editing':
      expect(submitted).toBe(false);
      break;
    case 'ready.invalid':
      expect({ submitted, valid, bot }).toEqual({ submitted: true, valid: false, bot: false });
      expect(Object.keys(fieldErrors).length).toBeGreaterThan(0);
      break;
    case 'ready.discarded':
      expect({ submitted, bot }).toEqual({ submitted: true, bot: true });
      break;
    case 'sending':
      expect({ submitted, valid, bot }).toEqual({ submitted: true, valid: true, bot: false });
      expect({ typing, sendable }).toEqual({ typing: false, sendable: false });
      return;
    case 'ready.sent':
      expect(submitted).toBe(false);
      for (const field of clearedAfterSend) expect(values[field]).toBe('');
      break;
    case 'ready.rejected':
    case 'ready.failed':
      expect({ submitted, valid, bot }).toEqual({ submitted: true, valid: true, bot: false });
      break;
    default:
      throw new Error(`unknown state ${stateName(snapshot)}`);
  }
  // Every "ready" state takes typing and Send.
  expect({ typing, sendable }).toEqual({ typing: true, sendable: true });
}

/** What each step must do to the outside world: notifications, requests, the fields. */
function expectStep(
  before: Snapshot,
  event: EventObject,
  after: Snapshot,
  shown: EnquiryNotification[],
  sent: EnquiryInput[],
) {
  const was = before.context.values;
  const target = stateName(after);
  const expected: { shown: EnquiryNotification[]; sent: EnquiryInput[]; values: EnquiryInput } = {
    shown: [],
    sent: [],
    values: was,
  };
  if (event.type === 'CHANGE') {
    const { field, value } = event as Extract<EnquiryFormEvent, { type: 'CHANGE' }>;
    expected.values = { ...was, [field]: value };
  } else if (event.type === 'SEND' && target === 'ready.invalid') {
    expected.shown = [{ type: 'notify', variant: 'danger', messages: validationMessages(was) }];
  } else if (event.type === 'SEND' && target === 'sending') {
    expected.sent = [was];
  } else if (event.type === DONE && target === 'ready.sent') {
    expected.shown = [{ type: 'notify', variant: 'success', messages: [m.sent] }];
    expected.values = { ...was, name: '', email: '', message: '' };
  } else if (event.type === DONE) {
    const { output } = event as unknown as { output: EnquiryResponse };
    expected.shown = [{ type: 'notify', variant: 'danger', messages: [output.message] }];
  } else if (event.type === ERROR) {
    expected.shown = [{ type: 'notify', variant: 'danger', messages: [m.networkFailure] }];
  }
  expect({ shown, sent, values: after.context.values }).toEqual(expected);
}

type Harness = ReturnType<typeof createHarness> & {
  /** Where the last check left off: the snapshot, and how much had been shown and sent. */
  mark: { snapshot: Snapshot; shown: number; sent: number };
};

/** The live form, driven along a path and checked against the model and the spec at each step. */
const liveForm: LiveDriver<Harness> = {
  start: (input) => {
    const harness = createHarness((input ?? {}) as EnquiryFormInput);
    return { ...harness, mark: { snapshot: harness.actor.getSnapshot(), shown: 0, sent: 0 } };
  },
  deliver: async (harness, event) => {
    if (event.type === DONE)
      await harness.answer((event as unknown as { output: EnquiryResponse }).output);
    else if (event.type === ERROR)
      await harness.fail((event as unknown as { error: unknown }).error);
    else harness.actor.send(event as EnquiryFormEvent);
  },
  check: (harness, step) => {
    const now = harness.actor.getSnapshot();
    if (step) {
      const { mark } = harness;
      expect(mark.snapshot.value).toEqual(step.before.value);
      expect({ value: now.value, context: now.context }).toEqual({
        value: step.after.value,
        context: step.after.context,
      });
      expectStep(
        mark.snapshot,
        step.event,
        now,
        harness.notifications.slice(mark.shown),
        harness.requests.slice(mark.sent),
      );
    }
    expectInvariants(now);
    harness.mark = {
      snapshot: now,
      shown: harness.notifications.length,
      sent: harness.requests.length,
    };
  },
  stop: (harness) => harness.actor.stop(),
};

describe('enquiryFormMachine: model-based', () => {
  // A replay is a handful of steps on a live actor: about 5 ms each on an idle machine.
  for (const path of paths) {
    it(path.description, () => replayPath(path, liveForm), 15_000);
  }

  it('the tested paths reach every state node and take every transition; every event in every state', () => {
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(enquiryFormMachine));
    expect(covered.transitions).toEqual(machineTransitionKeys(enquiryFormMachine));
    const exercised = new Set(paths.flatMap((path) => path.steps.map(stateEventOf)));
    expect([...exercised].sort()).toEqual([...allStateEvents].sort());
    // ready, its 6 children and sending; CHANGE + 3 SEND branches + 2 done branches + 1 error;
    // 6 ready states × (CHANGE, SEND) + sending × (done, error).
    expect([
      machineStateIds(enquiryFormMachine).length,
      machineTransitionKeys(enquiryFormMachine).length,
      allStateEvents.size,
    ]).toEqual([8, 7, 14]);
  });

  it('reaches exactly these transitions from these states (values change only through CHANGE)', () => {
    const reachable = new Set(
      model.edges.flatMap(({ step }) => concreteKeys(step.before, step.event)),
    );
    // A guard's answer depends only on the values, and typing always returns to "editing", so
    // Send from any other ready state repeats the branch that led there (a sent form lacks the
    // cleared fields, so it is invalid).
    expect([...reachable].sort()).toEqual(
      [
        'ready.discarded --CHANGE--> ready.editing',
        'ready.discarded --SEND [isHoneypotFilled?]--> ready.discarded',
        'ready.editing --CHANGE--> ready.editing',
        'ready.editing --SEND [isFormValid?]--> sending',
        'ready.editing --SEND [isHoneypotFilled?]--> ready.discarded',
        'ready.editing --SEND--> ready.invalid',
        'ready.failed --CHANGE--> ready.editing',
        'ready.failed --SEND [isFormValid?]--> sending',
        'ready.invalid --CHANGE--> ready.editing',
        'ready.invalid --SEND--> ready.invalid',
        'ready.rejected --CHANGE--> ready.editing',
        'ready.rejected --SEND [isFormValid?]--> sending',
        'ready.sent --CHANGE--> ready.editing',
        'ready.sent --SEND--> ready.invalid',
        `sending --${DONE} [isSuccess?]--> ready.sent`,
        `sending --${DONE}--> ready.rejected`,
        `sending --${ERROR}--> ready.failed`,
      ].sort(),
    );
    const tested = new Set(
      paths.flatMap((path) => path.steps.flatMap((step) => concreteKeys(step.before, step.event))),
    );
    for (const key of reachable) expect(tested).toContain(key);
  });

  it('keeps every invariant in every reachable snapshot of the model', () => {
    // Checked on the pure model (no actor); the replays above run the covering set on a live
    // actor. The traversal is complete: it reached every state and transition within its bounds.
    expect(model.truncated).toBe(false);
    expect(model.missing).toEqual({ states: [], transitions: [] });
    for (const { snapshot } of model.states) expectInvariants(snapshot as Snapshot);
  });
});
