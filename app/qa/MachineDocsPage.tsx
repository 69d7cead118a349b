import { DocsContext, useOf } from '@storybook/addon-docs/blocks';
import { useContext, useId, useMemo } from 'react';
import { toId } from 'storybook/internal/csf';
import { coverageReport, share, type CoverageReport } from './coverageReport';
import type { QaMachine } from './qaGuide';

/**
 * The Docs page of a Machines/… story file: a short "how to test this" page instead of every
 * explorer stacked in full. It names the machine (or each machine, for a file that explores
 * several), says what it does (the registry's intro), how to test it in the explorer, how much of
 * it the model tests reach (coverageReport), and links to each explorer story of the file and to
 * the machine's manual test plan. No explorer is rendered on it.
 *
 * A story file's meta opts in with `docs: { page: machineDocsPageFor(entry, ...more) }` in its
 * parameters (see `machineDocsPageFor`).
 *
 * The links are relative, so they work wherever the static Storybook is served from: the page
 * renders in the preview (`<base>/iframe.html?…`), so `./?path=…` is the manager (`<base>/`) and
 * `qa-plans/<key>.md` is a plan served from `<base>/qa-plans/` (`staticDirs` in
 * .storybook/main.ts serves docs/qa there).
 */

/** Where .storybook/main.ts serves docs/qa (the plans `npm run qa:scripts` writes). */
export const testPlansDir = 'qa-plans';

/** A test plan, relative to the preview (`<base>/iframe.html`), so under any base path. */
export const testPlanHref = (key: string): string =>
  `${testPlansDir}/${encodeURIComponent(key)}.md`;

/** A story in the manager (the whole Storybook, not the bare preview): open it in `_top`. */
export const storyHref = (storyId: string): string => `./?path=/story/${storyId}`;

/**
 * The Docs page of a story file in the manager, from its title alone: Storybook's id for it is
 * the kebab-cased title, `--` and `docs` (`Machines/Order form` → `machines-order-form--docs`).
 */
export const docsHref = (title: string): string => `./?path=/docs/${toId(title, 'docs')}`;

/** A story of the file, as the page links it. */
export interface MachineStoryLink {
  /** Storybook's story id (`machines-auth--login-form-machine`). */
  id: string;
  /** Its name in the sidebar. */
  name: string;
  /**
   * The registry key of the machine it explores (its `qa` arg, as `explorerArgs` sets it); a
   * story without one belongs to the page's first machine.
   */
  machine?: string;
}

export interface MachineDocsPageProps {
  /** The page's heading: the machine's name, or the file's for several machines. */
  title: string;
  /** The registry entries the file explores, its main machine first. */
  machines: readonly QaMachine[];
  /** The file's stories, in sidebar order. */
  stories: readonly MachineStoryLink[];
}

/** The stories that explore `entry` (a story naming no machine of the page belongs to the first). */
export function storiesOfMachine(
  entry: QaMachine,
  machines: readonly QaMachine[],
  stories: readonly MachineStoryLink[],
): MachineStoryLink[] {
  const keys = new Set(machines.map((machine) => machine.key));
  const main = machines[0]?.key;
  return stories.filter((story) =>
    story.machine !== undefined && keys.has(story.machine)
      ? story.machine === entry.key
      : entry.key === main,
  );
}

type HeadingLevel = 2 | 3;

function SectionHeading({ level, children }: { level: HeadingLevel; children: string }) {
  return level === 2 ? <h2>{children}</h2> : <h3>{children}</h3>;
}

function HowToTest({ several }: { several: boolean }) {
  return (
    <>
      <h2>How to test this</h2>
      <ol>
        <li>
          Open an explorer story: the links under Stories {several ? 'in each section ' : ''}below,
          or the entries of this page in the sidebar. Each shows the real component, its statechart
          and its test paths.
        </li>
        <li>
          Drive the real component as a customer would, or press the buttons under “Events this
          state accepts”. The shop’s answers are buttons there too: nothing answers until you press
          one.
        </li>
        <li>
          The statechart highlights the current state, and the “Event history” lists each event and
          the state it led to.
        </li>
        <li>
          Pick a test case under “Paths” and press “Replay”, then “Next step” one step at a time,
          checking the texts in the “Expect to see” column on the component.
        </li>
        <li>
          Something wrong? “Copy as test case” copies the path as a checklist: paste it into the bug
          report and say what you saw instead.
        </li>
      </ol>
    </>
  );
}

function Coverage({ report }: { report: CoverageReport }) {
  const { states, transitions } = report;
  return (
    <table aria-label={`Coverage of ${report.name}`}>
      <tbody>
        <tr>
          <th scope="row">States reached</th>
          <td>
            {states.reached} of {states.total} ({share(states.reached, states.total)})
          </td>
        </tr>
        <tr>
          <th scope="row">Transitions reached</th>
          <td>
            {transitions.reached} of {transitions.total} (
            {share(transitions.reached, transitions.total)})
          </td>
        </tr>
        <tr>
          <th scope="row">Test cases</th>
          <td>{report.paths}</td>
        </tr>
      </tbody>
    </table>
  );
}

