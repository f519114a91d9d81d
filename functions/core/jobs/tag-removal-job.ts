import { db } from '../../db/service';
import type { JobKind } from '../../db/jobs';
import { loadUserAggregate } from '../../db/access/user-aggregate';
import { transact, type TransactionWrite } from '../../db/transact';
import { StaleVersionError } from '../../lib/errors';
import { personEntry } from '../records/audit-records';
import { jobCaller } from '../session/job-caller';

/**
 * After a tag is deleted (user-tags.ts deleteTag): takes its links off users, a page of the
 * tag's links (the byTag index) per step, each in a transaction with the person's audit entry
 * (by the job, on behalf of the superadmin who deleted the tag). The delete is conditioned on
 * the link, so a step repeated after a crash removes and records nothing twice.
 */
const PAGE = 50;

export const tagRemovalJob: JobKind<{ tagId: string }> = {
  async step(job) {
    const { tagId } = job.input;
    const caller = await jobCaller(job, 'The person who deleted this tag can no longer act.');
    const { data, cursor } = await db().entities.userTag.query.byTag({ tagId }).go({ limit: PAGE, cursor: (job.cursor as string | undefined) ?? null });
    await Promise.all(
      data.map(async (link) => {
        const target = await loadUserAggregate(link.userId);
        const remove: TransactionWrite = (tx) =>
          tx.userTag.delete({ userId: link.userId, tagId }).where(({ tagId: stored }, { exists }) => exists(stored)).commit();
        try {
          await transact(target ? [remove, personEntry(caller, target, 'user.tag.removed', 'tags', [{ field: 'tag', before: link.name }])] : [remove]);
        } catch (error) {
          if (!(error instanceof StaleVersionError)) throw error; // already gone: a repeated step
        }
      }),
    );
    return cursor ? { done: data.length, cursor } : { done: data.length, finished: true };
  },
};
