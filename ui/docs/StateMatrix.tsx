/**
 * The labelled matrix behind the components' "All" stories: a real table, so that a designer reads
 * what each cell is and a screen reader announces it (caption, column headers, row headers).
 * With it: `Specimen` (one captioned example), `ViewportFrame` (a stand-in window for fixed
 * components) and, for play functions, `getMatrixHeaders` and `getMatrixCell`.
 * For stories only; it is not part of the design system's exports (ui/index.ts).
 */
import type { CSSProperties, ReactNode } from 'react';
import styled from 'styled-components';
import { previewStateAttribute, type PreviewState } from '../theme/previewState';
import { colors, fontSizes, fontWeights, space } from '../theme/tokens';

/** A row or a column of the matrix. */
export interface MatrixAxis {
  /** Its header text. Also its key, so unique along its axis. */
  label: string;
  /**
   * Shows every cell of the row or column in this state, through `data-preview-state` (see
   * ui/theme/previewState.ts). Disabled and pending are real props: pass them in `renderCell`.
   */
  previewState?: PreviewState;
  /** Extra style for each of its cells, e.g. a dark background for an inverse variant. */
  cellStyle?: CSSProperties;
}

export interface StateMatrixProps<Row extends MatrixAxis, Column extends MatrixAxis> {
  /** What the table shows, e.g. "Button: variants by state". */
  caption: ReactNode;
  /** The heading over the row headers, e.g. "Variant". */
  rowsLabel: string;
  rows: readonly Row[];
  columns: readonly Column[];
  renderCell: (row: Row, column: Column) => ReactNode;
  /** Style for every cell, e.g. `{ whiteSpace: 'nowrap' }` where wrapping would misrepresent. */
  cellStyle?: CSSProperties;
  /**
   * For components that fill their container (bars, footers): the table takes the full width,
   * the row headers a narrow column of their own, and each component lays out at the width left,
   * as it would on a page, rather than at its widest.
   */
  fill?: boolean;
  className?: string;
}

/**
 * The usual interaction states, as columns (or rows). Add "Disabled", "Pending" and the like per
 * component, with the real props.
 */
export const defaultState = { label: 'Default' } as const satisfies MatrixAxis;
export const hoverState = { label: 'Hover', previewState: 'hovered' } as const satisfies MatrixAxis;
export const focusState = {
  label: 'Focus',
  previewState: 'focus-visible',
} as const satisfies MatrixAxis;
export const pressedState = {
  label: 'Pressed',
  previewState: 'pressed',
} as const satisfies MatrixAxis;
/** Default, Hover, Focus and Pressed. */
export const interactionStates = [defaultState, hoverState, focusState, pressedState] as const;

/**
 * `row`, then a copy of it in each of `states` ("Desktop, hover"): the rows of a one-column
 * matrix, for components too wide to repeat across the page.
 */
export function rowInStates<Row extends MatrixAxis>(
  row: Row,
  states: readonly MatrixAxis[] = [hoverState, focusState, pressedState],
): Row[] {
  return [
    row,
    ...states.map((state) => ({
      ...row,
      label: `${row.label}, ${state.label.toLowerCase()}`,
      previewState: state.previewState,
    })),
  ];
}

const Table = styled.table`
  border-collapse: collapse;
  color: ${colors.ink};

  &[data-fill] {
    width: 100%;
    table-layout: fixed;
  }
  &[data-fill] > tbody > tr > th {
    white-space: normal;
  }

  & > caption {
    padding-bottom: ${space[3]};
    font-size: ${fontSizes.md};
    font-weight: ${fontWeights.bold};
    text-align: left;
  }
  & > thead > tr > th {
    padding: ${space[1]} ${space[2]};
    border-bottom: 2px solid ${colors.borderStrong};
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.bold};
    text-align: left;
    vertical-align: bottom;
  }
  & > tbody > tr > th {
    padding: ${space[2]};
    border-bottom: 1px solid ${colors.border};
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
    text-align: left;
    vertical-align: middle;
    white-space: nowrap;
  }
  & > tbody > tr > td {
    padding: ${space[2]};
    border-bottom: 1px solid ${colors.border};
    vertical-align: middle;
  }
`;

function previewOf(...axes: MatrixAxis[]): string | undefined {
  const states = axes.flatMap((axis) => (axis.previewState ? [axis.previewState] : []));
  return states.length > 0 ? states.join(' ') : undefined;
}

