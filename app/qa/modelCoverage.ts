/**
 * The model-test harness, shared by the machines' tests, the QA explorer, the coverage page and
 * the generated test plans. Pure: no DOM, no React, no test framework.
 *
 * 1. `exploreModel` walks the machine breadth first from each of its starts, with a list of
 *    concrete events, and keeps the shortest path to every distinct snapshot (state value and
 *    context), as xstate/graph's `getShortestPaths` does (a unit test checks they agree). It is
 *    bounded (`maxStates`, `maxDepth`) and says when a bound cut it short. Each step records the
 *    transitions it took (eventless ones included), the state nodes it passed through (transient
 *    ones included), its actions and the events it emitted.
 * 2. `coveringPaths` chooses a small set of those paths that together reach every state node and
 *    take every transition the events can reach (and any further situation asked for).
 * 3. `coverageOf` says which state ids and transition keys a set of paths reaches: compare it with
 *    `machineStateIds` and `machineTransitionKeys`.
 * 4. `replayPath` replays a path step by step on the real implementation (a live actor, with its
 *    network calls settled by hand through `settleCall`), handing each step to the test's checks.
 */
import {
  getInitialMicrosteps,
  getMicrosteps,
  getNextTransitions,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type StateValue,
} from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { pathToValue } from './graph';

// ---------------------------------------------------------------------------------------------
// Names: events, states and transitions as people read them
// ---------------------------------------------------------------------------------------------

/** An event with its whole payload as JSON: `REQUEST {"id":"r1",...}`. */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  return Object.keys(payload).length === 0 ? type : `${type} ${JSON.stringify(payload)}`;
}

/** A payload value in a word or two: an answer by its code, an order by its status, … */
export function summariseValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value !== 'object') return String(value);
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function' && !(value instanceof Date)) {
    const label: unknown = toJSON.call(value);
    if (typeof label === 'string') return label;
  }
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value instanceof Error) return value.name !== 'Error' ? value.name : value.message;
  const record = value as Record<string, unknown>;
  for (const key of ['code', 'status', 'kind', 'fullName', 'title', 'message']) {
    const field = record[key];
    if (typeof field === 'string' || typeof field === 'number') return String(field);
  }
  return '…';
}

/** The key parts of an event's payload: `CHANGE {field:"email", value:"x"}` gives `email, x`. */
export function summarisePayload(event: EventObject): string {
  const { type: _type, ...payload } = event as EventObject & Record<string, unknown>;
  return Object.values(payload).map(summariseValue).join(', ');
}

/** An event as a path step: `POSTCODE_CHANGED(BT1 1AA)`, `ADD_TO_CART`. */
export function eventName(event: EventObject, payload: string = summarisePayload(event)): string {
  return payload === '' ? event.type : `${event.type}(${payload})`;
}

/** A state value as a dotted path: `ready.sent`, `checking` (parallel regions joined by commas). */
export function stateName(state: AnyMachineSnapshot | StateValue): string {
  const value: StateValue =
    typeof state === 'object' && state !== null && 'value' in state
      ? (state as AnyMachineSnapshot).value
      : (state as StateValue);
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) =>
      child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
        ? key
        : `${key}.${stateName(child as StateValue)}`,
    )
    .join(',');
}

/** A stable name for a transition: source, event, position among that event's choices. */
export function transitionKey(definition: AnyTransitionDefinition): string {
  const source: AnyStateNode = definition.source;
  const choices =
    definition.eventType === ''
      ? (source.always ?? [])
      : (source.transitions.get(definition.eventType) ?? []);
  const index = choices.indexOf(definition);
  const targets = definition.target?.map((t: AnyStateNode) => t.id).join(',') ?? '(none)';
  return `${source.id} on ${definition.eventType || 'always'} #${index} -> ${targets}`;
}

/** Every state node id of the machine, nested ones included (not the root). */
export function machineStateIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .map((node) => node.id)
    .sort();
}

/** Every transition the machine defines, by `transitionKey`. */
export function machineTransitionKeys(machine: AnyStateMachine): string[] {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  const keys = nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat().map(transitionKey),
    ...(node.always ?? []).map(transitionKey),
  ]);
  return [...new Set(keys)].sort();
}

/** The ids of the state nodes active in a snapshot. */
export function activeStateIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  return getStateNodes(machine.root)
    .filter((node) => snapshot.matches(pathToValue(node.path) as never))
    .map((node) => node.id);
}

