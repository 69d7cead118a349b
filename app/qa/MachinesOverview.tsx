import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Heading, Link, Text, theme } from '../../ui';
import { coverageReport, share, type CoverageReport } from './coverageReport';
import { docsHref, testPlanHref } from './MachineDocsPage';
import type { QaMachine } from './qaGuide';

/**
 * The coverage page: every registered machine, its states and transitions, the share the model
 * tests reach (from the same traversal machines.test.ts checks) and, per transition, the test
 * path that takes it. Each machine links to its explorer (the Docs page of its story file, the
 * short "how to test this" page, which lists the explorer stories) and to its manual test plan
 * (docs/qa/<key>.md, served by the static Storybook under qa-plans/).
 */
export interface MachinesOverviewProps {
  machines: readonly QaMachine[];
}

const Page = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  padding: ${theme.space[4]};
  font-size: ${theme.fontSizes.sm};
  table {
    border-collapse: collapse;
    width: 100%;
  }
  caption {
    text-align: left;
    font-weight: ${theme.fontWeights.bold};
    padding: ${theme.space[2]} 0;
  }
  th,
  td {
    border-bottom: 1px solid ${theme.colors.border};
    padding: ${theme.space[1]} ${theme.space[2]};
    text-align: left;
    vertical-align: top;
  }
  td[data-numeric] {
    text-align: right;
    white-space: nowrap;
  }
  td[data-file] {
    white-space: nowrap;
  }
  code {
    overflow-wrap: anywhere;
    font-size: ${theme.fontSizes.xs};
  }
  details {
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    padding: ${theme.space[3]};
  }
  summary {
    cursor: pointer;
    font-weight: ${theme.fontWeights.bold};
  }
`;

/** The explorer opens in the whole Storybook (the manager), not inside the docs frame. */
function ExplorerLink({ report, children }: { report: CoverageReport; children: ReactNode }) {
  return (
    <Link href={docsHref(report.story)} target="_top">
      {children}
    </Link>
  );
}

/** The plan opens beside Storybook. */
function PlanLink({ report, children }: { report: CoverageReport; children: ReactNode }) {
  return (
    <Link href={testPlanHref(report.key)} target="_blank" rel="noreferrer">
      {children}
    </Link>
  );
}

function MachineDetails({ report }: { report: CoverageReport }) {
  return (
    <details data-machine={report.key}>
      <summary>
        {report.name}: {report.transitions.reached} of {report.transitions.total} transitions,{' '}
        {report.states.reached} of {report.states.total} states
      </summary>
      <Text>
        Explorer: <ExplorerLink report={report}>{report.story}</ExplorerLink>. Test plan:{' '}
        <PlanLink report={report}>docs/qa/{report.key}.md</PlanLink>. The traversal explored{' '}
        {report.explored} distinct states and contexts
        {report.truncated ? ', and was cut short by its bounds' : ''}.
      </Text>
      <table>
        <caption>Transitions of {report.name} and the test path that takes each</caption>
        <thead>
          <tr>
            <th scope="col">Transition</th>
            <th scope="col">Covered by</th>
          </tr>
        </thead>
        <tbody>
          {report.byTransition.map(({ key, path }) => (
            <tr key={key}>
              <td>
                <code>{key}</code>
              </td>
              <td>{path ? <code>{path}</code> : <strong>Not reached</strong>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.states.missing.length > 0 ? (
        <Text>
          <strong>States not reached:</strong> {report.states.missing.join(', ')}
        </Text>
      ) : null}
    </details>
  );
}

export function MachinesOverview({ machines }: MachinesOverviewProps) {
  const reports = useMemo(() => machines.map(coverageReport), [machines]);
  return (
    <Page>
      <Heading level={1} size={3}>
        Machines: coverage of the model tests
      </Heading>
      <Text>
        Every statechart of the site, from the QA registry (app/qa/machines.ts). The model tests
        explore each machine with its preset events and replay a small set of paths that together
        reach its states and take its transitions; the figures below come from that same traversal.
        A unit test (app/qa/machines.test.ts) fails when any machine falls short of 100 %. Each
        machine links to its explorer and to its manual test plan.
      </Text>
      <table aria-label="Machines">
        <thead>
          <tr>
            <th scope="col">Machine</th>
            <th scope="col">States</th>
            <th scope="col">Transitions</th>
            <th scope="col">States reached</th>
            <th scope="col">Transitions reached</th>
            <th scope="col">Test paths</th>
            <th scope="col">Test plan</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((report) => (
            <tr key={report.key} data-machine={report.key}>
              <th scope="row">
                <ExplorerLink report={report}>{report.name}</ExplorerLink>
              </th>
              <td data-numeric>{report.states.total}</td>
              <td data-numeric>{report.transitions.total}</td>
              <td data-numeric>{share(report.states.reached, report.states.total)}</td>
              <td data-numeric>{share(report.transitions.reached, report.transitions.total)}</td>
              <td data-numeric>{report.paths}</td>
              <td data-file>
                <PlanLink report={report}>{report.key}.md</PlanLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Heading level={2} size={4}>
        Each transition and its test path
      </Heading>
      {reports.map((report) => (
        <MachineDetails key={report.key} report={report} />
      ))}
    </Page>
  );
}
