import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type JSX } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  StateMatrix,
  getMatrixCell,
  getMatrixHeaders,
  type MatrixAxis,
} from '../../docs/StateMatrix';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSort,
} from './DataTable';

/** An order as the back office lists it (money in whole pence). */
interface Order {
  id: string;
  customer: string;
  product: string;
  postcode: string;
  totalPence: number;
  placed: string;
  status: 'Paid' | 'Pending' | 'Dispatched';
}

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const orders: Order[] = [
  {
    id: 'FY-100001',
    customer: 'Siobhan McAllister',
    product: 'Kerosene 500 litres',
    postcode: 'BT7 1NN',
    totalPence: 31250,
    placed: '2025-01-14',
    status: 'Paid',
  },
  {
    id: 'FY-100002',
    customer: 'Ciaran Doherty',
    product: 'House Coal 40kg × 10',
    postcode: 'BT7 3GE',
    totalPence: 26900,
    placed: '2025-01-15',
    status: 'Dispatched',
  },
  {
    id: 'FY-100003',
    customer: 'Aoife Quinn',
    product: 'Wood Pellets 15kg × 65',
    postcode: 'BT9 5AB',
    totalPence: 42575,
    placed: '2025-01-16',
    status: 'Pending',
  },
  {
    id: 'FY-100004',
    customer: 'Gareth Wilson',
    product: 'Kerosene 900 litres',
    postcode: 'BT8 6WS',
    totalPence: 55800,
    placed: '2025-01-17',
    status: 'Paid',
  },
  {
    id: 'FY-100005',
    customer: 'Niamh Kelly',
    product: 'Kindling Sticks × 4',
    postcode: 'BT7 2JB',
    totalPence: 1800,
    placed: '2025-01-18',
    status: 'Paid',
  },
];

const columns: DataTableColumn<Order>[] = [
  { id: 'id', header: 'Order', cell: (order) => order.id, isRowHeader: true, sortable: true },
  { id: 'customer', header: 'Customer', cell: (order) => order.customer, sortable: true },
  { id: 'product', header: 'Product', cell: (order) => order.product },
  { id: 'postcode', header: 'Postcode', cell: (order) => order.postcode, width: '7rem' },
  {
    id: 'placed',
    header: 'Placed',
    cell: (order) => date.format(new Date(order.placed)),
    sortable: true,
    width: '8rem',
  },
  { id: 'status', header: 'Status', cell: (order) => order.status },
  {
    id: 'total',
    header: 'Total',
    cell: (order) => money.format(order.totalPence / 100),
    sortable: true,
    align: 'end',
    width: '7rem',
  },
];

/** What the caller does with `onSortChange`: the table itself never reorders rows. */
function sortOrders(rows: readonly Order[], sort: DataTableSort | undefined): Order[] {
  if (!sort) return [...rows];
  const value = (order: Order): string | number =>
    sort.column === 'total'
      ? order.totalPence
      : (order[sort.column as keyof Order] as string | number);
  const sorted = [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    return left < right ? -1 : left > right ? 1 : 0;
  });
  return sort.direction === 'descending' ? sorted.reverse() : sorted;
}

/** The generic table, fixed to orders, so that the story args are typed. */
type OrderTable = (props: DataTableProps<Order>) => JSX.Element;

const meta = {
  title: 'Components/DataTable',
  // The same function: the cast only fixes its row type for the args.
  component: DataTable as OrderTable,
  tags: ['autodocs'],
  args: {
    'aria-label': 'Orders',
    columns,
    rows: orders,
    rowKey: (order) => order.id,
    emptyText: 'No orders match these filters.',
    selectionMode: 'none',
    loading: false,
    onSortChange: fn(),
    onSelectionChange: fn(),
    onRowAction: fn(),
  },
  argTypes: {
    selectionMode: { control: 'inline-radio', options: ['none', 'multiple'] },
    columns: { control: false },
    rows: { control: false },
    rowKey: { control: false },
    onSortChange: { table: { category: 'Events' } },
    onSelectionChange: { table: { category: 'Events' } },
    onRowAction: { table: { category: 'Events' } },
  },
} satisfies Meta<OrderTable>;

export default meta;

/**
 * react-aria builds a table's rows in a pass after its first render: a play function waits for
 * them (in the built Storybook a story plays as soon as it has first rendered).
 */
async function rowsShown(canvas: ReturnType<typeof within>, count: number): Promise<void> {
  await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(count));
}
type Story = StoryObj<typeof meta>;

