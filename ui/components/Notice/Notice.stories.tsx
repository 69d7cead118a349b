import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Notice, type NoticeProps } from './Notice';

const meta = {
  title: 'Components/Notice',
  component: Notice,
  tags: ['autodocs'],
  args: { variant: 'danger', children: 'Invalid postcode, please check and try again.' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['danger', 'success', 'warning', 'info'] },
  },
} satisfies Meta<typeof Notice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Invalid postcode, please check and try again.',
    );
  },
};

/** An error is an `alert`: screen readers announce it immediately. */
export const Danger: Story = {
  args: { variant: 'danger', children: 'Postcode required.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Postcode required.');
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const Success: Story = {
  args: { variant: 'success', children: 'Postcode set.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Postcode set.');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'Resetting your postcode',
    children: 'Resetting the postcode will clear your cart.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Resetting the postcode/);
  },
};

export const Info: Story = {
  args: { variant: 'info', children: 'For delivery outside NI please contact our office' },
};

interface NoticeRow extends MatrixAxis {
  props: NoticeProps;
}

const noticeRows: NoticeRow[] = [
  {
    label: 'Danger',
    props: { variant: 'danger', children: 'Invalid postcode, please check and try again.' },
  },
  { label: 'Success', props: { variant: 'success', children: 'Postcode set.' } },
  {
    label: 'Warning',
    props: { variant: 'warning', children: 'Resetting the postcode will clear your cart.' },
  },
  {
    label: 'Info',
    props: { variant: 'info', children: 'For delivery outside NI please contact our office' },
  },
  {
    label: 'Danger, with title',
    props: {
      variant: 'danger',
      title: 'Product cannot be delivered to this postcode.',
      children: 'Please check the postcode or contact our office.',
    },
  },
];

const noticeColumn: MatrixAxis = { label: 'Notice' };

/** Every variant, labelled, for design review and the visual baseline. Notices are static. */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Notice: variants"
      rowsLabel="Variant"
      rows={noticeRows}
      columns={[noticeColumn]}
      cellStyle={{ width: 500 }}
      renderCell={(row) => <Notice {...row.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [noticeColumn.label],
      rows: noticeRows.map((row) => row.label),
    });
    for (const row of noticeRows) {
      await expect(
        within(getMatrixCell(canvasElement, row.label, noticeColumn.label)).getByText(
          String(row.props.children),
        ),
      ).toBeVisible();
    }
  },
};
