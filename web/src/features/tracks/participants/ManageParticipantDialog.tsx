import { useState } from 'react';
import { useParams } from 'react-router';
import { ASSIGNEES_PER_ROLE_MAX, type InstanceAssignees, type ParticipantRow } from '@shared/schemas/participants';
import { TRACK_INSTANCE_STATUSES } from '@shared/tracks/statuses';
import type { TrackInstanceStatus } from '@shared/tracks/step-status';
import { Alert, Button, cancelAndSubmit, LoadingState, Modal, SelectField, useToast } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { setInstanceStatus } from '../assignments/track-instance-api';
import { AssigneeRows, filledIds, type AssigneeRowValue } from './AssigneeRows';
import { ASSIGNEE_ROLES, reassign, useInstanceAssignees, type AssigneeRole } from './participants-api';
import { useVersionedSend } from './use-versioned-send';

const ROLES: AssigneeRole[] = ['advisor', 'interviewer'];

type Rows = Record<AssigneeRole, AssigneeRowValue[]> & { status: TrackInstanceStatus };

export interface ManageParticipantDialogProps {
  /** The table's rows on screen: the participant's name when the instance is among them. */
  rows: ParticipantRow[];
  onClose: () => void;
  onSaved: () => void;
  /** Opens Remove enrolment's confirmation (shown to those who may delete a TrackInstance). */
  onRemove: (instanceId: string) => void;
}

/**
 * 'Manage Participant' (/tracks/{id}/participants/manage/{instanceId}): the participant (named in the
 * body: SPEC.md section 2's title is 'Manage Participant'), the instance's advisors and
 * interviewers as assignment rows and its status, read fresh when the dialog opens (its version
 * guards the save: someone else's change in between is a 409, never overwritten, and what was
 * chosen stays on screen). Save sends the status when changed (SPEC.md section 4: settable by the
 * participant's advisor or a track-override role; the server decides), then each changed role.
 */
export function ManageParticipantDialog({ rows, onClose, onSaved, onRemove }: ManageParticipantDialogProps) {
  const { instanceId = '' } = useParams();
  const { showToast } = useToast();
  const ability = useAbility();
  const [edited, setEdited] = useState<Rows | null>(null);
  const current = useInstanceAssignees(instanceId);
  // A partial save moved the version too: the send reads it again, keeping what was chosen.
  const { isPending, error, send } = useVersionedSend(() => current.mutate());
  const row = rows.find((r) => r.id === instanceId);
  const instance = current.data?.[0];
  const before = instance ? initialRows(instance) : null;
  const shown = edited ?? before;

  function save() {
    if (!instance || !shown || !before) return;
    void send(async () => {
      let version = instance.version;
      if (shown.status !== before.status) version = (await setInstanceStatus({ id: instance.trackInstanceId, status: shown.status, version })).version;
      for (const role of ROLES) {
        const ids = filledIds(shown[role]);
        if (sameIds(ids, filledIds(before[role]))) continue;
        version = (await reassign(instance.trackInstanceId, role, ids, version)).version;
      }
      showToast('The participant’s enrolment was saved.', { tone: 'success' });
      onSaved();
      onClose();
    });
  }

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Manage Participant"
      size="large"
      footer={cancelAndSubmit({ label: 'Save', onSubmit: save, isPending, isDisabled: !shown })}
    >
      <div className="participants-manage">
        {row && (
          <p className="participants-who">
            <strong>{`${row.participant.firstName} ${row.participant.lastName}`}</strong>
            <span>{row.participant.email}</span>
          </p>
        )}
        {error && <Alert tone="danger">{error}</Alert>}
        {current.error && <Alert tone="danger">{(current.error as Error).message}</Alert>}
        {current.data && !instance && <Alert tone="danger">This participant could not be found.</Alert>}
        {!current.data && !current.error && <LoadingState message="Loading participant..." />}
        {shown && ability.can('update', 'TrackInstance') && (
          <SelectField
            label="Status"
            value={shown.status}
            options={TRACK_INSTANCE_STATUSES}
            onChange={(status) => status && setEdited({ ...shown, status: status as TrackInstanceStatus })}
          />
        )}
        {shown &&
          ROLES.map((role) => (
            <AssigneeRows key={role} role={role} rows={shown[role]} max={ASSIGNEES_PER_ROLE_MAX} onChange={(next) => setEdited({ ...shown, [role]: next })} />
          ))}
        {instance && ability.can('delete', 'TrackInstance') && (
          <div>
            <Button variant="danger" onPress={() => onRemove(instanceId)}>
              Remove enrolment
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}

type Instance = InstanceAssignees;

function initialRows(instance: Instance): Rows {
  const of = (role: AssigneeRole) =>
    instance.assignees.filter((a) => a.roleId === ASSIGNEE_ROLES[role].roleId).map((a) => ({ id: a.id, label: `${a.firstName} ${a.lastName}` }));
  return { advisor: of('advisor'), interviewer: of('interviewer'), status: instance.status };
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