/** Sorting is reported, not done: the caller gets the column and the new direction. */
export const Playground: Story = {
  args: { sort: { column: 'placed', direction: 'descending' } },
  play: async ({ canvas, args }) => {
    await rowsShown(canvas, 6);
    await expect(canvas.getByRole('grid', { name: 'Orders' })).toBeVisible();
    const placed = canvas.getByRole('columnheader', { name: /Placed/ });
    await expect(placed).toHaveAttribute('aria-sort', 'descending');
    // A column that is not sorted yet starts ascending.
    await userEvent.click(canvas.getByRole('columnheader', { name: /Total/ }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      column: 'total',
      direction: 'ascending',
    });
    // The sorted column flips.
    await userEvent.click(placed);
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      column: 'placed',
      direction: 'ascending',
    });
    // A column that cannot be sorted reports nothing.
    await userEvent.click(canvas.getByRole('columnheader', { name: 'Product' }));
    await expect(args.onSortChange).toHaveBeenCalledTimes(2);
  },
};

/** The caller sorts on `onSortChange`; the sorted column shows an arrow and `aria-sort`. */
export const Sorting: Story = {
  render: function SortedOrders(args) {
    const [sort, setSort] = useState<DataTableSort>({ column: 'id', direction: 'ascending' });
    return (
      <DataTable
        {...args}
        rows={sortOrders(args.rows, sort)}
        sort={sort}
        onSortChange={(next) => {
          args.onSortChange?.(next);
          setSort(next);
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    await rowsShown(canvas, 6);
    const total = canvas.getByRole('columnheader', { name: /Total/ });
    const firstOrder = () => canvas.getAllByRole('rowheader')[0];
    await expect(firstOrder()).toHaveTextContent('FY-100001');
    await expect(total).not.toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(total);
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      column: 'total',
      direction: 'ascending',
    });
    await expect(total).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstOrder()).toHaveTextContent('FY-100005');
    const arrow = total.querySelector('[data-sort-indicator]');
    await expect(arrow).toBeVisible();
    await expect(arrow).toHaveAttribute('data-direction', 'ascending');

    // The keyboard sorts too: Enter on the focused header flips the direction.
    await userEvent.keyboard('{Enter}');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      column: 'total',
      direction: 'descending',
    });
    await expect(total).toHaveAttribute('aria-sort', 'descending');
    await expect(arrow).toHaveAttribute('data-direction', 'descending');
    await expect(firstOrder()).toHaveTextContent('FY-100004');
    await expect(
      canvas.getByRole('columnheader', { name: /Order/ }).querySelector('[data-sort-indicator]'),
    ).not.toHaveAttribute('data-direction');
  },
};

/** Tab enters the table on a row; the arrow keys move between rows; Enter opens the row. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await rowsShown(canvas, 6);
    // Body rows by position (the header row is row 0).
    const row = (index: number) => {
      const found = canvas.getAllByRole('row')[index + 1];
      if (!found) throw new Error(`No row ${index}`);
      return found;
    };
    await userEvent.tab();
    await expect(row(0)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(row(1)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(row(3)).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(row(2)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowAction).toHaveBeenLastCalledWith('FY-100003');
    // Right moves into the row's cells, Left back out to the row.
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(row(2)).getByRole('rowheader')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(row(2)).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(row(4)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(row(0)).toHaveFocus();
  },
};

/** A click opens the row (e.g. the order's detail page). */
export const RowAction: Story = {
  play: async ({ canvas, args }) => {
    await rowsShown(canvas, 6);
    await userEvent.click(canvas.getByText('Aoife Quinn'));
    await expect(args.onRowAction).toHaveBeenCalledOnce();
    await expect(args.onRowAction).toHaveBeenLastCalledWith('FY-100003');
    await userEvent.click(canvas.getByRole('rowheader', { name: 'FY-100005' }));
    await expect(args.onRowAction).toHaveBeenLastCalledWith('FY-100005');
  },
};

