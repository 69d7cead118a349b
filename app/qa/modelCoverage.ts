/**
 * Model-based test support: paths through a machine that together reach every state and take
 * every transition, and the bookkeeping to prove it. Pure: no DOM, no React.
 *
 * The paths are the shortest path (xstate/graph `getShortestPaths`) to every distinct state the
 * given events can reach, plus each of those extended by one more event the state accepts. So
 * every edge of the reachable state graph is walked by some path; a test replays each path on
 * the real implementation and checks the state's invariants after every step.
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

/**
 * The shortest path to every reachable state, and each one extended by every event (from
 * `events`) its last state accepts. Descriptions read like "REQUEST {...} → xstate.done....".
 */
export function coveringPaths(
  machine: AnyStateMachine,
  options: { events: readonly EventObject[]; input?: unknown },
): ModelPath[] {
  const shortest = getShortestPaths(machine, {
    events: [...options.events],
    ...(options.input === undefined ? {} : { input: options.input }),
  } as Parameters<typeof getShortestPaths>[1]);
  const seen = new Set<string>();
  const paths: ModelPath[] = [];
  const add = (events: EventObject[]) => {
    const description = events.length === 0 ? '(start)' : events.map(describeEvent).join(' → ');
    if (seen.has(description)) return;
    seen.add(description);
    paths.push({ description, events });
  };
  for (const path of shortest) {
    const events = path.steps.map((step) => step.event).filter((e) => e.type !== 'xstate.init');
    add(events);
    for (const next of options.events) {
      if ((path.state as AnyMachineSnapshot).can(next as never)) add([...events, next]);
    }
  }
  return paths;
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
