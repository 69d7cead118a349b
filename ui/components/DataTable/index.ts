export {
  DataTable,
  type DataTableProps,
  type DataTableColumn,
  type DataTableSort,
} from './DataTable';
