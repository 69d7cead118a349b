import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { eventLabel, machineToChart, pathToValue } from './graph';
import { initialStateIds, rootTransitions } from './StateDiagram';

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
    expect(labels).toEqual(['BACK', 'GO [isSmall?]', 'after 100 ms', 'done'].sort());
  });

  it('draws eventless (always) transitions, guarded and not, so no state floats unconnected', () => {
    const starting = setup({ guards: { 'isReady?': () => true } }).createMachine({
      id: 'start',
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'isReady?', target: 'ready' }, { target: 'waiting' }] },
        waiting: {},
        ready: {},
      },
    });
    const chart = machineToChart(starting);
    expect(chart.edges.map((e) => [e.source, e.label, e.target])).toEqual([
      ['start.starting', 'always [isReady?]', 'start.ready'],
      ['start.starting', 'always', 'start.waiting'],
    ]);
  });

  it('marks the initial state of the machine and of each compound state', () => {
    expect(initialStateIds(machineToChart(machine).root)).toEqual(['demo.idle', 'demo.busy.a']);
  });

  it('names internal events for people', () => {
    expect(eventLabel('xstate.done.actor.submit')).toBe('done: submit');
    expect(eventLabel('xstate.error.actor.submit')).toBe('error: submit');
    expect(eventLabel('xstate.after.500.demo.busy')).toBe('after 500 ms');
    // A named delay reads as its name, not as a number of milliseconds.
    expect(eventLabel('xstate.after.pollDelay.payment.waiting')).toBe('after pollDelay');
    expect(eventLabel('SET')).toBe('SET');
  });

  it('builds nested state values from paths', () => {
    expect(pathToValue(['idle'])).toBe('idle');
    expect(pathToValue(['busy', 'a'])).toEqual({ busy: 'a' });
  });
});
