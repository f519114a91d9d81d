import { useState } from 'react';
import { useParams } from 'react-router';
import type { ParticipantRow } from '@shared/schemas/participants';
import { Alert, cancelAndSubmit, LoadingState, Modal, useToast } from '../../../components/ui';
import { closeOnlyFooter, JobProgress } from '../../../lib/jobs/JobProgress';
import { removeEnrolment, useInstanceAssignees } from './participants-api';
import { useVersionedSend } from './use-versioned-send';

export interface RemoveEnrolmentDialogProps {
  rows: ParticipantRow[];
  trackName: string;
  onClose: () => void;
  /** The enrolment is gone (the table reloads: SPEC.md section 4, "page reloads after instance removal"). */
  onRemoved: () => void;
}

/**
 * Remove enrolment (/tracks/{id}/participants/remove/{instanceId}), opened from Manage
 * Participant: confirms on the version read fresh here, then either the enrolment is gone at once
 * or the removal job's progress shows (the enrolment already left the table; the job deletes its
 * steps). A refusal or a stale version shows the server's message and reads the version again.
 */
export function RemoveEnrolmentDialog({ rows, trackName, onClose, onRemoved }: RemoveEnrolmentDialogProps) {
  const { instanceId = '' } = useParams();
  const { showToast } = useToast();
  const current = useInstanceAssignees(instanceId);
  const [jobId, setJobId] = useState<string | null>(null);
  const { isPending, error, send } = useVersionedSend(() => current.mutate());
  const instance = current.data?.[0];
  const row = rows.find((r) => r.id === instanceId);
  const who = row ? `${row.participant.firstName} ${row.participant.lastName}` : 'this participant';

  function confirm() {
    if (!instance) return;
    void send(async () => {
      const result = await removeEnrolment(instance.trackInstanceId, instance.version);
      onRemoved();
      if ('jobId' in result) setJobId(result.jobId);
      else {
        showToast(`${who} was removed from ${trackName}.`, { tone: 'success' });
        onClose();
      }
    });
  }

  let body;
  if (jobId) body = <JobProgress jobId={jobId} onSucceeded={() => onRemoved()} />;
  else if (current.error) body = <Alert tone="danger">{(current.error as Error).message}</Alert>;
  else if (!current.data) body = <LoadingState message="Loading participant..." />;
  else if (!instance) body = <Alert tone="danger">This participant could not be found.</Alert>;
  else body = <p>{`Remove ${who} from ${trackName}? Their steps, answers and files in this track are deleted. This cannot be undone.`}</p>;

  return (
    <Modal
      isOpen
      size="small"
      onClose={onClose}
      title="Remove enrolment"
      footer={jobId ? closeOnlyFooter : cancelAndSubmit({ label: 'Remove', onSubmit: confirm, isPending, isDisabled: !instance })}
    >
      {error && <Alert tone="danger">{error}</Alert>}
      {body}
    </Modal>
  );
}
