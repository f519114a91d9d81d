import type { RowData } from '@tanstack/react-table';

// Column options our DataTable reads from `columnDef.meta`.
declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Shows a filter input for this column under its header. */
    filterable?: boolean;
    /** Plain-text column name for labels, when the header is not a string. */
    label?: string;
  }
}
