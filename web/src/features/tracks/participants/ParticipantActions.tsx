import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ParticipantRow } from '@shared/schemas/participants';
import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';
import type { TrackInstanceStatus } from '@shared/tracks/step-status';
import { cancelAndSubmit, ConfirmDialog, MenuButton, Modal, SelectField, useToast } from '../../../components/ui';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { PickerDialog } from '../../users/list/PickerDialog';
import { NothingSelected } from '../../users/list/NothingSelected';
import { assigneeOptions } from './participants-api';
import {
  assignAdvisorTo,
  changeStatusOf,
  ENROLMENT_ACTIONS,
  forEachEnrolment,
  outcomeMessage,
  participantsText,
  removeEnrolmentOf,
  type EachOutcome,
  type EnrolmentAction,
} from './selected-enrolments';

export interface ParticipantActionsProps {
  /** The selected rows on screen: what the open dialog acts on. */
  selected: ParticipantRow[];
  /** The dialog this route opens (/tracks/{id}/participants/{action}). */
  dialog?: EnrolmentAction;
  base: string;
  /** After a change: clear the selection and reload the table (SPEC.md section 4: the page reloads). */
  onDone: () => void;
}

/**
 * The participants table's Actions menu for manage-all users (SPEC.md section 2's checkbox
 * column), after the users table's: change the status, assign an advisor, remove the enrolments
 * of the selected rows. Each dialog is a route; each enrolment is its own request and
 * transaction on the version shown, and a refusal names the participant with the server's reason.
 */
export function ParticipantActions({ selected, dialog, base, onDone }: ParticipantActionsProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const followJob = useFollowJob();
  const [isPending, setPending] = useState(false);
  const [status, setStatus] = useState<TrackInstanceStatus | ''>('');
  const close = () => navigate(base);
  const names = participantsText(selected);

  async function apply(change: (row: ParticipantRow) => Promise<string | void>, verb: string) {
    setPending(true);
    const outcome: EachOutcome = await forEachEnrolment(selected, change);
    setPending(false);
    const { tone, message } = outcomeMessage(outcome, verb);
    if (message) showToast(message, { tone });
    for (const jobId of outcome.jobIds) followJob(jobId, { onFinished: onDone });
    onDone();
    close();
  }

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
  return (
    <>
      {menu}
      {dialog === 'change-status' && (
        <Modal
          isOpen
          onClose={close}
          title={title}
          footer={cancelAndSubmit({ label: 'Change Status', isPending, isDisabled: !status, onSubmit: () => status && void apply((row) => changeStatusOf(row, status), `set to ${status}`) })}
        >
          <p>{names}</p>
          <SelectField label="Status" value={status} options={TRACK_INSTANCE_STATUSES} onChange={(value) => setStatus(value as TrackInstanceStatus | '')} />
        </Modal>
      )}
      {dialog === 'assign-advisor' && (
        <PickerDialog
          isOpen
          onClose={close}
          isPending={isPending}
          intro={names}
          title={title}
          label="Advisor"
          requiredMessage="Advisor is required"
          loadOptions={(text) => assigneeOptions('advisor', text, [])}
          confirmLabel="Assign Advisor"
          onConfirm={(advisor) => void apply((row) => assignAdvisorTo(row, advisor.id), `now have ${advisor.label} as an advisor`)}
        />
      )}
      {dialog === 'remove-enrolments' && (
        <ConfirmDialog
          isOpen
          title={title}
          message={`Remove ${names} from this track? Their steps, answers and files in this track are deleted. This cannot be undone.`}
          confirmLabel="Remove"
          tone="danger"
          isPending={isPending}
          onConfirm={() => void apply(removeEnrolmentOf, 'removed')}
          onCancel={close}
        />
      )}
    </>
  );
}
