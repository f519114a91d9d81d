import { useEffect, useRef } from 'react';
import type { JobView } from '@shared/schemas/job';
import { Alert, Button, LoadingState, ProgressBar } from '../../components/ui';
import { useLatest } from '../../components/ui/useLatest';
import { JOB_STARTING_LABEL } from './JobProgressToast';
import { useJobProgress } from './use-job-progress';

export interface JobProgressProps<Result> {
  jobId: string;
  /** Runs once when the job has succeeded, with its result (what it made, or what it did). */
  onSucceeded: (result: Result) => void;
  onFailed?: () => void;
}

/**
 * A background job followed in place (a track copy, import, removal or bulk action in its dialog; a
 * transfer on its row): the job's title and 'n of total' while it runs, the server's message if it
 * fails. What the job made shows only once it succeeded.
 */
export function JobProgress<Result = unknown>({ jobId, onSucceeded, onFailed }: JobProgressProps<Result>) {
  const { job, error, isFinished } = useJobProgress(jobId);
  const callbacks = useLatest({ onSucceeded, onFailed });
  const reported = useRef(false);
  useEffect(() => {
    if (!job || !isFinished || reported.current) return;
    reported.current = true;
    if (job.status === 'succeeded') callbacks.current.onSucceeded(job.result as Result);
    else callbacks.current.onFailed?.();
  }, [job, isFinished, callbacks]);

  if (error && !job) return <Alert tone="danger">{(error as Error).message}</Alert>;
  if (!job) return <LoadingState message={JOB_STARTING_LABEL} />;
  if (job.status === 'failed') return <Alert tone="danger">{job.error ?? 'Generic Error'}</Alert>;
  return <JobBar job={job} />;
}

function JobBar({ job }: { job: JobView }) {
  const total = job.total;
  return <ProgressBar label={job.title} value={job.done} maxValue={total} valueLabel={total === null ? undefined : `${job.done} of ${total}`} />;
}

/** The footer of a dialog once its job has started: the job goes on whether the dialog stays or not. */
export function closeOnlyFooter(close: () => void) {
  return (
    <Button variant="secondary" onPress={close}>
      Close
    </Button>
  );
}
