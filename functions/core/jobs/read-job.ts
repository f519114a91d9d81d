import type { JobView } from '../../../shared/schemas/job';
import { getJob, type JobItem } from '../../db/jobs';
import { NotFoundError } from '../../lib/errors';
import type { AuthContext } from '../session/resolve-session';

/** What a job tells the person following it; internal cursors and leases stay inside. */
function jobView(item: JobItem): JobView {
  const finished = item.status === 'succeeded';
  return {
    id: item.jobId,
    kind: item.kind,
    title: item.title,
    status: item.status,
    done: item.done,
    total: item.total ?? null,
    // Results are hidden until the job is complete.
    ...(finished && item.result !== undefined && item.result !== null ? { result: item.result } : {}),
    ...(item.status === 'failed' ? { error: item.error ?? 'The job could not be completed.' } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** A job, for its owner or a superadmin; for anyone else it does not exist (404, not 403). */
export async function readJob(auth: Pick<AuthContext, 'userId' | 'isSuperadmin'>, jobId: string): Promise<JobView> {
  const item = await getJob(jobId);
  if (!item || (item.ownerId !== auth.userId && !auth.isSuperadmin)) throw new NotFoundError('Job not found.');
  return jobView(item);
}
