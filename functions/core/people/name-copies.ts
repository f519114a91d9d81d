import { newJob } from '../../db/jobs';

export const NAME_COPIES_JOB_KIND = 'user.refreshNameCopies';

/**
 * The job that refreshes every copy of a user's name (functions/core/jobs/name-copies-job.ts),
 * as a write for the transaction that renames them. Its id names the user's new version, so
 * repeating that write cannot start it twice; it reads the user's CURRENT name at each step,
 * so two renames close together both end with the latest name.
 */
export function nameCopiesJob(userId: string, newVersion: number) {
  return newJob({ kind: NAME_COPIES_JOB_KIND, ownerId: userId, title: 'Updating copies of a renamed user', input: { userId }, jobId: `names-${userId}-${newVersion}` });
}
