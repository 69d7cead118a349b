import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  interactionStates,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Pager } from './Pager';

const meta = {
  title: 'Components/Pager',
  component: Pager,
  tags: ['autodocs'],
  args: { page: 2, pageCount: 7, onPageChange: fn() },
  argTypes: {
    page: { control: { type: 'number', min: 1 } },
    pageCount: { control: { type: 'number', min: 0 } },
    onPageChange: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof Pager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The pager only reports the page asked for; the caller passes the new `page` back. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    await expect(canvas.getByText('Page 2 of 7')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
  },
};

/** Stepping through the orders of the back office, by mouse and by keyboard. */
export const Controlled: Story = {
  args: { page: 1, pageCount: 3, 'aria-label': 'Order pages' },
  render: function ControlledPager(args) {
    const [page, setPage] = useState(args.page);
    return (
      <Pager
        {...args}
        page={page}
        onPageChange={(next) => {
          args.onPageChange(next);
          setPage(next);
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Order pages' })).toBeVisible();
    const previous = canvas.getByRole('button', { name: 'Previous' });
    const next = canvas.getByRole('button', { name: 'Next' });
    await expect(canvas.getByText('Page 1 of 3')).toBeVisible();
    await expect(previous).toBeDisabled();

    await userEvent.click(next);
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
    await expect(previous).toBeEnabled();

    // Keyboard: Enter on Next reaches the last page; focus moves to Previous, still enabled.
    await expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(3);
    await expect(canvas.getByText('Page 3 of 3')).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(previous).toHaveFocus();

    await userEvent.keyboard(' ');
    await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
    await expect(args.onPageChange).toHaveBeenCalledTimes(3);
  },
};

export const FirstPage: Story = {
  args: { page: 1 },
  play: async ({ canvas, args }) => {
    const previous = canvas.getByRole('button', { name: 'Previous' });
    await expect(previous).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeEnabled();
    await userEvent.click(previous);
    await expect(args.onPageChange).not.toHaveBeenCalled();
  },
};

export const LastPage: Story = {
  args: { page: 7 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Page 7 of 7')).toBeVisible();
    const next = canvas.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await userEvent.click(next);
    await expect(args.onPageChange).not.toHaveBeenCalled();
  },
};

/** One page (or none): there is nothing to page through, so nothing is shown. */
export const SinglePage: Story = {
  args: { page: 1, pageCount: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The pages, as columns: a state's row then reads across first, middle and last. */
interface PagerColumn extends MatrixAxis {
  page: number;
}

const pagerColumns: PagerColumn[] = [
  { label: 'First page', page: 1 },
  { label: 'Middle page', page: 2 },
  { label: 'Last page', page: 7 },
];

const pagerStates: MatrixAxis[] = [...interactionStates];

/**
 * First, middle and last page in each state, for design review and the visual baseline. Hover,
 * Focus and Pressed are static previews (ui/theme/previewState.ts) of both buttons; a button is
 * disabled (the real prop) at either end.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Pager: pages by state"
      rowsLabel="State"
      rows={pagerStates}
      columns={pagerColumns}
      cellStyle={{ whiteSpace: 'nowrap' }}
      renderCell={(state, column) => (
        <Pager
          aria-label={`Pages, ${column.label.toLowerCase()}, ${state.label.toLowerCase()}`}
          page={column.page}
          pageCount={7}
          onPageChange={() => {}}
        />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: pagerColumns.map((column) => column.label),
      rows: pagerStates.map((state) => state.label),
    });
    const button = (state: string, page: string, name: 'Previous' | 'Next') =>
      within(getMatrixCell(canvasElement, state, page)).getByRole('button', { name });
    const look = (state: string) => getComputedStyle(button(state, 'Middle page', 'Next'));
    await expect(look('Hover').backgroundColor).not.toBe(look('Default').backgroundColor);
    await expect(look('Pressed').backgroundColor).not.toBe(look('Hover').backgroundColor);
    await expect(look('Default').outlineStyle).toBe('none');
    await expect(look('Focus').outlineStyle).toBe('solid');
    await expect(button('Hover', 'First page', 'Previous')).toBeDisabled();
    await expect(button('Hover', 'Last page', 'Next')).toBeDisabled();
    await expect(
      within(getMatrixCell(canvasElement, 'Default', 'Middle page')).getByText('Page 2 of 7'),
    ).toBeVisible();
  },
};
