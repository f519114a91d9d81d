import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ParticipantBulkResult, ParticipantRow } from '@shared/schemas/participants';
import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';
import type { TrackInstanceStatus } from '@shared/tracks/step-status';
import { Alert, cancelAndSubmit, ConfirmDialog, MenuButton, Modal, SelectField, useToast } from '../../../components/ui';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { NothingSelected } from '../../users/list/NothingSelected';
import { closeOnlyFooter, JobProgress } from '../../../lib/jobs/JobProgress';
import { AssignAdvisorDialog } from './AssignAdvisorDialog';
import { ENROLMENT_ACTIONS, outcomeMessage, participantsText, startBulk, type BulkChange, type EnrolmentAction } from './selected-enrolments';

export interface ParticipantActionsProps {
  trackId: string;
  /** The selected rows on screen: what the open dialog acts on. */
  selected: ParticipantRow[];
  /** The dialog this route opens (/tracks/{id}/participants/{action}). */
  dialog?: EnrolmentAction;
  base: string;
  /** After a change: clear the selection and reload the table (SPEC.md section 4: the page reloads). */
  onDone: () => void;
}

/** A bulk action under way: its job, the rows it was started on, and the toast's verb. */
interface Started {
  jobId: string;
  rows: ParticipantRow[];
  verb: string;
}

/**
 * The participants table's Actions menu for manage-all users (SPEC.md section 2's checkbox
 * column), after the users table's: change the status, assign an advisor, remove the enrolments
 * of the selected rows. Each dialog is a route; confirming sends one request, and the server's
 * job checks and writes each enrolment on its own (closing the tab stops nothing). The dialog
 * shows the job's progress, then a toast says who changed and names each refused participant
 * with the server's reason, and the table reloads. Closed before the end, the progress moves to
 * the toast region.
 */
export function ParticipantActions({ trackId, selected, dialog, base, onDone }: ParticipantActionsProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const followJob = useFollowJob();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [status, setStatus] = useState<TrackInstanceStatus | ''>('');
  const close = () => {
    setStarted(null);
    setError(null);
    navigate(base);
  };
  const names = participantsText(selected);

  async function apply(change: BulkChange, verb: string) {
    setPending(true);
    setError(null);
    try {
      const { jobId } = await startBulk(trackId, change);
      setStarted({ jobId, rows: selected, verb });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setPending(false);
    }
  }

  // The dialog and the toast region may both see a job end (closed just as it finished): one report.
  const reported = useRef(new Set<string>());
  const report = (run: Started, result: ParticipantBulkResult) => {
    if (reported.current.has(run.jobId)) return;
    reported.current.add(run.jobId);
    const { tone, message } = outcomeMessage(run.rows, result, run.verb);
    if (message) showToast(message, { tone });
    onDone();
  };
  const rows = selected.map((row) => ({ id: row.id, version: row.version }));

  const menu = (
    <MenuButton
      label="Actions"
      variant="secondary"
      items={ENROLMENT_ACTIONS.map((item) => ({ id: item.id, label: item.label, tone: 'tone' in item ? item.tone : undefined, isDisabled: selected.length === 0, onAction: () => navigate(`${base}/${item.id}`) }))}
    />
  );
  if (!dialog) return menu;
  const title = ENROLMENT_ACTIONS.find((item) => item.id === dialog)!.title;
  if (selected.length === 0) {
    return (
      <>
        {menu}
        <NothingSelected title={title} noun="participants" onClose={close} />
      </>
    );
  }
  if (started) {
    const run = started;
    const closeWhileRunning = () => {
      followJob(run.jobId, { onFinished: (job) => (job.status === 'succeeded' ? report(run, job.result as ParticipantBulkResult) : onDone()) });
      close();
    };
    return (
      <>
        {menu}
        <Modal isOpen onClose={closeWhileRunning} title={title} footer={closeOnlyFooter}>
          <JobProgress<ParticipantBulkResult>
            jobId={run.jobId}
            onSucceeded={(result) => {
              report(run, result);
              close();
            }}
            onFailed={onDone}
          />
        </Modal>
      </>
    );
  }
  const refusal = error && <Alert tone="danger">{error}</Alert>;
  return (
    <>
      {menu}
      {dialog === 'change-status' && (
        <Modal
          isOpen
          onClose={close}
          title={title}
          footer={cancelAndSubmit({ label: 'Change Status', isPending, isDisabled: !status, onSubmit: () => status && void apply({ action: 'setStatus', status, rows }, `set to ${status}`) })}
        >
          {refusal}
          <p>{names}</p>
          <SelectField label="Status" value={status} options={TRACK_INSTANCE_STATUSES} onChange={(value) => setStatus(value as TrackInstanceStatus | '')} />
        </Modal>
      )}
      {dialog === 'assign-advisor' && (
        <AssignAdvisorDialog
          title={title}
          intro={names}
          isPending={isPending}
          onConfirm={(advisor) => void apply({ action: 'assignAdvisor', advisorId: advisor.id, rows }, `now have ${advisor.label} as an advisor`)}
          onClose={close}
        >
          {refusal}
        </AssignAdvisorDialog>
      )}
      {dialog === 'remove-enrolments' && (
        <ConfirmDialog
          isOpen
          title={title}
          message={
            <>
              {refusal}
              <p>{`Remove ${names} from this track? Their steps, answers and files in this track are deleted. This cannot be undone.`}</p>
            </>
          }
          confirmLabel="Remove"
          tone="danger"
          isPending={isPending}
          onConfirm={() => void apply({ action: 'remove', rows }, 'removed')}
          onCancel={close}
        />
      )}
    </>
  );
}
