import { describe, expect, it } from 'vitest';
import { assign, createActor, emit, fromPromise, setup } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  coverageOf,
  coveredBy,
  coveringPaths,
  eventName,
  exploreModel,
  machineStateIds,
  machineTransitionKeys,
  replayPath,
  settleCall,
  shortestPaths,
  stateName,
  summariseValue,
  walk,
  type PendingCall,
} from './modelCoverage';

const machine = setup({
  types: {
    context: {} as { n: number },
    events: {} as { type: 'GO' } | { type: 'BACK' } | { type: 'FINISH' },
  },
  actions: {
    count: assign({ n: ({ context }) => context.n + 1 }),
    shout: emit({ type: 'notify', message: 'Back again.' }),
  },
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
const events = [{ type: 'GO' }, { type: 'BACK' }, { type: 'FINISH' }] as const;

/** A transient state that chooses where to go, by input: eventless transitions at the start. */
const chooser = setup({
  types: { input: {} as { fast: boolean }, context: {} as { fast: boolean } },
  guards: { 'isFast?': ({ context }) => context.fast },
}).createMachine({
  id: 'chooser',
  context: ({ input }) => ({ fast: input.fast }),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'isFast?', target: 'fast' }, { target: 'slow' }] },
    fast: {},
    slow: { on: { HURRY: 'checking' } },
    checking: { always: 'fast' },
  },
});

