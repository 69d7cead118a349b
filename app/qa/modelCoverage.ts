/**
 * Model-based test support: paths through a machine that together reach every state and take
 * every transition, and the bookkeeping to prove it. Pure: no DOM, no React.
 *
 * The reachable model is explored once (xstate/graph `getShortestPaths` to every distinct
 * snapshot); from it a small set of paths is chosen that reaches every state node and takes every
 * transition. A test replays each of those paths on the real implementation and checks the
 * state's invariants after every step, and can check the invariants of every reachable snapshot on
 * the pure model, which costs no actor.
 */
import {
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { getShortestPaths, getStateNodes } from 'xstate/graph';
import { pathToValue } from './graph';

/** An event as QA reads it: `REQUEST {"id":"r1",...}`. */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  return Object.keys(payload).length === 0 ? type : `${type} ${JSON.stringify(payload)}`;
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

export interface ModelStep {
  event: EventObject;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** The transitions the event took (none when the state ignored it). */
  transitions: string[];
  /** The names of the actions the step executed, in order. */
  actions: string[];
}

export interface ModelPath {
  description: string;
  events: EventObject[];
}

/** Replays events on the pure model, recording each step's transitions and actions. */
export function walk(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  input?: unknown,
): { initial: AnyMachineSnapshot; steps: ModelStep[] } {
  const [initial] = initialTransition(machine, input as never) as [AnyMachineSnapshot, unknown];
  let current = initial;
  const steps: ModelStep[] = [];
  for (const event of events) {
    const taken = machine.getTransitionData(current as never, event as never);
    const [after, actions] = transition(machine, current as never, event as never) as [
      AnyMachineSnapshot,
      { type: string }[],
    ];
    steps.push({
      event,
      before: current,
      after,
      transitions: taken.map((t) => transitionKey(t as AnyTransitionDefinition)),
      actions: actions.map((action) => action.type),
    });
    current = after;
  }
  return { initial, steps };
}

export interface ModelOptions {
  events: readonly EventObject[];
  input?: unknown;
}

/**
 * The reachable model: the shortest path (xstate/graph `getShortestPaths`) to every distinct
 * snapshot (state value and context) the events can reach, each with the snapshot it ends in.
 * Pure and cheap next to replaying on a live actor; build it once per test file.
 */
export function exploreModel(
  machine: AnyStateMachine,
  options: ModelOptions,
): { events: EventObject[]; state: AnyMachineSnapshot }[] {
  const shortest = getShortestPaths(machine, {
    events: [...options.events],
    ...(options.input === undefined ? {} : { input: options.input }),
  } as Parameters<typeof getShortestPaths>[1]);
  return shortest.map((path) => {
    const events = path.steps.map((step) => step.event).filter((e) => e.type !== 'xstate.init');
    // Replayed with `transition`, as `walk` does, so the snapshot carries its invoked children.
    const { initial, steps } = walk(machine, events, options.input);
    return { events, state: steps.at(-1)?.after ?? initial };
  });
}

const describePath = (events: readonly EventObject[]) =>
  events.length === 0 ? '(start)' : events.map(describeEvent).join(' → ');

/**
 * A small set of paths that together reach every state node and take every transition the events
 * can reach: for each state node, the shortest path into it; for each transition, the shortest
 * path to a state that takes it, plus the event that does. Paths that are the start of another
 * chosen path are dropped (replaying the longer one checks every step of the shorter).
 *
 * `alsoCover` names further situations worth a path of their own (for example "the queue holds
 * r2 then r1"): every distinct non-null key it returns for a reachable snapshot gets the shortest
 * path to such a snapshot.
 */
export function coveringPaths(
  machine: AnyStateMachine,
  options: ModelOptions & { alsoCover?: (snapshot: AnyMachineSnapshot) => string | null },
): ModelPath[] {
  const best = new Map<string, EventObject[]>();
  const offer = (key: string, events: EventObject[]) => {
    const current = best.get(key);
    if (!current || events.length < current.length) best.set(key, events);
  };
  for (const { events, state } of exploreModel(machine, options)) {
    for (const id of activeStateIds(machine, state)) offer(`state ${id}`, events);
    const extra = options.alsoCover?.(state);
    if (extra) offer(`also ${extra}`, events);
    for (const next of options.events) {
      if (!state.can(next as never)) continue;
      for (const taken of machine.getTransitionData(state as never, next as never)) {
        offer(`transition ${transitionKey(taken as AnyTransitionDefinition)}`, [...events, next]);
      }
    }
  }
  const chosen = new Map<string, EventObject[]>();
  for (const events of best.values()) chosen.set(describePath(events), events);
  const isPrefix = (short: EventObject[], long: EventObject[]) =>
    short.length < long.length && short.every((event, i) => event === long[i]);
  const all = [...chosen.values()];
  return all
    .filter((events) => !all.some((other) => isPrefix(events, other)))
    .sort((a, b) => a.length - b.length || describePath(a).localeCompare(describePath(b)))
    .map((events) => ({ description: describePath(events), events }));
}

/** The states and transitions a set of paths reaches on the model. */
export function coverageOf(
  machine: AnyStateMachine,
  paths: readonly ModelPath[],
  input?: unknown,
): { states: string[]; transitions: string[] } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    const { initial, steps } = walk(machine, path.events, input);
    for (const id of activeStateIds(machine, initial)) states.add(id);
    for (const step of steps) {
      for (const id of activeStateIds(machine, step.after)) states.add(id);
      for (const key of step.transitions) transitions.add(key);
    }
  }
  return { states: [...states].sort(), transitions: [...transitions].sort() };
}
