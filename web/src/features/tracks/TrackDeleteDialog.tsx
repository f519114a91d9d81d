import { useState } from 'react';
import { Alert, cancelAndSubmit, LoadingState, Modal } from '../../components/ui';
import { useTrackOutline } from './track-api';
import { closeOnlyFooter, JobProgress } from '../../lib/jobs/JobProgress';

export interface TrackDeleteDialogProps {
  trackTemplateId: string;
  /** Starts the delete (the list's save: pending, toast, reload); the job's id, or null when refused. */
  start: (name: string) => Promise<string | null>;
  /** Closed; `runningJobId` when the delete was still running (the page keeps following it). */
  onClose: (runningJobId?: string) => void;
}

/**
 * Confirm delete (SPEC.md section 2), at /tracks/delete-track/{id}: the track is named, Delete
 * starts the background job (the track leaves the list at once) and its progress shows here,
 * as Copy from Existing's does; it closes itself once the track is gone.
 */
export function TrackDeleteDialog({ trackTemplateId, start, onClose }: TrackDeleteDialogProps) {
  const outline = useTrackOutline(trackTemplateId);
  // Kept once read: the track reads as gone as soon as the job starts.
  const [name, setName] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [isPending, setPending] = useState(false);
  const shownName = name ?? outline.data?.name ?? '';

  async function confirm() {
    setPending(true);
    setName(shownName);
    setJobId(await start(shownName));
    setPending(false);
  }

  let body;
  if (jobId) body = <JobProgress jobId={jobId} onSucceeded={() => onClose()} onFailed={() => setFailed(true)} />;
  else if (outline.error && !name) body = <Alert tone="danger">{(outline.error as Error).message}</Alert>;
  else if (!outline.data && !name) body = <LoadingState message="Loading track..." />;
  else body = <p>{`Are you sure you want to delete the track "${shownName}" with its phases and steps? This cannot be undone.`}</p>;

  return (
    <Modal
      isOpen
      size="small"
      onClose={() => onClose(jobId && !failed ? jobId : undefined)}
      title="Confirm delete"
      footer={jobId ? closeOnlyFooter : cancelAndSubmit({ label: 'Delete', onSubmit: () => void confirm(), isPending, isDisabled: !outline.data && !name })}
    >
      {body}
    </Modal>
  );
}