// ---------------------------------------------------------------------------------------------
// Steps on the pure model
// ---------------------------------------------------------------------------------------------

export interface ModelStep {
  event: EventObject;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** The transitions the event took, then any eventless ones that followed (none: ignored). */
  transitions: string[];
  /** The state ids active after the step, and any transient ones it passed through. */
  states: string[];
  /** The names of the actions the step executed, in order (`xstate.emit` for an emit). */
  actions: string[];
  /** The events the machine emitted (`emit(...)`), in order. */
  emitted: EventObject[];
}

const eventlessMachines = new WeakMap<AnyStateMachine, boolean>();
function hasEventless(machine: AnyStateMachine): boolean {
  let known = eventlessMachines.get(machine);
  if (known === undefined) {
    known = [machine.root, ...getStateNodes(machine.root)].some(
      (node) => (node.always?.length ?? 0) > 0,
    );
    eventlessMachines.set(machine, known);
  }
  return known;
}

/**
 * What a run of microsteps did beyond its first: the eventless transitions taken (each one whose
 * source was active before and whose targets are active after, first in XState's own order), and
 * every state id active on the way.
 */
function throughMicrosteps(
  machine: AnyStateMachine,
  microsteps: readonly AnyMachineSnapshot[],
): { states: string[]; transitions: string[] } {
  const states = new Set<string>();
  const transitions: string[] = [];
  microsteps.forEach((snapshot, index) => {
    const active = activeStateIds(machine, snapshot);
    active.forEach((id) => states.add(id));
    const previous = microsteps[index - 1];
    if (!previous) return;
    const now = new Set(active);
    const taken = getNextTransitions(previous).find(
      (t) =>
        t.eventType === '' &&
        (t.target?.length ?? 0) > 0 &&
        (t.target ?? []).every((target: AnyStateNode) => now.has(target.id)),
    );
    if (taken) transitions.push(transitionKey(taken));
  });
  return { states: [...states], transitions };
}

function executedActions(actions: readonly unknown[]): Pick<ModelStep, 'actions' | 'emitted'> {
  const list = actions as { type: string; params?: { event?: EventObject } }[];
  return {
    actions: list.map((action) => action.type),
    emitted: list.flatMap((action) =>
      action.type === 'xstate.emit' && action.params?.event ? [action.params.event] : [],
    ),
  };
}

/** One event on the pure model (an ignored event is a step that takes no transition). */
export function modelStep(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot,
  event: EventObject,
  taken: readonly AnyTransitionDefinition[] = machine.getTransitionData(
    before as never,
    event as never,
  ) as AnyTransitionDefinition[],
): ModelStep {
  const [after, actions] = transition(machine, before as never, event as never) as [
    AnyMachineSnapshot,
    unknown[],
  ];
  const transitions = taken.map(transitionKey);
  const states = new Set(activeStateIds(machine, after));
  if (taken.length > 0 && hasEventless(machine)) {
    const microsteps = getMicrosteps(machine, before as never, event as never).map(
      ([snapshot]) => snapshot as AnyMachineSnapshot,
    );
    const passed = throughMicrosteps(machine, microsteps);
    passed.states.forEach((id) => states.add(id));
    transitions.push(...passed.transitions);
  }
  return {
    event,
    before,
    after,
    transitions,
    states: [...states].sort(),
    ...executedActions(actions),
  };
}

/** A machine's start: its initial snapshot, and what the start itself reached. */
export interface ModelStartResult {
  initial: AnyMachineSnapshot;
  states: string[];
  /** Eventless transitions taken on the way in (a transient state choosing where to go). */
  transitions: string[];
  emitted: EventObject[];
}

export function modelStart(machine: AnyStateMachine, input?: unknown): ModelStartResult {
  const [initial, actions] = initialTransition(machine, input as never) as [
    AnyMachineSnapshot,
    unknown[],
  ];
  const states = new Set(activeStateIds(machine, initial));
  let transitions: string[] = [];
  if (hasEventless(machine)) {
    const microsteps = getInitialMicrosteps(machine, input as never).map(
      ([snapshot]) => snapshot as AnyMachineSnapshot,
    );
    const passed = throughMicrosteps(machine, microsteps);
    passed.states.forEach((id) => states.add(id));
    transitions = passed.transitions;
  }
  return {
    initial,
    states: [...states].sort(),
    transitions,
    emitted: executedActions(actions).emitted,
  };
}

