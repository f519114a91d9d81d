import { STUCK_MAX } from '../../../shared/schemas/dashboard';
import { directoryLists } from '../../db/directory';
import { db } from '../../db/service';
import type { StuckDisplay } from './stuck-entries';

/** Rows read per Query: enough for a page when few belong to places the caller may not see. */
const READ_PAGE = 2 * STUCK_MAX;
/** Queries at most, so a place whose longest waits are all hidden costs a bounded read. */
const READS_MAX = 3;

/**
 * A place's longest-waiting steps (./stuck-entries.ts), oldest first: its `stuck` list read in
 * order, less the steps of places inside it the caller is denied, until STUCK_MAX are found (one
 * Query nearly always; at most READS_MAX).
 */
export async function readStuck(scopeId: string, hiddenScopeIds: readonly string[]): Promise<StuckDisplay[]> {
  const hidden = new Set(hiddenScopeIds);
  const rows: StuckDisplay[] = [];
  let cursor: string | null = null;
  for (let reads = 0; reads < READS_MAX && rows.length < STUCK_MAX; reads++) {
    const page: { data: Array<{ display: unknown }>; cursor: string | null } = await db()
      .entities.directoryEntry.query.byList({ scopeId, list: directoryLists.stuck() })
      .go({ order: 'asc', limit: READ_PAGE, cursor });
    for (const { display } of page.data) {
      const row = display as StuckDisplay;
      if (!row.places.some((place) => hidden.has(place))) rows.push(row);
    }
    cursor = page.cursor;
    if (!cursor) break;
  }
  return rows.slice(0, STUCK_MAX);
}
