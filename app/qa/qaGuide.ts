/**
 * What QA needs besides the machine itself: each event as a step a person takes in the UI, and
 * the texts they should then see. A `QaMachine` bundles a machine (its network actors replaced),
 * its preset events and starts, and that guidance; the registry (machines.ts) lists one per
 * machine. The explorer, the coverage page and the generated test plans read it through the
 * helpers here, which import no feature (so the explorer does not load every machine).
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import {
  activeStateIds,
  coveringPaths,
  describePath,
  eventName,
  exploreModel,
  shortestPaths,
  stateName,
  summarisePayload,
  type ExploredModel,
  type ModelPath,
  type ModelSpec,
  type ModelStart,
  type ModelStep,
} from './modelCoverage';

/** An event with its payload readable by key (the guides read what they need). */
export type QaEvent = EventObject & Record<string, unknown>;

export interface EventGuide {
  /** What the tester does, in words: "Choose 'Kerosene Heating Oil' in Product". */
  step: (event: QaEvent, before: AnyMachineSnapshot) => string;
  /** The key payload in a path's name: `PRODUCT_CHANGED(Kerosene Heating Oil)`. */
  payload?: (event: QaEvent, before: AnyMachineSnapshot) => string;
}

/** The texts a state shows: fixed, or worked out from the snapshot and the step into it. */
export type StateTexts =
  readonly string[] | ((snapshot: AnyMachineSnapshot, step: ModelStep | null) => readonly string[]);

export interface QaMachine {
  /** The file name of its test plan (docs/qa/<key>.md). */
  key: string;
  name: string;
  /** Its explorer's Storybook title. */
  story: string;
  /** What the form does, for someone who has never seen it. */
  intro: string;
  /** The machine, with its network actors replaced (QA gives every answer). */
  machine: AnyStateMachine;
  /** The preset events: the explorer's buttons and the model traversal's events. */
  events: readonly QaEvent[];
  /** The ways it starts; the explorer starts with the first. */
  starts: readonly ModelStart[];
  /** Per event type. */
  guides: Readonly<Record<string, EventGuide>>;
  /** Per state id, where it applies: the exact texts (from the message catalogues). */
  texts: Readonly<Record<string, StateTexts>>;
  /** Texts a step shows whatever the state (notifications). */
  notices?: (step: ModelStep) => readonly string[];
  /** Per state id, what else to check on entering it, in plain words (not a quoted text). */
  checks?: Readonly<Record<string, string>>;
  alsoCover?: ModelSpec['alsoCover'];
  maxStates?: number;
  /** Its timers wait for QA in the explorer (their `xstate.after…` buttons). */
  manualClock?: boolean;
}

export type QaGuide = Pick<QaMachine, 'guides' | 'texts' | 'notices' | 'checks'> &
  Partial<Pick<QaMachine, 'name' | 'key' | 'intro' | 'starts'>>;

export function modelSpecOf(entry: QaMachine): ModelSpec {
  return {
    machine: entry.machine,
    events: entry.events,
    starts: entry.starts,
    ...(entry.alsoCover ? { alsoCover: entry.alsoCover } : {}),
    ...(entry.maxStates ? { maxStates: entry.maxStates } : {}),
  };
}

export interface QaModel {
  model: ExploredModel;
  /** The model tests' paths: together they reach every state and take every transition. */
  covering: ModelPath[];
  /** The shortest path to every distinct snapshot (computed on first use). */
  readonly shortest: ModelPath[];
}

const explored = new WeakMap<object, QaModel>();

/** The traversal of a spec (once per spec object): the same one the model tests use. */
export function exploreSpec(spec: ModelSpec, memoKey: object = spec): QaModel {
  let result = explored.get(memoKey);
  if (!result) {
    const model = exploreModel(spec);
    let shortest: ModelPath[] | null = null;
    result = {
      model,
      covering: coveringPaths(model),
      get shortest() {
        shortest ??= shortestPaths(model);
        return shortest;
      },
    };
    explored.set(memoKey, result);
  }
  return result;
}