function MachineParts({
  entry,
  stories,
  level,
}: {
  entry: QaMachine;
  stories: readonly MachineStoryLink[];
  level: HeadingLevel;
}) {
  const report = useMemo(() => coverageReport(entry), [entry]);
  return (
    <>
      <SectionHeading level={level}>Coverage</SectionHeading>
      {level === 2 ? (
        <p>
          What the model tests reach; the test cases under “Paths” (and in the test plan) do the
          same by hand.
        </p>
      ) : null}
      <Coverage report={report} />
      <SectionHeading level={level}>Stories</SectionHeading>
      {stories.length === 0 ? (
        <p>No explorer story in the sidebar.</p>
      ) : (
        <ul aria-label={`Stories of ${entry.name}`}>
          {stories.map((story) => (
            <li key={story.id}>
              <a href={storyHref(story.id)} target="_top">
                {story.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <SectionHeading level={level}>Test plan</SectionHeading>
      <p>
        The same {report.paths} test cases as a checklist to work through by hand:{' '}
        <a href={testPlanHref(entry.key)} target="_blank" rel="noreferrer">
          {entry.key}.md
        </a>{' '}
        (docs/qa/{entry.key}.md, written by <code>npm run qa:scripts</code>).
      </p>
    </>
  );
}

function MachineSection({
  entry,
  stories,
}: {
  entry: QaMachine;
  stories: readonly MachineStoryLink[];
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-machine={entry.key}>
      <h2 id={id}>{entry.name}</h2>
      <p>{entry.intro}</p>
      <MachineParts entry={entry} stories={stories} level={3} />
    </section>
  );
}

/** The page itself, from plain props (its stories test it; `machineDocsPageFor` feeds it Docs). */
export function MachineDocsPage({ title, machines, stories }: MachineDocsPageProps) {
  const [only] = machines;
  if (machines.length === 1 && only) {
    return (
      <article data-machine={only.key}>
        <h1>{title}</h1>
        <p>{only.intro}</p>
        <HowToTest several={false} />
        <MachineParts entry={only} stories={stories} level={2} />
      </article>
    );
  }
  return (
    <article>
      <h1>{title}</h1>
      <p>
        These explorers test {machines.length} statecharts:{' '}
        {machines.map((entry) => entry.name).join(', ')}. Each has its own section below: what it
        does, what the model tests reach of it (the test cases under “Paths” and in its test plan do
        the same by hand), its explorer stories and its test plan.
      </p>
      <HowToTest several />
      {machines.map((entry) => (
        <MachineSection
          key={entry.key}
          entry={entry}
          stories={storiesOfMachine(entry, machines, stories)}
        />
      ))}
    </article>
  );
}

/** The registry key in a story's `qa` arg, if it has one. */
function qaKeyOf(args: Record<string, unknown>): string | undefined {
  const qa = args.qa;
  if (typeof qa !== 'object' || qa === null || !('key' in qa)) return undefined;
  return typeof qa.key === 'string' ? qa.key : undefined;
}

/** The last part of a title, as the sidebar shows it (`Machines/Auth` → `Auth`). */
const lastPart = (title: string) => title.split('/').pop()?.trim() || title;

/**
 * The Docs page of a Machines/… story file: the short page above, listing the file's stories (those
 * in the sidebar) as links instead of rendering them. Pass the file's main machine first: stories
 * without a `qa` arg (or naming a machine not passed) are listed under it.
 *
 *     parameters: { docs: { page: machineDocsPageFor(orderForm) } }
 *     parameters: { docs: { page: machineDocsPageFor(auth, loginForm, registerForm, ...) } }
 *
 * Keep `docs` an object literal: Storybook's CSF plugin writes a meta's JSDoc comment into
 * `parameters.docs.description`, and when `docs` is any other expression it adds a second `docs`
 * key, which replaces the first (and with it the page).
 */
export function machineDocsPageFor(...machines: [QaMachine, ...QaMachine[]]) {
  return function MachineDocs() {
    const { csfFile, preparedMeta } = useOf('meta', ['meta']);
    const context = useContext(DocsContext);
    const stories = context
      .componentStoriesFromCSFFile(csfFile)
      .filter((story) => story.tags.includes('dev'))
      .map((story) => ({ id: story.id, name: story.name, machine: qaKeyOf(story.initialArgs) }));
    const title = machines.length === 1 ? machines[0].name : lastPart(preparedMeta.title);
    return <MachineDocsPage title={title} machines={machines} stories={stories} />;
  };
}
