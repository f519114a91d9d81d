import { useCallback } from 'react';
import type { JobView } from '@shared/schemas/job';
import { useToast } from '../../components/ui';
import { JobProgressToast } from './JobProgressToast';

export interface FollowJobOptions {
  /** Runs once when the job has succeeded or failed. */
  onFinished?: (job: JobView) => void;
}

/**
 * `followJob(jobId)`: after a route answers 202 `{ jobId }`, show the job's progress in the
 * shell's toast region until it finishes.
 */
export function useFollowJob(): (jobId: string, options?: FollowJobOptions) => void {
  const { showLiveToast } = useToast();
  return useCallback(
    (jobId, options = {}) => showLiveToast((dismiss) => <JobProgressToast jobId={jobId} onDismiss={dismiss} onFinished={options.onFinished} />),
    [showLiveToast],
  );
}
