import { useEffect, useRef } from 'react';
import type { JobView } from '@shared/schemas/job';
import { Alert, Button, LoadingState, ProgressBar } from '../../components/ui';
import { JOB_STARTING_LABEL } from '../../lib/jobs/JobProgressToast';
import { useLatest } from '../../components/ui/useLatest';
import { useJobProgress } from '../../lib/jobs/use-job-progress';

/** What a copy or import job made. */
type CopyResult = { trackTemplateId: string; phaseId?: string };

export interface TrackJobProgressProps<Result> {
  jobId: string;
  /** Runs once when the job has succeeded, with its result (what it made, or what it did). */
  onSucceeded: (result: Result) => void;
  onFailed?: () => void;
}

/**
 * A track job (a copy, an import, a removal, a bulk action) followed inside its dialog: the job's
 * title and 'n of total' while it runs, the server's message if it fails. A copy itself shows only
 * once the job succeeded.
 */
export function TrackJobProgress<Result = CopyResult>({ jobId, onSucceeded, onFailed }: TrackJobProgressProps<Result>) {
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
