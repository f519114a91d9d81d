import type { getJob } from '@shared/api/job';
import type { JobStatus, JobView } from '@shared/schemas/job';
import { route } from '../api/routes';

/** `GET /api/job/{id}`: a background job with its progress. */
export const jobRoute = () => route<typeof getJob>('job.get');

/** What a route that starts a background job answers (202). */
export interface JobStarted {
  jobId: string;
}

export const isJobStarted = (answer: unknown): answer is JobStarted =>
  typeof answer === 'object' && answer !== null && typeof (answer as JobStarted).jobId === 'string';

const FINISHED: readonly JobStatus[] = ['succeeded', 'failed'];
export const isJobFinished = (job: Pick<JobView, 'status'>) => FINISHED.includes(job.status);
