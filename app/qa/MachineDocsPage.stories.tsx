import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { coverageReport, share } from './coverageReport';
import { MachineDocsPage, machineDocsPageFor, storyHref, testPlanHref } from './MachineDocsPage';
import { auth, loginForm, postcode } from './machines';
import type { QaMachine } from './qaGuide';

/**
 * The short Docs page of a Machines/… story file (`docs: { page: machineDocsPageFor(...) }`):
 * what the machine does, how to test it in the explorer, its coverage and links to its stories
 * and its test plan. The stories render the page from plain props; this file's own Docs page is
 * the real thing, made by `machineDocsPageFor(postcode)` (its links lead to the stories below).
 */
const meta = {
  title: 'QA/Machine docs page',
  component: MachineDocsPage,
  tags: ['autodocs'],
  parameters: { docs: { page: machineDocsPageFor(postcode) } },
  args: {
    title: postcode.name,
    machines: [postcode],
    stories: [
      { id: 'machines-postcode--set-postcode', name: 'Set Postcode' },
      { id: 'machines-postcode--path-tools', name: 'Path Tools' },
    ],
  },
} satisfies Meta<typeof MachineDocsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Scope = ReturnType<typeof within>;

/** The coverage table shows the figures coverageReport computes for the machine. */
async function expectCoverage(scope: Scope, entry: QaMachine) {
  const report = coverageReport(entry);
  const figures = (part: number, whole: number) => `${part} of ${whole} (${share(part, whole)})`;
  const table = within(scope.getByRole('table', { name: `Coverage of ${entry.name}` }));
  const value = (name: string) =>
    table.getByRole('rowheader', { name }).nextElementSibling?.textContent;
  await expect(value('States reached')).toBe(figures(report.states.reached, report.states.total));
  await expect(value('Transitions reached')).toBe(
    figures(report.transitions.reached, report.transitions.total),
  );
  await expect(value('Test cases')).toBe(String(report.paths));
  await expect(report.paths).toBeGreaterThan(0);
}

/** One machine: the page for a file exploring one statechart (the Postcode explorers). */
export const OneMachine: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(postcode.name);
    await expect(canvas.getByText(postcode.intro)).toBeVisible();
    const sections = canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    await expect(sections).toEqual(['How to test this', 'Coverage', 'Stories', 'Test plan']);
    await expect(canvas.getByRole('list', { name: `Stories of ${postcode.name}` })).toBeVisible();
    const steps = within(canvas.getAllByRole('list')[0] as HTMLElement).getAllByRole('listitem');
    await expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Open an explorer story'),
      expect.stringContaining('“Events this state accepts”'),
      expect.stringContaining('“Event history”'),
      expect.stringMatching(/“Paths”.*“Replay”.*“Next step”.*“Expect to see”/),
      expect.stringContaining('“Copy as test case”'),
    ]);
    await expectCoverage(canvas, postcode);
    // Each story opens in the whole Storybook (the manager), not inside the docs frame.
    const setPostcode = canvas.getByRole('link', { name: 'Set Postcode' });
    await expect(setPostcode).toHaveAttribute(
      'href',
      './?path=/story/machines-postcode--set-postcode',
    );
    await expect(setPostcode).toHaveAttribute('target', '_top');
    await expect(canvas.getByRole('link', { name: 'Path Tools' })).toHaveAttribute(
      'href',
      storyHref('machines-postcode--path-tools'),
    );
    // The plan, from where the static build serves docs/qa, relative to the preview.
    await expect(canvas.getByRole('link', { name: 'postcode.md' })).toHaveAttribute(
      'href',
      'qa-plans/postcode.md',
    );
    // Short: no explorer on it.
    await expect(canvasElement.querySelector('[data-machine-explorer]')).toBeNull();
  },
};

/**
 * Several machines in one file (Machines/Auth): a section per machine, each with the stories
 * whose `qa` arg names it (the rest go to the first machine) and its own plan.
 */
export const SeveralMachines: Story = {
  args: {
    title: 'Auth',
    machines: [auth, loginForm],
    stories: [
      { id: 'machines-auth--session', name: 'Session' },
      {
        id: 'machines-auth--login-form-machine',
        name: 'Login Form Machine',
        machine: 'login-form',
      },
      { id: 'machines-auth--other', name: 'Other', machine: 'not-on-this-page' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Auth');
    const sections = canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    await expect(sections).toEqual(['How to test this', auth.name, loginForm.name]);
    const expected: [QaMachine, string[]][] = [
      [auth, ['Session', 'Other']],
      [loginForm, ['Login Form Machine']],
    ];
    for (const [entry, names] of expected) {
      const section = within(canvas.getByRole('region', { name: entry.name }));
      await expect(section.getByText(entry.intro)).toBeVisible();
      await expect(section.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
        ['Coverage', 'Stories', 'Test plan'],
      );
      await expectCoverage(section, entry);
      const stories = within(section.getByRole('list', { name: `Stories of ${entry.name}` }));
      await expect(stories.getAllByRole('link').map((link) => link.textContent)).toEqual(names);
      await expect(section.getByRole('link', { name: `${entry.key}.md` })).toHaveAttribute(
        'href',
        testPlanHref(entry.key),
      );
    }
    await expect(canvas.getByRole('link', { name: 'Login Form Machine' })).toHaveAttribute(
      'href',
      './?path=/story/machines-auth--login-form-machine',
    );
  },
};
