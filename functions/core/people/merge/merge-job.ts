import type { JobKind } from '../../../db/jobs';
import { projectOrWait } from '../../../db/directory-projection';
import { projectUser } from '../../users/user-projector';
import { MERGE_MOVERS } from './merge-movers';
import type { MergeJobInput, MergeMover } from './movers/mover';

/**
 * The second half of Merge Users (merge-users.ts commits the decisive part and creates this
 * job): everything the source owns moves to the target, one kind after the other, a page per
 * step. Each mover's writes take an item off the source as they put it on the target (one
 * transaction per page), so a step repeated after a crash finds only what is still to move:
 * resuming is just running the next step. Progress: kinds done of all kinds.
 */
export const MERGE_JOB_KIND = 'user.merge';

interface MergeCursor {
  /** The mover at work (index into the movers). */
  mover: number;
  /** Items moved so far, per mover (and `{name}Kept`: left with the source). */
  moved: Record<string, number>;
  /** The mover's own cursor, when it keeps one. */
  after?: string;
}

/**
 * One merge job per source user and version: a second merge of the same source cannot even be
 * created; after an undo (which moves the source's version) it may be merged again. The id is
 * also the merge's id (its header and records, merge-record.ts).
 */
export function mergeJobId(fromUserId: string, sourceVersion: number): string {
  return `merge-${fromUserId}-v${sourceVersion}`;
}

export function mergeJob(movers: readonly MergeMover[] = MERGE_MOVERS): JobKind<MergeJobInput> {
  return {
    async step(job) {
      const cursor: MergeCursor = (job.cursor as MergeCursor | undefined) ?? { mover: 0, moved: {} };
      const total = movers.length;
      const mover = movers[cursor.mover];
      if (!mover) {
        // Everything moved: both users' directory entries (roles, locations) from their final state.
        for (const userId of [job.input.fromUserId, job.input.toUserId]) await projectOrWait(() => projectUser(userId));
        return { done: 0, total, finished: true, result: { moved: cursor.moved } };
      }
      const page = await mover.movePage(job.input, cursor.after);
      const moved = { ...cursor.moved, [mover.name]: (cursor.moved[mover.name] ?? 0) + page.moved };
      if (page.kept) moved[`${mover.name}Kept`] = (cursor.moved[`${mover.name}Kept`] ?? 0) + page.kept;
      return page.more ? { done: 0, total, cursor: { mover: cursor.mover, moved, after: page.after } } : { done: 1, total, cursor: { mover: cursor.mover + 1, moved } };
    },
  };
}

export const userMergeJob = mergeJob();
