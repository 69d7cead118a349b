import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
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

/** First, middle and last page, for design review and the visual baseline. */
export const All: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1.25rem' }}>
      <Pager aria-label="Pages, first" page={1} pageCount={7} onPageChange={() => {}} />
      <Pager aria-label="Pages, middle" page={2} pageCount={7} onPageChange={() => {}} />
      <Pager aria-label="Pages, last" page={7} pageCount={7} onPageChange={() => {}} />
    </div>
  ),
};
