import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { qaMachines } from './machines';
import { MachinesOverview } from './MachinesOverview';

/**
 * Machines/Overview: a docs-only page (the story itself is hidden from the sidebar, and still
 * runs as a test). Every registered machine with its states and transitions, the share the model
 * tests reach, and the test path that takes each transition.
 */
const meta = {
  title: 'Machines/Overview',
  component: MachinesOverview,
  tags: ['autodocs', '!dev'],
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The coverage of every statechart by the model tests, computed from the same harness traversal the tests use (app/qa/modelCoverage.ts on the registry, app/qa/machines.ts).',
      },
      canvas: { sourceState: 'none' },
    },
  },
  args: { machines: qaMachines },
} satisfies Meta<typeof MachinesOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(canvas.getByRole('table', { name: 'Machines' }));
    // A row per registered machine, each fully covered.
    for (const entry of qaMachines) {
      const row = within(
        table.getByRole('rowheader', { name: entry.name }).closest('tr') as HTMLElement,
      );
      const cells = row.getAllByRole('cell');
      await expect(cells[2]).toHaveTextContent('100 %');
      await expect(cells[3]).toHaveTextContent('100 %');
    }
    // Each transition names the test path that takes it.
    const enquiry = canvasElement.querySelector('details[data-machine="enquiry-form"]');
    if (!(enquiry instanceof HTMLElement)) throw new Error('no enquiry form details');
    await userEvent.click(within(enquiry).getByText(/^Wholesale enquiry form:/));
    const transitions = within(within(enquiry).getByRole('table'));
    await expect(
      transitions.getByRole('row', {
        name: /enquiryForm\.sending on xstate\.done\.actor\.sendEnquiry #0/,
      }),
    ).toHaveTextContent('→ ready.sent');
    await expect(within(enquiry).queryByText('Not reached')).toBeNull();
  },
};
