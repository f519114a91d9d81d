import { useEffect, useState } from 'react';
import type { ColumnFiltersState } from '@tanstack/react-table';
import { useLatest } from '../useLatest';
import { FILTER_DEBOUNCE_MS, type ServerTableState } from './tableState';

export interface FilterDrafts {
  search: string;
  columns: Record<string, string>;
}

function draftsOf(state: ServerTableState): FilterDrafts {
  const columns: Record<string, string> = {};
  for (const filter of state.columnFilters) columns[filter.id] = String(filter.value ?? '');
  return { search: state.globalFilter, columns };
}

function toColumnFilters(columns: Record<string, string>): ColumnFiltersState {
  return Object.entries(columns)
    .filter(([, value]) => value.trim() !== '')
    .map(([id, value]) => ({ id, value }));
}

const sameFilters = (a: FilterDrafts, b: FilterDrafts) =>
  a.search === b.search && JSON.stringify(toColumnFilters(a.columns)) === JSON.stringify(toColumnFilters(b.columns));

/**
 * What the user is typing in the search and filter boxes. The typed text shows at once; it
 * reaches the table state (and so the server) only after FILTER_DEBOUNCE_MS without typing,
 * and always restarts at the first page.
 */
export function useFilterDrafts(state: ServerTableState, onStateChange: (state: ServerTableState) => void) {
  const [drafts, setDrafts] = useState(() => draftsOf(state));
  const [applied, setApplied] = useState(() => draftsOf(state));
  const stateRef = useLatest(state);
  const onStateChangeRef = useLatest(onStateChange);

  // Filters changed from outside (e.g. a reset): show them in the boxes.
  const fromState = draftsOf(state);
  if (!sameFilters(fromState, applied)) {
    setApplied(fromState);
    setDrafts(fromState);
  }

  useEffect(() => {
    if (sameFilters(drafts, draftsOf(stateRef.current))) return;
    const timer = setTimeout(() => {
      onStateChangeRef.current({
        ...stateRef.current,
        globalFilter: drafts.search,
        columnFilters: toColumnFilters(drafts.columns),
        pageIndex: 0,
      });
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [drafts, stateRef, onStateChangeRef]);

  return {
    drafts,
    setSearch: (search: string) => setDrafts((current) => ({ ...current, search })),
    setColumnFilter: (id: string, value: string) => setDrafts((current) => ({ ...current, columns: { ...current.columns, [id]: value } })),
  };
}