/** Checkboxes select rows; "select all" reports every row key, not react-aria's 'all'. */
export const Selection: Story = {
  args: { selectionMode: 'multiple' },
  render: function SelectableOrders(args) {
    const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
    return (
      <div style={{ display: 'grid', gap: '0.75rem' }}>
        <DataTable
          {...args}
          selectedKeys={selected}
          onSelectionChange={(keys) => {
            args.onSelectionChange?.(keys);
            setSelected(keys);
          }}
        />
        <p>{`${selected.size} selected`}</p>
      </div>
    );
  },
  play: async ({ canvas, args }) => {
    await rowsShown(canvas, 6);
    const row = (id: string) => canvas.getByRole('row', { name: new RegExp(id) });
    await userEvent.click(within(row('FY-100002')).getByRole('checkbox'));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(new Set(['FY-100002']));
    await expect(row('FY-100002')).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByText('1 selected')).toBeVisible();

    // The arrow keys move down the checkbox column; Space toggles the focused row's box.
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(row('FY-100003')).getByRole('checkbox')).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(
      new Set(['FY-100002', 'FY-100003']),
    );

    const selectAll = canvas.getByRole('checkbox', { name: /Select All/i });
    await userEvent.click(selectAll);
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(
      new Set(orders.map((order) => order.id)),
    );
    await expect(canvas.getByText('5 selected')).toBeVisible();
    await expect(selectAll).toBeChecked();

    await userEvent.click(selectAll);
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(new Set());
    await expect(canvas.getByText('0 selected')).toBeVisible();
    // With nothing selected, a click on a row opens it rather than selecting it.
    await userEvent.click(canvas.getByText('Niamh Kelly'));
    await expect(args.onRowAction).toHaveBeenLastCalledWith('FY-100005');
  },
};

/** Some rows already selected: the header checkbox shows a dash. */
export const PartlySelected: Story = {
  args: { selectionMode: 'multiple', selectedKeys: new Set(['FY-100001', 'FY-100004']) },
  play: async ({ canvas }) => {
    await rowsShown(canvas, 6);
    await expect(canvas.getAllByRole('row', { selected: true })).toHaveLength(2);
    await expect(canvas.getByRole('checkbox', { name: /Select All/i })).toBePartiallyChecked();
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await rowsShown(canvas, 2);
    await expect(canvas.getByText('No orders match these filters.')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
  },
};

/** While the next page loads the table is marked busy and a stripe runs along its top. */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('grid', { name: 'Orders' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** On a phone the table scrolls sideways in a labelled region that the keyboard can reach. */
export const NarrowScreen: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 6);
    const region = await waitFor(() => canvas.getByRole('region', { name: 'Orders' }));
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await userEvent.tab();
    await expect(region).toHaveFocus();
  },
};

/** A wide screen: the wrapper does not scroll, so it is neither a region nor a tab stop. */
export const WideScreen: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 1100 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 6);
    await expect(canvas.queryByRole('region')).toBeNull();
    await userEvent.tab();
    await expect(canvas.getAllByRole('row')[1]).toHaveFocus();
  },
};

interface TableRow extends MatrixAxis {
  props: Omit<DataTableProps<Order>, 'columns' | 'rowKey'>;
}

const tableRows: TableRow[] = [
  { label: 'Plain', props: { 'aria-label': 'Orders', rows: orders, emptyText: 'No orders yet.' } },
  {
    label: 'Sorted, two selected',
    props: {
      'aria-label': 'Orders, sorted by total',
      rows: sortOrders(orders, { column: 'total', direction: 'descending' }),
      sort: { column: 'total', direction: 'descending' },
      selectionMode: 'multiple',
      selectedKeys: new Set(['FY-100003', 'FY-100001']),
      emptyText: 'No orders yet.',
    },
  },
  {
    label: 'Empty',
    props: {
      'aria-label': 'Orders, none found',
      rows: [],
      emptyText: 'No orders match these filters.',
    },
  },
  {
    label: 'Loading',
    props: {
      'aria-label': 'Orders, loading',
      rows: orders.slice(0, 2),
      emptyText: 'No orders yet.',
      loading: true,
    },
  },
];

const tableColumn: MatrixAxis = { label: 'DataTable' };

/**
 * Plain, sorted with a selection, empty and loading, labelled, for design review and the visual
 * baseline. Hover and focus belong to one row or header at a time (a yellow bar, a focus ring):
 * try them in the Playground.
 */
export const All: Story = {
  render: () => (
    <StateMatrix
      caption="DataTable: variants"
      rowsLabel="Variant"
      rows={tableRows}
      columns={[tableColumn]}
      fill
      renderCell={(row) => (
        <DataTable {...row.props} columns={columns} rowKey={(order) => order.id} />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(getMatrixHeaders(canvasElement)).toEqual({
      columns: [tableColumn.label],
      rows: tableRows.map((row) => row.label),
    });
    await expect(getMatrixCell(canvasElement, 'Empty', tableColumn.label)).toHaveTextContent(
      'No orders match these filters.',
    );
  },
};
