import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { TextArea } from '../TextArea';
import { TextField } from '../TextField';
import { FormSection } from './FormSection';

const meta = {
  title: 'Components/FormSection',
  component: FormSection,
  tags: ['autodocs'],
  args: {
    title: 'Contact details',
    description: 'We use these only about this order.',
    children: (
      <>
        <TextField label="Full name" autoComplete="name" data-span="full" />
        <TextField label="Email" type="email" autoComplete="email" />
        <TextField label="Phone" type="tel" autoComplete="tel" />
      </>
    ),
  },
  argTypes: { columns: { control: 'inline-radio', options: [1, 2] } },
  decorators: [
    (Story) => (
      <form style={{ maxWidth: 720 }} aria-label="Example form">
        <Story />
      </form>
    ),
  ],
} satisfies Meta<typeof FormSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The legend names the group: every field in it is announced with it. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'Contact details' });
    await expect(within(group).getAllByRole('textbox')).toHaveLength(3);
    await expect(group).toHaveTextContent('We use these only about this order.');
    await userEvent.tab();
    await expect(within(group).getByRole('textbox', { name: 'Full name' })).toHaveFocus();
  },
};

export const OneColumn: Story = {
  args: {
    title: 'Delivery instructions',
    description: undefined,
    columns: 1,
    children: <TextArea label="Instructions (optional)" rows={3} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Delivery instructions' })).toHaveAttribute(
      'data-columns',
      '1',
    );
  },
};

interface FormSectionRow extends MatrixAxis {
  render: () => ReactNode;
}

const formSectionRows: FormSectionRow[] = [
  {
    label: 'Two columns, with description',
    render: () => (
      <FormSection title="Contact details" description="We use these only about this order.">
        <TextField label="Full name" data-span="full" />
        <TextField label="Email" type="email" />
        <TextField label="Phone" type="tel" />
      </FormSection>
    ),
  },
  {
    label: 'One column',
    render: () => (
      <FormSection title="Delivery instructions" columns={1}>
        <TextArea label="Instructions (optional)" rows={3} />
      </FormSection>
    ),
  },
];

const formSectionColumn: MatrixAxis = { label: 'FormSection' };

/** Two columns with a description, and one column, labelled, for design review. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="FormSection: layouts"
      rowsLabel="Layout"
      rows={formSectionRows}
      columns={[formSectionColumn]}
      cellStyle={{ width: 720 }}
      renderCell={(row) => row.render()}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [formSectionColumn.label],
      rows: formSectionRows.map((row) => row.label),
    });
    const cell = getMatrixCell(canvasElement, 'One column', formSectionColumn.label);
    await expect(within(cell).getByRole('group', { name: 'Delivery instructions' })).toBeVisible();
  },
};
