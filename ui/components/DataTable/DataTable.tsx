import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type JSX,
  type ReactNode,
  type RefObject,
} from 'react';
import * as RAC from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { colors, fontSizes, fontWeights, motion, radii, space } from '../../theme/tokens';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column can be sorted (the caller sorts: the table only reports the change). */
  sortable?: boolean;
  /** This column names the row for screen readers (one column should set it). */
  isRowHeader?: boolean;
  align?: 'start' | 'end';
  /** CSS width, e.g. '8rem'. */
  width?: string;
}

export interface DataTableSort {
  column: string;
  direction: 'ascending' | 'descending';
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology (e.g. "Orders"). */
  'aria-label': string;
  /** The columns, left to right: each with its header, how to render a cell and whether it sorts. */
  columns: readonly DataTableColumn<Row>[];
  /** The rows of the current page, in the order shown. */
  rows: readonly Row[];
  /** A stable, unique key for a row (e.g. the order number): selection and row actions report it. */
  rowKey: (row: Row) => string;
  /** The column and direction the rows are sorted by (controlled); the header shows it. */
  sort?: DataTableSort;
  /** A sortable header was pressed: sort by that column (the caller reloads the rows). */
  onSortChange?: (sort: DataTableSort) => void;
  /** 'none' (default) or 'multiple' (checkbox column, react-aria selection). */
  selectionMode?: 'none' | 'multiple';
  /** The selected rows' keys, with `selectionMode="multiple"` (controlled). */
  selectedKeys?: ReadonlySet<string>;
  /** The selection changed (a row's checkbox, or the select-all checkbox). */
  onSelectionChange?: (keys: Set<string>) => void;
  /** Opening a row (click, Enter): e.g. go to its detail page. */
  onRowAction?: (key: string) => void;
  /** Shown in one row when `rows` is empty. */
  emptyText: string;
  /** Marks the table busy (aria-busy) while a new page loads. */
  loading?: boolean;
}

/** The id of the checkbox column; real columns are named by the caller. */
const SELECTION_COLUMN = '__data-table-selection';

const slide = keyframes`
  from { background-position: 0 0; }
  to { background-position: 48px 0; }
`;

/**
 * Scrolls sideways on narrow screens. While it really scrolls it becomes a labelled, focusable
 * region, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
const Scroller = styled.div`
  position: relative;
  max-width: 100%;
  overflow-x: auto;
  border: 1px solid ${colors.border};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  outline: none;

  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }

  /* A moving stripe along the top while a new page loads; the rows keep their contrast. */
  &[data-loading]::before {
    content: '';
    position: absolute;
    top: 0;
    left: 0;
    right: 0;
    height: 3px;
    background: repeating-linear-gradient(90deg, ${colors.primary} 0 24px, ${colors.ink} 24px 48px);
    animation: ${slide} 600ms linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-loading]::before {
      animation: none;
    }
  }