export const exploreQa = (entry: QaMachine): QaModel => exploreSpec(modelSpecOf(entry), entry);

// --- words -----------------------------------------------------------------------------------

const fallbackStep = (event: EventObject) => `Send ${eventName(event)} to the machine`;

/** The step a tester takes for an event. */
export function uiStepOf(
  guide: Pick<QaGuide, 'guides'> | undefined,
  event: EventObject,
  before: AnyMachineSnapshot,
): string {
  const rule = guide?.guides[event.type];
  return rule ? rule.step(event as QaEvent, before) : fallbackStep(event);
}

/** A state's key in words: `somethingToAdd` gives "something to add". */
export function humanise(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A state in a tester's words, from its dotted name: `ready.sent` gives "Ready › sent", and the
 * regions of a parallel machine are named one after another (`choice.somethingToAdd,cart.open.idle`
 * gives "Choice: something to add · Cart: open › idle"). The dotted name stays beside it.
 */
export function stateLabel(state: AnyMachineSnapshot | StateValue): string {
  const regions = stateName(state).split(',');
  const words = (path: readonly string[]) => path.map(humanise).join(' › ');
  if (regions.length === 1) return capitalise(words((regions[0] ?? '').split('.')));
  return regions
    .map((region) => {
      const [head = '', ...rest] = region.split('.');
      return rest.length === 0
        ? capitalise(humanise(head))
        : `${capitalise(humanise(head))}: ${words(rest)}`;
    })
    .join(' · ');
}

/** The step for an event in a tester's words, or null where the guide has none for it. */
export function guidedStepOf(
  guide: Pick<QaGuide, 'guides'> | undefined,
  event: EventObject,
  before: AnyMachineSnapshot,
): string | null {
  const rule = guide?.guides[event.type];
  return rule ? rule.step(event as QaEvent, before) : null;
}

/** An event as a path step, with the guide's key payload. */
export function eventNameOf(
  guide: Pick<QaGuide, 'guides'> | undefined,
  event: EventObject,
  before: AnyMachineSnapshot,
): string {
  const rule = guide?.guides[event.type];
  return eventName(
    event,
    rule?.payload ? rule.payload(event as QaEvent, before) : summarisePayload(event),
  );
}

/** A path as its events, with key payloads, and its target state. */
export function pathName(
  guide: Pick<QaGuide, 'guides'> | undefined,
  path: Pick<ModelPath, 'steps' | 'target' | 'start'>,
  withStart = false,
): string {
  return describePath(path, {
    event: (event, before) => eventNameOf(guide, event, before),
    withStart,
  });
}

/**
 * A distinct title for each test case: what it ends with and the state it reaches ("Press Set
 * postcode → Closed"), with the step before where two would read alike, and a number only if
 * that is not enough.
 */
export function testCaseTitles(
  entry: Pick<QaGuide, 'guides'>,
  paths: readonly ModelPath[],
  many: boolean,
): string[] {
  const words = (path: ModelPath, last: number) =>
    path.steps.slice(-last).map((step) => uiStepOf(entry, step.event, step.before));
  const title = (path: ModelPath, last: number) => {
    const steps = path.steps.length === 0 ? ['No step'] : words(path, last);
    const start = many ? `${path.start.label}: ` : '';
    return `${start}${steps.join(' → ')} → ${stateLabel(path.target)}`;
  };
  const repeated = (list: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const t of list) counts.set(t, (counts.get(t) ?? 0) + 1);
    return list.map((t) => (counts.get(t) ?? 0) > 1);
  };
  const short = paths.map((path) => title(path, 1));
  const shortRepeated = repeated(short);
  const titles = paths.map((path, i) => (shortRepeated[i] ? title(path, 2) : (short[i] ?? '')));
  const stillRepeated = repeated(titles);
  const seen = new Map<string, number>();
  return titles.map((t, i) => {
    if (!stillRepeated[i]) return t;
    const n = (seen.get(t) ?? 0) + 1;
    seen.set(t, n);
    return `${t} (${n})`;
  });
}

