import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { eventLabel, machineToChart, pathToValue } from './graph';
import { rootTransitions } from './StateDiagram';

const machine = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'GO' } | { type: 'BACK' } },
  guards: { 'isSmall?': ({ context }) => context.n < 2 },
}).createMachine({
  id: 'demo',
  initial: 'idle',
  context: { n: 0 },
  states: {
    idle: {
      on: {
        GO: {
          target: 'busy',
          guard: 'isSmall?',
          actions: assign({ n: ({ context }) => context.n + 1 }),
        },
      },
    },
    busy: {
      initial: 'a',
      states: { a: { after: { 100: 'b' } }, b: { type: 'final' } },
      onDone: 'idle',
      on: { BACK: 'idle' },
    },
  },
});

const withRootTransition = setup({
  types: { events: {} as { type: 'RESET' } | { type: 'GO' } },
}).createMachine({
  id: 'root',
  initial: 'a',
  on: { RESET: '.a' },
  states: { a: { on: { GO: 'b' } }, b: {} },
});

describe('machineToChart', () => {
  it('lists transitions declared on the machine itself, which have no box to start from', () => {
    expect(rootTransitions(machineToChart(withRootTransition))).toEqual(['RESET → a']);
  });

  it('turns states into nested nodes and transitions into labelled edges', () => {
    const chart = machineToChart(machine);
    expect(chart.root.children.map((c) => c.label)).toEqual(['idle', 'busy']);
    const busy = chart.root.children[1];
    expect(busy?.kind).toBe('compound');
    expect(busy?.children.map((c) => [c.label, c.kind, c.initial])).toEqual([
      ['a', 'atomic', true],
      ['b', 'final', false],
    ]);
    const labels = chart.edges.map((e) => e.label).sort();
    expect(labels).toEqual(['BACK', 'GO [isSmall?]', 'after 100ms', 'done'].sort());
  });

  it('names internal events for people', () => {
    expect(eventLabel('xstate.done.actor.submit')).toBe('done: submit');
    expect(eventLabel('xstate.error.actor.submit')).toBe('error: submit');
    expect(eventLabel('xstate.after.500.demo.busy')).toBe('after 500ms');
    expect(eventLabel('SET')).toBe('SET');
  });

  it('builds nested state values from paths', () => {
    expect(pathToValue(['idle'])).toBe('idle');
    expect(pathToValue(['busy', 'a'])).toEqual({ busy: 'a' });
  });
});
