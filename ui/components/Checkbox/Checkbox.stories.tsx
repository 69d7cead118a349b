import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Link } from '../Link';
import {
  StateMatrix,
  defaultState,
  focusState,
  getMatrixCell,
  getMatrixHeaders,
  hoverState,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import { Checkbox, type CheckboxProps } from './Checkbox';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { children: 'I accept the Terms of Purchase', onChange: fn() },
  argTypes: {
    validationState: { control: 'inline-radio', options: ['neutral', 'danger', 'success'] },
    onChange: { table: { category: 'Events' } },
  },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'I accept the Terms of Purchase' });
    await expect(box).not.toBeChecked();
    await userEvent.click(canvas.getByText('I accept the Terms of Purchase'));
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
  },
};

/** Space toggles it; the focus ring shows on the box. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    const box = canvas.getByRole('checkbox');
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onChange).toHaveBeenCalledTimes(2);
  },
};

/** Help under the label may hold a link; the link is not part of the label. */
export const WithDescription: Story = {
  args: {
    description: (
      <>
        Read the <Link href="#terms">Terms of Purchase</Link> before you pay.
      </>
    ),
  },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'I accept the Terms of Purchase' });
    await expect(box).toHaveAccessibleDescription('Read the Terms of Purchase before you pay.');
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Terms of Purchase' })).toHaveFocus();
    await expect(box).not.toBeChecked();
  },
};

export const Selected: Story = {
  args: { defaultSelected: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toBeChecked();
  },
};

/** Required and not ticked after a submit: red box and the message, announced with the box. */
export const Invalid: Story = {
  args: {
    validationState: 'danger',
    errorMessage: 'Please accept the Terms of Purchase.',
  },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox');
    await expect(box).toBeInvalid();
    await expect(box).toHaveAccessibleDescription('Please accept the Terms of Purchase.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toBeDisabled();
  },
};

/** Owned by a parent, as the checkout form does through its machine. */
export const Controlled: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState(false);
    return (
      <>
        <Checkbox {...args} isSelected={selected} onChange={setSelected} />
        <p>{selected ? 'Accepted' : 'Not accepted'}</p>
      </>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('checkbox'));
    await expect(canvas.getByText('Accepted')).toBeVisible();
  },
};

interface CheckboxRow extends MatrixAxis {
  props: CheckboxProps;
}

const checkboxRows: CheckboxRow[] = [
  { label: 'Not ticked', props: { children: 'Not ticked' } },
  { label: 'Ticked', props: { children: 'Ticked', defaultSelected: true } },
  {
    label: 'Help text',
    props: {
      children: 'With help text',
      description: 'This supply is for domestic use at the address above.',
    },
  },
  {
    label: 'Invalid',
    props: {
      children: 'Invalid',
      validationState: 'danger',
      errorMessage: 'Please accept the Terms of Purchase.',
    },
  },
];

interface CheckboxColumn extends MatrixAxis {
  props?: Partial<CheckboxProps>;
}

const checkboxColumns: CheckboxColumn[] = [
  defaultState,
  hoverState,
  focusState,
  { label: 'Disabled', props: { isDisabled: true } },
];

/**
 * Every state, for design review and the visual baseline. Hover and Focus are static previews
 * (ui/theme/previewState.ts); Disabled is the real prop.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="Checkbox: variants by state"
      rowsLabel="Variant"
      rows={checkboxRows}
      columns={checkboxColumns}
      renderCell={(row, column) => <Checkbox {...row.props} {...column.props} />}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: checkboxColumns.map((column) => column.label),
      rows: checkboxRows.map((row) => row.label),
    });
    const checkbox = (row: string, column: string) =>
      within(getMatrixCell(canvasElement, row, column)).getByRole('checkbox');
    /** The drawn box: the real input is visually hidden. */
    const box = (row: string, column: string) => {
      const found = getMatrixCell(canvasElement, row, column).querySelector('[aria-hidden="true"]');
      if (!(found instanceof HTMLElement)) throw new Error(`no box at ${row}, ${column}`);
      return getComputedStyle(found);
    };
    await expect(box('Not ticked', 'Hover').borderColor).not.toBe(
      box('Not ticked', 'Default').borderColor,
    );
    await expect(box('Not ticked', 'Default').outlineStyle).toBe('none');
    await expect(box('Not ticked', 'Focus').outlineStyle).toBe('solid');
    await expect(checkbox('Ticked', 'Default')).toBeChecked();
    await expect(checkbox('Not ticked', 'Disabled')).toBeDisabled();
  },
};
