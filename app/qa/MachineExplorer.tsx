import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  createActor,
  SimulatedClock,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { Button, Heading, Text, theme } from '../../ui';
import { machineToChart, pathToValue, type ChartNode } from './graph';
import { describeEvent, stateName } from './modelCoverage';
import {
  checksOf,
  eventNameOf,
  expectedTexts,
  exploreQa,
  exploreSpec,
  guidedStepOf,
  stateLabel,
  testCaseMarkdown,
  testCases,
  uiStepOf,
  type QaMachine,
  type TestCase,
} from './qaGuide';
import { downloadStatechart, StateDiagram } from './StateDiagram';

/**
 * The QA machine explorer: the real component driven by a live actor, the statechart with the
 * current state highlighted (and downloadable as SVG), the context, a button per event the
 * current state accepts, and the model's paths, each named by its events and target state,
 * filterable, groupable, replayable step by step and copyable as a Markdown test case.
 */
export interface MachineExplorerProps {
  title: string;
  /** The machine, with its network actors already replaced through `machine.provide(...)`. */
  machine: AnyStateMachine;
  /** Concrete events (with payload presets) for the buttons and the path search. */
  events: EventObject[];
  /** Renders the real component bound to the explorer's actor. */
  renderComponent?: (actor: Actor<AnyStateMachine>) => ReactNode;
  input?: unknown;
  /**
   * The machine's entry in the QA registry (app/qa/machines.ts): each event as a UI step, the
   * texts to expect, and its starts (a path from another start is replayed with that input).
   */
  qa?: QaMachine;
  /** Timers wait for QA (their `xstate.after…` buttons) instead of running on the real clock. */
  manualClock?: boolean;
  /**
   * The component takes the explorer's whole width, with the state below it: for a page-sized
   * component (the checkout form and its order summary) that a half-width panel would squeeze.
   */
  wideComponent?: boolean;
}

/** The explorer's props for a registry entry (add `renderComponent`). */
export function explorerArgs(entry: QaMachine) {
  return {
    title: entry.name,
    machine: entry.machine,
    events: [...entry.events],
    input: entry.starts[0]?.input,
    qa: entry,
    manualClock: entry.manualClock ?? false,
  } satisfies MachineExplorerProps;
}

/** One step the live actor took: the event, in words, and the state it led to. */
interface HistoryEntry {
  /** In the guide's words where it has them. */
  event: string;
  /** The event's technical name, with its key payload. */
  eventId: string;
  state: string;
  stateId: string;
}

/** A tester's name with the technical one beside it, smaller. */
const Technical = styled.code`
  display: block;
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.regular};
  color: ${theme.colors.inkMuted};
`;

/** The explorer's event buttons: the step in words over the event's technical name. */
const EventButtonLabel = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
  text-align: left;
`;

const History = styled.ol`
  max-height: 12rem;
  overflow: auto;
  margin: 0;
`;

const Grid = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  padding: ${theme.space[4]};
  font-size: ${theme.fontSizes.sm};
  ${theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  section {
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    padding: ${theme.space[4]};
    min-width: 0;
  }
  pre {
    margin: 0;
    max-height: 320px;
    overflow: auto;
    background: ${theme.colors.surfaceAlt};
    padding: ${theme.space[3]};
    font-size: ${theme.fontSizes.xs};
  }
  ol,
  ul {
    margin: 0;
    padding-left: ${theme.space[5]};
  }
  li {
    margin: ${theme.space[1]} 0;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    border-bottom: 1px solid ${theme.colors.border};
    padding: ${theme.space[1]} ${theme.space[2]};
    text-align: left;
    vertical-align: top;
  }
  [aria-current='step'] {
    background: ${theme.colors.surfaceAlt};
    font-weight: ${theme.fontWeights.bold};
  }
  code {
    overflow-wrap: anywhere;
  }
  ${theme.media.lg} {
    section[data-wide] {
      grid-column: 1 / -1;
    }
  }
`;

const Wide = styled.section`
  ${theme.media.lg} {
    grid-column: 1 / -1;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  margin: ${theme.space[2]} 0;
  label {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space[1]};
  }
  select {
    font: inherit;
    max-width: 20rem;
    padding: ${theme.space[1]};
    border: 1px solid ${theme.colors.borderStrong};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surface};
    color: ${theme.colors.ink};
  }
`;

function flatten(node: ChartNode): ChartNode[] {
  return [node, ...node.children.flatMap(flatten)];
}

export { describeEvent };

export function describeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** At most this many paths are listed at once (filters narrow the rest down). */
const MAX_LISTED = 60;

