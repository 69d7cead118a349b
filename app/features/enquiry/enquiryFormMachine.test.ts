import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  waitFor,
  type ActorLogic,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  serializeSnapshot,
  toDirectedGraph,
  type AdjacencyMap,
  type DirectedGraphNode,
  type StatePath,
} from 'xstate/graph';
import { isHoneypotFilled, validateEnquiry, type EnquiryInput } from '../../../api/domain/enquiry';
import { messages } from '../../../api/domain/messages';
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
// Model-based tests: xstate/graph walks the machine with these concrete events; every path is
// replayed against a live actor (with the API stubbed), and every step and state is checked.
// (`createTestModel` refuses machines that invoke actors, so the paths come from
// `getShortestPaths` and `getAdjacencyMap` directly, and `replay` plays the test model's part.)
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

/**
 * The events each state accepts (a state is its value and context, xstate/graph's default
 * serialisation). Events a state ignores are left out: they would be self-loops that change
 * nothing; the examples above check that Send and typing are ignored while sending.
 */
const traversal = {
  events: (snapshot: Snapshot) => modelEvents.filter((event) => snapshot.can(event)),
};

type Path = StatePath<Snapshot, EventObject>;
type Transition = AnyTransitionDefinition;

/** Every state node of the machine, by dotted path ("ready.sent"). */
function allStateNodes(node: AnyStateNode = enquiryFormMachine.root): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...allStateNodes(child),
  ]);
}
const stateNodes = allStateNodes();
const atomicNodes = stateNodes.filter((node) => node.type === 'atomic');
const dotted = (node: AnyStateNode) => node.path.join('.');

function guardName(transition: Transition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  return (guard as { type?: string }).type ?? 'inline';
}

/** A transition as the statechart draws it: where it is defined, its event, guard and target. */
function edgeKey(transition: Transition): string {
  const guard = guardName(transition);
  const targets = (transition.target ?? []).map(dotted).join(',');
  return `${dotted(transition.source)} --${transition.eventType}${guard ? ` [${guard}]` : ''}--> ${targets}`;
}

/** Every transition of the statechart, read from xstate/graph's directed graph (as QA sees it). */
const allEdges = (() => {
  const keys: string[] = [];
  const collect = (node: DirectedGraphNode) => {
    for (const edge of node.edges) keys.push(edgeKey(edge.transition));
    node.children.forEach(collect);
  };
  collect(toDirectedGraph(enquiryFormMachine));
  return new Set(keys);
})();

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

/** What a step does: the transitions it takes, and the (state, event) pair it exercises. */
function stepKeys(before: Snapshot, event: EventObject) {
  const taken = enquiryFormMachine.getTransitionData(before, event as EnquiryFormEvent);
  return {
    edges: taken.map((t) => edgeKey(t)),
    stateEvent: `${event.type} in ${stateName(before)}`,
    concrete: taken.map(
      (t) =>
        `${stateName(before)} --${event.type}${guardName(t) ? ` [${guardName(t)}]` : ''}--> ${(t.target ?? []).map((n: AnyStateNode) => dotted(n)).join(',')}`,
    ),
  };
}

function walk(path: Path): { before: Snapshot; event: EventObject; after: Snapshot }[] {
  // xstate/graph starts every path with the actor starting (xstate.init) in the initial state.
  const [first, ...steps] = path.steps;
  if (first?.event.type !== 'xstate.init') throw new Error('a path starts with xstate.init');
  let before = first.state;
  return steps.map((step) => {
    const entry = { before, event: step.event, after: step.state };
    before = step.state;
    return entry;
  });
}

const shortestPaths = getShortestPaths(enquiryFormMachine, traversal) as unknown as Path[];
const adjacency: AdjacencyMap<Snapshot, EventObject> = getAdjacencyMap(
  enquiryFormMachine as unknown as ActorLogic<Snapshot, EventObject, EnquiryFormInput>,
  traversal as { events: (snapshot: Snapshot) => EventObject[] },
);
/** The steps out of one state of the adjacency map. */
const movesFrom = (entry: { transitions: object }) =>
  Object.values(entry.transitions) as { event: EventObject; state: Snapshot }[];

/** For every state node, the shortest path that ends in it. */
const statePaths: [string, Path][] = stateNodes.map((node) => {
  const path = shortestPaths
    .filter((p) => p.state.matches(dotted(node) as never))
    .sort((a, b) => a.steps.length - b.steps.length)[0];
  if (!path) throw new Error(`no path reaches ${dotted(node)}`);
  return [dotted(node), path];
});

/**
 * For every transition of the chart, and every event in every state, the shortest path that
 * ends by taking it: a shortest path to a state, plus one step from the adjacency map.
 */
