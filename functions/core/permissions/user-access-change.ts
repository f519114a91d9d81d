import { countCommits, writeDirectoryEntries } from '../../db/directory-writes';
import type { DirectoryChanges } from '../../db/directory';
import { userDirectoryDelta, type UserDirectoryState } from '../users/user-directory';
import { writeInChunks, type TransactionWrite } from './transaction';

export interface UserAccessChange {
  /** The user's directory state before and after the change. */
  before: UserDirectoryState;
  after: UserDirectoryState;
  /** The writes that make the change; they commit with the directory counts. */
  writes: TransactionWrite[];
  /** Repeatable side-effect writes that may go ahead in earlier transactions when there are too many. */
  sideEffects?: TransactionWrite[];
}

/** One write per count delta, so they can share a transaction with the change they count. */
function countWrites(changes: DirectoryChanges): TransactionWrite[] {
  return changes.countDeltas.map((delta) => (tx) => countCommits(tx, { countDeltas: [delta] })[0]);
}

/**
 * Commits a change to one user's roles or permissions: the writes and the directory counts
 * in one transaction (side effects with them while they fit), then the derived entries.
 */
export async function commitUserAccessChange(change: UserAccessChange): Promise<void> {
  const delta = userDirectoryDelta(change.before, change.after);
  await writeInChunks(change.sideEffects ?? [], [...change.writes, ...countWrites(delta)]);
  await writeDirectoryEntries(delta);
}
