import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Heading, Text } from './Text';

const meta = {
  title: 'Components/Text',
  component: Text,
  tags: ['autodocs'],
  args: {
    variant: 'body',
    children: 'Bagged coal, heating oil and wood pellets delivered across Northern Ireland.',
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['body', 'small', 'muted', 'lead'] },
    elementType: { control: 'select', options: ['p', 'span', 'div', 'small', 'strong'] },
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    const text = canvas.getByText(/Bagged coal/);
    await expect(text.tagName).toBe('P');
    await expect(text).toHaveAttribute('data-variant', 'body');
  },
};

export const Body: Story = { args: { variant: 'body' } };

export const Lead: Story = {
  args: { variant: 'lead', children: 'Wholesale, industrial and home heating fuel since 1968.' },
};

export const Small: Story = {
  args: { variant: 'small', children: '* For larger quantities please contact our office.' },
};

export const Muted: Story = {
  args: { variant: 'muted', children: 'A minimum order applies depending on your postcode.' },
};

export const AsSpan: Story = {
  args: { elementType: 'span', children: 'Inline text' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Inline text').tagName).toBe('SPAN');
  },
};

export const Headings: Story = {
  render: () => (
    <div>
      <Heading level={1}>Page not found</Heading>
      <Heading level={2}>Order Online</Heading>
      <Heading level={3}>Wood Pellets</Heading>
      <Heading level={4}>Belfast office</Heading>
      <Heading level={2} size={4}>
        A level-2 heading drawn at size 4
      </Heading>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    await expect(canvas.getByRole('heading', { level: 4 })).toHaveTextContent('Belfast office');
    const resized = canvas.getByRole('heading', { name: /drawn at size 4/ });
    await expect(resized.tagName).toBe('H2');
    await expect(resized).toHaveAttribute('data-size', '4');
  },
};

interface TypeRow extends MatrixAxis {
  sample: ReactNode;
}

const typeRows: TypeRow[] = [
  { label: 'Heading 1', sample: <Heading level={1}>Merriweather</Heading> },
  { label: 'Heading 2', sample: <Heading level={2}>Order Online</Heading> },
  { label: 'Heading 3', sample: <Heading level={3}>Wood Pellets</Heading> },
  { label: 'Heading 4', sample: <Heading level={4}>Belfast office</Heading> },
  {
    label: 'Lead',
    sample: <Text variant="lead">Wholesale, industrial and home heating fuel.</Text>,
  },
  {
    label: 'Body',
    sample: (
      <Text>
        Open Sans at 18px. Bagged coal, heating oil and wood pellets delivered across Northern
        Ireland. <strong>Strong text</strong> stands out.
      </Text>
    ),
  },
  {
    label: 'Muted',
    sample: <Text variant="muted">A minimum order applies depending on your postcode.</Text>,
  },
  {
    label: 'Small',
    sample: <Text variant="small">* For larger quantities please contact our office.</Text>,
  },
];

const sampleColumn: MatrixAxis = { label: 'Sample' };

/** The whole type scale, labelled, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Text: the type scale"
      rowsLabel="Style"
      rows={typeRows}
      columns={[sampleColumn]}
      cellStyle={{ maxWidth: 640 }}
      renderCell={(row) => row.sample}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [sampleColumn.label],
      rows: typeRows.map((row) => row.label),
    });
    await expect(
      within(getMatrixCell(canvasElement, 'Heading 3', sampleColumn.label)).getByRole('heading', {
        level: 3,
      }),
    ).toHaveTextContent('Wood Pellets');
  },
};