/** A test case: its title, its path's name (events and target state) and the path. */
export interface TestCase {
  title: string;
  name: string;
  path: ModelPath;
}

/** The test cases of these paths, as the plan and the explorer both list them. */
export function testCases(
  guide: Pick<QaGuide, 'guides'>,
  paths: readonly ModelPath[],
  many: boolean,
): TestCase[] {
  const titles = testCaseTitles(guide, paths, many);
  return paths.map((path, index) => ({
    title: titles[index] ?? '',
    name: pathName(guide, path, many),
    path,
  }));
}

// --- expected texts --------------------------------------------------------------------------

/** Texts carried by `notify` events a step emitted (`message`, or `messages`). */
export function notifiedTexts(step: ModelStep): string[] {
  return step.emitted.flatMap((event) => {
    if (event.type !== 'notify') return [];
    const { message, messages } = event as EventObject & { message?: unknown; messages?: unknown };
    if (typeof message === 'string') return [message];
    return Array.isArray(messages)
      ? messages.filter((m): m is string => typeof m === 'string')
      : [];
  });
}

/**
 * Texts the active states declare in their `meta` (`meta: { texts: [messages.…] }`): for a
 * machine whose state names are not fixed, expectations that follow the states wherever they go.
 */
export function metaTexts(snapshot: AnyMachineSnapshot): string[] {
  return Object.values(snapshot.getMeta() as Record<string, unknown>).flatMap((meta) => {
    const texts = (meta as { texts?: unknown } | undefined)?.texts;
    return Array.isArray(texts) ? texts.filter((t): t is string => typeof t === 'string') : [];
  });
}

/**
 * The descriptions (`description: '…'`) of the states a step entered (all the active ones at the
 * start): what the form now does, in the machine's own words, whatever the states are called.
 */
export function enteredDescriptions(
  machine: AnyStateMachine,
  after: AnyMachineSnapshot,
  before: AnyMachineSnapshot | null,
): string[] {
  const was = new Set(before ? activeStateIds(machine, before) : []);
  const now = new Set(activeStateIds(machine, after).filter((id) => !was.has(id)));
  const found: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    // The states the machine is in, not the regions and groups around them.
    const leaf = node.type === 'atomic' || node.type === 'final';
    if (leaf && now.has(node.id) && node.description) found.push(node.description);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return found;
}

/**
 * What to check in the states a step entered, in plain words: the registry's `checks`, then the
 * states' own descriptions.
 */
export function checksOf(
  guide: Pick<QaMachine, 'machine'> & Partial<Pick<QaMachine, 'checks'>>,
  after: AnyMachineSnapshot,
  before: AnyMachineSnapshot | null,
): string[] {
  const was = new Set(before ? activeStateIds(guide.machine, before) : []);
  const entered = activeStateIds(guide.machine, after).filter((id) => !was.has(id));
  const listed = entered.flatMap((id) => {
    const check = guide.checks?.[id];
    return check ? [check] : [];
  });
  return [...new Set([...listed, ...enteredDescriptions(guide.machine, after, before)])];
}

/** The texts the tester should see in `snapshot`, reached by `step` (null: at the start). */
export function expectedTexts(
  guide: (QaGuide & Pick<QaMachine, 'machine'>) | undefined,
  snapshot: AnyMachineSnapshot,
  step: ModelStep | null,
): string[] {
  if (!guide) return [];
  const texts: string[] = [];
  for (const id of activeStateIds(guide.machine, snapshot)) {
    const rule = guide.texts[id];
    if (!rule) continue;
    texts.push(...(typeof rule === 'function' ? rule(snapshot, step) : rule));
  }
  if (step) texts.push(...(guide.notices?.(step) ?? []));
  return [...new Set(texts.filter((text) => text !== ''))];
}