type PathSet = 'covering' | 'shortest';

/** The test case being replayed. */
interface Replay extends TestCase {
  /** How many steps have been sent. */
  done: number;
}

export function MachineExplorer({
  title,
  machine,
  events,
  renderComponent,
  input,
  qa,
  manualClock = false,
  wideComponent = false,
}: MachineExplorerProps) {
  const ids = useId();
  const chart = useMemo(() => machineToChart(machine), [machine]);
  const states = useMemo(() => flatten(chart.root).filter((n) => n.path.length > 0), [chart]);
  const model = useMemo(
    () =>
      qa && qa.machine === machine
        ? exploreQa(qa)
        : exploreSpec({ machine, events, ...(input === undefined ? {} : { input }) }),
    [qa, machine, events, input],
  );
  const guide = useMemo(
    () => ({
      machine,
      guides: qa?.guides ?? {},
      texts: qa?.texts ?? {},
      ...(qa?.notices ? { notices: qa.notices } : {}),
      ...(qa?.checks ? { checks: qa.checks } : {}),
    }),
    [machine, qa],
  );
  const manyStarts = model.model.starts.length > 1;

  // The live actor: a new generation is a fresh actor (reset, or the start of a replay).
  const [generation, setGeneration] = useState(0);
  const [startInput, setStartInput] = useState<unknown>(input);
  // What happened to this actor, oldest first: each event (in the guide's words, whoever sent
  // it: an explorer button, a replay or the component itself) and the state it led to.
  const history = useRef<HistoryEntry[]>([]);
  const actor = useMemo(
    () => {
      const entries: HistoryEntry[] = [];
      history.current = entries;
      let before: AnyMachineSnapshot | undefined;
      const created = createActor(machine, {
        ...(startInput === undefined ? {} : { input: startInput }),
        ...(manualClock ? { clock: new SimulatedClock() } : {}),
        inspect: (inspection) => {
          if (inspection.type !== '@xstate.snapshot' || inspection.actorRef !== created) return;
          const after = inspection.snapshot as AnyMachineSnapshot;
          if (before && inspection.event.type !== 'xstate.init') {
            const eventId = eventNameOf(guide, inspection.event, before);
            entries.push({
              event: guidedStepOf(guide, inspection.event, before) ?? eventId,
              eventId,
              state: stateLabel(after),
              stateId: stateName(after),
            });
          }
          before = after;
        },
      });
      return created.start();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [machine, generation],
  );
  useEffect(
    () => () => {
      actor.stop();
    },
    [actor],
  );
  const snapshot: AnyMachineSnapshot = useSelector(actor, (s: AnyMachineSnapshot) => s);

  const active = new Set(
    states.filter((n) => snapshot.matches(pathToValue(n.path))).map((n) => n.id),
  );
  const accepted = events.filter((event) => snapshot.can(event));

  // Paths, their filters and grouping.
  const [pathSet, setPathSet] = useState<PathSet>('covering');
  const [target, setTarget] = useState('');
  const [containing, setContaining] = useState('');
  const [grouped, setGrouped] = useState(false);
  const paths = pathSet === 'covering' ? model.covering : model.shortest;
  // The same titles and names as the test plan (docs/qa/<key>.md) gives the model tests' paths.
  const cases = useMemo(() => testCases(guide, paths, manyStarts), [guide, paths, manyStarts]);
  const targets = useMemo(
    () =>
      [...new Map(paths.map((path) => [stateName(path.target), stateLabel(path.target)]))]
        .map(([id, label]) => ({ id, label }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [paths],
  );
  const eventTypes = useMemo(
    () => [...new Set(paths.flatMap((path) => path.events.map((e) => e.type)))].sort(),
    [paths],
  );
  const numbered = cases.map((testCase, index) => ({ ...testCase, number: index + 1 }));
  const matching = numbered.filter(
    ({ path }) =>
      (target === '' || stateName(path.target) === target) &&
      (containing === '' || path.events.some((event) => event.type === containing)),
  );
  const listed = matching.slice(0, MAX_LISTED);
  const groups = grouped
    ? [...new Set(listed.map(({ path }) => stateName(path.target)))].map((id) => ({
        id,
        cases: listed.filter(({ path }) => stateName(path.target) === id),
      }))
    : [{ id: '', cases: listed }];

  const [replay, setReplay] = useState<Replay | null>(null);
  const [copied, setCopied] = useState('');
  const svg = useRef<SVGSVGElement>(null);

  const reset = () => {
    setReplay(null);
    setStartInput(input);
    setGeneration((g) => g + 1);
  };
  const startReplay = (testCase: TestCase) => {
    setStartInput(testCase.path.start.input);
    setGeneration((g) => g + 1);
    setReplay({ ...testCase, done: 0 });
  };
  const nextStep = () => {
    if (!replay) return;
    const step = replay.path.steps[replay.done];
    if (step) actor.send(step.event);
    setReplay({ ...replay, done: replay.done + 1 });
  };
  const playAll = () => {
    if (!replay) return;
    for (const step of replay.path.steps.slice(replay.done)) actor.send(step.event);
    setReplay({ ...replay, done: replay.path.steps.length });
  };
  const copy = async ({ path, title: caseTitle, name }: TestCase) => {
    const markdown = testCaseMarkdown(guide, path, `### ${title}: ${caseTitle}`, name);
    try {
      await navigator.clipboard.writeText(markdown);
      setCopied(`Copied the test case “${name}”.`);
    } catch {
      setCopied('The clipboard is not available here: the test case was not copied.');
    }
  };
  const fileName = `${(qa?.key ?? machine.id).replace(/[^a-z0-9-]+/gi, '-')}-statechart.svg`;

  const renderCase = (testCase: TestCase & { number: number }) => {
    const { name, number } = testCase;
    return (
      <li key={name} value={number} data-path={name} data-title={testCase.title}>
        {testCase.title} <Technical>{name}</Technical>
        <Button variant="link" onPress={() => startReplay(testCase)} aria-label={`Replay: ${name}`}>
          Replay
        </Button>{' '}
        <Button
          variant="link"
          onPress={() => void copy(testCase)}
          aria-label={`Copy as test case: ${name}`}
        >
          Copy as test case
        </Button>
      </li>
    );
  };

  const replayed = replay?.path;
  const current = stateName(snapshot);
  const expectedAfter = replayed?.steps[(replay?.done ?? 0) - 1]?.after;

  return (
    <Grid data-machine-explorer={title}>
      {renderComponent ? (
        <section
          aria-labelledby={`${ids}-component`}
          data-wide={wideComponent || undefined}
          data-testid="explorer-component"
        >
          <Heading level={2} size={4} id={`${ids}-component`}>
            Component
          </Heading>
          {renderComponent(actor)}
        </section>
      ) : null}
      <section aria-labelledby={`${ids}-state`}>
        <Heading level={2} size={4} id={`${ids}-state`}>
          State
        </Heading>
        <Text>
          Current state: <strong data-testid="current-state-label">{stateLabel(snapshot)}</strong>
          {snapshot.status !== 'active' ? ` (${snapshot.status})` : null}
          <Technical data-testid="current-state" title="The state's technical name">
            {current}
          </Technical>
        </Text>
        <Heading level={3} size={4}>
          Events this state accepts
        </Heading>
        <Row aria-label="Events">
          {accepted.length === 0 ? <Text variant="muted">None</Text> : null}
          {accepted.map((event) => {
            const id = eventNameOf(guide, event, snapshot);
            const words = guidedStepOf(guide, event, snapshot);
            return (
              <Button
                key={describeEvent(event)}
                variant="secondary"
                size="sm"
                onPress={() => actor.send(event)}
                data-event={id}
              >
                {words ? (
                  <EventButtonLabel>
                    {words}
                    <Technical>{id}</Technical>
                  </EventButtonLabel>
                ) : (
                  id
                )}
              </Button>
            );
          })}
        </Row>
        <Row>
          <Button variant="link" onPress={reset}>
            Reset
          </Button>
        </Row>
        <Heading level={3} size={4}>
          Context
        </Heading>
        <pre data-testid="context" tabIndex={0} aria-label="Context">
          {JSON.stringify(snapshot.context, null, 2)}
        </pre>
      </section>
      <Wide aria-labelledby={`${ids}-chart`} data-testid="state-diagram-section">
        <Heading level={2} size={4} id={`${ids}-chart`}>
          Statechart
        </Heading>
        <Row>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => {
              if (svg.current) downloadStatechart(svg.current, fileName);
            }}
          >
            Download statechart (SVG)
          </Button>
        </Row>
        <StateDiagram chart={chart} activeIds={active} title={title} svgRef={svg} />
        <Heading level={3} size={4}>
          Event history
        </Heading>
        {history.current.length === 0 ? (
          <Text variant="muted">No events yet: press one above, or use the component.</Text>
        ) : (
          <History data-testid="event-history" tabIndex={0} aria-label="Event history">
            {history.current.map((entry, index) => (
              <li key={index} data-event={entry.eventId} data-state={entry.stateId}>
                {entry.event} → <strong>{entry.state}</strong>{' '}
                <Technical>
                  {entry.eventId} → {entry.stateId}
                </Technical>
              </li>
            ))}
          </History>
        )}
      </Wide>
      <Wide aria-labelledby={`${ids}-paths`}>
        <Heading level={2} size={4} id={`${ids}-paths`}>
          Paths ({paths.length})
        </Heading>
        <Text variant="muted">
          {pathSet === 'covering'
            ? 'The model tests’ paths: together they reach every state and take every transition.'
            : 'The shortest path to every distinct state and context the preset events reach.'}
        </Text>
        <Row role="group" aria-label="Filter the paths">
          <label>
            Show
            <select
              value={pathSet}
              onChange={(e) => {
                setPathSet(e.target.value as PathSet);
                setTarget('');
                setContaining('');
              }}
            >
              <option value="covering">Test paths ({model.covering.length})</option>
              <option value="shortest">Shortest path to every state</option>
            </select>
          </label>
          <label>
            Target state
            <select value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">Any</option>
              {targets.map(({ id, label }) => (
                <option key={id} value={id}>
                  {label} ({id})
                </option>
              ))}
            </select>
          </label>
          <label>
            Contains event
            <select value={containing} onChange={(e) => setContaining(e.target.value)}>
              <option value="">Any</option>
              {eventTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              checked={grouped}
              onChange={(e) => setGrouped(e.target.checked)}
            />
            Group by target state
          </label>
        </Row>
        <Text data-testid="path-count">
          {matching.length > listed.length
            ? `Showing the first ${listed.length} of ${matching.length} paths: narrow the filters to see the rest.`
            : `${matching.length} path${matching.length === 1 ? '' : 's'}`}
        </Text>
        <div role="status" aria-live="polite" data-testid="copy-status">
          {copied}
        </div>
        {groups.map((group) => {
          if (group.id === '') {
            return (
              <ol key="all" aria-label="Paths">
                {group.cases.map(renderCase)}
              </ol>
            );
          }
          const [first] = group.cases;
          const label = first ? stateLabel(first.path.target) : group.id;
          return (
            <div key={group.id} data-target={group.id}>
              <Heading level={3} size={4}>
                To {label} ({group.cases.length})
              </Heading>
              <ol aria-label={`Paths to ${label}`}>{group.cases.map(renderCase)}</ol>
            </div>
          );
        })}
      </Wide>
      {replayed && replay ? (
        <Wide aria-labelledby={`${ids}-replay`}>
          <Heading level={2} size={4} id={`${ids}-replay`}>
            Replay
          </Heading>
          <Text>
            <strong>{replay.title}</strong>
            <Technical>{replay.name}</Technical>
          </Text>
          <Text>Start: {replayed.start.label}.</Text>
          <table aria-label="Steps">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">What to do</th>
                <th scope="col">Event</th>
                <th scope="col">New state</th>
                <th scope="col">Expect to see</th>
              </tr>
            </thead>
            <tbody>
              {replayed.steps.map((step, index) => (
                <tr key={index} aria-current={index === replay.done ? 'step' : undefined}>
                  <td>
                    {index + 1}
                    {index < replay.done ? ' ✓' : ''}
                  </td>
                  <td>{uiStepOf(guide, step.event, step.before)}</td>
                  <td>
                    <code>{eventNameOf(guide, step.event, step.before)}</code>
                  </td>
                  <td>
                    {stateLabel(step.after)}
                    <Technical data-state>{stateName(step.after)}</Technical>
                  </td>
                  <td>
                    {expectedTexts(guide, step.after, step)
                      .map((text) => `“${text}”`)
                      .join(' ')}
                    {checksOf(guide, step.after, step.before).map((check) => (
                      <div key={check}>
                        <em>{check}</em>
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {expectedAfter && stateName(expectedAfter) !== current ? (
            <Text role="alert">
              The machine is in {stateLabel(snapshot)} ({current}), not {stateLabel(expectedAfter)}{' '}
              ({stateName(expectedAfter)}) as the path expects (a timer or the component moved it
              on).
            </Text>
          ) : null}
          <Row>
            <Button size="sm" onPress={nextStep} isDisabled={replay.done >= replayed.steps.length}>
              Next step
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onPress={playAll}
              isDisabled={replay.done >= replayed.steps.length}
            >
              Play all
            </Button>
            <Button size="sm" variant="link" onPress={reset}>
              Stop replay
            </Button>
          </Row>
        </Wide>
      ) : null}
    </Grid>
  );
}