/**
 * A caption, one column per state (or size, layout...) and one row per variant, with
 * `renderCell(row, column)` in each cell. A row's or column's `previewState` is set on its cells,
 * so a static cell shows hover, focus or pressed as the component really draws them.
 */
export function StateMatrix<Row extends MatrixAxis, Column extends MatrixAxis>({
  caption,
  rowsLabel,
  rows,
  columns,
  renderCell,
  cellStyle,
  fill,
  className,
}: StateMatrixProps<Row, Column>) {
  return (
    <Table className={className} data-state-matrix="" data-fill={fill || undefined}>
      <caption>{caption}</caption>
      {fill ? (
        <colgroup>
          <col style={{ width: '7rem' }} />
          {columns.map((column) => (
            <col key={column.label} />
          ))}
        </colgroup>
      ) : null}
      <thead>
        <tr>
          <th scope="col">{rowsLabel}</th>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {columns.map((column) => (
              <td
                key={column.label}
                {...{ [previewStateAttribute]: previewOf(row, column) }}
                style={{ ...cellStyle, ...row.cellStyle, ...column.cellStyle }}
              >
                {renderCell(row, column)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Figure = styled.figure`
  margin: 0;
  color: ${colors.ink};

  & > figcaption {
    padding-bottom: ${space[3]};
    font-size: ${fontSizes.md};
    font-weight: ${fontWeights.bold};
  }
`;

/**
 * One labelled example, for a component shown once (an open modal, a receipt), where a table of
 * one cell would only take room: a figure whose caption says what it is.
 */
export function Specimen({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Figure>
      <figcaption>{caption}</figcaption>
      {children}
    </Figure>
  );
}

/**
 * A box that stands in for the browser window, for components fixed to the viewport (a cookie
 * banner, a loading overlay) that render in place rather than in a portal: its `transform` makes
 * it their containing block, so they sit inside a matrix cell as they would on a page.
 */
export function ViewportFrame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div
      style={{ position: 'relative', height, overflow: 'hidden', transform: 'translateZ(0)' }}
      data-viewport-frame=""
    >
      {children}
    </div>
  );
}

/** The matrices in `root`, or the one whose caption is `caption`. */
function matrices(root: HTMLElement, caption: string | undefined): HTMLTableElement[] {
  // Only the matrices: a cell may hold a table of its own (DataTable, OrderReceipt).
  return [...root.querySelectorAll<HTMLTableElement>('table[data-state-matrix]')].filter(
    (table) => caption === undefined || table.caption?.textContent === caption,
  );
}

const text = (cell: Element) => cell.textContent ?? '';

/**
 * For play functions: the column labels (after the heading over the row headers) and the row
 * labels of the one matrix in `root`, or of the one captioned `caption`.
 */
export function getMatrixHeaders(
  root: HTMLElement,
  caption?: string,
): { columns: string[]; rows: string[] } {
  const [table, ...others] = matrices(root, caption);
  if (!table || others.length > 0) {
    throw new Error(`Expected one matrix${caption === undefined ? '' : ` "${caption}"`}.`);
  }
  return {
    columns: [...table.querySelectorAll(':scope > thead > tr > th[scope="col"]')]
      .slice(1)
      .map(text),
    rows: [...table.querySelectorAll(':scope > tbody > tr > th[scope="row"]')].map(text),
  };
}

/**
 * For play functions: the cell at `row` and `column` (their labels) of the matrix in `root`, or
 * of the one captioned `caption` when there are several.
 */
export function getMatrixCell(
  root: HTMLElement,
  row: string,
  column: string,
  caption?: string,
): HTMLTableCellElement {
  const cells = matrices(root, caption).flatMap((table) => {
    const columnIndex = [...(table.tHead?.rows[0]?.cells ?? [])].map(text).indexOf(column);
    if (columnIndex < 1) return [];
    return [...(table.tBodies[0]?.rows ?? [])]
      .filter((tableRow) => tableRow.cells[0] && text(tableRow.cells[0]) === row)
      .flatMap((tableRow) => {
        const cell = tableRow.cells[columnIndex];
        return cell ? [cell] : [];
      });
  });
  const [cell, ...others] = cells;
  if (!cell || others.length > 0) {
    throw new Error(
      `Expected one matrix cell at row "${row}", column "${column}"` +
        `${caption === undefined ? '' : ` in "${caption}"`}; found ${cells.length}.`,
    );
  }
  return cell;
}