// --- test cases ------------------------------------------------------------------------------

const quote = (text: string) => `“${text}”`;

/**
 * A path as a Markdown checklist for a person: the start, each step in words, and after each
 * step the exact texts to look for.
 */
export function testCaseMarkdown(
  entry: QaGuide & Pick<QaMachine, 'machine'>,
  path: ModelPath,
  heading: string,
  name: string = pathName(entry, path, (entry.starts?.length ?? 1) > 1),
): string {
  const lines = [heading, '', `Path: \`${name}\``, ''];
  const expectations = (after: AnyMachineSnapshot, step: ModelStep | null) => {
    for (const text of expectedTexts(entry, after, step)) lines.push(`  - [ ] See ${quote(text)}`);
    for (const check of checksOf(entry, after, step?.before ?? null)) {
      lines.push(`  - [ ] Check: ${/[.!?]$/.test(check) ? check : `${check}.`}`);
    }
  };
  lines.push(`- [ ] Start: ${path.start.label}.`);
  expectations(path.initial, null);
  // Each step in words, with what to look for after it (the lines under it).
  const blocks = path.steps.map((step) => {
    const before = lines.length;
    // The machine takes the event but offers nothing for it (`can` is false): the form must not
    // let it happen, which is the thing to test.
    if (!step.before.can(step.event as never) && !/^xstate\./.test(step.event.type)) {
      lines.push(
        '  - [ ] Check: the form does not let you do this (the control is missing or disabled).',
      );
    }
    expectations(step.after, step);
    return { text: uiStepOf(entry, step.event, step.before), under: lines.splice(before) };
  });
  let number = 1;
  for (const run of foldRepeats(blocks)) {
    const [first] = run.blocks;
    if (run.times === 1 && first && run.blocks.length === 1) {
      lines.push(`- [ ] ${number}. ${first.text}.`, ...first.under);
    } else {
      const texts = run.blocks.map((block) => quote(block.text));
      lines.push(
        `- [ ] ${number}. Do ${run.blocks.length === 1 ? 'this' : 'these steps'} ${run.times} times: ${texts.join(', then ')}.`,
        ...(run.blocks.at(-1)?.under ?? []),
      );
    }
    number += 1;
  }
  lines.push(
    `- [ ] The explorer now shows the state ${stateLabel(path.target)} (\`${stateName(path.target)}\`).`,
  );
  return `${lines.join('\n')}\n`;
}

interface StepBlock {
  text: string;
  under: string[];
}

/**
 * Consecutive repeats of one step, or of a pair of steps, with the same texts to look for, as one
 * run (a wait polled many times reads "Do these steps 25 times"); every other step on its own.
 */
export function foldRepeats(
  blocks: readonly StepBlock[],
): { blocks: StepBlock[]; times: number }[] {
  const same = (a: StepBlock | undefined, b: StepBlock | undefined) =>
    a !== undefined &&
    b !== undefined &&
    a.text === b.text &&
    a.under.length === b.under.length &&
    a.under.every((line, i) => line === b.under[i]);
  const runs: { blocks: StepBlock[]; times: number }[] = [];
  let i = 0;
  while (i < blocks.length) {
    let best = { length: 1, times: 1 };
    for (const length of [1, 2]) {
      let times = 1;
      while (
        blocks
          .slice(i, i + length)
          .every((block, k) => same(block, blocks[i + times * length + k])) &&
        i + (times + 1) * length <= blocks.length
      ) {
        times += 1;
      }
      // Folded only when it saves something: three or more of one step, two or more of a pair.
      if (times * length > best.times * best.length && times >= (length === 1 ? 3 : 2)) {
        best = { length, times };
      }
    }
    runs.push({ blocks: blocks.slice(i, i + best.length), times: best.times });
    i += best.length * best.times;
  }
  return runs;
}
