import { loadUserAggregate } from '../../db/access/user-aggregate';
import { JobFailure, type JobItem } from '../../db/jobs';
import { authContextOf, type AuthContext } from './resolve-session';

/** The session id a job's caller carries: audit entries read it as `job:<jobId>` acting for the starter (records/audit-write.ts). */
export const jobSessionId = (jobId: string) => `job-${jobId}`;

/**
 * The person who started a job, as they are now (their roles and places read again at each job
 * step), for jobs that act in their scope. Deactivated or gone since: the job fails with `goneMessage`.
 */
export async function jobCaller(job: Pick<JobItem, 'jobId' | 'ownerId'>, goneMessage: string): Promise<AuthContext> {
  const aggregate = await loadUserAggregate(job.ownerId);
  if (!aggregate || aggregate.user.inactive) throw new JobFailure(goneMessage);
  return authContextOf(aggregate, { sessionId: jobSessionId(job.jobId) });
}
