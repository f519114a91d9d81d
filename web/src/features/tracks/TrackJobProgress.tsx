import { useEffect, useRef } from 'react';
import type { JobView } from '@shared/schemas/job';
import { Alert, Button, LoadingState, ProgressBar } from '../../components/ui';
import { JOB_STARTING_LABEL } from '../../lib/jobs/JobProgressToast';
import { useLatest } from '../../components/ui/useLatest';
import { useJobProgress } from '../../lib/jobs/use-job-progress';

export interface TrackJobProgressProps {
  jobId: string;
  /** Runs once when the job has succeeded, with what it made. */
  onSucceeded: (result: { trackTemplateId: string; phaseId?: string }) => void;
  onFailed?: () => void;
}

/**
 * A copy or import job followed inside its dialog: the job's title and 'n of total' while it
 * runs, the server's message if it fails. The copy itself shows only once the job succeeded.
 */
export function TrackJobProgress({ jobId, onSucceeded, onFailed }: TrackJobProgressProps) {
  const { job, error, isFinished } = useJobProgress(jobId);
  const callbacks = useLatest({ onSucceeded, onFailed });
  const reported = useRef(false);
  useEffect(() => {
    if (!job || !isFinished || reported.current) return;
    reported.current = true;
    if (job.status === 'succeeded') callbacks.current.onSucceeded(job.result as { trackTemplateId: string; phaseId?: string });
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
