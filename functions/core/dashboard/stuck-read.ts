import { STUCK_MAX } from '../../../shared/schemas/dashboard';
import { directoryLists } from '../../db/directory';
import { db } from '../../db/service';
import { stuckTerm, type StuckDisplay } from './stuck-entries';

/** Rows read per Query: enough for a page when few belong to places the caller may not see. */
const READ_PAGE = 2 * STUCK_MAX;
/** Queries at most, so a place whose longest waits are all hidden (or filtered out) costs a bounded read. */
const READS_MAX = 3;

export interface WaitingFilter {
  status?: string;
  /** Only steps waiting since a day before this one (`YYYY-MM-DD`): a key condition, not a filter. */
  sinceBefore?: string;
  /** Only steps waiting on this person. */
  userId?: string;
  /** The term of the last step a previous page looked at: this page starts after it. */
  after?: string;
}

export interface WaitingRows {
  rows: StuckDisplay[];
  /** The term of the last step looked at while more may follow; null at the list's end. */
  cursor: string | null;
}

/**
 * A place's waiting steps (./stuck-entries.ts), longest waiting first: its `stuck` list read in
 * order, less the steps of places inside it the caller is denied and those the filter leaves out,
 * until STUCK_MAX are found: one Query nearly always, at most READS_MAX. A page may come back short
 * with a cursor when most of the steps looked at were left out; the next one goes on from there.
 */
export async function readWaiting(scopeId: string, hiddenScopeIds: readonly string[], filter: WaitingFilter = {}): Promise<WaitingRows> {
  const hidden = new Set(hiddenScopeIds);
  const shown = (row: StuckDisplay) =>
    !row.places.some((place) => hidden.has(place)) && (!filter.status || row.status === filter.status) && (!filter.userId || row.userIds.includes(filter.userId));
  const list = db().entities.directoryEntry.query.byList({ scopeId, list: directoryLists.stuck() });
  const { after, sinceBefore } = filter;
  // The key range: from the cursor on, and before the day (no term equals a bare day, so `between`'s inclusive end is `<`).
  const range = after && sinceBefore ? list.between({ term: after }, { term: sinceBefore }) : after ? list.gte({ term: after }) : sinceBefore ? list.lt({ term: sinceBefore }) : list;
  const rows: StuckDisplay[] = [];
  let lastTerm: string | null = null;
  let cursor: string | null = null;
  for (let reads = 0; reads < READS_MAX; reads++) {
    const page: { data: Array<{ display: unknown }>; cursor: string | null } = await range.go({ order: 'asc', limit: READ_PAGE, cursor });
    for (const [index, { display }] of page.data.entries()) {
      const row = display as StuckDisplay;
      const term = stuckTerm(row.since, row.stepInstanceId);
      // `gte` starts at the cursor's own step, shown on the page before.
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