/** Replays events on the pure model, recording each step. */
export function walk(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  input?: unknown,
): { initial: AnyMachineSnapshot; steps: ModelStep[] } {
  const { initial } = modelStart(machine, input);
  let current = initial;
  const steps = events.map((event) => {
    const step = modelStep(machine, current, event);
    current = step.after;
    return step;
  });
  return { initial, steps };
}

// ---------------------------------------------------------------------------------------------
// Exploring the model
// ---------------------------------------------------------------------------------------------

/** One way the machine starts: the input a page (or a story) gives it. */
export interface ModelStart {
  label: string;
  input?: unknown;
}

export type ModelEvents =
  readonly EventObject[] | ((snapshot: AnyMachineSnapshot) => readonly EventObject[]);

export interface ModelSpec {
  machine: AnyStateMachine;
  /** The concrete events to try in every state (or a function of the state). */
  events: ModelEvents;
  /** The ways the machine starts (default: one start, with `input`). */
  starts?: readonly ModelStart[];
  input?: unknown;
  /** At most this many distinct snapshots are explored (default 5,000). */
  maxStates?: number;
  /** Paths longer than this are not followed (default 200). */
  maxDepth?: number;
  /** Further situations worth a path of their own: a key per snapshot, or null. */
  alsoCover?: (snapshot: AnyMachineSnapshot) => string | null;
  /** Further steps worth a path of their own: a key per step, or null. */
  alsoCoverStep?: (step: ModelStep) => string | null;
}

/** A distinct snapshot the traversal reached, with the step that first reached it. */
export interface ModelState {
  snapshot: AnyMachineSnapshot;
  /** Index into `ExploredModel.starts`. */
  start: number;
  depth: number;
  parent: ModelState | null;
  via: ModelStep | null;
}

export interface ModelEdge {
  from: ModelState;
  step: ModelStep;
  to: ModelState;
}

export interface Coverage {
  states: string[];
  transitions: string[];
}

export interface ExploredModel {
  spec: ModelSpec;
  machine: AnyStateMachine;
  starts: ModelStart[];
  /** Per start, what the start itself reached. */
  initials: ModelStartResult[];
  /** Every distinct snapshot reached, shortest path first (breadth first). */
  states: ModelState[];
  /** Every step that took a transition, from each explored snapshot. */
  edges: ModelEdge[];
  /** What the traversal reached, what the machine defines, and what it missed. */
  reached: Coverage;
  defined: Coverage;
  missing: Coverage;
  /** A bound (maxStates or maxDepth) cut the traversal short. */
  truncated: boolean;
}

export function startsOf(spec: Pick<ModelSpec, 'starts' | 'input'>): ModelStart[] {
  if (spec.starts && spec.starts.length > 0) return [...spec.starts];
  return [{ label: 'start', ...(spec.input === undefined ? {} : { input: spec.input }) }];
}

/** Snapshots with the same value, status and context behave alike (xstate/graph's default). */
function snapshotKey(snapshot: AnyMachineSnapshot): string {
  return `${JSON.stringify(snapshot.value)}|${snapshot.status}|${JSON.stringify(snapshot.context)}`;
}

const eventsAt = (spec: ModelSpec, snapshot: AnyMachineSnapshot) =>
  typeof spec.events === 'function' ? spec.events(snapshot) : spec.events;

const difference = (all: readonly string[], some: Iterable<string>) => {
  const got = new Set(some);
  return all.filter((item) => !got.has(item));
};

