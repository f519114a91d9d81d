import { useCallback } from 'react';
import type { BodyInput, Contract, ParamsInput, QueryInput, ResponseOf } from '@shared/api/contract';
import { useServerTableState, type DataTableProps, type ServerTableState } from '../../components/ui';
import type { RouteRef } from '../api/routes';
import { useApi } from '../api/use-api';

/** The row type of a route that answers `{ data: Row[], count }` (quickSearch and friends). */
type RowOf<C extends Contract> = ResponseOf<C> extends { data: Array<infer Row> } ? Row : never;

/** What DataTable needs from the hook; spread it and add the columns, label and toolbar. */
export type PagedTableProps<Row> = Pick<DataTableProps<Row>, 'data' | 'count' | 'isLoading' | 'state' | 'onStateChange' | 'emptyState'>;

export interface PagedTable<C extends Contract> {
  table: PagedTableProps<RowOf<C>>;
  /** The rows on screen (empty while the first page loads). */
  rows: RowOf<C>[];
  /** Reloads the page on screen, after a change. */
  refresh: () => Promise<unknown>;
  /** Back to the first page: call it when a filter outside the table changes. */
  toFirstPage: () => void;
  /** The whole answer on screen, for what a route says beside its rows (the participants table's `partial`). */
  response: ResponseOf<C> | undefined;
  /** The query or body of the page on screen: an export of the table sends the same filters. */
  request: { query?: QueryInput<C>; body?: BodyInput<C> };
}

/**
 * A server-paged table (ARCHITECTURE.md section 10): its state (page 0, 10 rows, no sort),
 * the page read through SWR with the query `toQuery` builds from that state, the previous
 * page kept on screen while the next loads, and 'No results' or the error when it is empty.
 * `params` fills the route's path (a user's tab: `{ id }`).
 */
export function usePagedTable<C extends Contract>(contract: RouteRef<C>, toQuery: (state: ServerTableState) => QueryInput<C>, params?: ParamsInput<C>): PagedTable<C> {
  return usePaged(contract, (state) => ({ query: toQuery(state) }), params);
}

/** The same for a route that takes its page and filters in a JSON body (POST track/{id}/{isQuickSearch}/instances). */
export function usePagedBodyTable<C extends Contract>(contract: RouteRef<C>, toBody: (state: ServerTableState) => BodyInput<C>, params?: ParamsInput<C>): PagedTable<C> {
  return usePaged(contract, (state) => ({ body: toBody(state) }), params);
}

function usePaged<C extends Contract>(contract: RouteRef<C>, toRequest: (state: ServerTableState) => { query: unknown } | { body: unknown }, params?: ParamsInput<C>): PagedTable<C> {
  const [state, setState] = useServerTableState();
  const request = toRequest(state) as PagedTable<C>['request'];
  const page = useApi(contract, { ...(params ? { params } : {}), ...request } as never, { keepPreviousData: true });
  const data = page.data as { data: RowOf<C>[]; count: number } | undefined;
  const toFirstPage = useCallback(() => setState((current) => ({ ...current, pageIndex: 0 })), [setState]);
  return {
    table: {
      data: data?.data,
      count: data?.count ?? 0,
      isLoading: page.isLoading,
      state,
      onStateChange: setState,
      emptyState: page.error ? (page.error as Error).message : 'No results',
    },
    rows: data?.data ?? [],
    refresh: page.mutate,
    toFirstPage,
    response: page.data,
    request,
  };
}
