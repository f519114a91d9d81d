import type { BodyInput } from '@shared/api/contract';
import type { TrackApi } from '@shared/api/track';
import type { ParticipantBulkResult, ParticipantRow } from '@shared/schemas/participants';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { selectedUsersText } from '../../users/list/selected-users';

/** The Actions menu's dialogs, each a route under /tracks/{id}/participants (Back closes it). */
export const ENROLMENT_ACTIONS = [
  { id: 'change-status', label: 'Change Status', title: 'Change Status' },
  { id: 'assign-advisor', label: 'Assign Advisor', title: 'Assign Advisor to Participants' },
  { id: 'remove-enrolments', label: 'Remove Enrolments', title: 'Remove Enrolments', tone: 'danger' as const },
] as const;
export type EnrolmentAction = (typeof ENROLMENT_ACTIONS)[number]['id'];

export const participantsText = (rows: readonly ParticipantRow[]) => selectedUsersText(rows.map((row) => row.participant));

export type BulkChange = BodyInput<TrackApi['instancesBulk']>;

/**
 * One request for all the selected enrolments: the server starts a job that checks and writes
 * each row on its own (a closed tab stops nothing); the dialog follows its progress.
 */
export const startBulk = (trackTemplateId: string, change: BulkChange) => call(routes.track.instancesBulk, { params: { trackTemplateId }, body: change });

/** The toast after the job: who changed, and each refused participant with the server's reason. */
export function outcomeMessage(rows: readonly ParticipantRow[], result: ParticipantBulkResult, verb: string): { tone: 'success' | 'danger'; message: string } {
  const reasons = new Map(result.failed.map((failure) => [failure.trackInstanceId, failure.message]));
  const done = rows.filter((row) => !reasons.has(row.id));
  const doneText = done.length ? `${participantsText(done)} ${verb}.` : '';
  if (reasons.size === 0) return { tone: 'success', message: doneText };
  const byRow = new Map(rows.map((row) => [row.id, `${row.participant.firstName} ${row.participant.lastName}`]));
  const failedText = [...reasons].map(([id, message]) => `${byRow.get(id) ?? id}: ${message}`).join(' ');
  return { tone: 'danger', message: `${doneText} Not changed: ${failedText}`.trim() };
}
