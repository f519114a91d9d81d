import type { ServerTableState } from '../../components/ui';

type Direction = 'ASC' | 'DESC';

/** limit and offset of the page the table shows (offset paging, SPEC.md section 7). */
export function pageOf(state: ServerTableState): { limit: number; offset: number } {
  return { limit: state.pageSize, offset: state.pageIndex * state.pageSize };
}

/** `orderBy[column]=ASC|DESC` for the sorted column, or nothing (the server's default order). */
export function orderByOf(state: ServerTableState): Record<string, Direction> | undefined {
  const sort = state.sorting[0];
  return sort ? { [sort.id]: sort.desc ? 'DESC' : 'ASC' } : undefined;
}

/** The quick search text, or nothing when the box is blank. */
export function searchOf(state: ServerTableState): string | undefined {
  const text = state.globalFilter.trim();
  return text === '' ? undefined : text;
}

/** Drops undefined entries so an empty `where` is not sent at all. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> | undefined {
  const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
  return entries.length ? (Object.fromEntries(entries) as Partial<T>) : undefined;
}
