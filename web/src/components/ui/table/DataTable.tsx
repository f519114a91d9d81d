import { useMemo, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Checkbox } from '../Checkbox';
import { SkeletonBar } from '../Skeleton';
import { Spinner } from '../Spinner';
import type { ServerTableState } from './tableState';
import { useFilterDrafts } from './useFilterDrafts';
import { Pager } from './Pager';
import './columnMeta';
import './DataTable.css';

export interface DataTableProps<TData> {
  'aria-label': string;
  columns: ColumnDef<TData, any>[];
  /** The current page's rows (keep the previous page's rows while the next loads). */
  data?: TData[];
  /** Total rows on the server, for the pager. */
  count?: number;
  isLoading?: boolean;
  state: ServerTableState;
  onStateChange: (state: ServerTableState) => void;
  getRowId?: (row: TData, index: number) => string;
  /** Row checkboxes appear when both are given. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  /** Names a row for its checkbox ('Select {label}'). */
  getRowLabel?: (row: TData) => string;
  /** Rows whose checkbox may be ticked (all when absent): comments only their author removes. */
  canSelectRow?: (row: TData) => boolean;
  /** Shown when the page is empty; defaults to 'No results' (SPEC.md section 8). */
  emptyState?: ReactNode;
  /** Hide the quick search for tables that have none. */
  showSearch?: boolean;
  /** Extra controls at the right of the toolbar (e.g. '+ Participant'). */
  toolbar?: ReactNode;
}

const SELECT_COLUMN_ID = '__select';

function columnLabel<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}

/** Single-column sorting cycles none -> ascending -> descending -> none. */
function nextSorting(sorting: SortingState, columnId: string): SortingState {
  const current = sorting.find((sort) => sort.id === columnId);
  if (!current) return [{ id: columnId, desc: false }];
  if (!current.desc) return [{ id: columnId, desc: true }];
  return [];
}

function ariaSort(sorting: SortingState, columnId: string): 'ascending' | 'descending' | 'none' {
  const current = sorting.find((sort) => sort.id === columnId);
  if (!current) return 'none';
  return current.desc ? 'descending' : 'ascending';
}

/** SPEC.md section 8: a data table with neither data nor a loader is a programming error. */
function assertDataOrLoader(name: string, data: unknown, isLoading: boolean | undefined) {
  if (data === undefined && isLoading === undefined) {
    throw new Error(`DataTable "${name}" was given neither data nor an isLoading flag.`);
  }
}

