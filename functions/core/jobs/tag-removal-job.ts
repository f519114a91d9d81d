import { db } from '../../db/service';
import type { JobKind } from '../../db/jobs';

/**
 * After a tag is deleted (user-tags.ts deleteTag): takes its links off users, a page of the
 * tag's links (the byTag index) per step. Deleting a link twice is a no-op and the cursor
 * is the last link read, so a step repeated after a crash changes nothing more.
 */
const PAGE = 50;

export const tagRemovalJob: JobKind<{ tagId: string }> = {
  async step(job) {
    const { tagId } = job.input;
    const { data, cursor } = await db().entities.userTag.query.byTag({ tagId }).go({ limit: PAGE, cursor: (job.cursor as string | undefined) ?? null });
    await Promise.all(data.map((link) => db().entities.userTag.delete({ userId: link.userId, tagId }).go()));
    return cursor ? { done: data.length, cursor } : { done: data.length, finished: true };
  },
};
