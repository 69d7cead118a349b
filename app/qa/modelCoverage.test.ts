import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import {
  coverageOf,
  coveringPaths,
  machineStateIds,
  machineTransitionKeys,
  walk,
} from './modelCoverage';

const machine = setup({
  types: {
    context: {} as { n: number },
    events: {} as { type: 'GO' } | { type: 'BACK' } | { type: 'FINISH' },
  },
  actions: { count: assign({ n: ({ context }) => context.n + 1 }), shout: () => {} },
  guards: { 'isSmall?': ({ context }) => context.n < 2 },
}).createMachine({
  id: 'demo',
  initial: 'idle',
  context: { n: 0 },
  states: {
    idle: {
      on: {
        GO: [{ guard: 'isSmall?', target: 'busy', actions: 'count' }, { target: 'done' }],
      },
    },
    busy: {
      initial: 'a',
      states: { a: { on: { FINISH: 'b' } }, b: {} },
      on: { BACK: { target: 'idle', actions: 'shout' } },
    },
    done: {},
  },
});

describe('model coverage', () => {
  it('lists every state node and every transition of a machine', () => {
    expect(machineStateIds(machine)).toEqual([
      'demo.busy',
      'demo.busy.a',
      'demo.busy.b',
      'demo.done',
      'demo.idle',
    ]);
    expect(machineTransitionKeys(machine)).toEqual([
      'demo.busy on BACK #0 -> demo.idle',
      'demo.busy.a on FINISH #0 -> demo.busy.b',
      'demo.idle on GO #0 -> demo.busy',
      'demo.idle on GO #1 -> demo.done',
    ]);
  });

  it('records the transitions and actions of each step', () => {
    const { steps } = walk(machine, [{ type: 'GO' }, { type: 'BACK' }, { type: 'GO' }]);
    expect(steps.map((s) => s.transitions)).toEqual([
      ['demo.idle on GO #0 -> demo.busy'],
      ['demo.busy on BACK #0 -> demo.idle'],
      ['demo.idle on GO #0 -> demo.busy'],
    ]);
    expect(steps[1]?.actions).toEqual(['shout']);
    expect(steps[2]?.after.context).toEqual({ n: 2 });
  });

  it('finds paths that reach every state and take every transition', () => {
    const events = [{ type: 'GO' }, { type: 'BACK' }, { type: 'FINISH' }] as const;
    const paths = coveringPaths(machine, { events: [...events] });
    const covered = coverageOf(machine, paths);
    expect(covered.states).toEqual(machineStateIds(machine));
    expect(covered.transitions).toEqual(machineTransitionKeys(machine));
    // The guarded alternative (GO when n is 2) needs two round trips first.
    expect(paths.map((p) => p.description)).toContain('GO → BACK → GO → BACK → GO');
  });

  it('reports what a too-small set of events leaves out', () => {
    const paths = coveringPaths(machine, { events: [{ type: 'GO' }] });
    const covered = coverageOf(machine, paths);
    expect(covered.states).not.toContain('demo.done');
    expect(covered.transitions).toEqual(['demo.idle on GO #0 -> demo.busy']);
  });
});