function SortIcon() {
  return (
    <svg className="ui-table-sort-icon" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M3 4.5L6 1.5 9 4.5M3 7.5L6 10.5 9 7.5" stroke="currentColor" strokeWidth="1.4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A server-paged table (TanStack Table in manual mode): the server pages, sorts and filters;
 * this component renders the page and reports what the user asks for through onStateChange.
 */
export function DataTable<TData>({
  columns,
  data,
  count = 0,
  isLoading,
  state,
  onStateChange,
  getRowId,
  rowSelection,
  onRowSelectionChange,
  getRowLabel,
  canSelectRow,
  emptyState = 'No results',
  showSearch = true,
  toolbar,
  ...labelling
}: DataTableProps<TData>) {
  assertDataOrLoader(labelling['aria-label'], data, isLoading);
  const { drafts, setSearch, setColumnFilter } = useFilterDrafts(state, onStateChange);
  const selectable = rowSelection !== undefined && onRowSelectionChange !== undefined;

  const allColumns = useMemo<ColumnDef<TData, any>[]>(() => {
    if (!selectable) return columns;
    const selectColumn: ColumnDef<TData, any> = {
      id: SELECT_COLUMN_ID,
      enableSorting: false,
      header: ({ table }) => (
        <Checkbox
          aria-label="Select all rows on this page"
          isSelected={table.getIsAllPageRowsSelected()}
          isIndeterminate={table.getIsSomePageRowsSelected()}
          onChange={(selected) => table.toggleAllPageRowsSelected(selected)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={getRowLabel ? `Select ${getRowLabel(row.original)}` : `Select row ${row.index + 1}`}
          isSelected={row.getIsSelected()}
          isDisabled={!row.getCanSelect()}
          onChange={(selected) => row.toggleSelected(selected)}
        />
      ),
    };
    return [selectColumn, ...columns];
  }, [columns, selectable, getRowLabel]);

  const table = useReactTable<TData>({
    data: data ?? [],
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    rowCount: count,
    enableRowSelection: selectable && canSelectRow ? (row) => canSelectRow(row.original) : selectable,
    state: {
      pagination: { pageIndex: state.pageIndex, pageSize: state.pageSize },
      sorting: state.sorting,
      globalFilter: state.globalFilter,
      columnFilters: state.columnFilters,
      rowSelection: rowSelection ?? {},
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const current = rowSelection ?? {};
      onRowSelectionChange?.(typeof updater === 'function' ? updater(current) : updater);
    },
  });

  const rows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();
  const hasFilters = leafColumns.some((column) => column.columnDef.meta?.filterable);
  // The first page is on its way: grey rows stand in for it and the pager waits for it, so what
  // shows moves nothing when the rows come (a pager under the grey rows would jump with the count).
  const firstLoad = data === undefined && Boolean(isLoading);

  return (
    <div className="ui-table-card">
      {(showSearch || toolbar) && (
        <div className="ui-table-toolbar">
          {showSearch && (
            <label className="ui-table-search">
              Search
              <input type="search" value={drafts.search} onChange={(event) => setSearch(event.target.value)} />
            </label>
          )}
          {toolbar && <div className="ui-button-row">{toolbar}</div>}
        </div>
      )}
      <div className="ui-table-scroll">
        <table className="ui-table" aria-label={labelling['aria-label']} aria-busy={isLoading || undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
                  const sortable = column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sortable ? ariaSort(state.sorting, column.id) : undefined}
                      className={column.id === SELECT_COLUMN_ID ? 'ui-table-select-cell' : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="ui-table-sort"
                          onClick={() => onStateChange({ ...state, sorting: nextSorting(state.sorting, column.id), pageIndex: 0 })}
                        >
                          {content}
                          <SortIcon />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
            {hasFilters && (
              <tr className="ui-table-filters">
                {leafColumns.map((column) => (
                  <td key={column.id}>
                    {column.columnDef.meta?.filterable && (
                      <input
                        type="search"
                        aria-label={`Filter ${columnLabel(column)}`}
                        value={drafts.columns[column.id] ?? ''}
                        onChange={(event) => setColumnFilter(column.id, event.target.value)}
                      />
                    )}
                  </td>
                ))}
              </tr>
            )}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-selected={row.getIsSelected() || undefined}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cell.column.id === SELECT_COLUMN_ID ? 'ui-table-select-cell' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {firstLoad &&
              Array.from({ length: state.pageSize }, (_, index) => (
                <tr key={`skeleton-${index}`} className="ui-table-skeleton" aria-hidden="true">
                  {leafColumns.map((column) => (
                    <td key={column.id}>
                      <SkeletonBar />
                    </td>
                  ))}
                </tr>
              ))}
            {rows.length === 0 && !isLoading && (
              <tr className="ui-table-empty">
                <td colSpan={leafColumns.length}>{emptyState}</td>
              </tr>
            )}
          </tbody>
        </table>
        {isLoading && (
          <div className="ui-table-loading">
            <Spinner label="Loading table rows" size="large" />
          </div>
        )}
      </div>
      {!firstLoad && (
        <Pager
          pageIndex={state.pageIndex}
          pageSize={state.pageSize}
          count={count}
          onPageChange={(pageIndex) => onStateChange({ ...state, pageIndex })}
          onPageSizeChange={(pageSize) => onStateChange({ ...state, pageSize, pageIndex: 0 })}
        />
      )}
    </div>
  );
}
