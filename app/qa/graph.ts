import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { toDirectedGraph } from 'xstate/graph';

/** A statechart as boxes and arrows, ready for a layout engine. Pure: no DOM. */
export interface ChartNode {
  id: string;
  label: string;
  /** The state's path from the root, e.g. ["editing", "dirty"] (empty for the machine). */
  path: string[];
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: boolean;
  children: ChartNode[];
}

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  label: string;
}

export interface Chart {
  root: ChartNode;
  edges: ChartEdge[];
}

/** Readable names for XState's internal event types. */
export function eventLabel(type: string): string {
  if (type.startsWith('xstate.done.actor.'))
    return `done: ${type.slice('xstate.done.actor.'.length)}`;
  if (type.startsWith('xstate.error.actor.'))
    return `error: ${type.slice('xstate.error.actor.'.length)}`;
  if (type.startsWith('xstate.after.')) {
    const delay = type.split('.')[2] ?? '';
    return /^\d+$/.test(delay) ? `after ${delay} ms` : `after ${delay}`;
  }
  if (type.startsWith('xstate.done.state.')) return 'done';
  if (type === '') return 'always';
  return type;
}

function kindOf(node: AnyStateNode): ChartNode['kind'] {
  return node.type as ChartNode['kind'];
}

export function machineToChart(machine: AnyStateMachine): Chart {
  const graph = toDirectedGraph(machine);
  const edges: ChartEdge[] = [];
  const guardOf = (transition: { guard?: unknown }) => {
    const guard = transition.guard;
    const name = typeof guard === 'string' ? guard : (guard as { type?: string } | undefined)?.type;
    return name ? ` [${name}]` : '';
  };
  const convert = (node: typeof graph): ChartNode => {
    const stateNode = node.stateNode;
    const parent = stateNode.parent;
    for (const edge of node.edges) {
      edges.push({
        id: edge.id,
        source: edge.source.id,
        target: edge.target.id,
        label: `${eventLabel(edge.transition.eventType)}${guardOf(edge.transition)}`,
      });
    }
    // Eventless transitions, which the directed graph leaves out: taken as soon as the state is
    // entered (the first whose guard passes).
    (stateNode.always ?? []).forEach((transition, index) => {
      for (const target of transition.target ?? []) {
        edges.push({
          id: `${stateNode.id}:always:${index}:${target.id}`,
          source: stateNode.id,
          target: target.id,
          label: `always${guardOf(transition)}`,
        });
      }
    });
    return {
      id: stateNode.id,
      label: stateNode.key,
      path: [...stateNode.path],
      kind: kindOf(stateNode),
      initial: parent
        ? (parent.initial?.target.some((t: AnyStateNode) => t.id === stateNode.id) ?? false)
        : false,
      children: node.children.map(convert),
    };
  };
  return { root: convert(graph), edges };
}

/** The nested state value that `snapshot.matches` understands for a path: ["a", "b"] -> { a: "b" }. */
export function pathToValue(path: readonly string[]): string | Record<string, unknown> {
  if (path.length === 1) return path[0] ?? '';
  const [head = '', ...rest] = path;
  return { [head]: pathToValue(rest) };
}

/** Every event type the machine's transitions listen for (including internal ones). */
export function machineEventTypes(chart: Chart): string[] {
  return [...new Set(chart.edges.map((e) => e.label.split(' [')[0] ?? ''))];
}
