import type { JobStatus, JobView } from '@shared/schemas/job';
import { routes } from '../api/routes';

/** `GET /api/job/{id}`: a background job with its progress. */
export const jobRoute = routes.job.get;

const FINISHED: readonly JobStatus[] = ['succeeded', 'failed'];
export const isJobFinished = (job: Pick<JobView, 'status'>) => FINISHED.includes(job.status);
