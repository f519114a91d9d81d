import { useRef } from 'react';
import type { JobView } from '@shared/schemas/job';
import { useApi } from '../api/use-api';
import { isJobFinished, jobRoute } from './job-api';

/** The first wait between two reads of a job; each later wait doubles, up to JOB_POLL_MAX_MS. */
export const JOB_POLL_FIRST_MS = 500;
export const JOB_POLL_MAX_MS = 5000;

/** How long to wait after `reads` answers: short while the job is young, then backing off. */
export function jobPollDelay(reads: number): number {
  return Math.min(JOB_POLL_MAX_MS, JOB_POLL_FIRST_MS * 2 ** Math.max(reads - 1, 0));
}

export interface JobProgress {
  job: JobView | undefined;
  /** The read failed (after SWR's retries): the job's fate is unknown. */
  error: Error | undefined;
  isFinished: boolean;
}

/**
 * Follows a background job: reads it now, then again after growing waits until it has
 * succeeded or failed, then stops. `null` follows nothing.
 */
export function useJobProgress(jobId: string | null): JobProgress {
  const reads = useRef(0);
  const { data, error } = useApi(jobRoute, jobId ? { params: { id: jobId } } : null, {
    // Every poll must reach the server: no deduping with the previous read.
    dedupingInterval: 0,
    revalidateOnFocus: false,
    refreshInterval: (latest) => (latest && isJobFinished(latest) ? 0 : jobPollDelay(reads.current)),
    onSuccess: () => {
      reads.current += 1;
    },
  });
  return { job: data, error: error as Error | undefined, isFinished: Boolean(data && isJobFinished(data)) };
}