describe('the model-test harness', () => {
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

  it('records the transitions, actions and emitted events of each step', () => {
    const { steps } = walk(machine, [{ type: 'GO' }, { type: 'BACK' }, { type: 'GO' }]);
    expect(steps.map((s) => s.transitions)).toEqual([
      ['demo.idle on GO #0 -> demo.busy'],
      ['demo.busy on BACK #0 -> demo.idle'],
      ['demo.idle on GO #0 -> demo.busy'],
    ]);
    expect(steps[1]?.actions).toEqual(['xstate.emit']);
    expect(steps[1]?.emitted).toEqual([{ type: 'notify', message: 'Back again.' }]);
    expect(steps[2]?.after.context).toEqual({ n: 2 });
    expect(steps[2]?.states).toEqual(['demo.busy', 'demo.busy.a']);
  });

  it('explores the same snapshots as xstate/graph getShortestPaths, shortest first', () => {
    const model = exploreModel({ machine, events: [...events] });
    const ours = shortestPaths(model);
    const theirs = getShortestPaths(machine, { events: [...events] });
    const key = (s: { value: unknown; context: unknown }) => JSON.stringify([s.value, s.context]);
    expect(ours.map((p) => key(p.target)).sort()).toEqual(theirs.map((p) => key(p.state)).sort());
    for (const path of ours) {
      const same = theirs.find((p) => key(p.state) === key(path.target));
      // xstate/graph starts each path with the actor starting (xstate.init).
      expect(path.steps).toHaveLength((same?.steps.length ?? 0) - 1);
    }
    expect(ours.map((p) => p.steps.length)).toEqual(
      [...ours.map((p) => p.steps.length)].sort((a, b) => a - b),
    );
    expect(model.truncated).toBe(false);
  });

  it('chooses paths that reach every state and take every transition', () => {
    const model = exploreModel({ machine, events: [...events] });
    const paths = coveringPaths(model);
    expect(model.missing).toEqual({ states: [], transitions: [] });
    const covered = coverageOf(paths);
    expect(covered.states).toEqual(machineStateIds(machine));
    expect(covered.transitions).toEqual(machineTransitionKeys(machine));
    // The guarded alternative (GO when n is 2) needs two round trips first.
    expect(paths.map((p) => p.description)).toContain('GO → BACK → GO → BACK → GO → done');
    // No chosen path is the beginning of another.
    for (const path of paths) {
      const longer = paths.filter(
        (other) =>
          other !== path &&
          other.events.length > path.events.length &&
          path.events.every((event, i) => event === other.events[i]),
      );
      expect(longer).toEqual([]);
    }
    expect(coveredBy(paths).transitions.get('demo.idle on GO #1 -> demo.done')?.description).toBe(
      'GO → BACK → GO → BACK → GO → done',
    );
  });

  it('reports what a too-small set of events leaves out', () => {
    const model = exploreModel({ machine, events: [{ type: 'GO' }] });
    expect(coverageOf(coveringPaths(model))).toEqual({
      states: ['demo.busy', 'demo.busy.a', 'demo.idle'],
      transitions: ['demo.idle on GO #0 -> demo.busy'],
    });
    expect(model.missing.states).toEqual(['demo.busy.b', 'demo.done']);
  });

  it('counts transient states and eventless transitions, at the start and after an event', () => {
    const starts = [
      { label: 'fast', input: { fast: true } },
      { label: 'slow', input: { fast: false } },
    ];
    const model = exploreModel({ machine: chooser, events: [{ type: 'HURRY' }], starts });
    expect(model.missing).toEqual({ states: [], transitions: [] });
    const paths = coveringPaths(model);
    expect(paths.map((p) => [p.start.label, p.description])).toEqual([
      ['fast', 'fast: fast'],
      ['slow', 'slow: HURRY → fast'],
    ]);
    expect(paths[1]?.steps[0]?.states).toEqual(['chooser.checking', 'chooser.fast']);
    expect(coverageOf(paths).transitions).toEqual(machineTransitionKeys(chooser));
  });

  it('stops at its bounds and says so', () => {
    const counter = setup({
      types: { context: {} as { n: number } },
    }).createMachine({
      context: { n: 0 },
      on: { ADD: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
    });
    const byStates = exploreModel({ machine: counter, events: [{ type: 'ADD' }], maxStates: 50 });
    expect([byStates.states.length, byStates.truncated]).toEqual([50, true]);
    const byDepth = exploreModel({ machine: counter, events: [{ type: 'ADD' }], maxDepth: 5 });
    expect([byDepth.states.length, byDepth.truncated]).toEqual([6, true]);
  });

  it('names events by their key payloads, and states by their dotted path', () => {
    expect(eventName({ type: 'ADD_TO_CART' })).toBe('ADD_TO_CART');
    expect(eventName({ type: 'CHANGE', field: 'email', value: '' } as never)).toBe(
      'CHANGE(email, "")',
    );
    expect(
      eventName({ type: 'xstate.done.actor.x', output: { code: 200, message: 'OK' } } as never),
    ).toBe('xstate.done.actor.x(200)');
    expect(summariseValue(new TypeError('Failed to fetch'))).toBe('TypeError');
    expect(summariseValue({ status: 'paid', id: 'o1' })).toBe('paid');
    expect(stateName({ ready: 'sent' })).toBe('ready.sent');
    expect(stateName({ a: { b: 'c' } })).toBe('a.b.c');
  });

  it('replays a path on a live actor, settling its network calls by hand', async () => {
    const fetching = setup({
      actors: { load: fromPromise<number>(async () => 0) },
    }).createMachine({
      id: 'fetching',
      initial: 'loading',
      context: { got: 0 },
      states: {
        loading: {
          invoke: {
            src: 'load',
            id: 'load',
            onDone: { target: 'ready', actions: assign({ got: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { RETRY: 'loading' } },
      },
    });
    const model = exploreModel({
      machine: fetching,
      events: [
        { type: 'xstate.done.actor.load', output: 7 },
        { type: 'xstate.error.actor.load', error: new Error('offline') },
        { type: 'RETRY' },
      ] as never,
    });
    const paths = coveringPaths(model);
    expect(coverageOf(paths).transitions).toEqual(machineTransitionKeys(fetching));
    for (const path of paths) {
      const seen: unknown[] = [];
      await replayPath(path, {
        start: () => {
          const calls: PendingCall<undefined, number>[] = [];
          const actor = createActor(
            fetching.provide({
              actors: {
                load: fromPromise<number>(
                  () =>
                    new Promise((resolve, reject) =>
                      calls.push({ input: undefined, resolve, reject }),
                    ),
                ),
              },
            }),
          ).start();
          return { actor, calls };
        },
        deliver: async (sut, event) => {
          if (!settleCall({ load: sut.calls }, event)) sut.actor.send(event as never);
          await new Promise((resolve) => setTimeout(resolve, 0));
        },
        check: (sut, step) => {
          const expected = step?.after ?? path.initial;
          expect(sut.actor.getSnapshot().value).toEqual(expected.value);
          expect(sut.actor.getSnapshot().context).toEqual(expected.context);
          seen.push(sut.actor.getSnapshot().value);
        },
        stop: (sut) => sut.actor.stop(),
      });
      expect(seen).toHaveLength(path.steps.length + 1);
    }
    expect(() => settleCall({}, { type: 'xstate.done.actor.load' })).toThrow(/no call of it/);
  });
});
