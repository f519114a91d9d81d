import { useEffect, useRef, useState } from 'react';
import type { JobView } from '@shared/schemas/job';
import { ProgressBar, ToastFrame, TOAST_TIMEOUT_MS } from '../../components/ui';
import { useLatest } from '../../components/ui/useLatest';
import { useJobProgress } from './use-job-progress';

export interface JobProgressToastProps {
  jobId: string;
  onDismiss: () => void;
  /** Runs once when the job has succeeded or failed (a page reloads what the job changed). */
  onFinished?: (job: JobView) => void;
}

/** Shown until the first answer names the job. */
export const JOB_STARTING_LABEL = 'Starting...';

export const jobSucceededMessage = (job: JobView) => `${job.title}: done.`;
export const jobFailedMessage = (job: JobView) => `${job.title} failed: ${job.error ?? 'Generic Error'}`;

/**
 * One followed job in the toast region: a progress bar named by the job's title ('3 of 10',
 * or sweeping while the total is unknown), then a success toast that goes away by itself, or
 * the failure, which stays until dismissed. Dismissing the progress only hides it: the job is
 * still followed, and its outcome still shows.
 */
export function JobProgressToast({ jobId, onDismiss, onFinished }: JobProgressToastProps) {
  const { job, error, isFinished } = useJobProgress(jobId);
  const [isProgressHidden, setProgressHidden] = useState(false);
  const onFinishedRef = useLatest(onFinished);
  const reported = useRef(false);
  useEffect(() => {
    if (!job || !isFinished || reported.current) return;
    reported.current = true;
    onFinishedRef.current?.(job);
  }, [job, isFinished, onFinishedRef]);

  if (error && !job) {
    return (
      <ToastFrame tone="danger" timeoutMs={0} label={error.message} onDismiss={onDismiss}>
        {error.message}
      </ToastFrame>
    );
  }
  if (job?.status === 'succeeded') {
    const message = jobSucceededMessage(job);
    return (
      <ToastFrame tone="success" timeoutMs={TOAST_TIMEOUT_MS} label={message} onDismiss={onDismiss}>
        {message}
      </ToastFrame>
    );
  }
  if (job?.status === 'failed') {
    const message = jobFailedMessage(job);
    return (
      <ToastFrame tone="danger" timeoutMs={0} label={message} onDismiss={onDismiss}>
        {message}
      </ToastFrame>
    );
  }
  if (isProgressHidden) return null;
  const title = job?.title ?? JOB_STARTING_LABEL;
  const total = job?.total ?? null;
  return (
    <ToastFrame tone="info" timeoutMs={0} label={title} onDismiss={() => setProgressHidden(true)}>
      <ProgressBar label={title} value={job?.done ?? 0} maxValue={total} valueLabel={total === null ? undefined : `${job!.done} of ${total}`} />
    </ToastFrame>
  );
}
