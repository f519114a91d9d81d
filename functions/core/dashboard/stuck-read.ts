import { directoryLists } from '../../db/directory';
import { readPlaceList, type PlaceListRows } from './place-list-read';
import type { StuckDisplay } from './stuck-entries';

export interface WaitingFilter {
  status?: string;
  /** Only steps waiting since a day before this one (`YYYY-MM-DD`): a key condition, not a filter. */
  sinceBefore?: string;
  /** Only steps waiting on this person. */
  userId?: string;
  /** The term of the last step a previous page looked at: this page starts after it. */
  after?: string;
}

/**
 * A place's waiting steps (./stuck-entries.ts), longest waiting first: its `stuck` list read in
 * order (./place-list-read.ts), less the steps of places inside it the caller is denied and those
 * the filter leaves out.
 */
export async function readWaiting(scopeId: string, hiddenScopeIds: readonly string[], filter: WaitingFilter = {}): Promise<PlaceListRows<StuckDisplay>> {
  return readPlaceList<StuckDisplay>({
    scopeId,
    list: directoryLists.stuck(),
    hiddenScopeIds,
    keep: (row) => (!filter.status || row.status === filter.status) && (!filter.userId || row.userIds.includes(filter.userId)),
    after: filter.after,
    before: filter.sinceBefore,
  });
}