/** The options of the harness's first form: a machine, then these. */
export interface LegacyModelOptions {
  events: readonly EventObject[];
  input?: unknown;
  alsoCover?: (snapshot: AnyMachineSnapshot) => string | null;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof (value as { getTransitionData?: unknown } | null)?.getTransitionData === 'function';

/** The reachable model, breadth first from every start, within the spec's bounds. */
export function exploreModel(spec: ModelSpec): ExploredModel;
/**
 * The first form, kept for callers not yet moved to `exploreModel(spec)`: the shortest path to
 * every distinct snapshot, as its events and the snapshot it ends in.
 */
export function exploreModel(
  machine: AnyStateMachine,
  options: LegacyModelOptions,
): { events: EventObject[]; state: AnyMachineSnapshot }[];
export function exploreModel(
  specOrMachine: ModelSpec | AnyStateMachine,
  options?: LegacyModelOptions,
): ExploredModel | { events: EventObject[]; state: AnyMachineSnapshot }[] {
  if (isMachine(specOrMachine)) {
    const model = explore({ machine: specOrMachine, ...options, events: options?.events ?? [] });
    return shortestPaths(model).map((path) => ({ events: path.events, state: path.target }));
  }
  return explore(specOrMachine);
}

function explore(spec: ModelSpec): ExploredModel {
  const { machine } = spec;
  const maxStates = spec.maxStates ?? 5_000;
  const maxDepth = spec.maxDepth ?? 200;
  const starts = startsOf(spec);
  const initials = starts.map((start) => modelStart(machine, start.input));
  const seen = new Map<string, ModelState>();
  const states: ModelState[] = [];
  const edges: ModelEdge[] = [];
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  initials.forEach((start, index) => {
    start.states.forEach((id) => reachedStates.add(id));
    start.transitions.forEach((key) => reachedTransitions.add(key));
    const key = snapshotKey(start.initial);
    if (seen.has(key)) return;
    const node: ModelState = {
      snapshot: start.initial,
      start: index,
      depth: 0,
      parent: null,
      via: null,
    };
    seen.set(key, node);
    states.push(node);
  });
  let truncated = false;
  // `states` is the queue: it only grows, in the order the snapshots are first reached.
  for (let next = 0; next < states.length; next++) {
    const from = states[next] as ModelState;
    if (from.snapshot.status !== 'active') continue;
    for (const event of eventsAt(spec, from.snapshot)) {
      const taken = machine.getTransitionData(
        from.snapshot as never,
        event as never,
      ) as AnyTransitionDefinition[];
      if (taken.length === 0) continue;
      if (from.depth >= maxDepth) {
        truncated = true;
        break;
      }
      const step = modelStep(machine, from.snapshot, event, taken);
      const key = snapshotKey(step.after);
      let to = seen.get(key);
      if (!to) {
        if (states.length >= maxStates) {
          truncated = true;
          continue;
        }
        to = {
          snapshot: step.after,
          start: from.start,
          depth: from.depth + 1,
          parent: from,
          via: step,
        };
        seen.set(key, to);
        states.push(to);
      }
      edges.push({ from, step, to });
      step.states.forEach((id) => reachedStates.add(id));
      step.transitions.forEach((k) => reachedTransitions.add(k));
    }
  }
  const defined = { states: machineStateIds(machine), transitions: machineTransitionKeys(machine) };
  const reached = {
    states: [...reachedStates].sort(),
    transitions: [...reachedTransitions].sort(),
  };
  return {
    spec,
    machine,
    starts,
    initials,
    states,
    edges,
    reached,
    defined,
    missing: {
      states: difference(defined.states, reached.states),
      transitions: difference(defined.transitions, reached.transitions),
    },
    truncated,
  };
}

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

export interface ModelPath {
  /** The start it begins from (`ExploredModel.starts[startIndex]`). */
  start: ModelStart;
  startIndex: number;
  initial: AnyMachineSnapshot;
  steps: ModelStep[];
  events: EventObject[];
  /** The snapshot it ends in. */
  target: AnyMachineSnapshot;
  /** The state ids and transition keys it reaches, the start's own included. */
  states: string[];
  transitions: string[];
  /** `EVENT(payload) → … → target`, with the start's label first when there are several. */
  description: string;
}

/** The steps of the shortest path to an explored snapshot. */
function stepsTo(node: ModelState): ModelStep[] {
  const steps: ModelStep[] = [];
  for (let at: ModelState | null = node; at?.via; at = at.parent) steps.push(at.via);
  return steps.reverse();
}

export interface PathNaming {
  /** The name of one event of a path (default `eventName`). */
  event?: (event: EventObject, before: AnyMachineSnapshot) => string;
}

/** A path as its events and target: `PRODUCT_CHANGED(kerosene) → ADD_TO_CART → ready`. */
export function describePath(
  path: Pick<ModelPath, 'steps' | 'target' | 'start'>,
  naming: PathNaming & { withStart?: boolean } = {},
): string {
  const name = naming.event ?? ((event: EventObject) => eventName(event));
  const parts = path.steps.map((step) => name(step.event, step.before));
  const body = [...parts, stateName(path.target)].join(' → ');
  return naming.withStart ? `${path.start.label}: ${body}` : body;
}

export function makePath(
  model: ExploredModel,
  startIndex: number,
  steps: readonly ModelStep[],
): ModelPath {
  const start = model.initials[startIndex] as ModelStartResult;
  const states = new Set(start.states);
  const transitions = new Set(start.transitions);
  for (const step of steps) {
    step.states.forEach((id) => states.add(id));
    step.transitions.forEach((key) => transitions.add(key));
  }
  const path = {
    start: model.starts[startIndex] as ModelStart,
    startIndex,
    initial: start.initial,
    steps: [...steps],
    events: steps.map((step) => step.event),
    target: steps.at(-1)?.after ?? start.initial,
    states: [...states].sort(),
    transitions: [...transitions].sort(),
  };
  return { ...path, description: describePath(path, { withStart: model.starts.length > 1 }) };
}

/** The shortest path to every distinct snapshot, shortest first. */
export function shortestPaths(model: ExploredModel): ModelPath[] {
  return model.states.map((node) => makePath(model, node.start, stepsTo(node)));
}

const sameEvent = (a: EventObject | undefined, b: EventObject | undefined) =>
  a === b || (a !== undefined && b !== undefined && describeEvent(a) === describeEvent(b));

/** Is `short` the beginning of `long` (from the same start)? */
function isPrefix(short: ModelPath, long: ModelPath): boolean {
  return (
    short.startIndex === long.startIndex &&
    short.events.length < long.events.length &&
    short.events.every((event, i) => sameEvent(event, long.events[i]))
  );
}

/**
 * A small set of paths that together reach every state node and take every transition the
 * traversal reached: for each state node and each transition, the shortest path that reaches or
 * takes it (the shortest path to a snapshot, then one more event). Paths that begin another
 * chosen path are dropped: replaying the longer one checks every step of the shorter.
 *
 * The spec's `alsoCover` / `alsoCoverStep` name further situations (for example "the queue holds
 * r2 then r1"): every distinct key gets the shortest path to a snapshot, or a step, that has it.
 */
export function coveringPaths(model: ExploredModel): ModelPath[];
/** The first form, kept for callers not yet moved to `coveringPaths(exploreModel(spec))`. */
export function coveringPaths(machine: AnyStateMachine, options: LegacyModelOptions): ModelPath[];
export function coveringPaths(
  modelOrMachine: ExploredModel | AnyStateMachine,
  options?: LegacyModelOptions,
): ModelPath[] {
  if (isMachine(modelOrMachine)) {
    return choosePaths(
      explore({ machine: modelOrMachine, ...options, events: options?.events ?? [] }),
    );
  }
  return choosePaths(modelOrMachine);
}

function choosePaths(model: ExploredModel): ModelPath[] {
  interface Candidate {
    start: number;
    length: number;
    steps: () => ModelStep[];
  }
  const best = new Map<string, Candidate>();
  const offer = (key: string, candidate: Candidate) => {
    const current = best.get(key);
    if (!current || candidate.length < current.length) best.set(key, candidate);
  };
  model.initials.forEach((start, index) => {
    const candidate = { start: index, length: 0, steps: () => [] };
    start.states.forEach((id) => offer(`state ${id}`, candidate));
    start.transitions.forEach((key) => offer(`transition ${key}`, candidate));
    const extra = model.spec.alsoCover?.(start.initial);
    if (extra) offer(`also ${extra}`, candidate);
  });
  for (const node of model.states) {
    const extra = model.spec.alsoCover?.(node.snapshot);
    if (extra) {
      offer(`also ${extra}`, { start: node.start, length: node.depth, steps: () => stepsTo(node) });
    }
  }
  for (const { from, step } of model.edges) {
    const candidate = {
      start: from.start,
      length: from.depth + 1,
      steps: () => [...stepsTo(from), step],
    };
    step.states.forEach((id) => offer(`state ${id}`, candidate));
    step.transitions.forEach((key) => offer(`transition ${key}`, candidate));
    const extra = model.spec.alsoCoverStep?.(step);
    if (extra) offer(`step ${extra}`, candidate);
  }
  const chosen = new Map<string, ModelPath>();
  for (const candidate of new Set(best.values())) {
    const path = makePath(model, candidate.start, candidate.steps());
    chosen.set(`${candidate.start}|${path.events.map(describeEvent).join('|')}`, path);
  }
  const all = [...chosen.values()];
  return all
    .filter((path) => !all.some((other) => isPrefix(path, other)))
    .sort(
      (a, b) =>
        a.startIndex - b.startIndex ||
        a.steps.length - b.steps.length ||
        a.description.localeCompare(b.description),
    );
}

/** The state ids and transition keys a set of paths reaches (from what each path recorded). */
export function coverageOf(paths: readonly Pick<ModelPath, 'states' | 'transitions'>[]): Coverage;
/** The first form, kept for callers not yet moved: replays each path's events on the model. */
export function coverageOf(
  machine: AnyStateMachine,
  paths: readonly Pick<ModelPath, 'events'>[],
  input?: unknown,
): Coverage;
export function coverageOf(
  pathsOrMachine: readonly Pick<ModelPath, 'states' | 'transitions'>[] | AnyStateMachine,
  legacyPaths: readonly Pick<ModelPath, 'events'>[] = [],
  input?: unknown,
): Coverage {
  const states = new Set<string>();
  const transitions = new Set<string>();
  if (isMachine(pathsOrMachine)) {
    const start = modelStart(pathsOrMachine, input);
    for (const path of legacyPaths) {
      start.states.forEach((id) => states.add(id));
      start.transitions.forEach((key) => transitions.add(key));
      for (const step of walk(pathsOrMachine, path.events, input).steps) {
        step.states.forEach((id) => states.add(id));
        step.transitions.forEach((key) => transitions.add(key));
      }
    }
  } else {
    for (const path of pathsOrMachine) {
      path.states.forEach((id) => states.add(id));
      path.transitions.forEach((key) => transitions.add(key));
    }
  }
  return { states: [...states].sort(), transitions: [...transitions].sort() };
}

/** For each transition key (and state id), the first of the paths that reaches it. */
export function coveredBy<P extends Pick<ModelPath, 'states' | 'transitions'>>(
  paths: readonly P[],
): { states: Map<string, P>; transitions: Map<string, P> } {
  const states = new Map<string, P>();
  const transitions = new Map<string, P>();
  for (const path of paths) {
    for (const id of path.states) if (!states.has(id)) states.set(id, path);
    for (const key of path.transitions) if (!transitions.has(key)) transitions.set(key, path);
  }
  return { states, transitions };
}

// ---------------------------------------------------------------------------------------------
// Replaying a path on the real implementation
// ---------------------------------------------------------------------------------------------

/** A network call a test answers by hand. */
export interface PendingCall<I = unknown, O = unknown> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

const SETTLE_EVENT = /^xstate\.(done|error)\.actor\.(.+)$/;

/**
 * Plays the part of the network for a model event: `xstate.done.actor.<id>` resolves the latest
 * waiting call of actor `<id>` with the event's output, `xstate.error.actor.<id>` rejects it with
 * the event's error. Returns false for any other event (send it to the actor instead).
 */
export function settleCall(
  calls: Readonly<Record<string, readonly PendingCall<unknown, never>[] | undefined>>,
  event: EventObject,
): boolean {
  const match = SETTLE_EVENT.exec(event.type);
  if (!match) return false;
  const [, outcome, id = ''] = match;
  const call = calls[id]?.at(-1) as PendingCall | undefined;
  if (!call) throw new Error(`The model answered "${id}", but no call of it is waiting.`);
  if (outcome === 'done') call.resolve((event as EventObject & { output?: unknown }).output);
  else call.reject((event as EventObject & { error?: unknown }).error);
  return true;
}

/** How a test runs its system under test along a model path. */
export interface LiveDriver<S> {
  /** Starts the system under test with the path's start input. */
  start: (input: unknown) => S;
  /** Delivers one event (sends it, or settles the call it stands for) and lets it settle. */
  deliver: (sut: S, event: EventObject, step: ModelStep) => void | Promise<void>;
  /** After the start (`step` null) and after every step: the test's assertions. */
  check?: (sut: S, step: ModelStep | null, path: ModelPath) => void;
  stop?: (sut: S) => void;
}

/** Replays a path on the real implementation, step by step, checking after each one. */
export async function replayPath<S>(path: ModelPath, driver: LiveDriver<S>): Promise<void> {
  const sut = driver.start(path.start.input);
  try {
    driver.check?.(sut, null, path);
    for (const step of path.steps) {
      await driver.deliver(sut, step.event, step);
      driver.check?.(sut, step, path);
    }
  } finally {
    driver.stop?.(sut);
  }
}
