import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  createActor,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { Button, Heading, Text, theme } from '../../ui';
import { machineToChart, pathToValue, type ChartNode } from './graph';
import { StateDiagram } from './StateDiagram';

/**
 * The QA machine explorer: the real component driven by a live actor, the statechart with the
 * current state highlighted, the context, a button per event the current state accepts, and
 * every shortest path from xstate/graph, replayable step by step.
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
}

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
  [data-current-step='true'] {
    font-weight: ${theme.fontWeights.bold};
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
  gap: ${theme.space[2]};
`;

function flatten(node: ChartNode): ChartNode[] {
  return [node, ...node.children.flatMap(flatten)];
}

export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const keys = Object.keys(payload);
  return keys.length === 0 ? type : `${type} ${JSON.stringify(payload)}`;
}

export function describeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function MachineExplorer({
  title,
  machine,
  events,
  renderComponent,
  input,
}: MachineExplorerProps) {
  const chart = useMemo(() => machineToChart(machine), [machine]);
  const states = useMemo(() => flatten(chart.root).filter((n) => n.path.length > 0), [chart]);
  const paths = useMemo(
    () =>
      getShortestPaths(machine, {
        events,
        ...(input === undefined ? {} : { input }),
      } as Parameters<typeof getShortestPaths>[1]).map((path) => ({
        state: path.state,
        // The first step is the actor starting (xstate.init); a fresh actor has already taken it.
        steps: path.steps.filter((step) => step.event.type !== 'xstate.init'),
      })),
    [machine, events, input],
  );

  const [generation, setGeneration] = useState(0);
  const actor = useMemo(
    () => createActor(machine, input === undefined ? undefined : { input }).start(),
    // A new generation is a fresh actor (reset, or the start of a replay).
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

  const [replay, setReplay] = useState<{ index: number; step: number } | null>(null);
  const replayPath = replay ? paths[replay.index] : undefined;

  const active = new Set(
    states.filter((n) => snapshot.matches(pathToValue(n.path))).map((n) => n.id),
  );
  const accepted = events.filter((event) => snapshot.can(event));

  const reset = () => {
    setReplay(null);
    setGeneration((g) => g + 1);
  };
  const startReplay = (index: number) => {
    setGeneration((g) => g + 1);
    setReplay({ index, step: 0 });
  };
  const nextStep = () => {
    if (!replay || !replayPath) return;
    const step = replayPath.steps[replay.step];
    if (step) actor.send(step.event);
    setReplay({ ...replay, step: replay.step + 1 });
  };
  const playAll = () => {
    if (!replay || !replayPath) return;
    for (const step of replayPath.steps.slice(replay.step)) actor.send(step.event);
    setReplay({ ...replay, step: replayPath.steps.length });
  };

  return (
    <Grid data-machine-explorer={title}>
      {renderComponent ? (
        <section aria-labelledby="explorer-component">
          <Heading level={2} size={4} id="explorer-component">
            Component
          </Heading>
          {renderComponent(actor)}
        </section>
      ) : null}
      <section aria-labelledby="explorer-state">
        <Heading level={2} size={4} id="explorer-state">
          State
        </Heading>
        <Text>
          Current state:{' '}
          <strong data-testid="current-state">{describeValue(snapshot.value)}</strong>
          {snapshot.status !== 'active' ? ` (${snapshot.status})` : null}
        </Text>
        <Heading level={3} size={4}>
          Events this state accepts
        </Heading>
        <Row aria-label="Events">
          {accepted.length === 0 ? <Text variant="muted">None</Text> : null}
          {accepted.map((event) => (
            <Button
              key={describeEvent(event)}
              variant="secondary"
              size="sm"
              onPress={() => actor.send(event)}
            >
              {describeEvent(event)}
            </Button>
          ))}
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
      <Wide aria-labelledby="explorer-chart">
        <Heading level={2} size={4} id="explorer-chart">
          Statechart
        </Heading>
        <StateDiagram chart={chart} activeIds={active} title={title} />
      </Wide>
      <Wide aria-labelledby="explorer-paths">
        <Heading level={2} size={4} id="explorer-paths">
          Shortest paths ({paths.length})
        </Heading>
        <ol>
          {paths.map((path, index) => (
            <li key={`${describeValue(path.state.value)}-${index}`}>
              <span>
                to <strong>{describeValue(path.state.value)}</strong> in {path.steps.length} step
                {path.steps.length === 1 ? '' : 's'}{' '}
              </span>
              <Button
                variant="link"
                onPress={() => startReplay(index)}
                aria-label={`Replay path ${index + 1}`}
              >
                Replay
              </Button>
              {replay?.index === index ? (
                <div>
                  <ol aria-label={`Steps of path ${index + 1}`}>
                    {path.steps.map((step, stepIndex) => (
                      <li
                        key={stepIndex}
                        data-current-step={stepIndex === replay.step ? 'true' : undefined}
                      >
                        {describeEvent(step.event)} → {describeValue(step.state.value)}
                        {stepIndex < replay.step ? ' ✓' : ''}
                      </li>
                    ))}
                  </ol>
                  <Row>
                    <Button
                      size="sm"
                      onPress={nextStep}
                      isDisabled={replay.step >= path.steps.length}
                    >
                      Next step
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onPress={playAll}
                      isDisabled={replay.step >= path.steps.length}
                    >
                      Play all
                    </Button>
                  </Row>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </Wide>
    </Grid>
  );
}
