import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../components/Button';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  interactionStates,
  type MatrixAxis,
} from './StateMatrix';

interface ExampleColumn extends MatrixAxis {
  isDisabled?: boolean;
}

const columns: ExampleColumn[] = [...interactionStates, { label: 'Disabled', isDisabled: true }];
const rows: MatrixAxis[] = [{ label: 'Primary' }];

/**
 * The labelled matrix every component's "All" story is built from: a caption, the states (or
 * sizes, layouts...) across, the variants down. Hover, Focus and Pressed cells are static
 * previews: the cell carries `data-preview-state`, which the component's own hover, focus and
 * pressed rules also match (ui/theme/previewState.ts). Disabled and Pending are the real props.
 */
const meta = {
  title: 'Foundations/State matrix',
  component: StateMatrix<MatrixAxis, ExampleColumn>,
  tags: ['!autodocs'],
  args: {
    caption: 'Button: how to read a matrix',
    rowsLabel: 'Variant',
    rows,
    columns,
    renderCell: (_row, column) => <Button isDisabled={column.isDisabled}>Order Online</Button>,
  },
} satisfies Meta<typeof StateMatrix<MatrixAxis, ExampleColumn>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A real table: caption, column headers and row headers, for screen readers too. */
export const HowToRead: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Button: how to read a matrix' })).toBeVisible();
    await expect(canvas.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Variant',
      'Default',
      'Hover',
      'Focus',
      'Pressed',
      'Disabled',
    ]);
    await expect(canvas.getAllByRole('rowheader').map((header) => header.textContent)).toEqual([
      'Primary',
    ]);
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: ['Default', 'Hover', 'Focus', 'Pressed', 'Disabled'],
      rows: ['Primary'],
    });

    // Each forced state is on its cell; the others have none.
    const cell = (column: string) => getMatrixCell(canvasElement, 'Primary', column);
    await expect(cell('Default')).not.toHaveAttribute('data-preview-state');
    await expect(cell('Hover')).toHaveAttribute('data-preview-state', 'hovered');
    await expect(cell('Focus')).toHaveAttribute('data-preview-state', 'focus-visible');
    await expect(cell('Pressed')).toHaveAttribute('data-preview-state', 'pressed');
    await expect(cell('Disabled')).not.toHaveAttribute('data-preview-state');
  },
};

/**
 * A preview only looks the part: the previewed button keeps its real state, and a real pointer
 * over a Default cell gives the same look as the Hover preview.
 */
export const PreviewMatchesTheRealState: Story = {
  play: async ({ canvasElement }) => {
    const button = (column: string) =>
      within(getMatrixCell(canvasElement, 'Primary', column)).getByRole('button');
    const hoverPreview = button('Hover');
    await expect(hoverPreview).not.toHaveAttribute('data-hovered');
    await expect(button('Focus')).not.toHaveFocus();

    const real = button('Default');
    await userEvent.hover(real);
    await expect(real).toHaveAttribute('data-hovered', 'true');
    // After the colour's short transition.
    await waitFor(() =>
      expect(getComputedStyle(real).backgroundColor).toBe(
        getComputedStyle(hoverPreview).backgroundColor,
      ),
    );
    await userEvent.unhover(real);
    await expect(real).not.toHaveAttribute('data-hovered');
  },
};