const transitionPaths: [string, Path][] = (() => {
  const byState = new Map(shortestPaths.map((p) => [serializeSnapshot(p.state), p]));
  const best = new Map<string, Path>();
  const offer = (key: string, candidate: Path) => {
    const current = best.get(key);
    if (!current || candidate.steps.length < current.steps.length) best.set(key, candidate);
  };
  for (const entry of Object.values(adjacency)) {
    const lead = byState.get(serializeSnapshot(entry.state));
    if (!lead) continue;
    for (const { event, state: next } of movesFrom(entry)) {
      const candidate: Path = {
        state: next,
        steps: [...lead.steps, { event, state: next }],
        weight: lead.steps.length + 1,
      };
      const keys = stepKeys(entry.state, event);
      for (const key of keys.edges) offer(key, candidate);
      offer(keys.stateEvent, candidate);
    }
  }
  return [...best.entries()].sort(([a], [b]) => a.localeCompare(b));
})();

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

/** Replays a path on a live actor, checking every step against the model and the spec. */
async function replay(path: Path) {
  const harness = createHarness();
  const { actor } = harness;
  expectInvariants(actor.getSnapshot());
  for (const { before, event, after } of walk(path)) {
    const sutBefore = actor.getSnapshot();
    expect(sutBefore.value).toEqual(before.value);
    const shownBefore = harness.notifications.length;
    const sentBefore = harness.requests.length;
    if (event.type === DONE)
      await harness.answer((event as unknown as { output: EnquiryResponse }).output);
    else if (event.type === ERROR)
      await harness.fail((event as unknown as { error: unknown }).error);
    else actor.send(event as EnquiryFormEvent);
    const sutAfter = actor.getSnapshot();
    expect({ value: sutAfter.value, context: sutAfter.context }).toEqual({
      value: after.value,
      context: after.context,
    });
    expectInvariants(sutAfter);
    expectStep(
      sutBefore,
      event,
      sutAfter,
      harness.notifications.slice(shownBefore),
      harness.requests.slice(sentBefore),
    );
  }
  actor.stop();
}

describe('enquiryFormMachine: model-based', () => {
  it.each(statePaths)('reaches state %s', async (_name, path) => {
    await replay(path);
  });

  it.each(transitionPaths)('takes %s', async (_key, path) => {
    await replay(path);
  });

  it('the tested paths cover every state node, every transition and every event in every state', () => {
    const tested = [...statePaths, ...transitionPaths].map(([, path]) => path);
    const visitedStates = new Set<string>();
    const takenEdges = new Set<string>();
    const exercised = new Set<string>();
    for (const path of tested) {
      for (const { before, event, after } of walk(path)) {
        for (const node of stateNodes) {
          if (before.matches(dotted(node) as never) || after.matches(dotted(node) as never))
            visitedStates.add(dotted(node));
        }
        const keys = stepKeys(before, event);
        keys.edges.forEach((key) => takenEdges.add(key));
        exercised.add(keys.stateEvent);
      }
    }
    expect([...visitedStates].sort()).toEqual(stateNodes.map(dotted).sort());
    expect([...takenEdges].sort()).toEqual([...allEdges].sort());
    expect([...exercised].sort()).toEqual([...allStateEvents].sort());
    // ready, its 6 children and sending; CHANGE + 3 SEND branches + 2 done branches + 1 error;
    // 6 ready states × (CHANGE, SEND) + sending × (done, error).
    expect([stateNodes.length, allEdges.size, allStateEvents.size]).toEqual([8, 7, 14]);
  });

  it('reaches exactly these transitions from these states (values change only through CHANGE)', () => {
    const reachable = new Set<string>();
    for (const entry of Object.values(adjacency)) {
      for (const { event } of movesFrom(entry)) {
        stepKeys(entry.state, event).concrete.forEach((key) => reachable.add(key));
      }
    }
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
      transitionPaths.flatMap(([, path]) =>
        walk(path).flatMap(({ before, event }) => stepKeys(before, event).concrete),
      ),
    );
    for (const key of reachable) expect(tested).toContain(key);
  });

  it('keeps every invariant in every reachable snapshot of the model', () => {
    // Checked on the pure model (no actor): the replays above run the small covering set
    // (statePaths and transitionPaths) on a live actor and compare it with the model step by step.
    expect(shortestPaths.length).toBe(Object.keys(adjacency).length);
    expect(shortestPaths.length).toBeGreaterThan(100);
    // Each reachable snapshot ends exactly one shortest path.
    for (const path of shortestPaths) expectInvariants(path.state);
  });
});
