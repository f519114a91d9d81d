import { useState, type Dispatch, type SetStateAction } from 'react';
import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';

/** SPEC.md section 9: page sizes, first page, and the wait before a filter or search is sent. */
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const FILTER_DEBOUNCE_MS = 600;

/** Everything the server needs to return one page of a table. */
export interface ServerTableState {
  pageIndex: number;
  pageSize: number;
  sorting: SortingState;
  globalFilter: string;
  columnFilters: ColumnFiltersState;
}

export const DEFAULT_TABLE_STATE: ServerTableState = {
  pageIndex: 0,
  pageSize: DEFAULT_PAGE_SIZE,
  sorting: [],
  globalFilter: '',
  columnFilters: [],
};

/** Table state with the defaults (page 0, 10 rows, no sort, no filters), overridable per table. */
export function useServerTableState(initial?: Partial<ServerTableState>): [ServerTableState, Dispatch<SetStateAction<ServerTableState>>] {
  return useState<ServerTableState>(() => ({ ...DEFAULT_TABLE_STATE, ...initial }));
}
