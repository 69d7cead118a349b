/**
 * How much of a registered machine the model tests reach: computed from the same traversal
 * (`exploreQa`, the harness in modelCoverage.ts) that machines.test.ts checks, never hard-coded.
 * The coverage page (Machines/Overview) and the test plans show it.
 */
import { coverageOf, coveredBy, machineStateIds, machineTransitionKeys } from './modelCoverage';
import { exploreQa, pathName, type QaMachine } from './qaGuide';

export interface CoverageCount {
  total: number;
  reached: number;
  missing: string[];
}

export interface CoverageReport {
  key: string;
  name: string;
  story: string;
  states: CoverageCount;
  transitions: CoverageCount;
  /** The model tests' paths (together they reach what is reached). */
  paths: number;
  /** Distinct snapshots the traversal explored. */
  explored: number;
  /** A bound cut the traversal short (the figures may then be too low). */
  truncated: boolean;
  /** Each transition of the machine and the first path that takes it (null: none does). */
  byTransition: { key: string; path: string | null }[];
  /** Each state of the machine and the first path that reaches it (null: none does). */
  byState: { id: string; path: string | null }[];
}

const count = (all: readonly string[], reached: readonly string[]): CoverageCount => {
  const got = new Set(reached);
  const missing = all.filter((item) => !got.has(item));
  return { total: all.length, reached: all.length - missing.length, missing };
};

export function coverageReport(entry: QaMachine): CoverageReport {
  const { model, covering } = exploreQa(entry);
  const reached = coverageOf(covering);
  const stateIds = machineStateIds(entry.machine);
  const transitionKeys = machineTransitionKeys(entry.machine);
  const first = coveredBy(covering);
  const many = model.starts.length > 1;
  const name = (path: (typeof covering)[number] | undefined) =>
    path ? pathName(entry, path, many) : null;
  return {
    key: entry.key,
    name: entry.name,
    story: entry.story,
    states: count(stateIds, reached.states),
    transitions: count(transitionKeys, reached.transitions),
    paths: covering.length,
    explored: model.states.length,
    truncated: model.truncated,
    byTransition: transitionKeys.map((key) => ({ key, path: name(first.transitions.get(key)) })),
    byState: stateIds.map((id) => ({ id, path: name(first.states.get(id)) })),
  };
}

/** "100 %", "87.5 %" (rounded down, so anything short of all never reads 100 %). */
export function share(part: number, whole: number): string {
  return whole === 0 ? '100 %' : `${Math.floor((part / whole) * 1000) / 10} %`;
}
