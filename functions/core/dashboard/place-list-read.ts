import { STUCK_MAX } from '../../../shared/schemas/dashboard';
import { db } from '../../db/service';

/** Rows read per Query: enough for a page when few belong to places the caller may not see. */
const READ_PAGE = 2 * STUCK_MAX;
/** Queries at most, so a place whose first rows are all hidden (or filtered out) costs a bounded read. */
const READS_MAX = 3;

export interface PlaceListQuery<T> {
  scopeId: string;
  /** A dashboard list of the place (`stuck`, `placeEnrolments:…`, `phaseEnrolments:…`). */
  list: string;
  /** Places inside the place the caller is denied: rows listed in one of them are dropped. */
  hiddenScopeIds: readonly string[];
  /** A filter on the rows read (status, person). */
  keep?: (row: T) => boolean;
  /** The term of the last row a previous page looked at: this page starts after it. */
  after?: string;
  /** Only rows whose term sorts at or after this (a key condition, not a filter). */
  from?: string;
  /** Only rows whose term sorts before this (a key condition, not a filter). */
  before?: string;
}

export interface PlaceListRows<T> {
  rows: T[];
  /** The term of the last row looked at while more may follow; null at the list's end. */
  cursor: string | null;
}

/**
 * A page of one of a place's dashboard lists (who is stuck, the waiting list, the enrolments behind
 * the figures): the list read in order from the cursor, less the rows of places inside it the caller
 * is denied and those the filter leaves out, until a page (STUCK_MAX) is found: one Query nearly
 * always, at most READS_MAX. A page may come back short with a cursor when most of the rows looked at
 * were left out; the next one goes on from there. A client's cursor is only a key inside the list.
 */
export async function readPlaceList<T extends { places: string[] }>(query: PlaceListQuery<T>): Promise<PlaceListRows<T>> {
  const hidden = new Set(query.hiddenScopeIds);
  const shown = (row: T) => !row.places.some((place) => hidden.has(place)) && (!query.keep || query.keep(row));
  const list = db().entities.directoryEntry.query.byList({ scopeId: query.scopeId, list: query.list });
  const { after, before } = query;
  // The key range: from the cursor (or the lower bound) on, and before the bound (no term equals a bound, so `between`'s inclusive end is `<`).
  const start = after ?? query.from;
  const range = start && before ? list.between({ term: start }, { term: before }) : start ? list.gte({ term: start }) : before ? list.lt({ term: before }) : list;
  const rows: T[] = [];
  let lastTerm: string | null = null;
  let cursor: string | null = null;
  for (let reads = 0; reads < READS_MAX; reads++) {
    const page: { data: Array<{ term: string; display: unknown }>; cursor: string | null } = await range.go({ order: 'asc', limit: READ_PAGE, cursor });
    for (const [index, { term, display }] of page.data.entries()) {
      const row = display as T;
      // `gte` starts at the cursor's own row, shown on the page before.
      if (term === after) continue;
      if (shown(row)) rows.push(row);
      lastTerm = term;
      if (rows.length === STUCK_MAX) return { rows, cursor: index < page.data.length - 1 || page.cursor ? term : null };
    }
    cursor = page.cursor;
    if (!cursor) return { rows, cursor: null };
  }
  return { rows, cursor: lastTerm };
}
