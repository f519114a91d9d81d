import type { ParticipantRow } from '@shared/schemas/participants';
import type { TrackInstanceStatus } from '@shared/tracks/step-status';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { selectedUsersText } from '../../users/list/selected-users';
import { setInstanceStatus } from '../assignments/track-instance-api';
import { ASSIGNEE_ROLES, removeEnrolment } from './participants-api';

/** The Actions menu's dialogs, each a route under /tracks/{id}/participants (Back closes it). */
export const ENROLMENT_ACTIONS = [
  { id: 'change-status', label: 'Change Status', title: 'Change Status' },
  { id: 'assign-advisor', label: 'Assign Advisor', title: 'Assign Advisor to Participants' },
  { id: 'remove-enrolments', label: 'Remove Enrolments', title: 'Remove Enrolments', tone: 'danger' as const },
] as const;
export type EnrolmentAction = (typeof ENROLMENT_ACTIONS)[number]['id'];

export const participantsText = (rows: readonly ParticipantRow[]) => selectedUsersText(rows.map((row) => row.participant));

export interface EachOutcome {
  done: ParticipantRow[];
  failed: Array<{ row: ParticipantRow; message: string }>;
  /** Removals too large for one transaction: their jobs' ids. */
  jobIds: string[];
}

/**
 * Applies one change to each selected enrolment in turn: one request and one transaction each,
 * on the version the table showed (a row changed since is refused with 409 and reported, never
 * overwritten). The selection is the rows on screen, so at most one page of requests.
 */
export async function forEachEnrolment(rows: readonly ParticipantRow[], change: (row: ParticipantRow) => Promise<string | void>): Promise<EachOutcome> {
  const outcome: EachOutcome = { done: [], failed: [], jobIds: [] };
  for (const row of rows) {
    try {
      const jobId = await change(row);
      if (jobId) outcome.jobIds.push(jobId);
      outcome.done.push(row);
    } catch (failure) {
      outcome.failed.push({ row, message: (failure as Error).message });
    }
  }
  return outcome;
}

export const changeStatusOf = (row: ParticipantRow, status: TrackInstanceStatus) =>
  row.status === status ? Promise.resolve() : setInstanceStatus({ id: row.id, status, version: row.version }).then(() => undefined);

/** Adds the advisor beside those already there (a row that has them already is left as it is). */
export const assignAdvisorTo = (row: ParticipantRow, advisorId: string) =>
  row.advisors.some((a) => a.id === advisorId)
    ? Promise.resolve()
    : call(routes.track.assign, { body: { trackInstanceId: row.id, assigneeIds: [advisorId], roleId: ASSIGNEE_ROLES.advisor.roleId, version: row.version } }).then(() => undefined);

export const removeEnrolmentOf = async (row: ParticipantRow) => {
  const result = await removeEnrolment(row.id, row.version);
  return 'jobId' in result ? result.jobId : undefined;
};

/** The toast after a change: how many, and each refused participant with the server's reason. */
export function outcomeMessage(outcome: EachOutcome, verb: string): { tone: 'success' | 'danger'; message: string } {
  const doneText = outcome.done.length ? `${participantsText(outcome.done)} ${verb}.` : '';
  if (outcome.failed.length === 0) return { tone: 'success', message: doneText };
  const failedText = outcome.failed.map(({ row, message }) => `${row.participant.firstName} ${row.participant.lastName}: ${message}`).join(' ');
  return { tone: 'danger', message: `${doneText} Not changed: ${failedText}`.trim() };
}