`;

const Table = styled(RAC.Table)`
  width: 100%;
  border-collapse: collapse;
  color: ${colors.ink};
  font-size: ${fontSizes.sm};
  line-height: 1.35;
  font-variant-numeric: tabular-nums;
  outline: none;

  &[data-focus-visible] {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
  &[aria-busy='true'] tbody {
    cursor: progress;
  }
`;

const Header = styled(RAC.TableHeader)`
  background: ${colors.surfaceAlt};
  border-bottom: 2px solid ${colors.ink};
`;

const Column = styled(RAC.Column)`
  padding: ${space[2]} ${space[3]};
  font-weight: ${fontWeights.bold};
  text-align: start;
  vertical-align: bottom;
  white-space: nowrap;
  outline: none;

  &[data-align='end'] {
    text-align: end;
  }
  &[data-allows-sorting] {
    cursor: pointer;
  }
  &[data-allows-sorting][data-hovered] {
    background: ${colors.border};
  }
  &[data-focus-visible] {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;

/** The label and its arrow; an end-aligned column keeps the arrow on the label's right. */
const ColumnLabel = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${space[1]};
`;

const SortIndicator = styled.span`
  display: inline-flex;
  flex: none;
  color: ${colors.inkMuted};

  & > svg {
    width: 1em;
    height: 1em;
  }
  &[data-direction='ascending'],
  &[data-direction='descending'] {
    color: ${colors.ink};
  }
`;

const Body = styled(RAC.TableBody)`
  &[data-empty] td {
    padding: ${space[5]} ${space[3]};
    color: ${colors.inkMuted};
    text-align: center;
  }
`;

const BodyRow = styled(RAC.Row)`
  border-top: 1px solid ${colors.border};
  outline: none;

  &:nth-child(even) {
    background: ${colors.surfaceAlt};
  }
  &[data-hovered] {
    cursor: pointer;
  }
  /* A yellow bar on the left marks the row under the pointer and the selected rows. */
  &[data-hovered] > td:first-child,
  &[data-hovered] > th:first-child,
  &[data-selected] > td:first-child,
  &[data-selected] > th:first-child {
    box-shadow: inset 4px 0 0 ${colors.primary};
  }
  /* A pale yellow ground for selected rows (ink on it: 15:1). */
  &[data-selected] {
    background: ${colors.warningSurface};
  }
  &[data-focus-visible] {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;

const Cell = styled(RAC.Cell)`
  padding: ${space[2]} ${space[3]};
  text-align: start;
  vertical-align: top;
  font-weight: ${fontWeights.regular};
  outline: none;

  &[data-align='end'] {
    text-align: end;
  }
  &[data-focus-visible] {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;

const SelectionColumn = styled(Column)`
  width: 2.75rem;
`;

const Box = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.25rem;
  height: 1.25rem;
  border: 2px solid ${colors.borderStrong};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  color: ${colors.onPrimary};
  transition:
    background-color ${motion.fast} ${motion.easing},
    border-color ${motion.fast} ${motion.easing};

  & > svg {
    width: 0.9rem;
    height: 0.9rem;
    opacity: 0;
  }
`;

const SelectionCheckbox = styled(RAC.Checkbox)`
  display: inline-flex;
  vertical-align: middle;
  cursor: pointer;

  &[data-hovered] ${Box} {
    border-color: ${colors.ink};
  }
  &[data-selected] ${Box}, &[data-indeterminate] ${Box} {
    border-color: ${colors.ink};
    background: ${colors.primary};
  }
  &[data-selected] ${Box} > svg,
  &[data-indeterminate] ${Box} > svg {
    opacity: 1;
  }
  &[data-focus-visible] ${Box} {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

/** React-aria names it ("Select", "Select All") and wires it to the row or to the whole table. */
function SelectionBox() {
  return (
    <SelectionCheckbox slot="selection">
      {({ isIndeterminate }) => (
        <Box aria-hidden="true">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.2">
            <path
              d={isIndeterminate ? 'M6 12h12' : 'M5 12.5l4.5 4.5L19 7.5'}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Box>
      )}
    </SelectionCheckbox>
  );
}

/** An up arrow, a down arrow, or both (muted) while the column can be sorted but is not. */
function SortArrow({ direction }: { direction: RAC.SortDirection | undefined }) {
  return (
    <SortIndicator aria-hidden="true" data-sort-indicator="" data-direction={direction}>
      <svg
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {direction === 'ascending' ? <path d="M8 13V3M4 7l4-4 4 4" /> : null}
        {direction === 'descending' ? <path d="M8 3v10M4 9l4 4 4-4" /> : null}
        {direction === undefined ? <path d="M5 6l3-3 3 3M5 10l3 3 3-3" /> : null}
      </svg>
    </SortIndicator>
  );
}

/**
 * True while the element's content is wider than the element (it scrolls sideways). Watches the
 * element and its first child, so both a narrower screen and wider content are noticed.
 */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * A table of records for the staff back office (orders, customers, enquiries), on react-aria's
 * `Table`: arrow keys move between rows and cells, Enter opens a row, Space selects it.
 *
 * - Sorting is the caller's job: a sortable column's header reports the new `sort` through
 *   `onSortChange`; the sorted column shows an arrow and react-aria sets its `aria-sort`.
 * - `selectionMode="multiple"` adds a checkbox column with "select all". Keys are always reported
 *   as a `Set` of row keys, never react-aria's `'all'`.
 * - `onRowAction` opens a row (click or Enter). Once some rows are selected, a click toggles a
 *   row's selection instead (react-aria's checkbox selection); Enter still opens it.
 * - On a narrow screen the table scrolls sideways inside a focusable, labelled region.
 */
export function DataTable<Row>({
  'aria-label': ariaLabel,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  selectionMode = 'none',
  selectedKeys,
  onSelectionChange,
  onRowAction,
  emptyText,
  loading = false,
}: DataTableProps<Row>): JSX.Element {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(scrollerRef);
  const selectable = selectionMode === 'multiple';

  // react-aria passes unknown aria-* props on to nothing, so aria-busy is set on the element.
  const renderTable = useCallback(
    (props: ComponentPropsWithRef<'table'> | ComponentPropsWithRef<'div'>) => (
      <table {...(props as ComponentPropsWithRef<'table'>)} aria-busy={loading || undefined} />
    ),
    [loading],
  );

  const handleSortChange = onSortChange
    ? (descriptor: RAC.SortDescriptor) =>
        onSortChange({ column: String(descriptor.column), direction: descriptor.direction })
    : undefined;

  const handleSelectionChange = onSelectionChange
    ? (selection: RAC.Selection) =>
        onSelectionChange(
          selection === 'all'
            ? new Set(rows.map(rowKey))
            : new Set([...selection].map((key) => String(key))),
        )
    : undefined;

  const handleRowAction = onRowAction ? (key: RAC.Key) => onRowAction(String(key)) : undefined;

  return (
    <Scroller
      ref={scrollerRef}
      data-loading={loading || undefined}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? ariaLabel : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      <Table
        aria-label={ariaLabel}
        render={renderTable}
        sortDescriptor={sort}
        onSortChange={handleSortChange}
        selectionMode={selectable ? 'multiple' : 'none'}
        selectionBehavior="toggle"
        selectedKeys={selectable ? selectedKeys : undefined}
        onSelectionChange={selectable ? handleSelectionChange : undefined}
        onRowAction={handleRowAction}
      >
        <Header>
          {selectable ? (
            <SelectionColumn id={SELECTION_COLUMN}>
              <SelectionBox />
            </SelectionColumn>
          ) : null}
          {columns.map((column) => (
            <Column
              key={column.id}
              id={column.id}
              isRowHeader={column.isRowHeader}
              allowsSorting={column.sortable}
              data-align={column.align ?? 'start'}
              style={column.width ? { width: column.width } : undefined}
            >
              {({ allowsSorting, sortDirection }) => (
                <ColumnLabel>
                  {column.header}
                  {allowsSorting ? <SortArrow direction={sortDirection} /> : null}
                </ColumnLabel>
              )}
            </Column>
          ))}
        </Header>
        <Body renderEmptyState={() => emptyText}>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <BodyRow key={key} id={key}>
                {selectable ? (
                  <Cell>
                    <SelectionBox />
                  </Cell>
                ) : null}
                {columns.map((column) => (
                  <Cell key={column.id} data-align={column.align ?? 'start'}>
                    {column.cell(row)}
                  </Cell>
                ))}
              </BodyRow>
            );
          })}
        </Body>
      </Table>
    </Scroller>
  );
}
