import useSWRInfinite from 'swr/infinite';
import type { Contract, ResponseOf } from '@shared/api/contract';
import { call, type CallOptions } from '../../lib/api/client';
import { apiKey } from '../../lib/api/use-api';
import type { RouteRef } from '../../lib/api/routes';

type Options<C extends Contract> = Omit<CallOptions<C>, 'signal'>;
/** A page read by cursor, newest first: the audit trail's, the read log's, the legal holds'. */
type CursorPage<Row> = { data: Row[]; cursor: string | null };
type RowOf<C extends Contract> = ResponseOf<C> extends { data: Array<infer R> } ? R : never;

/**
 * The audit trail's pages (a History or the organisation page), and any list paged the same way
 * (the read log's, the legal holds': rows typed by the route's answer), newest first: the first page,
 * then each "Load more" reads the next older page from the cursor the page before answered.
 * Other filters (a new key) start again from the first page. Reads through the app's one
 * client and its SWR keys.
 */
export interface CursorPages<Row, Page = CursorPage<Row>> {
  entries: Row[];
  /** The first page as answered (a list whose answer names more than its rows: the waiting list's place). */
  firstPage: Page | undefined;
  /** The first page has not come yet. */
  isLoading: boolean;
  /** An older page is on its way. */
  isLoadingMore: boolean;
  error: Error | undefined;
  hasMore: boolean;
  /** The next older page; after a failed page, that page again. */
  loadMore: () => void;
  reload: () => void;
}

export function useAuditPages<C extends Contract, Row = RowOf<C>>(route: RouteRef<C>, options: Options<C>): CursorPages<Row, ResponseOf<C>> {
  const pages = useSWRInfinite<CursorPage<Row>>(
    (index, previous: CursorPage<Row> | null) => {
      if (previous && !previous.cursor) return null;
      const query = { ...(options.query as object), ...(previous?.cursor ? { cursor: previous.cursor } : {}) };
      return apiKey(route, { ...options, query } as Options<C>);
    },
    ([, json]: readonly [string, string]) => call(route, JSON.parse(json) as Options<C>) as Promise<CursorPage<Row>>,
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const loaded = pages.data ?? [];
  const last = loaded.at(-1);
  return {
    entries: loaded.flatMap((page) => page.data),
    firstPage: loaded[0] as ResponseOf<C> | undefined,
    isLoading: !pages.data && !pages.error,
    isLoadingMore: pages.size > loaded.length && !pages.error,
    error: pages.error as Error | undefined,
    hasMore: Boolean(last?.cursor),
    loadMore: () => void (pages.error ? pages.mutate() : pages.setSize(loaded.length + 1)),
    reload: () => void pages.mutate(),
  };
}
