import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { qaMachines } from './machines';
import { MachinesOverview } from './MachinesOverview';

/** Storybook's id for a title (`Machines/Payment status` → `machines-payment-status`). */
const titleId = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

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
  // The registry is the page's input, not a control for designers.
  argTypes: { machines: { table: { disable: true } } },
} satisfies Meta<typeof MachinesOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(canvas.getByRole('table', { name: 'Machines' }));
    // A row per registered machine, each fully covered, linking to its explorer's Docs page (in
    // the whole Storybook) and to its test plan (served from docs/qa, relative to the preview).
    for (const entry of qaMachines) {
      const row = within(
        table.getByRole('rowheader', { name: entry.name }).closest('tr') as HTMLElement,
      );
      const cells = row.getAllByRole('cell');
      await expect(cells[2]).toHaveTextContent('100 %');
      await expect(cells[3]).toHaveTextContent('100 %');
      const explorer = row.getByRole('link', { name: entry.name });
      await expect(explorer).toHaveAttribute('href', `./?path=/docs/${titleId(entry.story)}--docs`);
      await expect(explorer).toHaveAttribute('target', '_top');
      await expect(row.getByRole('link', { name: `${entry.key}.md` })).toHaveAttribute(
        'href',
        `qa-plans/${entry.key}.md`,
      );
      // The details' line says and links the same.
      const details = canvasElement.querySelector(`details[data-machine="${entry.key}"]`);
      if (!(details instanceof HTMLElement)) throw new Error(`no details for ${entry.key}`);
      const line = within(details);
      await expect(line.getByRole('link', { name: entry.story })).toHaveAttribute(
        'href',
        explorer.getAttribute('href'),
      );
      await expect(line.getByRole('link', { name: `docs/qa/${entry.key}.md` })).toHaveAttribute(
        'href',
        `qa-plans/${entry.key}.md`,
      );
    }
    // The explorers' Docs pages, as the sidebar names them.
    await expect(table.getByRole('link', { name: 'Order form' })).toHaveAttribute(
      'href',
      './?path=/docs/machines-order-form--docs',
    );
    await expect(table.getByRole('link', { name: 'Customer Login form' })).toHaveAttribute(
      'href',
      './?path=/docs/machines-auth--docs',
    );
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
